"""Xiangqi board geometry: square names, piece codes and precomputed move tables.

Squares are ``rank * 9 + file`` (a0 = 0 … i9 = 89), rank 0 being red's home rank. Inside
the engine a piece is a small signed integer (red positive, black negative) so that the hot
loops compare ints instead of strings; the tables below hold, for every square, where each
kind of piece may go on an empty board, together with the squares that can block it.
"""

from __future__ import annotations

from rules.core import Move, Square

# The board's size, codes and type are the shared 9×10 board's (rules.palace_board).
from rules.palace_board import FILES as FILES
from rules.palace_board import KIND_LETTERS as KIND_LETTERS
from rules.palace_board import RANKS as RANKS
from rules.palace_board import SQUARES as SQUARES
from rules.palace_board import Board as Board

FILE_NAMES = "abcdefghi"
SQUARE_NAMES: tuple[str, ...] = tuple(
    f"{FILE_NAMES[sq % FILES]}{sq // FILES}" for sq in range(SQUARES)
)

# Piece codes; a black piece is the negative of the red one.
GENERAL = 1
ADVISOR = 2
ELEPHANT = 3
HORSE = 4
CHARIOT = 5
CANNON = 6
SOLDIER = 7
KIND_CODES = {letter: code for code, letter in enumerate(KIND_LETTERS) if code}
# Pieces that can cross the river, so can still attack: without them neither side can win.
ATTACKING_KINDS = frozenset((HORSE, CHARIOT, CANNON, SOLDIER))
MAX_COUNTS = {GENERAL: 1, ADVISOR: 2, ELEPHANT: 2, HORSE: 2, CHARIOT: 2, CANNON: 2, SOLDIER: 5}

Targets = tuple[tuple[Square, Move], ...]
Blocked = tuple[tuple[Square, Square, Move], ...]  # (blocking square, target, move)


def square(file: int, rank: int) -> Square:
    return rank * FILES + file


def file_of(sq: Square) -> int:
    return sq % FILES


def rank_of(sq: Square) -> int:
    return sq // FILES


def on_board(file: int, rank: int) -> bool:
    return 0 <= file < FILES and 0 <= rank < RANKS


def in_palace(sq: Square, red: bool) -> bool:
    """Whether ``sq`` is one of the nine points of red's (or black's) palace."""
    file, rank = sq % FILES, sq // FILES
    return 3 <= file <= 5 and (rank <= 2 if red else rank >= 7)


def on_own_side(sq: Square, red: bool) -> bool:
    """Whether ``sq`` is on red's (ranks 0-4) or black's (ranks 5-9) side of the river."""
    return sq // FILES <= 4 if red else sq // FILES >= 5


def _palace_side(sq: Square) -> bool | None:
    if in_palace(sq, True):
        return True
    if in_palace(sq, False):
        return False
    return None


# Every move object is made once here, so move generation only looks them up.
MOVES: tuple[Move, ...] = tuple(Move(f, t) for f in range(SQUARES) for t in range(SQUARES))


def move(from_square: Square, to_square: Square) -> Move:
    return MOVES[from_square * SQUARES + to_square]


ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _palace_steps(sq: Square, steps: tuple[tuple[int, int], ...]) -> Targets:
    """One step in each of ``steps`` that stays inside the palace of ``sq``."""
    side = _palace_side(sq)
    if side is None:
        return ()
    f, r = sq % FILES, sq // FILES
    out = []
    for df, dr in steps:
        t = square(f + df, r + dr)
        if on_board(f + df, r + dr) and in_palace(t, side):
            out.append((t, move(sq, t)))
    return tuple(out)


def _general_targets(sq: Square) -> Targets:
    return _palace_steps(sq, ORTHOGONAL)


def _advisor_targets(sq: Square) -> Targets:
    return _palace_steps(sq, DIAGONAL)


def _elephant_targets(sq: Square) -> Blocked:
    f, r = sq % FILES, sq // FILES
    red = r <= 4
    out = []
    for df, dr in DIAGONAL:
        tf, tr = f + 2 * df, r + 2 * dr
        if on_board(tf, tr) and on_own_side(square(tf, tr), red):
            t = square(tf, tr)
            out.append((square(f + df, r + dr), t, move(sq, t)))
    return tuple(out)


def _horse_targets(sq: Square) -> Blocked:
    f, r = sq % FILES, sq // FILES
    out = []
    for lf, lr in ORTHOGONAL:
        if not on_board(f + lf, r + lr):
            continue
        leg = square(f + lf, r + lr)
        # Then one step diagonally outward: sideways from the leg's direction.
        for side in (1, -1):
            tf = f + 2 * lf + (side if lf == 0 else 0)
            tr = r + 2 * lr + (side if lr == 0 else 0)
            if on_board(tf, tr):
                t = square(tf, tr)
                out.append((leg, t, move(sq, t)))
    return tuple(out)


def _rays(sq: Square) -> tuple[tuple[Square, ...], ...]:
    f, r = sq % FILES, sq // FILES
    rays = []
    for df, dr in ORTHOGONAL:
        ray = []
        tf, tr = f + df, r + dr
        while on_board(tf, tr):
            ray.append(square(tf, tr))
            tf, tr = tf + df, tr + dr
        rays.append(tuple(ray))
    return tuple(rays)


def _soldier_targets(sq: Square, red: bool) -> Targets:
    f, r = sq % FILES, sq // FILES
    forward = 1 if red else -1
    out = []
    if on_board(f, r + forward):
        out.append(square(f, r + forward))
    if not on_own_side(sq, red):  # across the river: sideways too
        out.extend(square(f + df, r) for df in (1, -1) if on_board(f + df, r))
    return tuple((t, move(sq, t)) for t in out)


GENERAL_TARGETS: tuple[Targets, ...] = tuple(_general_targets(sq) for sq in range(SQUARES))
ADVISOR_TARGETS: tuple[Targets, ...] = tuple(_advisor_targets(sq) for sq in range(SQUARES))
ELEPHANT_TARGETS: tuple[Blocked, ...] = tuple(_elephant_targets(sq) for sq in range(SQUARES))
HORSE_TARGETS: tuple[Blocked, ...] = tuple(_horse_targets(sq) for sq in range(SQUARES))
# For each square: four rays (up, down, right, left), each the squares in order.
RAYS: tuple[tuple[tuple[Square, ...], ...], ...] = tuple(_rays(sq) for sq in range(SQUARES))
RAY_TARGETS: tuple[tuple[Targets, ...], ...] = tuple(
    tuple(tuple((t, move(sq, t)) for t in ray) for ray in RAYS[sq]) for sq in range(SQUARES)
)
# SOLDIER_TARGETS[0] for red soldiers, [1] for black.
SOLDIER_TARGETS: tuple[tuple[Targets, ...], tuple[Targets, ...]] = (
    tuple(_soldier_targets(sq, True) for sq in range(SQUARES)),
    tuple(_soldier_targets(sq, False) for sq in range(SQUARES)),
)


def _horse_checkers(target: Square) -> tuple[tuple[Square, Square], ...]:
    """(leg, horse square) pairs: a horse there attacks ``target`` unless the leg is occupied."""
    return tuple(
        (leg, sq) for sq in range(SQUARES) for leg, t, _ in HORSE_TARGETS[sq] if t == target
    )


HORSE_CHECKERS: tuple[tuple[tuple[Square, Square], ...], ...] = tuple(
    _horse_checkers(sq) for sq in range(SQUARES)
)
# SOLDIER_CHECKERS[0][sq]: squares from which a red soldier attacks sq; [1] for black.
SOLDIER_CHECKERS: tuple[tuple[tuple[Square, ...], ...], tuple[tuple[Square, ...], ...]] = (
    tuple(
        tuple(s for s in range(SQUARES) if any(t == sq for t, _ in SOLDIER_TARGETS[0][s]))
        for sq in range(SQUARES)
    ),
    tuple(
        tuple(s for s in range(SQUARES) if any(t == sq for t, _ in SOLDIER_TARGETS[1][s]))
        for sq in range(SQUARES)
    ),
)


def _ray_index(king: Square) -> tuple[int, ...]:
    index = [-1] * SQUARES
    for d, ray in enumerate(RAYS[king]):
        for s in ray:
            index[s] = d
    return tuple(index)


def _leg_horses(king: Square) -> tuple[tuple[Square, ...], ...]:
    horses: list[list[Square]] = [[] for _ in range(SQUARES)]
    for leg, sq in HORSE_CHECKERS[king]:
        horses[leg].append(sq)
    return tuple(tuple(h) for h in horses)


# Only squares on a general's file or rank (rays) or next to it diagonally (horse legs) can
# change whether it is attacked when some other piece moves: these tables say which.
RAY_INDEX: tuple[tuple[int, ...], ...] = tuple(_ray_index(sq) for sq in range(SQUARES))
LEG_HORSES: tuple[tuple[tuple[Square, ...], ...], ...] = tuple(
    _leg_horses(sq) for sq in range(SQUARES)
)
