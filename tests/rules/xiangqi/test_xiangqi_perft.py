"""Xiangqi move generation against perft data and an independent naive oracle."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rules import Move, get_variant
from rules.perft import perft
from rules.xiangqi import XIANGQI, XiangqiPosition

DATA = Path(__file__).with_name("perft_xiangqi.txt")
# Depths up to this many leaves run in CI (plus the start position's depth 4, 3.29M nodes,
# about a second); the deeper counts in the file are for benchmarks.
NODE_BUDGET = 600_000


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
    if count <= NODE_BUDGET or (name == "start" and depth == 4)
]


def test_data_file_has_start_and_at_least_five_more_positions() -> None:
    """The data file keeps the start position and at least five other positions."""
    names = [name for name, _, _ in ROWS]
    assert names[0] == "start"
    assert ROWS[0][2][:4] == [44, 1920, 79666, 3290240]
    assert len(names) >= 6


@pytest.mark.parametrize(("fen", "depth", "count"), CASES)
def test_perft_matches_data(fen: str, depth: int, count: int) -> None:
    """Perft of each data position matches its recorded leaf count."""
    assert perft(XIANGQI.from_fen(fen), depth) == count


# --- a naive oracle: the rules written out directly, on a dict board ------------------------

Board = dict[tuple[int, int], tuple[str, bool]]  # (file, rank) -> (kind, is_red)


def _board_of(position: XiangqiPosition) -> Board:
    return {
        (sq % 9, sq // 9): (piece.kind, piece.color.value == "white")
        for sq, piece in position.pieces().items()
    }


def _in_palace(file: int, rank: int, red: bool) -> bool:
    return 3 <= file <= 5 and (0 <= rank <= 2 if red else 7 <= rank <= 9)


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < 9 and 0 <= rank < 10


def _naive_targets(board: Board, file: int, rank: int) -> list[tuple[int, int]]:
    """Where the piece at (file, rank) may move ignoring its own general's safety."""
    kind, red = board[(file, rank)]
    out: list[tuple[int, int]] = []
    if kind == "k":
        for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            if _in_palace(file + df, rank + dr, red):
                out.append((file + df, rank + dr))
    elif kind == "a":
        for df, dr in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            if _in_palace(file + df, rank + dr, red):
                out.append((file + df, rank + dr))
    elif kind == "b":
        for df, dr in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            tf, tr = file + 2 * df, rank + 2 * dr
            own_side = tr <= 4 if red else tr >= 5
            if _on_board(tf, tr) and own_side and (file + df, rank + dr) not in board:
                out.append((tf, tr))
    elif kind == "n":
        for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
            leg = (file, rank + dr // 2) if abs(dr) == 2 else (file + df // 2, rank)
            if _on_board(file + df, rank + dr) and leg not in board:
                out.append((file + df, rank + dr))
    elif kind in "rc":
        for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            tf, tr = file + df, rank + dr
            jumped = False
            while _on_board(tf, tr):
                if (tf, tr) not in board:
                    if not jumped:
                        out.append((tf, tr))
                elif kind == "r" or jumped:
                    out.append((tf, tr))
                    break
                else:
                    jumped = True
                tf, tr = tf + df, tr + dr
    elif kind == "p":
        forward = 1 if red else -1
        steps = [(0, forward)]
        crossed = rank >= 5 if red else rank <= 4
        if crossed:
            steps += [(1, 0), (-1, 0)]
        for df, dr in steps:
            if _on_board(file + df, rank + dr):
                out.append((file + df, rank + dr))
    return [t for t in out if t not in board or board[t][1] != red]


def _general_in_danger(board: Board, red: bool) -> bool:
    general = next(sq for sq, (kind, side) in board.items() if kind == "k" and side == red)
    other = next(sq for sq, (kind, side) in board.items() if kind == "k" and side != red)
    if general[0] == other[0]:
        low, high = sorted((general[1], other[1]))
        if not any((general[0], r) in board for r in range(low + 1, high)):
            return True
    return any(
        general in _naive_targets(board, *sq) for sq, (_, side) in board.items() if side != red
    )


def naive_legal_moves(position: XiangqiPosition) -> set[tuple[int, int]]:
    """Every legal (from, to) pair, found by trying each pseudo-legal move in full."""
    board = _board_of(position)
    red = position.side_to_move.value == "white"
    moves = set()
    for (file, rank), (_, side) in list(board.items()):
        if side != red:
            continue
        for target in _naive_targets(board, file, rank):
            after = dict(board)
            after[target] = after.pop((file, rank))
            if not _general_in_danger(after, red):
                moves.add((rank * 9 + file, target[1] * 9 + target[0]))
    return moves


def _engine_moves(position: XiangqiPosition) -> set[tuple[int, int]]:
    return {(m.from_square, m.to_square) for m in position.legal_moves()}


def _random_positions(count: int, seed: int) -> list[XiangqiPosition]:
    rng = random.Random(seed)
    positions: list[XiangqiPosition] = []
    position = XIANGQI.start()
    while len(positions) < count:
        positions.append(position)
        moves = position.legal_moves()
        if not moves or position.halfmove_clock > 60:
            position = XIANGQI.start()
            continue
        captures = [m for m in moves if position.is_capture(m)]
        pool = captures if captures and rng.random() < 0.4 else moves
        position = position.play(rng.choice(pool))
    return positions


def test_engine_agrees_with_naive_oracle_on_random_game_positions() -> None:
    """In 600 positions from random games the engine's legal moves equal the oracle's."""
    for position in _random_positions(600, seed=20261121):
        assert _engine_moves(position) == naive_legal_moves(position), position.fen()


@pytest.mark.parametrize(("name", "fen"), [(name, fen) for name, fen, _ in ROWS])
def test_engine_agrees_with_naive_oracle_two_plies_deep(name: str, fen: str) -> None:
    """On every data position and each position one move later, the oracle agrees."""
    position = XIANGQI.from_fen(fen)
    assert _engine_moves(position) == naive_legal_moves(position)
    for move in position.legal_moves():
        child = position.play(move)
        assert _engine_moves(child) == naive_legal_moves(child), (name, child.fen())


def test_perft_through_the_public_api_and_cli_variant_lookup() -> None:
    """get_variant('xiangqi') is this variant and perft works from its start position."""
    variant = get_variant("xiangqi")
    assert variant is XIANGQI
    assert perft(variant.start(), 2) == 1920
    assert Move(25, 22) in variant.start().legal_moves()  # h2e2, the central cannon
