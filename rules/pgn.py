"""PGN-style game records shared by both variants: tags, movetext, reading one game.

Each variant decides its tags and how moves are written (``variant.write_record``); this module
does the text: escaping tags, numbering and wrapping moves, and tokenising movetext (skipping
comments, NAGs, variations and move numbers).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from rules.errors import InvalidRecordError

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
# A move number ("12.", "3...") unless the dots are part of a move: WXF "77.8" is a move.
_MOVE_NUMBER = re.compile(r"\d+\.+(?=\D|$)")
_NAG = re.compile(r"\$\d+")
LINE_WIDTH = 80


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


def format_movetext(moves: list[str], first_number: int, black_first: bool, result: str) -> str:
    """Numbered movetext wrapped at 80 columns, ending with the result."""
    tokens: list[str] = []
    number = first_number
    for index, move in enumerate(moves):
        white_to_move = (index % 2 == 0) != black_first
        if white_to_move:
            tokens.append(f"{number}.")
        elif index == 0:
            tokens.append(f"{number}...")
        tokens.append(move)
        if not white_to_move:
            number += 1
    tokens.append(result)
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


def split_record(text: str) -> tuple[dict[str, str], list[str], str | None]:
    """The tags, the mainline move tokens and the result token of the first game in ``text``.

    Raises InvalidRecordError for unbalanced comments or variations, or an empty record.
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidRecordError("the record is empty")
    tags: dict[str, str] = {}
    position = 0
    body_start = 0
    for line_match in re.finditer(r"[^\n]*\n?", text):
        line = line_match.group().strip()
        if not line:
            if tags:
                body_start = line_match.end()
                break
            continue
        if not line.startswith("["):
            body_start = line_match.start()
            break
        for tag in _TAG.finditer(line):
            tags[tag[1]] = re.sub(r"\\(.)", r"\1", tag[2])
        position = line_match.end()
        body_start = position
    moves, result = _movetext_tokens(text[body_start:])
    return tags, moves, result


def _movetext_tokens(body: str) -> tuple[list[str], str | None]:
    moves: list[str] = []
    depth = 0
    index = 0
    result = None
    while index < len(body):
        char = body[index]
        if char == "{":
            end = body.find("}", index)
            if end < 0:
                raise InvalidRecordError("a comment '{' is never closed")
            index = end + 1
            continue
        if char == ";":
            end = body.find("\n", index)
            index = len(body) if end < 0 else end + 1
            continue
        if char == "}":
            # Without this the token scan below would stop at once and never advance.
            raise InvalidRecordError("a comment '}' closes nothing")
        if char == "(":
            depth += 1
            index += 1
            continue
        if char == ")":
            depth -= 1
            if depth < 0:
                raise InvalidRecordError("a variation ')' closes nothing")
            index += 1
            continue
        if char.isspace():
            index += 1
            continue
        end = index
        while end < len(body) and not body[end].isspace() and body[end] not in "{}();":
            end += 1
        token = body[index:end]
        index = end
        if depth:
            continue
        if token in RESULTS:
            result = token
            break
        token = _MOVE_NUMBER.sub("", token, count=1) if _MOVE_NUMBER.match(token) else token
        if not token or _NAG.fullmatch(token):
            continue
        moves.append(token)
    if depth > 0:
        raise InvalidRecordError("a variation '(' is never closed")
    return moves, result
