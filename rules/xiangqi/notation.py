"""Xiangqi move notation: ICCS coordinates, WXF and Chinese, written and read.

- ICCS: ``h2e2`` (files a-i, ranks 0-9 from red's side); read also as ``h2-e2``, any case.
- WXF (the World Xiangqi Federation's notation): piece letter, file, ``+`` forward / ``-``
  backward / ``.`` traverse, then the target file or, for pieces moving straight ahead or
  back, the number of ranks. Red counts files 1-9 from its right (file i = 1), black from
  its right (file a = 1). Two like pieces on one file are told apart by ``+`` (front) and
  ``-`` (rear) in place of the file (``C+.5``); soldiers follow WXF's special cases: three on
  a file are ``P+``/``P3``/``P-``, four or five add ``++`` and ``--`` for the outermost, and
  when two files hold several soldiers the file number replaces the letter (``3+``, ``33``,
  ``3-``). Advisors and elephants are never marked: their direction tells them apart. Read
  also: ``=`` for ``.``, ``N``/``B`` for ``H``/``E``, lowercase, ``+C.5``/``-R+1``, a file
  number on a tandem piece when only one of them can make the move (``C8+7``), and
  Fairy-Stockfish's soldier form, place from the front then file (``23=2``).
- Chinese: ``炮二平五`` (red: numerals 一…九), ``马８进７`` (black: digits, full-width when
  written, either width when read); 前/后 (中 for the middle of three; 二/三/四 for the
  inner soldiers of four or five) name tandem pieces, and 前三/中三/后三 replace the soldier
  when two files hold several. Written in simplified or traditional characters; read in
  either (車 馬 砲 包 帥 將 進 後 俥 傌 …).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.core import Color, Move, Square
from rules.errors import AmbiguousMoveError, IllegalMoveError, IllegalReason, InvalidMoveError
from rules.move_text import normalize
from rules.xiangqi.geometry import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    FILE_NAMES,
    FILES,
    GENERAL,
    HORSE,
    RANKS,
    SOLDIER,
    file_of,
    rank_of,
    square,
)
from rules.xiangqi.position import XiangqiPosition

WXF_LETTERS = {
    GENERAL: "K",
    ADVISOR: "A",
    ELEPHANT: "E",
    HORSE: "H",
    CHARIOT: "R",
    CANNON: "C",
    SOLDIER: "P",
}
_WXF_INPUT = {letter: code for code, letter in WXF_LETTERS.items()} | {"N": HORSE, "B": ELEPHANT}
RED_NAMES = {
    GENERAL: "帅",
    ADVISOR: "仕",
    ELEPHANT: "相",
    HORSE: "马",
    CHARIOT: "车",
    CANNON: "炮",
    SOLDIER: "兵",
}
BLACK_NAMES = {
    GENERAL: "将",
    ADVISOR: "士",
    ELEPHANT: "象",
    HORSE: "马",
    CHARIOT: "车",
    CANNON: "炮",
    SOLDIER: "卒",
}
RED_NUMERALS = "一二三四五六七八九"
BLACK_NUMERALS = "１２３４５６７８９"
_CHINESE_OPERATORS = {"+": "进", "-": "退", ".": "平"}
# Pieces that move along files and ranks count ranks when moving forward or back; the
# others always name the file they land on.
_STRAIGHT = frozenset((GENERAL, CHARIOT, CANNON, SOLDIER))

IndexRule = Callable[[int], int | None]


def _file_number(file: int, red: bool) -> int:
    return FILES - file if red else file + 1


def _file_from_number(number: int, red: bool) -> int:
    return FILES - number if red else number - 1


def _column(board: Sequence[int], piece: int, file: int, red: bool) -> list[Square]:
    """The squares on ``file`` holding ``piece``, front (most advanced) first."""
    squares = [square(file, r) for r in range(RANKS) if board[square(file, r)] == piece]
    return squares[::-1] if red else squares


def _tandem_files(board: Sequence[int], piece: int) -> list[int]:
    """The files holding two or more of ``piece``."""
    counts = [0] * FILES
    for sq, code in enumerate(board):
        if code == piece:
            counts[sq % FILES] += 1
    return [f for f in range(FILES) if counts[f] >= 2]


# --- writing ---------------------------------------------------------------------------------


def _describe(position: XiangqiPosition, move: Move) -> tuple[int, bool, str, str, str, int]:
    """(kind, red, WXF prefix, Chinese prefix, operator, target number) of a legal move."""
    if not position.is_legal(move):
        raise IllegalMoveError(
            position.uci(move),
            position.fen(),
            position.illegal_reason(move) or IllegalReason.CANNOT_REACH,
            in_check=position.is_check(),
            move=move,
        )
    board = position.board
    f, t = move.from_square, move.to_square
    piece = board[f]
    red = piece > 0
    kind = abs(piece)
    number = _file_number(file_of(f), red)
    names = RED_NAMES if red else BLACK_NAMES
    numerals = RED_NUMERALS if red else BLACK_NUMERALS
    letter = WXF_LETTERS[kind]
    wxf_prefix = f"{letter}{number}"
    chinese_prefix = f"{names[kind]}{numerals[number - 1]}"
    column = _column(board, piece, file_of(f), red)
    count = len(column)
    if count >= 2 and kind not in (ADVISOR, ELEPHANT):
        index = column.index(f)
        if kind != SOLDIER:
            marker = "+" if index == 0 else "-"
            wxf_prefix = letter + marker
            chinese_prefix = ("前" if index == 0 else "后") + names[kind]
        elif len(_tandem_files(board, piece)) >= 2:
            # Several files with several soldiers: the file number replaces the letter.
            middle = 0 < index < count - 1
            wxf_prefix = f"{number}{number if middle else '+' if index == 0 else '-'}"
            word = "中" if middle else "前" if index == 0 else "后"
            chinese_prefix = word + numerals[number - 1]
        else:
            wxf_prefix = _soldier_prefix(index, count, number)
            chinese_prefix = _soldier_word(index, count) + names[kind]
    df = rank_of(t) - rank_of(f)
    if df == 0:
        operator, target = ".", _file_number(file_of(t), red)
    else:
        operator = "+" if (df > 0) == red else "-"
        target = abs(df) if kind in _STRAIGHT else _file_number(file_of(t), red)
    return kind, red, wxf_prefix, chinese_prefix, operator, target


def _soldier_prefix(index: int, count: int, number: int) -> str:
    """WXF's names for soldiers on one file, front first (count 2 to 5)."""
    names = {
        2: ["P+", "P-"],
        3: ["P+", f"P{number}", "P-"],
        4: ["++", "P+", "P-", "--"],
        5: ["++", "P+", f"P{number}", "P-", "--"],
    }[count]
    return names[index]


def _soldier_word(index: int, count: int) -> str:
    words = {2: "前后", 3: "前中后", 4: "前二三后", 5: "前二三四后"}[count]
    return words[index]


def wxf(position: XiangqiPosition, move: Move) -> str:
    """The legal ``move`` in canonical WXF: ``C2.5``, ``H8+7``, ``R+.3``. Raises
    IllegalMoveError if it is not legal."""
    _, _, prefix, _, operator, target = _describe(position, move)
    return f"{prefix}{operator}{target}"


# Simplified characters of the notation and their traditional forms (Taiwan, Hong Kong).
_TRADITIONAL = str.maketrans("马车进后帅将", "馬車進後帥將")


def traditional(chinese: str) -> str:
    """A move in Chinese notation (as ``chinese`` writes it, simplified) in traditional
    characters: ``马８进７`` → ``馬８進７``."""
    return chinese.translate(_TRADITIONAL)


def chinese(position: XiangqiPosition, move: Move, *, traditional: bool = False) -> str:
    """The legal ``move`` in Chinese notation: simplified ``炮二平五``, ``马８进７``, or with
    ``traditional`` characters ``馬８進７``, ``前車進一``. Raises IllegalMoveError if it is
    not legal."""
    _, red, _, prefix, operator, target = _describe(position, move)
    numerals = RED_NUMERALS if red else BLACK_NUMERALS
    written = f"{prefix}{_CHINESE_OPERATORS[operator]}{numerals[target - 1]}"
    return written.translate(_TRADITIONAL) if traditional else written


# --- reading ---------------------------------------------------------------------------------

_ICCS = re.compile(r"([a-i])([0-9])-?([a-i])([0-9])")
_WXF_FILE = re.compile(r"([KAEHRCPNB])([1-9])([-+.])([1-9])")
_WXF_TANDEM = re.compile(r"([KAEHRCPNB])([-+])([-+.])([1-9])")
_WXF_TANDEM_FIRST = re.compile(r"([-+])([KAEHRCPNB])([-+.])([1-9])")
_WXF_OUTERMOST = re.compile(r"(\+\+|--)([-+.])([1-9])")
_WXF_SOLDIER_FILE = re.compile(r"([1-9])([-+1-9])([-+.])([1-9])")

_CHINESE_PIECES = {
    **dict.fromkeys("帅帥将將", GENERAL),
    **dict.fromkeys("仕士", ADVISOR),
    **dict.fromkeys("相象", ELEPHANT),
    **dict.fromkeys("马馬傌", HORSE),
    **dict.fromkeys("车車俥", CHARIOT),
    **dict.fromkeys("炮砲包", CANNON),
    **dict.fromkeys("兵卒", SOLDIER),
}
_CHINESE_MOVES = {"进": "+", "進": "+", "退": "-", "平": "."}
_CHINESE_NUMBERS = {
    **{c: i + 1 for i, c in enumerate(RED_NUMERALS)},
    **{c: i + 1 for i, c in enumerate(BLACK_NUMERALS)},
    **{str(i): i for i in range(1, 10)},
}
_CHINESE_PLACES_TEXT = "前后後中"
# Every character Chinese move notation uses: how a decoder tells a record from mojibake.
NOTATION_CHARACTERS = frozenset(
    "".join(_CHINESE_PIECES) + "".join(_CHINESE_MOVES) + RED_NUMERALS + _CHINESE_PLACES_TEXT
)
_CHINESE_PLACES: dict[str, IndexRule] = {
    "前": lambda n: 0,
    "后": lambda n: n - 1,
    "後": lambda n: n - 1,
    "中": lambda n: n // 2 if n % 2 else None,
    "二": lambda n: 1 if n >= 4 else None,
    "三": lambda n: 2 if n >= 4 else None,
    "四": lambda n: 3 if n >= 5 else None,
}


def _wxf_marker(marker: str) -> IndexRule:
    """WXF's ``+``/``-`` next to a letter: front/rear, or second from the end among four or
    five soldiers (whose outermost are ``++``/``--``)."""
    if marker == "+":
        return lambda n: 1 if n >= 4 else 0
    return lambda n: n - 2 if n >= 4 else n - 1


@dataclass(frozen=True, slots=True)
class _Spec:
    """A parsed WXF or Chinese move: which piece (by file and/or place in a tandem) goes how."""

    kind: int
    file_number: int | None
    place: IndexRule | None
    operator: str
    target: int


def parse_move(position: XiangqiPosition, text: str) -> Move:
    """The legal move ``text`` names in ICCS, WXF or Chinese notation.

    Raises InvalidMoveError (not a move in any notation), IllegalMoveError (with the reason)
    or AmbiguousMoveError (with the candidates in WXF).
    """
    if not isinstance(text, str):
        raise InvalidMoveError(str(text), "a move must be text")
    compact = "".join(normalize(text).split())
    if not compact:
        raise InvalidMoveError(text, "empty move")
    if len(compact) > 12:
        raise InvalidMoveError(text, "too long to be a move")
    match = _ICCS.fullmatch(compact.lower())
    if match:
        a, b, c, d = match.groups()
        move = Move(square(FILE_NAMES.index(a), int(b)), square(FILE_NAMES.index(c), int(d)))
        reason = position.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(
                text, position.fen(), reason, in_check=position.is_check(), move=move
            )
        return move
    spec = _parse_chinese(compact) if _has_cjk(compact) else _parse_wxf(compact)
    if spec is None:
        raise InvalidMoveError(
            text,
            "not ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五)",
        )
    return _resolve(position, text, spec)


def reads_as_xiangqi(text: str) -> bool:
    """Whether ``text`` has the form of a xiangqi move (ICCS, WXF or Chinese), in whatever
    position."""
    compact = "".join(normalize(text).split())
    if not compact or len(compact) > 12:
        return False
    if _ICCS.fullmatch(compact.lower()):
        return True
    spec = _parse_chinese(compact) if _has_cjk(compact) else _parse_wxf(compact)
    return spec is not None


def _has_cjk(text: str) -> bool:
    return any(ord(c) > 0x2E80 for c in text)


def _parse_wxf(text: str) -> _Spec | None:
    text = text.upper().replace("=", ".")
    if m := _WXF_FILE.fullmatch(text):
        return _Spec(_WXF_INPUT[m[1]], int(m[2]), None, m[3], int(m[4]))
    if m := _WXF_TANDEM.fullmatch(text):
        return _Spec(_WXF_INPUT[m[1]], None, _wxf_marker(m[2]), m[3], int(m[4]))
    if m := _WXF_TANDEM_FIRST.fullmatch(text):
        return _Spec(_WXF_INPUT[m[2]], None, _wxf_marker(m[1]), m[3], int(m[4]))
    if m := _WXF_OUTERMOST.fullmatch(text):
        place: IndexRule = (lambda n: 0) if m[1] == "++" else (lambda n: n - 1)
        return _Spec(SOLDIER, None, place, m[2], int(m[3]))
    if m := _WXF_SOLDIER_FILE.fullmatch(text):
        number, marker = int(m[1]), m[2]
        if marker.isdigit() and int(marker) != number:
            # Fairy-Stockfish's form: the soldier's place counted from the front, then its
            # file ("23=2": the second soldier on file 3).
            ordinal = number
            return _Spec(SOLDIER, int(marker), lambda n: ordinal - 1, m[3], int(m[4]))
        if marker.isdigit():
            place = _CHINESE_PLACES["中"]
        else:
            place = (lambda n: 0) if marker == "+" else (lambda n: n - 1)
        return _Spec(SOLDIER, number, place, m[3], int(m[4]))
    return None


def _parse_chinese(text: str) -> _Spec | None:
    if len(text) != 4 or text[2] not in _CHINESE_MOVES or text[3] not in _CHINESE_NUMBERS:
        return None
    first, second = text[0], text[1]
    operator, target = _CHINESE_MOVES[text[2]], _CHINESE_NUMBERS[text[3]]
    if first in _CHINESE_PIECES and second in _CHINESE_NUMBERS:  # 炮二平五
        return _Spec(_CHINESE_PIECES[first], _CHINESE_NUMBERS[second], None, operator, target)
    if first in _CHINESE_PLACES and second in _CHINESE_PIECES:  # 前车进一, 二兵平四
        return _Spec(_CHINESE_PIECES[second], None, _CHINESE_PLACES[first], operator, target)
    if first in _CHINESE_PIECES and second in "前后後中":  # 车前进一, as some write it
        return _Spec(_CHINESE_PIECES[first], None, _CHINESE_PLACES[second], operator, target)
    if first in "前后後中" and second in _CHINESE_NUMBERS:  # 前三进一: soldiers on two files
        return _Spec(SOLDIER, _CHINESE_NUMBERS[second], _CHINESE_PLACES[first], operator, target)
    return None


def _resolve(position: XiangqiPosition, text: str, spec: _Spec) -> Move:
    board = position.board
    red = position.side_to_move is Color.WHITE
    piece = spec.kind if red else -spec.kind
    if spec.file_number is not None:
        files = [_file_from_number(spec.file_number, red)]
    elif spec.place is not None:
        files = _tandem_files(board, piece)
    else:  # pragma: no cover - every spec names a file or a place
        files = []
    sources: list[Square] = []
    for file in files:
        column = _column(board, piece, file, red)
        if spec.place is not None:
            index = spec.place(len(column)) if len(column) >= 2 else None
            if index is not None and 0 <= index < len(column):
                sources.append(column[index])
        elif spec.kind == SOLDIER and len(column) in (3, 5):
            sources.append(column[len(column) // 2])  # a plain file names the middle soldier
        else:
            sources.extend(column)
    fen = position.fen()
    if not sources:
        raise IllegalMoveError(text, fen, IllegalReason.NO_SUCH_PIECE, in_check=position.is_check())
    moves = [m for m in (_destination(src, spec, red) for src in sources) if m is not None]
    legal = [m for m in moves if position.is_legal(m)]
    if len(legal) == 1:
        return legal[0]
    if legal:
        names = [position.san(m) for m in legal]
        raise AmbiguousMoveError(text, fen, legal, names)
    if not moves:
        raise IllegalMoveError(text, fen, IllegalReason.CANNOT_REACH, in_check=position.is_check())
    move = moves[0]
    reason = position.illegal_reason(move) or IllegalReason.CANNOT_REACH
    raise IllegalMoveError(text, fen, reason, in_check=position.is_check(), move=move)


def _destination(source: Square, spec: _Spec, red: bool) -> Move | None:
    """Where the piece on ``source`` lands if it moves as ``spec`` says, or None if no piece
    of that kind can move so."""
    file, rank = file_of(source), rank_of(source)
    forward = 1 if red else -1
    if spec.operator == ".":
        if spec.kind not in _STRAIGHT:
            return None
        to_file, to_rank = _file_from_number(spec.target, red), rank
        if to_file == file:
            return None
    else:
        direction = forward if spec.operator == "+" else -forward
        if spec.kind in _STRAIGHT:
            to_file, to_rank = file, rank + direction * spec.target
        else:
            to_file = _file_from_number(spec.target, red)
            step = abs(to_file - file)
            if spec.kind == ADVISOR:
                ranks = 1 if step == 1 else 0
            elif spec.kind == ELEPHANT:
                ranks = 2 if step == 2 else 0
            else:
                ranks = {1: 2, 2: 1}.get(step, 0)
            if not ranks:
                return None
            to_rank = rank + direction * ranks
    if not (0 <= to_rank < RANKS):
        return None
    return Move(source, square(to_file, to_rank))
