"""Janggi move generation against Fairy-Stockfish: its perft counts (a data file), its
legal-move sets (pyffish, the same engine's Python binding), and its legal moves in every
position of its own self-play games (thousands, a second data file).

The self-play file's depth-2 counts run for every 20th position by default;
``POSTAL_JANGGI_ALL=1`` runs all of them (about five million leaves)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pyffish
import pytest

from rules import Game
from rules.janggi import JANGGI, START_FEN
from rules.perft import perft
from tools.janggi_positions import moves_digest

DATA = Path(__file__).with_name("perft_janggi.txt")
SELF_PLAY = Path(__file__).with_name("selfplay_janggi.txt")
ALL_DEPTH_2 = os.environ.get("POSTAL_JANGGI_ALL") == "1"
# Depth-3 counts up to this many leaves run in the suite; the file has every one.
NODE_BUDGET = 40_000


def _load() -> list[tuple[str, str, list[int]]]:
    rows = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, fen, counts = (part.strip() for part in line.split("|"))
        rows.append((name, fen, [int(c) for c in counts.split()]))
    return rows


ROWS = _load()
CASES = [
    pytest.param(fen, depth, count, id=f"{name}-d{depth}")
    for name, fen, counts in ROWS
    for depth, count in enumerate(counts, start=1)
    if depth < 3 or count <= NODE_BUDGET
]


def test_data_file_has_the_start_corners_and_played_games() -> None:
    """The data file keeps the start, the hand-made corners and many played positions."""
    names = [name for name, _, _ in ROWS]
    assert ROWS[0][:2] == ("start", START_FEN)
    assert ROWS[0][2] == [32, 1024, 33000]
    assert {"bikjang", "palace-diagonals", "cannon-screens", "soldiers-in-palace"} <= set(names)
    assert sum(name.startswith("setup-") for name in names) == 3
    assert sum(name.startswith("game") for name in names) >= 100


@pytest.mark.parametrize(("fen", "depth", "count"), CASES)
def test_perft_matches_fairy_stockfish(fen: str, depth: int, count: int) -> None:
    """Perft of each position matches Fairy-Stockfish's ``go perft``."""
    assert perft(JANGGI.from_fen(fen), depth) == count


def _uci_set(fen: str, moves: list[str] | None = None) -> set[str]:
    return set(pyffish.legal_moves("janggi", fen, moves or []))


@pytest.mark.parametrize(("name", "fen"), [(name, fen) for name, fen, _ in ROWS])
def test_legal_moves_are_pyffish_s(name: str, fen: str) -> None:
    """Each data position's legal moves are, move for move, pyffish's."""
    position = JANGGI.from_fen(fen)
    assert {position.uci(m) for m in position.legal_moves()} == _uci_set(fen)


def test_random_games_agree_with_pyffish_move_by_move() -> None:
    """Along seeded random games (passes included), every position's legal moves, check
    and FEN are pyffish's (few: each pyffish call sets up a board, about 9 ms)."""
    rng = random.Random(28)
    for _ in range(3):
        game = Game("janggi")
        while game.outcome() is None and game.ply < 80:
            position = game.position
            fen = position.fen()
            assert {position.uci(m) for m in position.legal_moves()} == _uci_set(fen)
            assert position.is_check() == pyffish.gives_check("janggi", fen, [])
            moves = position.legal_moves()
            # The pass comes last; take it one time in ten, or the games end at once.
            move = moves[-1] if rng.random() < 0.1 else rng.choice(moves[:-1] or moves)
            game = game.play(move)
            assert game.position.fen() == pyffish.get_fen("janggi", fen, [position.uci(move)])


def _self_play() -> list[tuple[str, str, int, str, int]]:
    rows = []
    for line in SELF_PLAY.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, fen, count, digest, depth2 = (part.strip() for part in line.split("|"))
            rows.append((name, fen, int(count), digest, int(depth2)))
    return rows


def test_self_play_positions_have_fairy_stockfish_s_moves() -> None:
    """In every position of 24 Fairy-Stockfish self-play games, Postal's legal moves are the
    engine's (their count and the digest of their sorted coordinates, passes included), and
    so are the depth-2 counts of every 20th (of all with ``POSTAL_JANGGI_ALL=1``)."""
    rows = _self_play()
    assert len(rows) >= 3000 and len({fen for _, fen, _, _, _ in rows}) >= 3000
    for index, (name, fen, count, digest, depth2) in enumerate(rows):
        position = JANGGI.from_fen(fen)
        moves = [position.uci(move) for move in position.legal_moves()]
        assert (len(moves), moves_digest(moves)) == (count, digest), name
        if ALL_DEPTH_2 or index % 20 == 0:
            assert perft(position, 2) == depth2, name
