"""Chess960 move generation against python-chess (``chess960=True``) and the counts of
data/chess960_perft.txt (tricky castling positions, checked against python-chess too).

The 960 start positions at depth 3: every 20th number, 518 and 959 in the default run (about
two seconds of CPU with python-chess counting beside); ``POSTAL_CHESS960_ALL=1`` runs all 960
(about 40 seconds). The data file's deeper counts run up to
the node budget (``POSTAL_PERFT_BUDGET``, default 200,000 leaves: depth 4, or 5 where small).
"""

from __future__ import annotations

import os
from pathlib import Path

import chess
import pytest

from benchmarks.perft import python_chess_perft as peer_perft
from rules.chess960 import CHESS960, STANDARD_START, start_fen
from rules.perft import perft
from tests.rules.test_chess_perft import PerftCase, read_cases

DATA = Path(__file__).parent / "data" / "chess960_perft.txt"
NODE_BUDGET = int(os.environ.get("POSTAL_PERFT_BUDGET", "200000"))
CASES = read_cases(DATA)
ALL_STARTS = os.environ.get("POSTAL_CHESS960_ALL") == "1"
SAMPLE = sorted({*range(0, 960, 20), STANDARD_START, 959})


def python_chess_perft(fen: str, depth: int) -> int:
    """python-chess's count (``chess960=True``), by the benchmark's own counter."""
    count = peer_perft(chess960=True)
    assert callable(count), count
    return count(fen, depth)


def _deepest_within_budget() -> list[PerftCase]:
    """Per position, the deepest count within the budget (the shallower ones it implies)."""
    deepest: dict[str, PerftCase] = {}
    for case in CASES:
        if case.nodes <= NODE_BUDGET:
            deepest[case.name] = case
    return list(deepest.values())


@pytest.mark.parametrize("number", range(960) if ALL_STARTS else SAMPLE)
def test_perft_3_of_start_positions_matches_python_chess(number: int) -> None:
    """Depth 3 from a start position counts what python-chess counts."""
    fen = chess.Board.from_chess960_pos(number).fen()
    assert perft(CHESS960.start_position(number), 3) == python_chess_perft(fen, 3)


def test_start_positions_are_those_python_chess_numbers() -> None:
    """Start position N is python-chess's (and lichess's) position N, 518 the standard one."""
    assert [start_fen(n) for n in range(960)] == [
        chess.Board.from_chess960_pos(n).fen() for n in range(960)
    ]
    assert CHESS960.start_position(STANDARD_START).fen() == chess.STARTING_FEN


@pytest.mark.parametrize("number", [-1, 960, True])
def test_start_position_number_out_of_range_is_refused(number: int) -> None:
    """Numbers outside 0-959 are refused with a ValueError naming the range."""
    with pytest.raises(ValueError, match="0 to 959"):
        CHESS960.start_position(number)


@pytest.mark.parametrize(
    "case", [pytest.param(c, id=f"{c.name}-d{c.depth}") for c in _deepest_within_budget()]
)
def test_perft_of_castling_positions_matches_counts(case: PerftCase) -> None:
    """The tricky castling positions count their recorded number of leaves."""
    assert perft(CHESS960.from_fen(case.fen), case.depth) == case.nodes


def test_recorded_counts_agree_with_python_chess() -> None:
    """The data file's counts up to 20,000 leaves are python-chess's."""
    for case in CASES:
        if case.nodes <= 20_000:
            assert python_chess_perft(case.fen, case.depth) == case.nodes, case
