"""Reading and writing chess FEN, with every check that makes a position impossible."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.chess.geometry import (
    ALL_CASTLING,
    CASTLING_LETTERS,
    SQUARE_NAMES,
    SQUARES_BY_NAME,
    rank_of,
)
from rules.chess.position import EMPTY, ChessPosition, is_attacked
from rules.core import Square
from rules.errors import FenProblem, InvalidFenError

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
PIECE_LETTERS = frozenset("pnbrqkPNBRQK")
# Where king and rook must stand for each castling right.
CASTLING_SQUARES = {"K": (4, 7, "K", "R"), "Q": (4, 0, "K", "R"),
                    "k": (60, 63, "k", "r"), "q": (60, 56, "k", "r")}  # fmt: skip


# Reads a castling field against the board: (fen, field, board, dropped) -> the rights.
CastlingReader = Callable[[str, str, tuple[str, ...], "list[str] | None"], int]


def castling_field(rights: int) -> str:
    return "".join(letter for letter, bit in CASTLING_LETTERS if rights & bit) or "-"


def position_to_fen(position: ChessPosition) -> str:
    board = position.board
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for letter in board[rank * 8 : rank * 8 + 8]:
            if letter == EMPTY:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += letter
        rows.append(row + (str(empty) if empty else ""))
    ep = position.en_passant_square
    return " ".join(
        (
            "/".join(rows),
            "w" if position.side_to_move.value == "white" else "b",
            position.castling_rights,
            "-" if ep is None else SQUARE_NAMES[ep],
            str(position.halfmove_clock),
            str(position.fullmove_number),
        )
    )


def parse_fen(fen: str) -> ChessPosition:
    """The position a FEN describes (``"startpos"`` is the initial position).

    Accepts four to six fields (missing move counters default to ``0 1``). Raises
    InvalidFenError naming what is wrong.
    """
    return parse_with(fen, None)


@dataclass(frozen=True, slots=True)
class RecordFen:
    """A record's start position, and what had to be dropped from its FEN to read it: castling
    rights whose king or rook is not at home, an en passant square no double step explains."""

    position: ChessPosition
    dropped_castling: str
    dropped_en_passant: str | None


def parse_record_fen(
    fen: str, read_castling: CastlingReader | None = None, kind: type[ChessPosition] | None = None
) -> RecordFen:
    """The start position of a record. As ``parse_fen``, except that an impossible castling
    right or en passant square (real files have them: lichess studies edited by hand) is
    dropped and reported instead of refused; a position a player types stays strict.
    Raises InvalidFenError for anything else. ``read_castling`` and ``kind`` as for
    ``parse_with``."""
    dropped: list[str] = []
    position = parse_with(fen, dropped, read_castling, kind or ChessPosition)
    castling = "".join(d for d in dropped if len(d) == 1)
    en_passant = next((d for d in dropped if len(d) == 2), None)
    return RecordFen(position, castling, en_passant)


def parse_with(
    fen: str,
    dropped: list[str] | None,
    read_castling: CastlingReader | None = None,
    kind: type[ChessPosition] = ChessPosition,
) -> ChessPosition:
    """The position of ``fen`` as a ``kind``, its castling field read by ``read_castling``
    (standard chess's by default: Chess960 reads rook files too). ``dropped`` (a record's
    FEN) collects the impossible castling letters and en passant square left out instead of
    refused. Raises InvalidFenError naming what is wrong."""
    if not isinstance(fen, str):
        raise InvalidFenError(repr(fen), FenProblem.NOT_TEXT)
    text = " ".join(fen.split())
    if text == "startpos":
        text = START_FEN
    fields = text.split(" ")
    if not 4 <= len(fields) <= 6:
        found = len(fields) if text else 0
        raise InvalidFenError(fen, FenProblem.FIELD_COUNT, minimum=4, maximum=6, found=found)
    fields += ["0", "1"][len(fields) - 4 :]
    placement, side, castling_text, ep_text, halfmove_text, fullmove_text = fields

    board = _parse_placement(fen, placement)
    if side not in ("w", "b"):
        raise InvalidFenError(fen, FenProblem.SIDE_TO_MOVE, found=side)
    white = side == "w"
    kings = _kings(fen, board)
    castling = (read_castling or _parse_castling)(fen, castling_text, board, dropped)
    ep = _parse_en_passant(fen, ep_text, board, white, dropped)
    halfmove = _counter(fen, halfmove_text, "halfmove clock", minimum=0)
    fullmove = _counter(fen, fullmove_text, "fullmove number", minimum=0) or 1

    them = kings[1] if white else kings[0]
    if is_attacked(board, them, white):
        waiting, to_move = ("black", "white") if white else ("white", "black")
        raise InvalidFenError(fen, FenProblem.OPPONENT_IN_CHECK, side=waiting, to_move=to_move)
    return kind._make(board, white, castling, ep, halfmove, fullmove, kings)


def _parse_placement(fen: str, placement: str) -> tuple[str, ...]:
    rows = placement.split("/")
    if len(rows) != 8:
        raise InvalidFenError(fen, FenProblem.RANK_COUNT, expected=8, found=len(rows))
    board = [EMPTY] * 64
    for index, row in enumerate(rows):
        rank = 7 - index
        file = 0
        for char in row:
            if char in "12345678":
                file += int(char)
            elif char in PIECE_LETTERS:
                if file < 8:
                    board[rank * 8 + file] = char
                file += 1
            else:
                raise InvalidFenError(fen, FenProblem.BAD_CHARACTER, character=char, rank=rank + 1)
        if file != 8:
            raise InvalidFenError(
                fen, FenProblem.RANK_LENGTH, rank=rank + 1, found=file, expected=8
            )
    for sq in list(range(8)) + list(range(56, 64)):
        if board[sq] in ("P", "p"):
            raise InvalidFenError(fen, FenProblem.PAWN_ON_BACK_RANK, square=SQUARE_NAMES[sq])
    return tuple(board)


def _kings(fen: str, board: tuple[str, ...]) -> tuple[Square, Square]:
    white = [sq for sq, p in enumerate(board) if p == "K"]
    black = [sq for sq, p in enumerate(board) if p == "k"]
    if len(white) != 1 or len(black) != 1:
        raise InvalidFenError(fen, FenProblem.KING_COUNT, white=len(white), black=len(black))
    return white[0], black[0]


def _parse_castling(fen: str, text: str, board: tuple[str, ...], dropped: list[str] | None) -> int:
    if text == "-":
        return 0
    rights = 0
    bits = dict(CASTLING_LETTERS)
    for letter in text:
        if letter not in bits or rights & bits[letter]:
            raise InvalidFenError(fen, FenProblem.BAD_CASTLING_FIELD, found=text)
        king_sq, rook_sq, king, rook = CASTLING_SQUARES[letter]
        if board[king_sq] != king or board[rook_sq] != rook:
            if dropped is not None:
                dropped.append(letter)
                continue
            raise InvalidFenError(
                fen,
                FenProblem.CASTLING_WITHOUT_PIECES,
                right=letter,
                king_square=SQUARE_NAMES[king_sq],
                rook_square=SQUARE_NAMES[rook_sq],
            )
        rights |= bits[letter]
    return rights & ALL_CASTLING


def _parse_en_passant(
    fen: str, text: str, board: tuple[str, ...], white: bool, dropped: list[str] | None
) -> Square | None:
    if text == "-":
        return None
    square = SQUARES_BY_NAME.get(text)
    if square is None:
        raise InvalidFenError(fen, FenProblem.BAD_EN_PASSANT_SQUARE, found=text)
    # White to move: black just played a double step, so the square is on rank 6.
    rank, pawn, step = (5, "p", -8) if white else (2, "P", 8)
    if (
        rank_of(square) != rank
        or board[square] != EMPTY
        or board[square - step] != EMPTY
        or board[square + step] != pawn
    ):
        if dropped is not None:
            dropped.append(text)
            return None
        raise InvalidFenError(fen, FenProblem.EN_PASSANT_WITHOUT_DOUBLE_STEP, square=text)
    return square


def _counter(fen: str, text: str, name: str, minimum: int) -> int:
    if not text.isdigit() or not text.isascii():
        raise InvalidFenError(fen, FenProblem.BAD_COUNTER, field=name, found=text, minimum=minimum)
    value = int(text)
    if value < minimum or len(text) > 6:
        raise InvalidFenError(fen, FenProblem.COUNTER_OUT_OF_RANGE, field=name, found=text)
    return value
