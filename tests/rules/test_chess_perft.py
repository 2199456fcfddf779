"""Perft against the published counts in data/chess_perft.txt (chessprogramming wiki).

Every (position, depth) pair of the file within the node budget (500,000 leaves, about a
second) becomes one test, to keep CI fast; the deeper ones run in benchmarks/perft.py, or here
with POSTAL_PERFT_BUDGET=10000000 (all pass, about 10 s).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

import pytest

from rules.chess import CHESS
from rules.perft import perft

DATA = Path(__file__).parent / "data" / "chess_perft.txt"
NODE_BUDGET = int(os.environ.get("POSTAL_PERFT_BUDGET", "500000"))


class PerftCase(NamedTuple):
    name: str
    fen: str
    depth: int
    nodes: int


def read_cases(path: Path = DATA) -> list[PerftCase]:
    """The (position, depth, nodes) cases of a perft data file: ``name; FEN; depth=nodes ...``."""
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, fen, counts = (field.strip() for field in line.split(";"))
        for pair in counts.split():
            depth, nodes = pair.split("=")
            cases.append(PerftCase(name, fen, int(depth), int(nodes)))
    return cases


CASES = read_cases()


def _param(case: PerftCase) -> object:
    return pytest.param(case, id=f"{case.name}-d{case.depth}")


def test_data_file_has_every_published_position() -> None:
    """The data file keeps all seven reference positions, each with a CI-sized depth."""
    names = {case.name for case in CASES}
    assert names == {
        "initial",
        "kiwipete",
        "position3",
        "position4",
        "position4-mirrored",
        "position5",
        "position6",
    }
    for name in names:
        assert any(c.name == name and c.nodes <= NODE_BUDGET and c.depth >= 3 for c in CASES)


@pytest.mark.parametrize("case", [_param(case) for case in CASES if case.nodes <= NODE_BUDGET])
def test_perft_matches_published_count(case: PerftCase) -> None:
    """Our move generator counts exactly the published number of leaf nodes."""
    assert perft(CHESS.from_fen(case.fen), case.depth) == case.nodes


def test_perft_depth_zero_is_one_node() -> None:
    """Perft to depth 0 counts the position itself."""
    assert perft(CHESS.start(), 0) == 1
