"""The pieces the console's /help is laid out from (``bot.console.help``): rows, grids and
lines, widths in terminal cells, and commands and options as the reader's client names them.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from bot.i18n import pgettext
from bot.i18n.names import NO, YES, Command, label_head, name_in
from bot.i18n.names import OPTION_NAME as _OPTION_NAME
from bot.i18n.text import say
from bot.service.catalog import BY_NAME, CommandSpec, OptionSpec

# No line of the help is wider (a common terminal is 80 cells wide; boards are narrower).
LINE_CELLS = 80
# Between the cells of a grid.
GAP = 2
INDENT = "  "
# Where a note starts, under its usage (/help) or its option (/help <command>).
NOTE_INDENT = INDENT * 3


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes: two for a wide or fullwidth character (CJK),
    none for a combining mark, one for the rest."""
    width = 0
    for character in text:
        if unicodedata.combining(character):
            continue
        width += 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1
    return width


def pad(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` cells."""
    return text + " " * (width - cells(text))


@dataclass(frozen=True, slots=True)
class Row:
    """A usage (its words, said at print time) and a note beside it (lines of one message,
    msgctxt ``console help``; empty for none)."""

    usage: tuple[str, ...]
    note: str = ""
    fields: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Grid:
    """Short usages side by side, in columns as wide as their widest cell."""

    rows: tuple[tuple[tuple[str, ...], ...], ...]


@dataclass(frozen=True, slots=True)
class Line:
    """A sentence on its own (msgctxt ``console help``), with fields said in the language."""

    text: str
    fields: tuple[tuple[str, str], ...] = ()


Part = tuple[Row | Grid | Line, ...]


def say_word(word: str) -> str:
    """A usage's word in the reader's language."""
    return say(word)


def quoted(word: str) -> str:
    """A word as the console reads it in one piece: quoted when it holds a space."""
    return f'"{word}"' if any(character.isspace() for character in word) else word


def choices_of(spec: OptionSpec) -> str:
    """``spec``'s choices as the reader types them: each label as their client lists it,
    without its parenthesis, quoted if it has spaces (``blancs|noirs|"au hasard"``)."""
    said = []
    for value, label in spec.choice_labels:
        shown = label_head(pgettext("choice", label))
        said.append(quoted(shown) if shown else str(value))
    return "|".join(dict.fromkeys(said))


def option(
    command: str,
    name: str,
    value: str | None = None,
    *,
    bracket: bool = True,
    sub: CommandSpec | None = None,
) -> str:
    """``[name:value]`` of ``/command`` (of its subcommand ``sub``), the name as the reader's
    client shows it; the value given (a choice's or yes or no in the reader's words), else
    the option's choices (yes|no for a yes-or-no)."""
    spec = (sub or BY_NAME[command]).option(name)
    if value is None:
        if spec is not None and spec.kind.value == "yes or no":
            value = f"{say(YES)}|{say(NO)}"
        elif spec is not None and spec.choices:
            value = choices_of(spec)
        else:
            value = ""
    elif spec is not None:
        value = _value_said(spec, value)
    shown = f"{name_in(_OPTION_NAME, name)}:{value}"
    return f"[{shown}]" if bracket else shown


def _value_said(spec: OptionSpec, value: str) -> str:
    """An example's ``value`` as the reader types it: yes or no in their words, a choice by
    its label as their client lists it (``blancs``, ``Suisse``); any other value as it is."""
    if spec.kind.value == "yes or no" and value in ("yes", "no"):
        return say(YES if value == "yes" else NO)
    for choice, label in spec.choice_labels:
        if str(choice) == value:
            return quoted(label_head(pgettext("choice", label))) or value
    return value


def placeholder(name: str) -> str:
    """``[game]``: a plain word filling an option, named as the reader's client names it."""
    return f"[{name_in(_OPTION_NAME, name)}]"


def command_said(*path: str) -> str:
    """``/command sub`` as the reader's client names it."""
    return say(Command(*path))


def wrapped(text: str, width: int) -> list[str]:
    """``text`` on lines of at most ``width`` terminal cells: broken at spaces; a word of
    Chinese or Japanese (no spaces to break at) fills the line and goes on on the next, never
    starting one with closing punctuation."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        while cells(candidate) > width:
            if line and not unspaced(word[:1]):
                lines.append(line)
                line, candidate = "", word
                continue
            cut = _fitting(candidate, width)
            while 1 < cut < len(candidate) and candidate[cut] in _CLOSING:
                cut -= 1
            lines.append(candidate[:cut].rstrip())
            line, candidate = "", candidate[cut:].lstrip()
        line = candidate
    return [*lines, line] if line else lines


# Punctuation a Chinese or Japanese line does not start with.
_CLOSING = frozenset("、。，．：；！？）」』】〕〉》・ー…")


def unspaced(character: str) -> bool:
    """A wide character of a script written without spaces between words (Chinese,
    Japanese; not Hangul, as Korean has them)."""
    return cells(character) == 2 and not unicodedata.name(character, "").startswith("HANGUL")


def _fitting(text: str, width: int) -> int:
    """How many of ``text``'s first characters fit in ``width`` cells (at least one)."""
    for end in range(1, len(text) + 1):
        if cells(text[:end]) > width:
            return max(end - 1, 1)
    return len(text)
