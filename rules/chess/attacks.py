"""Attacks on a chess board: whether a square is attacked, and what checks and pins the
king of the side to move (one scan of the eight rays around it, and its knight and pawn
squares)."""

from __future__ import annotations

from rules.chess.geometry import (
    ALL_RAYS,
    BISHOP_RAYS,
    KING_TARGETS,
    KNIGHT_TARGETS,
    PAWN_CAPTURES,
    ROOK_RAYS,
)
from rules.core import Square

Board = tuple[str, ...]
EMPTY = "."
_NO_LIMIT: frozenset[Square] = frozenset()


def is_attacked(board: Board | list[str], square: Square, by_white: bool) -> bool:
    """Whether any piece of the given side attacks ``square`` on ``board``."""
    if by_white:
        knight, pawn, king, rook, bishop, queen = "N", "P", "K", "R", "B", "Q"
        pawn_sources = PAWN_CAPTURES[1][square]
    else:
        knight, pawn, king, rook, bishop, queen = "n", "p", "k", "r", "b", "q"
        pawn_sources = PAWN_CAPTURES[0][square]
    for s in KNIGHT_TARGETS[square]:
        if board[s] == knight:
            return True
    for s in pawn_sources:
        if board[s] == pawn:
            return True
    for s in KING_TARGETS[square]:
        if board[s] == king:
            return True
    for ray in ROOK_RAYS[square]:
        for s in ray:
            p = board[s]
            if p != EMPTY:
                if p == rook or p == queen:
                    return True
                break
    for ray in BISHOP_RAYS[square]:
        for s in ray:
            p = board[s]
            if p != EMPTY:
                if p == bishop or p == queen:
                    return True
                break
    return False


def checks_and_pins(
    board: Board, king: Square, white: bool, own: frozenset[str]
) -> tuple[int, frozenset[Square], dict[Square, frozenset[Square]]]:
    """How many pieces check the ``white`` (or black) king on ``king``, the squares a
    non-king move must land on to answer a single check (the checker and the squares
    between), and each pinned piece's square with the line it may move along."""
    if white:
        e_knight, e_pawn, e_rook, e_bishop, e_queen = "n", "p", "r", "b", "q"
        pawn_sources = PAWN_CAPTURES[0][king]
    else:
        e_knight, e_pawn, e_rook, e_bishop, e_queen = "N", "P", "R", "B", "Q"
        pawn_sources = PAWN_CAPTURES[1][king]
    checkers = 0
    block = _NO_LIMIT
    pins: dict[Square, frozenset[Square]] = {}
    for direction, ray in enumerate(ALL_RAYS[king]):
        slider = e_rook if direction < 4 else e_bishop
        shield = -1
        for i, s in enumerate(ray):
            p = board[s]
            if p == EMPTY:
                continue
            if p in own:
                if shield >= 0:
                    break
                shield = s
                continue
            if p == slider or p == e_queen:
                if shield >= 0:
                    pins[shield] = frozenset(ray[: i + 1])
                else:
                    checkers += 1
                    block = frozenset(ray[: i + 1])
            break
    for s in KNIGHT_TARGETS[king]:
        if board[s] == e_knight:
            checkers += 1
            block = frozenset((s,))
    for s in pawn_sources:
        if board[s] == e_pawn:
            checkers += 1
            block = frozenset((s,))
    return checkers, block, pins
