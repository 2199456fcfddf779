"""Janggi board geometry: square names, piece codes and precomputed move tables.

Squares are numbered as xiangqi's, ``rank * 9 + file`` (a1 = 0 … i10 = 89), rank 0 being
Cho's home rank, and named as Fairy-Stockfish names them (files a–i, ranks 1–10). Inside the
engine a piece is a small signed integer (Cho positive, Han negative). The tables hold, for
every square, where each kind of piece may go on an empty board and which squares can block
it; the palace's diagonal lines are part of the tables (``DIAGONAL_POINTS``).
"""

from __future__ import annotations

from rules.core import Move, Square
from rules.xiangqi.geometry import ADVISOR as GUARD

# The board, its square numbering, the piece letters and the move objects are xiangqi's.
from rules.xiangqi.geometry import (
    DIAGONAL,
    FILE_NAMES,
    FILES,
    KIND_CODES,
    KIND_LETTERS,
    MOVES,
    ORTHOGONAL,
    RANKS,
    SQUARES,
    Board,
    file_of,
    in_palace,
    move,
    on_board,
    rank_of,
    square,
)

__all__ = [
    "CANNON",
    "CHARIOT",
    "DIAGONAL_POINTS",
    "ELEPHANT",
    "FILES",
    "FILE_NAMES",
    "GENERAL",
    "GUARD",
    "HORSE",
    "KIND_CODES",
    "KIND_LETTERS",
    "MAX_COUNTS",
    "MOVES",
    "RANKS",
    "SOLDIER",
    "SQUARES",
    "SQUARE_NAMES",
    "Board",
    "file_of",
    "in_palace",
    "move",
    "rank_of",
    "square",
]

SQUARE_NAMES: tuple[str, ...] = tuple(
    f"{FILE_NAMES[sq % FILES]}{sq // FILES + 1}" for sq in range(SQUARES)
)
# Piece codes (a Han piece is the negative of the Cho one), as xiangqi's: the guard is the
# advisor's code.
GENERAL = 1
ELEPHANT = 3
HORSE = 4
CHARIOT = 5
CANNON = 6
SOLDIER = 7
MAX_COUNTS = {GENERAL: 1, GUARD: 2, ELEPHANT: 2, HORSE: 2, CHARIOT: 2, CANNON: 2, SOLDIER: 5}

Targets = tuple[tuple[Square, Move], ...]
Leaps = tuple[tuple[tuple[Square, ...], Square, Move], ...]  # (blocking squares, target, move)


# The palace's corners and centres: the points its diagonal lines join.
DIAGONAL_POINTS = frozenset(
    square(f, r)
    for r0 in (0, 7)
    for f, r in ((3, r0), (5, r0), (4, r0 + 1), (3, r0 + 2), (5, r0 + 2))
)


def _diagonal_steps(sq: Square, steps: tuple[tuple[int, int], ...]) -> list[Square]:
    """One diagonal step along a palace line (both ends on ``DIAGONAL_POINTS``)."""
    if sq not in DIAGONAL_POINTS:
        return []
    f, r = sq % FILES, sq // FILES
    found = []
    for df, dr in steps:
        if on_board(f + df, r + dr) and square(f + df, r + dr) in DIAGONAL_POINTS:
            found.append(square(f + df, r + dr))
    return found


def _palace_targets(sq: Square) -> Targets:
    """General and guard: one step along a line of their palace, never out of it."""
    cho = in_palace(sq, True)
    if not cho and not in_palace(sq, False):
        return ()
    f, r = sq % FILES, sq // FILES
    found = [
        square(f + df, r + dr)
        for df, dr in ORTHOGONAL
        if on_board(f + df, r + dr) and in_palace(square(f + df, r + dr), cho)
    ]
    found += _diagonal_steps(sq, DIAGONAL)
    return tuple((t, move(sq, t)) for t in found)


def _soldier_targets(sq: Square, cho: bool) -> Targets:
    """Forward or sideways one step; forward-diagonally along a palace line."""
    f, r = sq % FILES, sq // FILES
    forward = 1 if cho else -1
    steps = ((0, forward), (1, 0), (-1, 0))
    found = [square(f + df, r + dr) for df, dr in steps if on_board(f + df, r + dr)]
    found += _diagonal_steps(sq, ((1, forward), (-1, forward)))
    return tuple((t, move(sq, t)) for t in found)


def _leaps(sq: Square, diagonal_steps: int) -> Leaps:
    """One step orthogonally, then ``diagonal_steps`` diagonally outward (the horse 1, the
    elephant 2); every point passed must be empty, so each is a blocking square."""
    f, r = sq % FILES, sq // FILES
    found = []
    for lf, lr in ORTHOGONAL:
        for side in (1, -1):
            df, dr = (side, lr) if lf == 0 else (lf, side)
            path = [(f + lf + i * df, r + lr + i * dr) for i in range(diagonal_steps + 1)]
            if on_board(*path[-1]):
                t = square(*path[-1])
                found.append((tuple(square(*p) for p in path[:-1]), t, move(sq, t)))
    return tuple(found)


def _rays(sq: Square) -> tuple[tuple[Square, ...], ...]:
    """The lines a chariot or cannon follows from ``sq``: the four orthogonal ones, then the
    palace diagonals through it (to the centre and on to the opposite corner)."""
    f, r = sq % FILES, sq // FILES
    rays = []
    for df, dr in ORTHOGONAL:
        ray = []
        tf, tr = f + df, r + dr
        while on_board(tf, tr):
            ray.append(square(tf, tr))
            tf, tr = tf + df, tr + dr
        rays.append(tuple(ray))
    if sq in DIAGONAL_POINTS:
        for df, dr in DIAGONAL:
            ray = []
            tf, tr = f + df, r + dr
            while on_board(tf, tr) and square(tf, tr) in DIAGONAL_POINTS:
                ray.append(square(tf, tr))
                tf, tr = tf + df, tr + dr
            if ray:
                rays.append(tuple(ray))
    return tuple(rays)


PALACE_TARGETS: tuple[Targets, ...] = tuple(_palace_targets(sq) for sq in range(SQUARES))
HORSE_TARGETS: tuple[Leaps, ...] = tuple(_leaps(sq, 1) for sq in range(SQUARES))
ELEPHANT_TARGETS: tuple[Leaps, ...] = tuple(_leaps(sq, 2) for sq in range(SQUARES))
RAYS: tuple[tuple[tuple[Square, ...], ...], ...] = tuple(_rays(sq) for sq in range(SQUARES))
RAY_MOVES: tuple[tuple[tuple[tuple[Square, Move], ...], ...], ...] = tuple(
    tuple(tuple((t, move(sq, t)) for t in ray) for ray in RAYS[sq]) for sq in range(SQUARES)
)
# SOLDIER_TARGETS[0] for Cho soldiers, [1] for Han.
SOLDIER_TARGETS: tuple[tuple[Targets, ...], tuple[Targets, ...]] = (
    tuple(_soldier_targets(sq, True) for sq in range(SQUARES)),
    tuple(_soldier_targets(sq, False) for sq in range(SQUARES)),
)


def _attackers(
    table: tuple[Leaps, ...], target: Square
) -> tuple[tuple[tuple[Square, ...], Square], ...]:
    return tuple((legs, sq) for sq in range(SQUARES) for legs, t, _ in table[sq] if t == target)


# For each target: (blocking squares, square) pairs from which a horse / elephant attacks it.
HORSE_ATTACKERS = tuple(_attackers(HORSE_TARGETS, sq) for sq in range(SQUARES))
ELEPHANT_ATTACKERS = tuple(_attackers(ELEPHANT_TARGETS, sq) for sq in range(SQUARES))
# SOLDIER_ATTACKERS[0][sq]: squares from which a Cho soldier attacks sq; [1] for Han.
SOLDIER_ATTACKERS: tuple[tuple[tuple[Square, ...], ...], ...] = tuple(
    tuple(
        tuple(s for s in range(SQUARES) if any(t == sq for t, _ in SOLDIER_TARGETS[side][s]))
        for sq in range(SQUARES)
    )
    for side in (0, 1)
)
