"""The 8×8 board: square names and move tables precomputed once per square.

Tables list target squares in walking order, so sliders scan a ray until the first piece with
no off-board tests at all (the reason for precomputing instead of using a padded mailbox).
"""

from __future__ import annotations

from rules.core import Square

FILES = "abcdefgh"
RANKS = "12345678"
SQUARE_NAMES: tuple[str, ...] = tuple(f + r for r in RANKS for f in FILES)
SQUARES_BY_NAME: dict[str, Square] = {name: sq for sq, name in enumerate(SQUARE_NAMES)}

Ray = tuple[Square, ...]

# The FEN letters of each side's pieces.
WHITE_PIECES = frozenset("PNBRQK")
BLACK_PIECES = frozenset("pnbrqk")

# (file step, rank step); the first four are orthogonal, the last four diagonal.
ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def file_of(square: Square) -> int:
    return square & 7


def rank_of(square: Square) -> int:
    return square >> 3


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < 8 and 0 <= rank < 8


def _ray(square: Square, step: tuple[int, int]) -> Ray:
    file, rank = file_of(square) + step[0], rank_of(square) + step[1]
    ray = []
    while _on_board(file, rank):
        ray.append(rank * 8 + file)
        file, rank = file + step[0], rank + step[1]
    return tuple(ray)


def _leaps(square: Square, steps: tuple[tuple[int, int], ...]) -> Ray:
    file, rank = file_of(square), rank_of(square)
    return tuple((rank + dr) * 8 + file + df for df, dr in steps if _on_board(file + df, rank + dr))


def _rays(square: Square, steps: tuple[tuple[int, int], ...]) -> tuple[Ray, ...]:
    return tuple(ray for ray in (_ray(square, step) for step in steps) if ray)


# Per square: every ray in all eight directions (empty ones kept, so index = direction).
ALL_RAYS: tuple[tuple[Ray, ...], ...] = tuple(
    tuple(_ray(sq, step) for step in ORTHOGONAL + DIAGONAL) for sq in range(64)
)
ROOK_RAYS = tuple(_rays(sq, ORTHOGONAL) for sq in range(64))
BISHOP_RAYS = tuple(_rays(sq, DIAGONAL) for sq in range(64))
QUEEN_RAYS = tuple(ROOK_RAYS[sq] + BISHOP_RAYS[sq] for sq in range(64))
# The rays a slider walks, by its FEN letter in lowercase.
SLIDER_RAYS = {"b": BISHOP_RAYS, "r": ROOK_RAYS, "q": QUEEN_RAYS}
KNIGHT_TARGETS = tuple(_leaps(sq, KNIGHT_STEPS) for sq in range(64))
KING_TARGETS = tuple(_leaps(sq, ORTHOGONAL + DIAGONAL) for sq in range(64))
# PAWN_CAPTURES[0][sq]: where a white pawn on sq captures; [1]: a black pawn.
PAWN_CAPTURES = (
    tuple(_leaps(sq, ((-1, 1), (1, 1))) for sq in range(64)),
    tuple(_leaps(sq, ((-1, -1), (1, -1))) for sq in range(64)),
)

# Squares whose state matters to a castling right: king and rook home squares.
WHITE_KINGSIDE, WHITE_QUEENSIDE, BLACK_KINGSIDE, BLACK_QUEENSIDE = 1, 2, 4, 8
CASTLING_LETTERS = (("K", WHITE_KINGSIDE), ("Q", WHITE_QUEENSIDE),
                    ("k", BLACK_KINGSIDE), ("q", BLACK_QUEENSIDE))  # fmt: skip
ALL_CASTLING = 15
# AND-ed into the rights for both squares of a move: moving from or onto them loses rights.
CASTLING_KEPT = tuple(
    ALL_CASTLING
    & ~(
        {4: WHITE_KINGSIDE | WHITE_QUEENSIDE, 7: WHITE_KINGSIDE, 0: WHITE_QUEENSIDE,
         60: BLACK_KINGSIDE | BLACK_QUEENSIDE, 63: BLACK_KINGSIDE, 56: BLACK_QUEENSIDE}.get(sq, 0)
    )
    for sq in range(64)
)  # fmt: skip


def is_light(square: Square) -> bool:
    """Whether a square is light (h1 is light, a1 dark)."""
    return (file_of(square) + rank_of(square)) % 2 == 1
