"""Xiangqi FEN, as Fairy-Stockfish and xiangqi sites write it.

``rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1``: ranks from black's
side (rank 9) down, uppercase red; then the side to move (``w``, also ``r``, for red; ``b`` for
black), two ``-`` fields kept for FEN compatibility, the halfmove clock and the move number.
On input ``e`` is accepted for the elephant and ``h`` for the horse, and trailing fields may
be left out. Every position is checked for being one that can arise in a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.errors import FenProblem, InvalidFenError
from rules.xiangqi.geometry import (
    ADVISOR,
    ELEPHANT,
    FILES,
    GENERAL,
    KIND_CODES,
    KIND_LETTERS,
    MAX_COUNTS,
    RANKS,
    SOLDIER,
    SQUARE_NAMES,
    SQUARES,
    Board,
    file_of,
    in_palace,
    on_own_side,
    rank_of,
    square,
)
from rules.xiangqi.movegen import is_attacked

KIND_NAMES = {
    GENERAL: "general",
    ADVISOR: "advisor",
    ELEPHANT: "elephant",
    4: "horse",
    5: "chariot",
    6: "cannon",
    SOLDIER: "soldier",
}
_INPUT_LETTERS = {**KIND_CODES, "e": ELEPHANT, "h": 4}
_SIDES = {"w": True, "r": True, "b": False}
# Where advisors and elephants can ever stand: their moves never leave these points.
ADVISOR_SQUARES = (
    frozenset(square(f, r) for f, r in ((3, 0), (5, 0), (4, 1), (3, 2), (5, 2))),
    frozenset(square(f, r) for f, r in ((3, 9), (5, 9), (4, 8), (3, 7), (5, 7))),
)
ELEPHANT_SQUARES = (
    frozenset(square(f, r) for f, r in ((2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4))),
    frozenset(square(f, r) for f, r in ((2, 9), (6, 9), (0, 7), (4, 7), (8, 7), (2, 5), (6, 5))),
)


@dataclass(frozen=True, slots=True)
class ParsedFen:
    """The fields of a valid FEN."""

    board: Board
    red: bool
    halfmove: int
    fullmove: int
    red_general: int
    black_general: int


def parse_fen(fen: str) -> ParsedFen:
    """Parse and validate a xiangqi FEN. Raises InvalidFenError saying what is wrong."""
    board, red, halfmove, fullmove = read_fields(fen)
    generals = _validate_placement(fen, board)
    _validate_safety(fen, board, red, generals)
    return ParsedFen(board, red, halfmove, fullmove, generals[0], generals[1])


def read_fields(fen: str) -> tuple[Board, bool, int, int]:
    """The placement, whether the first player (red, janggi's Cho) is to move, the halfmove
    clock and the move number of a FEN on the 9 × 10 board xiangqi and janggi share, read
    but not yet judged. Raises InvalidFenError saying what is wrong."""
    if not isinstance(fen, str):
        raise InvalidFenError(str(fen), FenProblem.NOT_TEXT)
    fields = fen.split()
    if not fields:
        raise InvalidFenError(fen, FenProblem.EMPTY)
    if len(fields) > 6:
        raise InvalidFenError(fen, FenProblem.FIELD_COUNT, minimum=1, maximum=6, found=len(fields))
    board = _parse_board(fen, fields[0])
    side = fields[1] if len(fields) > 1 else "w"
    if side.lower() not in _SIDES:
        raise InvalidFenError(fen, FenProblem.SIDE_TO_MOVE, found=side)
    for index, name in ((2, "castling"), (3, "en passant")):
        if len(fields) > index and fields[index] != "-":
            raise InvalidFenError(fen, FenProblem.FIELD_MUST_BE_EMPTY, field=name)
    halfmove = _parse_counter(fen, fields, 4, "halfmove clock", 0)
    fullmove = _parse_counter(fen, fields, 5, "move number", 1)
    return board, _SIDES[side.lower()], halfmove, fullmove


def _parse_board(fen: str, placement: str) -> Board:
    rows = placement.split("/")
    if len(rows) != RANKS:
        raise InvalidFenError(fen, FenProblem.RANK_COUNT, expected=RANKS, found=len(rows))
    board = [0] * SQUARES
    for row_index, row in enumerate(rows):
        rank = RANKS - 1 - row_index
        file = 0
        for char in row:
            if char in "123456789":
                file += int(char)
            elif char.lower() in _INPUT_LETTERS:
                if file < FILES:
                    code = _INPUT_LETTERS[char.lower()]
                    board[square(file, rank)] = code if char.isupper() else -code
                file += 1
            else:
                raise InvalidFenError(fen, FenProblem.BAD_CHARACTER, character=char, rank=rank)
        if file != FILES:
            raise InvalidFenError(
                fen, FenProblem.RANK_LENGTH, rank=rank, found=file, expected=FILES
            )
    return tuple(board)


def _parse_counter(fen: str, fields: list[str], index: int, name: str, minimum: int) -> int:
    if len(fields) <= index:
        return minimum
    text = fields[index]
    if not text.isascii() or not text.isdigit() or len(text) > 6 or int(text) < minimum:
        raise InvalidFenError(fen, FenProblem.BAD_COUNTER, field=name, found=text, minimum=minimum)
    return int(text)


def _validate_placement(fen: str, board: Board) -> tuple[int, int]:
    """Check piece counts and where each kind may stand; return the generals' squares."""
    generals = [-1, -1]
    for side_index, (red, sign, colour) in enumerate(((True, 1, "red"), (False, -1, "black"))):
        counts = dict.fromkeys(MAX_COUNTS, 0)
        for sq in range(SQUARES):
            code = board[sq] * sign
            if code <= 0:
                continue
            counts[code] += 1
            name = SQUARE_NAMES[sq]
            if code == GENERAL:
                generals[side_index] = sq
                if not in_palace(sq, red):
                    raise InvalidFenError(
                        fen, FenProblem.GENERAL_OUTSIDE_PALACE, side=colour, square=name
                    )
            elif code == ADVISOR and sq not in ADVISOR_SQUARES[side_index]:
                raise InvalidFenError(fen, FenProblem.ADVISOR_OFF_POINT, side=colour, square=name)
            elif code == ELEPHANT and sq not in ELEPHANT_SQUARES[side_index]:
                raise InvalidFenError(fen, FenProblem.ELEPHANT_OFF_POINT, side=colour, square=name)
            elif code == SOLDIER:
                _validate_soldier(fen, sq, red, colour)
        check_counts(fen, counts, colour)
    return generals[0], generals[1]


def check_counts(fen: str, counts: Mapping[int, int], side: str) -> None:
    """Refuse a ``side`` with more pieces of a kind than it starts with, or without its
    general (``counts`` by piece code; janggi's pieces and counts are xiangqi's). Raises
    InvalidFenError."""
    for code, limit in MAX_COUNTS.items():
        if counts[code] > limit:
            raise InvalidFenError(
                fen,
                FenProblem.TOO_MANY_PIECES,
                side=side,
                piece=KIND_NAMES[code],
                found=counts[code],
                limit=limit,
            )
    if counts[GENERAL] == 0:
        raise InvalidFenError(fen, FenProblem.NO_GENERAL, side=side)


def _validate_soldier(fen: str, sq: int, red: bool, colour: str) -> None:
    rank = rank_of(sq)
    # Soldiers start on rank 3 (red) / 6 (black) and never step back.
    start = 3 if red else 6
    if (red and rank < start) or (not red and rank > start):
        raise InvalidFenError(
            fen, FenProblem.SOLDIER_BEHIND_START, side=colour, square=SQUARE_NAMES[sq]
        )
    # Before crossing the river a soldier only ever moved straight ahead from a start point.
    if on_own_side(sq, red) and file_of(sq) % 2:
        raise InvalidFenError(
            fen, FenProblem.SOLDIER_OFF_FILE, side=colour, square=SQUARE_NAMES[sq]
        )


def _validate_safety(fen: str, board: Board, red: bool, generals: tuple[int, int]) -> None:
    red_general, black_general = generals
    if file_of(red_general) == file_of(black_general) and not any(
        board[s] for s in range(red_general + FILES, black_general, FILES)
    ):
        raise InvalidFenError(fen, FenProblem.GENERALS_FACE)
    waiting = black_general if red else red_general
    if is_attacked(board, waiting, red):
        waiting_side, to_move = ("black", "red") if red else ("red", "black")
        raise InvalidFenError(fen, FenProblem.OPPONENT_IN_CHECK, side=waiting_side, to_move=to_move)


def board_field(board: Board) -> str:
    """The placement field of a FEN for ``board``."""
    rows = []
    for rank in range(RANKS - 1, -1, -1):
        row = ""
        empty = 0
        for file in range(FILES):
            code = board[square(file, rank)]
            if not code:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            letter = KIND_LETTERS[abs(code)]
            row += letter.upper() if code > 0 else letter
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def format_fen(board: Board, red: bool, halfmove: int, fullmove: int) -> str:
    return f"{board_field(board)} {'w' if red else 'b'} - - {halfmove} {fullmove}"
