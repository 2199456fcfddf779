"""The console's /help laid out for an 80-cell terminal (``LINE_CELLS``), in cells: a wide
or fullwidth character (Korean, Japanese, Chinese) takes two (``help_rows.cells``). Each
usage from ``INDENT``, a row going on with the command above further in, and its note under
it from ``NOTE_INDENT``, the one column of every note in every part; sentences on their own
wrapped again as paragraphs; short usages side by side in a grid."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.console.help_rows import (
    GAP,
    INDENT,
    LINE_CELLS,
    NOTE_INDENT,
    Grid,
    Line,
    Part,
    cells,
    pad,
    say_word,
    unspaced,
    wrapped,
)
from bot.i18n import pgettext
from bot.i18n.text import say


def _note(note: str, fields: Iterable[tuple[str, str]]) -> list[str]:
    if not note:
        return []
    said = pgettext("console help", note).format(**{key: say(value) for key, value in fields})
    return said.splitlines()


def usage_lines(words: Sequence[str]) -> list[str]:
    """A usage on lines of at most ``LINE_CELLS`` cells: from ``INDENT``, or further in for a
    row going on with the command above (its first word ``INDENT``); later lines under the
    third word (after ``alice /command``), a word too wide there broken after a ``|``
    (an option's long choices)."""
    margin = INDENT
    if words and words[0] == INDENT:
        margin, words = INDENT * 2, words[1:]
    said = [say_word(word) for word in words]
    indent = " " * (cells(" ".join(said[:2])) + 1) if len(said) > 2 else ""
    room = LINE_CELLS - cells(margin + indent)
    pieces = [
        (" " if index == 0 else "", piece)
        for word in said
        for index, piece in enumerate(_choices_apart(word) if cells(word) > room else [word])
    ]
    lines: list[str] = []
    line = ""
    for space, piece in pieces:
        candidate = f"{line}{space}{piece}" if line else piece
        if line and cells(margin + candidate) > LINE_CELLS:
            lines.append(line)
            candidate = indent + piece
        line = candidate
    lines.append(line)
    return [margin + line for line in lines]


def _choices_apart(word: str) -> list[str]:
    """``[name:a|b|c]`` as ``[name:a|``, ``b|``, ``c]``: where a usage may break."""
    choices = word.split("|")
    return [choice + "|" for choice in choices[:-1]] + choices[-1:]


def lay_out(part: Part) -> str:
    """One part of the help as text, no line wider than ``LINE_CELLS``: each usage with its
    note under it from ``NOTE_INDENT`` (the one column of every note), wrapped to fit; grids in
    aligned columns."""
    room = LINE_CELLS - cells(NOTE_INDENT)
    out: list[str] = []
    for item in part:
        if isinstance(item, Line):
            said = pgettext("console help", item.text)
            said = said.format(**{key: say(value) for key, value in item.fields})
            out.extend(wrapped(_reflowed(said.splitlines()), LINE_CELLS))
        elif isinstance(item, Grid):
            out.extend(_grid(item))
        else:
            out.extend(usage_lines(item.usage))
            notes = _note(item.note, item.fields)
            out.extend(NOTE_INDENT + line for text in notes for line in wrapped(text, room))
    return "\n".join(line.rstrip() for line in out)


def _reflowed(lines: Sequence[str]) -> str:
    """A sentence's lines as one paragraph to wrap again: joined by a space, or by nothing
    beside a Chinese or Japanese character (no space between words; Korean has them)."""
    text = ""
    for line in lines:
        close = bool(text) and (unspaced(text[-1]) or unspaced(line[:1]))
        text = f"{text}{'' if close or not text else ' '}{line}"
    return text


def _grid(grid: Grid) -> list[str]:
    """The grid's rows in aligned columns; a row too wide for ``LINE_CELLS`` goes on in the
    same columns on the next line (as few columns as it takes)."""
    said = [[" ".join(say_word(word) for word in usage) for usage in row] for row in grid.rows]
    for columns in range(max(len(row) for row in said), 0, -1):
        chunks = [
            row[start : start + columns] for row in said for start in range(0, len(row), columns)
        ]
        widths = [
            max(cells(chunk[index]) for chunk in chunks if index < len(chunk))
            for index in range(columns)
        ]
        if cells(INDENT) + sum(widths) + GAP * (columns - 1) <= LINE_CELLS or columns == 1:
            break
    return [
        INDENT + "".join(pad(text, widths[index] + GAP) for index, text in enumerate(chunk))
        for chunk in chunks
    ]
