"""Janggi move notation: engine coordinates and the Korean numeric notation.

- Coordinates, as Fairy-Stockfish's UCI writes janggi moves: ``b1c3``, ``b10c8``; a pass is
  the general's square twice (``e2e2``).
- Korean notation, as the Korea Janggi Association's revised (third) notation writes it and
  Korean players read it: the origin point, the piece's name, the destination point
  (``79졸78``). A point is two digits read from Cho's side of the board: its row counted
  from Han's edge (1 to 9, then 0 for the tenth row, Cho's home row) and then its column
  from the left (1 to 9); Cho's general starts on 95, Han's on 25. The piece is named in
  Korean (장 사 상 마 차 포, 졸 for Cho's soldiers and 병 for Han's) or, on input, in Hanja
  (楚/漢 士 象 馬 車 包 卒/兵) or Fairy-Stockfish's letters (``P79-78``, K A E H R C P). A
  pass is ``한수쉼``.
- On input also Fairy-Stockfish's SAN (``Hc3``, ``Pih4``; ``rules.janggi.san``), as
  pychess-variants' records write moves.

Input accepts any of these, with or without spaces and a dash between the points, and a
trailing ``+``, ``#``, ``장군`` or ``멍군`` (check announcements), which are ignored.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rules.core import Move, Square
from rules.errors import IllegalMoveError, IllegalReason, InvalidMoveError
from rules.janggi.geometry import (
    CANNON,
    CHARIOT,
    ELEPHANT,
    FILE_NAMES,
    FILES,
    GENERAL,
    GUARD,
    HORSE,
    SOLDIER,
    square,
)
from rules.janggi.san import SAN_SHAPE, read_fsf_san
from rules.move_text import normalize

if TYPE_CHECKING:
    from rules.janggi.position import JanggiPosition

PASS_KOREAN = "한수쉼"
# Korean names; the soldier's differs by side (Cho 졸, Han 병), so it is given for both.
_KOREAN = {GENERAL: "장", GUARD: "사", ELEPHANT: "상", HORSE: "마", CHARIOT: "차", CANNON: "포"}
_HANJA = {GUARD: "士", ELEPHANT: "象", HORSE: "馬", CHARIOT: "車", CANNON: "包"}
_SOLDIER_NAMES = (("졸", "卒"), ("병", "兵"))  # (Cho, Han) × (Korean, Hanja)
_GENERAL_HANJA = ("楚", "漢")
_NAME_KINDS: dict[str, int] = {
    **{name: kind for kind, name in _KOREAN.items()},
    **{name: kind for kind, name in _HANJA.items()},
    "궁": GENERAL,
    "將": GENERAL,
    "帥": GENERAL,
    "楚": GENERAL,
    "漢": GENERAL,
    "졸": SOLDIER,
    "병": SOLDIER,
    "卒": SOLDIER,
    "兵": SOLDIER,
    "K": GENERAL,
    "A": GUARD,
    "E": ELEPHANT,
    "B": ELEPHANT,
    "H": HORSE,
    "N": HORSE,
    "R": CHARIOT,
    "C": CANNON,
    "P": SOLDIER,
}
_PASS_WORDS = frozenset((PASS_KOREAN, "pass", "@@@@", "0000", "--"))
_COORDINATES = re.compile(r"([a-i])(10|[1-9])-?([a-i])(10|[1-9])")
_NAMES = "".join(sorted(_NAME_KINDS))
_KOREAN_MOVE = re.compile(rf"([{_NAMES}])?([0-9])([0-9])-?([{_NAMES}])?-?([0-9])([0-9])")
_ANNOUNCEMENTS = ("장군", "멍군", "+", "#")


def point(sq: Square) -> str:
    """The Korean two-digit name of a point: row from Han's edge (0 for the tenth), column."""
    row = 10 - sq // FILES
    return f"{row % 10}{sq % FILES + 1}"


def _square_of_point(row: str, column: str) -> Square | None:
    rank = 10 - (int(row) or 10)
    file = int(column) - 1
    if not 0 <= file < FILES:
        return None
    return square(file, rank)


def piece_name(kind: int, cho: bool, *, hanja: bool = False) -> str:
    """A piece's name as Korean notation writes it (``졸``, or ``卒`` with ``hanja``)."""
    if kind == SOLDIER:
        return _SOLDIER_NAMES[0 if cho else 1][1 if hanja else 0]
    if hanja:
        return _GENERAL_HANJA[0 if cho else 1] if kind == GENERAL else _HANJA[kind]
    return _KOREAN[kind]


def korean(position: JanggiPosition, move: Move, *, hanja: bool = False) -> str:
    """``move`` in Korean notation (``79졸78``); a pass is ``한수쉼``."""
    if move[0] == move[1]:
        return PASS_KOREAN
    code = position.board[move[0]]
    name = piece_name(abs(code), code > 0, hanja=hanja)
    return f"{point(move[0])}{name}{point(move[1])}"


def parse_move(position: JanggiPosition, text: str) -> Move:
    """The legal move ``text`` names (see the module docstring).

    Raises InvalidMoveError (no janggi notation reads it) or IllegalMoveError (with the
    reason).
    """
    if not isinstance(text, str):
        raise InvalidMoveError(str(text), "a move must be text")
    compact = _without_announcement("".join(normalize(text).split()))
    if not compact:
        raise InvalidMoveError(text, "empty move")
    if len(compact) > 12:
        raise InvalidMoveError(text, "too long to be a move")
    if compact.lower() in _PASS_WORDS:
        return _checked(position, text, position.pass_move())
    if SAN_SHAPE.fullmatch(compact):
        # Fairy-Stockfish's SAN (Hc3; A1f1 is a guard's move, not coordinates), as
        # pychess-variants' records write moves: a capital piece letter, a small file.
        found = read_fsf_san(position, compact)
        if found is None:
            raise IllegalMoveError(
                text, position.fen(), IllegalReason.CANNOT_REACH, in_check=position.is_check()
            )
        return found
    match = _COORDINATES.fullmatch(compact.lower())
    if match:
        a, b, c, d = match.groups()
        from_square = square(FILE_NAMES.index(a), int(b) - 1)
        to_square = square(FILE_NAMES.index(c), int(d) - 1)
        return _checked(position, text, Move(from_square, to_square))
    match = _KOREAN_MOVE.fullmatch(compact)
    if match is None:
        raise InvalidMoveError(text, "not coordinates (b1c3), Korean notation (79졸78) or a pass")
    before, row, column, after, to_row, to_column = match.groups()
    if before and after:
        raise InvalidMoveError(text, "the piece is named twice")
    origin = _square_of_point(row, column)
    target = _square_of_point(to_row, to_column)
    if origin is None or target is None:
        raise InvalidMoveError(text, "columns are numbered 1 to 9")
    move = Move(origin, target)
    name = before or after
    code = position.board[origin]
    sign = 1 if position.side_to_move.value == "white" else -1
    if name and code * sign > 0 and abs(code) != _NAME_KINDS[name]:
        raise IllegalMoveError(
            text, position.fen(), IllegalReason.NO_SUCH_PIECE, in_check=position.is_check()
        )
    if origin == target and code * sign != GENERAL:
        # Only the general's own point names a pass.
        raise IllegalMoveError(
            text, position.fen(), IllegalReason.CANNOT_REACH, in_check=position.is_check()
        )
    return _checked(position, text, move)


def _without_announcement(compact: str) -> str:
    for suffix in _ANNOUNCEMENTS:
        if compact.endswith(suffix) and len(compact) > len(suffix):
            return compact[: -len(suffix)]
    return compact


def _checked(position: JanggiPosition, text: str, move: Move) -> Move:
    reason = position.illegal_reason(move)
    if reason is not None:
        raise IllegalMoveError(
            text, position.fen(), reason, in_check=position.is_check(), move=move
        )
    if move[0] == move[1]:
        return position.pass_move()
    return move


def reads_as_janggi(text: str) -> bool:
    """Whether ``text`` has the form of a janggi move (coordinates, Korean notation, a
    pass), in whatever position."""
    compact = _without_announcement("".join(normalize(text).split()))
    if not compact or len(compact) > 12:
        return False
    return bool(
        compact.lower() in _PASS_WORDS
        or _COORDINATES.fullmatch(compact.lower())
        or _KOREAN_MOVE.fullmatch(compact)
        or SAN_SHAPE.fullmatch(compact)
    )
