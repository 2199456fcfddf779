"""Janggi FEN, as Fairy-Stockfish writes it.

``rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1``: ranks from
Han's side (rank 10) down, uppercase Cho; then the side to move (``w`` Cho, ``b`` Han), two
``-`` fields kept for FEN compatibility, the plies since the last capture and the move
number, read and written as xiangqi's (``rules.xiangqi.fen``: the same board and letters).
On input ``e`` is accepted for the elephant and ``h`` for the horse, and trailing fields may
be left out. Positions that cannot arise are refused: a general or guard outside
its palace, a soldier behind its starting rank (soldiers never step back), more pieces of a
kind than a side starts with, a side without its general, the side not to move in check.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import FenProblem, InvalidFenError
from rules.janggi.geometry import (
    GENERAL,
    GUARD,
    MAX_COUNTS,
    SOLDIER,
    SQUARE_NAMES,
    SQUARES,
    Board,
    in_palace,
    rank_of,
)
from rules.janggi.movegen import is_attacked
from rules.xiangqi.fen import board_field, check_counts, format_fen, read_fields

__all__ = ["ParsedFen", "board_field", "format_fen", "parse_fen"]

SIDE_NAMES = ("cho", "han")


@dataclass(frozen=True, slots=True)
class ParsedFen:
    """The fields of a valid FEN."""

    board: Board
    cho: bool
    halfmove: int
    fullmove: int
    generals: tuple[int, int]


def parse_fen(fen: str) -> ParsedFen:
    """Parse and validate a janggi FEN. Raises InvalidFenError saying what is wrong."""
    board, cho, halfmove, fullmove = read_fields(fen)
    generals = _validate_placement(fen, board)
    waiting = generals[1 if cho else 0]
    if is_attacked(board, waiting, cho):
        names = SIDE_NAMES if cho else SIDE_NAMES[::-1]
        raise InvalidFenError(fen, FenProblem.OPPONENT_IN_CHECK, side=names[1], to_move=names[0])
    return ParsedFen(board, cho, halfmove, fullmove, generals)


def _validate_placement(fen: str, board: Board) -> tuple[int, int]:
    """Check piece counts and where each kind may stand; return the generals' squares."""
    generals = [-1, -1]
    for side_index, (cho, sign) in enumerate(((True, 1), (False, -1))):
        colour = SIDE_NAMES[side_index]
        counts = dict.fromkeys(MAX_COUNTS, 0)
        for sq in range(SQUARES):
            code = board[sq] * sign
            if code <= 0:
                continue
            counts[code] += 1
            name = SQUARE_NAMES[sq]
            if code == GENERAL:
                generals[side_index] = sq
                if not in_palace(sq, cho):
                    raise InvalidFenError(
                        fen, FenProblem.GENERAL_OUTSIDE_PALACE, side=colour, square=name
                    )
            elif code == GUARD and not in_palace(sq, cho):
                raise InvalidFenError(fen, FenProblem.ADVISOR_OFF_POINT, side=colour, square=name)
            elif code == SOLDIER and (rank_of(sq) < 3 if cho else rank_of(sq) > 6):
                raise InvalidFenError(
                    fen, FenProblem.SOLDIER_BEHIND_START, side=colour, square=name
                )
        check_counts(fen, counts, colour)
    return generals[0], generals[1]
