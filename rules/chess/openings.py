"""Chess opening names, looked up by position so that a transposition is named too.

The names are lichess's chess-openings data set (CC0), shipped in ``openings.tsv`` with each
line's position key (written by ``tools/openings.py``). A game is named after the last
position of its opening phase that has a name, as lichess classifies games ("play moves
backwards until a named position is found").
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules.core import Move, Position
from rules.game import after_move

TABLE = Path(__file__).with_name("openings.tsv")
_MOVE_NUMBER = re.compile(r"\d+\.+")


@dataclass(frozen=True, slots=True)
class Opening:
    """An opening's ECO code (``C50``) and English name (``Italian Game: Giuoco Piano``)."""

    eco: str
    name: str


def moves_of(pgn: str) -> list[str]:
    """The SAN moves of a line written ``1. e4 e5 2. Nf3``, without their numbers."""
    return [word for word in pgn.split() if not _MOVE_NUMBER.fullmatch(word)]


@cache
def _table() -> tuple[dict[Hashable, Opening], int]:
    """Each named position's opening by its key, and the longest named line in plies."""
    named: dict[Hashable, Opening] = {}
    longest = 0
    for line in TABLE.read_text(encoding="utf-8").splitlines()[1:]:
        eco, name, pgn, key = line.split("\t")
        # The data set names each position once; the first line that reaches it is kept.
        named.setdefault(key, Opening(eco, name))
        # Plies: the words that are not move numbers (a SAN move never starts with a digit).
        longest = max(longest, sum(not word[0].isdigit() for word in pgn.split()))
    return named, longest


def opening_at(position: Position) -> Opening | None:
    """The opening whose named position ``position`` is, or None."""
    return _table()[0].get(position.repetition_key())


def named_plies() -> int:
    """The longest named line in plies: a game's opening is decided by then."""
    return _table()[1]


def opening_of(start: Position, moves: Sequence[Move]) -> Opening | None:
    """The opening of a game from ``start`` with ``moves``: the last named position of its
    opening phase (no named line is longer, so only that many moves are played), or None."""
    named, longest = _table()
    position = start
    found = named.get(position.repetition_key())
    for move in moves[:longest]:
        position = after_move(position, move)  # a record's null move too
        found = named.get(position.repetition_key(), found)
    return found


@cache
def _lines() -> dict[str, tuple[str, str]]:
    """Each opening's line (``1. e4 c5``) and name, by its name in lowercase; a name the
    data set gives several lines keeps its first (the shortest: lines are listed by name
    and then by length)."""
    lines: dict[str, tuple[str, str]] = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines()[1:]:
        _, name, pgn, _ = line.split("\t")
        lines.setdefault(name.lower(), (name, pgn))
    return lines


def line_named(name: str) -> tuple[str, str] | None:
    """The opening called ``name`` (any case, spaces as written) as (its name, its line
    ``1. e4 c5``), or None."""
    return _lines().get(" ".join(name.split()).lower())


def names_like(text: str, limit: int = 3) -> list[str]:
    """Up to ``limit`` opening names holding every word of ``text`` (any case), shortest
    first: the suggestions for a name not found."""
    words = text.lower().split()
    found = [name for key, (name, _) in _lines().items() if all(w in key for w in words)]
    return sorted(found, key=lambda name: (len(name), name))[:limit]


__all__ = [
    "TABLE",
    "Opening",
    "line_named",
    "moves_of",
    "named_plies",
    "names_like",
    "opening_at",
    "opening_of",
]
