"""PGN-style game records shared by both variants: writing them, and reading real files.

Each variant decides its tags and how moves are written (``variant.write_record``); this module
does the text: escaping tags, numbering and wrapping moves, and reading the records people
actually have. ``scan_games`` splits a text (or an open file, line by line, so a file of any
size streams) into games: their tags and mainline move tokens, each with the line it stands
on. What it tolerates, as real files need (the PGN standard, section 8, and what exporters do):

- CR, LF or CRLF line ends, a byte-order mark, ``%`` escape lines (skipped, as the standard
  says), blank lines between tags, tags and moves on one line;
- ``{comments}``, ``;`` comments, ``(variations)`` (skipped), NAGs (``$1``) and annotation
  marks attached (``Nf3!?``) or standing alone (``?``, ``!!``, ``+-``);
- move numbers with or without dots, glued or apart (``1.e4``, ``1 e4``, ``1 .e4``, ``3...``);
  ``e.p.`` after an en passant capture;
- null moves ``--``, ``Z0``, ``0000`` and ``@@@@``, read as ``NULL_MOVE`` (see there);
- a game without a result token ends where the next game's tags begin;
- tag values with unescaped quotes, as old programs wrote them (``[White ""Mirage""]``).

``decode_record`` turns bytes into text: UTF-8 (with or without a byte-order mark), else a
legacy encoding (Windows-1252/Latin-1 for chess; GB18030 or Big5 for xiangqi, whichever reads
the moves); binary data is refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules.errors import InvalidRecordError, RulesError

if TYPE_CHECKING:
    from rules.core import Move, Position
    from rules.game import Game

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
# The tokens records use for a null move (a side passing: analysis, not play).
NULL_TOKENS = frozenset(("--", "Z0", "0000", "@@@@"))
LINE_WIDTH = 80
# A comment's words for wrapping: an embedded command ([%eval 0.31]) or a run of non-spaces.
_COMMENT_WORD = re.compile(r"\[%[^\]]*\]|\S+")

_TAG = re.compile(r'\[\s*([^\s"\]]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
# A tag whose value has unescaped quotes ([White ""Mirage""], from old chess programs): the
# value runs to the last quote before the closing bracket, as python-chess reads it.
_LOOSE_TAG = re.compile(r'\[\s*([^\s"\]]+)\s*"(.*?)"\s*\](?=\s*(?:\[|$))')
_TAG_ESCAPE = re.compile(r'\\([\\"])')  # the only escapes PGN defines: \" and \\
# A move number ("12", "12.", "3...") standing alone, or glued to its move ("1.e4"), unless
# the dots are part of a move: WXF "77.8" is a move.
_NUMBER_ALONE = re.compile(r"\d+\.*")
_NUMBER_GLUED = re.compile(r"\d+\.+(?=\D)")
_NAG = re.compile(r"\$\d+")
# Evaluation and annotation glyphs some programs write as separate tokens.
_GLYPHS = frozenset(
    ("+-", "-+", "+/-", "-/+", "+=", "=+", "=", "+/=", "=/+", "±", "∓", "⩲", "⩱", "∞", "=/∞")
)
_ANNOTATION_MARKS = "!?"
_MARK_STARTS = frozenset("!?$+-=±∓⩲⩱∞")
_RESULT_ALIASES = {"½-½": "1/2-1/2"}
# A line with none of these characters is plain movetext: split on spaces, no scanning.
_SPECIAL = re.compile(r"[{};()\[\]]")


def format_tags(tags: Iterable[tuple[str, str]]) -> str:
    def escape(value: str) -> str:
        return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")

    return "\n".join(f'[{name} "{escape(value)}"]' for name, value in tags)


def ordered_tags(defaults: Mapping[str, str], extra: Mapping[str, str]) -> list[tuple[str, str]]:
    """The Seven Tag Roster first in its order, then the remaining tags in the order given."""
    merged = {**defaults, **extra}
    roster = [(name, merged[name]) for name in SEVEN_TAG_ROSTER]
    rest = [(name, value) for name, value in merged.items() if name not in SEVEN_TAG_ROSTER]
    return roster + rest


@dataclass(frozen=True, slots=True)
class Annotations:
    """What an annotated record adds to its moves, by ply: ``nags``, a mark written onto that
    move (``?!``, ``?``, ``??``); ``variations``, moves played instead of that one (given to
    ``write_record`` in coordinates from the position before it; to ``format_movetext``
    already in the record's notation)."""

    nags: Mapping[int, str] = field(default_factory=dict)
    variations: Mapping[int, Sequence[str]] = field(default_factory=dict)


def format_movetext(
    moves: list[str],
    first_number: int,
    black_first: bool,
    result: str,
    comments: Mapping[int, str] | None = None,
    annotations: Annotations | None = None,
) -> str:
    """Numbered movetext wrapped at 80 columns, ending with the result. By ply: ``comments``
    go after that move (0: before the first); a comment's braces become parentheses, since
    a ``}`` would end it early; ``annotations``' marks go onto their moves, their
    variations in parentheses after the move's comment."""
    comments = comments or {}
    nags = annotations.nags if annotations else {}
    variations = annotations.variations if annotations else {}
    tokens: list[str] = []
    number = first_number
    if comments.get(0):
        tokens += _comment(comments[0])
    for index, move in enumerate(moves):
        white_to_move = (index % 2 == 0) != black_first
        interrupted = index == 0 or bool(comments.get(index)) or bool(variations.get(index))
        tokens += _number(number, white_to_move, interrupted)
        tokens.append(move + nags.get(index + 1, ""))
        if comments.get(index + 1):
            tokens += _comment(comments[index + 1])
        if variations.get(index + 1):
            tokens += _variation(variations[index + 1], number, white_to_move)
        if not white_to_move:
            number += 1
    tokens.append(result)
    return _wrap(tokens)


def named_annotations(
    game: Game, annotations: Annotations | None, name: Callable[[Position, Move], str]
) -> Annotations | None:
    """``annotations`` with each variation's moves named by ``name`` (the record's notation)
    from the position before its ply."""
    if annotations is None:
        return None
    variations = {
        ply: line_names(game.positions[ply - 1], line, name)
        for ply, line in annotations.variations.items()
    }
    return Annotations(annotations.nags, variations)


def line_names(
    position: Position, line: Sequence[str], name: Callable[[Position, Move], str]
) -> list[str]:
    """``line``'s moves (any notation ``position`` reads, e.g. coordinates), each named by
    ``name`` in the position it is played from; the line stops at its first illegal move."""
    names: list[str] = []
    for text in line:
        try:
            move = position.parse_move(text)
        except RulesError:
            break
        names.append(name(position, move))
        position = position.play(move)
    return names


def _number(number: int, white_to_move: bool, interrupted: bool) -> list[str]:
    """The move number before a move: always for the first player, for the second only
    where the moves were interrupted (the start, a comment, a variation)."""
    if white_to_move:
        return [f"{number}."]
    return [f"{number}..."] if interrupted else []


def _variation(line: Sequence[str], number: int, white_to_move: bool) -> list[str]:
    """A variation's tokens in parentheses, numbered from the move it replaces."""
    tokens: list[str] = []
    for index, move in enumerate(line):
        tokens += _number(number, white_to_move, index == 0)
        tokens.append(move)
        if not white_to_move:
            number += 1
        white_to_move = not white_to_move
    tokens[0] = "(" + tokens[0]
    tokens[-1] += ")"
    return tokens


def _wrap(tokens: list[str]) -> str:
    """Tokens as lines of at most 80 columns (a longer token stands alone)."""
    lines: list[str] = []
    line = ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > LINE_WIDTH:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    lines.append(line)
    return "\n".join(lines)


def _comment(text: str) -> list[str]:
    """A comment as words, so that a long one wraps like the moves around it; a command
    such as ``[%eval #1]`` stays one word (readers look for it on one line)."""
    words = _COMMENT_WORD.findall(text.replace("{", "(").replace("}", ")")) or [""]
    words[0] = "{" + words[0]
    words[-1] += "}"
    return words


# --- reading ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DecodedText:
    """Text read from bytes, and the encoding it was read in (``utf-8`` or ``cp1252``)."""

    text: str
    encoding: str


def decode_record(
    data: bytes,
    legacy: Sequence[str] = ("cp1252",),
    likelihood: Callable[[str], int] | None = None,
) -> DecodedText:
    """The text of a record file's bytes: UTF-8 (a byte-order mark is dropped) when the bytes
    are valid UTF-8, otherwise the first of the ``legacy`` encodings that reads them —
    or, given ``likelihood`` (how much a text looks like a record), the likeliest. ``cp1252``
    is Windows-1252 with Latin-1 for the five bytes it leaves undefined, so it reads anything:
    older chess files are written in it; xiangqi files in GB18030/GBK or Big5.

    NUL bytes at the very end are padding (archives pad files to a block: pgnmentor's
    ``Stein.pgn`` ends in two) and are dropped. Raises InvalidRecordError for UTF-16/UTF-32 or
    binary data (a NUL byte before the end, or nothing but NULs): not a PGN text, or bytes
    none of the encodings reads.
    """
    padded = data
    data = data.rstrip(b"\x00")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data or (padded and not data):
        raise InvalidRecordError("the file is not a text file (binary data, or UTF-16/UTF-32)")
    try:
        return DecodedText(data.decode("utf-8-sig"), "utf-8")
    except UnicodeDecodeError:
        pass
    found: list[DecodedText] = []
    for encoding in legacy:
        if encoding == "cp1252":
            found.append(DecodedText(data.decode("latin-1").translate(_CP1252), "cp1252"))
            continue
        try:
            found.append(DecodedText(data.decode(encoding), encoding))
        except UnicodeDecodeError:
            continue
    if not found:
        raise InvalidRecordError(f"the file is neither UTF-8 nor {' nor '.join(legacy)}")
    if likelihood is None:
        return found[0]
    return max(found, key=lambda decoded: likelihood(decoded.text))  # the first of equals


def _cp1252_table() -> dict[int, str]:
    table = {}
    for byte in range(0x80, 0xA0):
        try:
            table[byte] = bytes((byte,)).decode("cp1252")
        except UnicodeDecodeError:
            continue  # undefined in Windows-1252: kept as the Latin-1 control character
    return table


_CP1252 = _cp1252_table()


@dataclass(slots=True)
class ScannedGame:
    """One game of a text as ``scan_games`` found it: ``index`` counts games from 1, ``line``
    is the line its first token stands on; ``moves`` are the mainline move tokens (annotation
    marks stripped) and ``lines`` the line of each; ``result`` is the result token, if any;
    ``error`` says why the game's text cannot be read (then the moves stop where it failed)."""

    index: int
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    result: str | None = None
    error: InvalidRecordError | None = None

    def fail(self, reason: str, line: int) -> None:
        if self.error is None:
            self.error = InvalidRecordError(reason, game=self.index, line=line)


class _Scanner:
    """The state of a scan: the game being read, nesting of comments and variations."""

    def __init__(self) -> None:
        self.games_started = 0
        self.game: ScannedGame | None = None
        self.in_comment = 0  # the line a '{' comment opened on, 0 when none is open
        self.depth = 0  # variations open
        self.depth_line = 0
        self.movetext = False  # a move or result of the current game was seen
        self.done: list[ScannedGame] = []

    def current(self, line: int) -> ScannedGame:
        if self.game is None:
            self.games_started += 1
            self.game = ScannedGame(self.games_started, line)
        return self.game

    def finish(self) -> None:
        game = self.game
        if game is not None:
            if self.depth > 0:
                game.fail("a variation '(' is never closed", self.depth_line)
            self.done.append(game)
        self.game = None
        self.depth = 0
        self.movetext = False

    def line(self, text: str, number: int) -> None:
        if text.startswith("%"):
            return  # an escape line: the standard says to skip it whole
        position = 0
        if self.in_comment:
            end = text.find("}")
            if end < 0:
                return
            self.in_comment = 0
            position = end + 1
        if not _SPECIAL.search(text, position):
            for word in text[position:].split():
                self.word(word, number)
            return
        length = len(text)
        while position < length:
            char = text[position]
            if char.isspace():
                position += 1
            elif char == "{":
                end = text.find("}", position + 1)
                if end < 0:
                    self.in_comment = number
                    return
                position = end + 1
            elif char == ";":
                return
            elif char == "[":
                position = self.tag(text, position, number)
            elif char == "(":
                if self.depth == 0:
                    self.depth_line = number
                self.depth += 1
                position += 1
            elif char == ")":
                if self.depth == 0:
                    self.current(number).fail("a variation ')' closes nothing", number)
                else:
                    self.depth -= 1
                position += 1
            elif char == "}":
                self.current(number).fail("a comment '}' closes nothing", number)
                position += 1
            elif char == "]":
                self.current(number).fail("a ']' closes no tag", number)
                position += 1
            else:
                end = position + 1
                while end < length and not text[end].isspace() and text[end] not in "{};()[]":
                    end += 1
                self.word(text[position:end], number)
                position = end

    def tag(self, text: str, position: int, number: int) -> int:
        match = _TAG.match(text, position) or _LOOSE_TAG.match(text, position)
        if self.depth:
            return position + 1 if match is None else match.end()
        if match is None:
            self.current(number).fail(f"a tag that cannot be read: {text[position:]!r}", number)
            return len(text)
        if self.movetext:
            self.finish()  # the previous game had no result token: this tag starts the next
        game = self.current(number)
        game.tags[match[1]] = _TAG_ESCAPE.sub(r"\1", match[2])
        return match.end()

    def word(self, word: str, number: int) -> None:
        if self.depth:
            return
        result = _RESULT_ALIASES.get(word, word)
        if result in RESULTS:
            game = self.current(number)
            game.result = result
            self.finish()
            return
        if word[0].isdigit() and word not in NULL_TOKENS and not word.startswith("0-0"):
            if _NUMBER_ALONE.fullmatch(word):
                return
            glued = _NUMBER_GLUED.match(word)
            if glued is not None:
                word = word[glued.end() :]
        if word[0] == ".":
            word = word.lstrip(".")
            if not word:
                return
        if word[0] in _MARK_STARTS and (
            not word.strip(_ANNOTATION_MARKS) or word in _GLYPHS or _NAG.fullmatch(word)
        ):
            return
        if word.lower() in ("e.p.", "ep"):
            return  # written after an en passant capture, which needs no mark
        game = self.current(number)
        self.movetext = True
        if game.error is None:
            game.moves.append(word.rstrip(_ANNOTATION_MARKS) or word)
            game.lines.append(number)

    def end(self, number: int) -> None:
        if self.in_comment:
            self.current(self.in_comment).fail("a comment '{' is never closed", self.in_comment)
        self.finish()


def scan_games(source: str | Iterable[str]) -> Iterator[ScannedGame]:
    """The games of ``source`` (one text, or lines such as an open file), one by one.

    Never raises for bad text: a game whose text cannot be read carries an ``error`` (with its
    index and line), and scanning goes on with the next game.
    """
    scanner = _Scanner()
    number = 0
    chunks = (source,) if isinstance(source, str) else source
    first = True
    for chunk in chunks:
        for text in chunk.splitlines():
            number += 1
            # NUL padding at the end of a file read as text (decode_record drops it from
            # bytes): trailing NULs are no token.
            text = text.rstrip("\x00")
            if first:
                text = text.lstrip("\ufeff")
                first = False
            scanner.line(text, number)
            if scanner.done:
                yield from scanner.done
                scanner.done.clear()
    scanner.end(number)
    yield from scanner.done


def split_record(text: str) -> tuple[dict[str, str], list[str], str | None]:
    """The tags, the mainline move tokens and the result token of the first game in ``text``.

    Raises InvalidRecordError for unbalanced comments or variations, or an empty record.
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidRecordError("the record is empty")
    for game in scan_games(text):
        if game.error is not None:
            raise game.error
        return game.tags, game.moves, game.result
    raise InvalidRecordError("the record has no game")
