"""Xiangqi game records: PGN's layout with the conventions xiangqi programs read.

The format follows the xiangqi PGN dialect documented by XQBase and used by Xiangqi Wizard
(象棋巫师) and the programs that import its files: a ``[Game "Chinese Chess"]`` tag, the Seven
Tag Roster with ``Red``/``Black`` player tags
(a ``White`` tag given by the caller is written as ``Red``), the start position in ``FEN``
(always written, in the FEN of ``rules.xiangqi.fen``), ``[Format "ICCS"]`` and moves in
upper-case ICCS with a dash (``H2-E2``), numbered like PGN, ending with the result. A
``[Variant "xiangqi"]`` tag is added for multi-variant tools (lichess-style readers, Postal).
Example::

    [Game "Chinese Chess"]
    [Variant "xiangqi"]
    [Event "Casual game"]
    [Red "alice"]
    [Black "bob"]
    [Result "*"]
    [FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]
    [Format "ICCS"]

    1. H2-E2 H9-G7 *

Reading accepts moves in ICCS, WXF or Chinese notation, ``{comments}``, ``;`` comments,
``(variations)`` (skipped), NAGs and ``!``/``?`` suffixes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rules.core import Color
from rules.errors import InvalidMoveError, RulesError
from rules.game import Game

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_FIRST_TAGS = ("Game", "Variant", "Event", "Site", "Date", "Round", "Red", "Black", "Result")
_LAST_TAGS = ("FEN", "Format")
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_MOVE_NUMBER = re.compile(r"\d+\.+")
_NUMBER_PREFIX = re.compile(r"\d+\.+(?=\D)")
_LINE_WIDTH = 80


def write_record(game: Game, tags: Mapping[str, str]) -> str:
    """The record of ``game`` with the given tags (Event, Red/White, Black, Date, …).

    The result comes from the rules when they ended the game, otherwise from the ``Result``
    tag (``"*"`` when absent or not a result).
    """
    values = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?"}
    values.update({"Red": "?", "Black": "?"})
    for name, value in tags.items():
        values["Red" if name == "White" else name] = value
    outcome = game.outcome()
    result = outcome.result() if outcome is not None else values.get("Result", "*")
    if result not in RESULTS:
        result = "*"
    values.update(
        {
            "Game": "Chinese Chess",
            "Variant": "xiangqi",
            "Result": result,
            "FEN": game.start.fen(),
            "Format": "ICCS",
        }
    )
    order = [*_FIRST_TAGS]
    order += [name for name in values if name not in _FIRST_TAGS and name not in _LAST_TAGS]
    order += _LAST_TAGS
    lines = [f'[{name} "{_escape(values[name])}"]' for name in order]
    return "\n".join(lines) + "\n\n" + _movetext(game, result) + "\n"


def _escape(value: str) -> str:
    return " ".join(value.replace("\\", "\\\\").replace('"', '\\"').split())


def _movetext(game: Game, result: str) -> str:
    tokens: list[str] = []
    number = game.start.fullmove_number
    red = game.start.side_to_move is Color.WHITE
    if not red and game.moves:
        tokens.append(f"{number}...")
    for uci in game.uci_moves():
        if red:
            tokens.append(f"{number}.")
        tokens.append(f"{uci[:2]}-{uci[2:]}".upper())
        if not red:
            number += 1
        red = not red
    tokens.append(result)
    lines: list[str] = []
    line = ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > _LINE_WIDTH:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    lines.append(line)
    return "\n".join(lines)


def read_record(text: str) -> tuple[dict[str, str], Game]:
    """The tags and the game of a record.

    Raises RulesError for a malformed record or another variant's, InvalidFenError for a bad
    FEN tag, and the move errors (with the ply) for a move that cannot be played.
    """
    if not isinstance(text, str):
        raise RulesError("a record must be text")
    tags: dict[str, str] = {}
    position = 0
    header_end = 0
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position >= len(text) or text[position] != "[":
            header_end = position
            break
        match = _TAG.match(text, position)
        if match is None:
            line = text[position:].splitlines()[0]
            raise RulesError(f"malformed tag line {line!r}")
        tags[match[1]] = re.sub(r"\\(.)", r"\1", match[2])
        position = match.end()
    variant = tags.get("Variant", "xiangqi").strip().lower()
    if variant not in ("xiangqi", "chinese chess"):
        raise RulesError(f"not a xiangqi record: Variant is {tags['Variant']!r}")
    game = Game("xiangqi", tags.get("FEN") or None)
    for token in _move_tokens(text[header_end:]):
        game = game.play(token)
    return tags, game


def _move_tokens(movetext: str) -> list[str]:
    text = re.sub(r"\{[^}]*\}", " ", movetext)
    text = re.sub(r";[^\n]*", " ", text)
    while True:  # variations may nest
        stripped = re.sub(r"\([^()]*\)", " ", text)
        if stripped == text:
            break
        text = stripped
    if "{" in text or "}" in text or "(" in text or ")" in text:
        raise RulesError("unbalanced comment or variation in the move text")
    tokens = []
    for raw in text.split():
        if _MOVE_NUMBER.fullmatch(raw) or raw in RESULTS or raw.startswith("$"):
            continue
        token = _NUMBER_PREFIX.sub("", raw, count=1) if _NUMBER_PREFIX.match(raw) else raw
        token = token.rstrip("!?")
        if not token:
            raise InvalidMoveError(raw, "not a move")
        tokens.append(token)
    return tokens
