"""Thematic starts: a game that begins after a line of moves (``start:"1. e4 c5"``) or a
named chess opening (``start:"Sicilian Defense"``, lichess's chess-openings names), as
club matches and thematic tournaments are played. The start is the position the line
reaches; the game is then a game from a custom position."""

from __future__ import annotations

import re
from enum import Enum

import rules
from bot.service.errors import InvalidOptionError
from bot.service.results import ThematicStart
from rules.chess.openings import line_named, moves_of, names_like, opening_at

MAX_START_TEXT = 200
# A move number (``1.``, ``12...``) written before a move or on its own, and a result.
_MOVE_NUMBER = re.compile(r"^\d+\.+")
_RESULTS = frozenset({"1-0", "0-1", "1/2-1/2", "*"})


class StartLineProblem(Enum):
    """Why a ``start`` cannot be played (the facts an error carries, in its fields)."""

    UNKNOWN_NAME = "unknown_name"  # neither moves nor an opening's name (``suggestions``)
    BAD_MOVE = "bad_move"  # the line's move ``move`` (at ``ply``) cannot be played there
    NOT_HERE = "not_here"  # this game takes no start line (Chess960: ``position``)
    WITH_OTHER_START = "with_other_start"  # also a ``fen`` or ``position``
    GAME_OVER = "game_over"  # the line ends the game
    EACH_ROUND = "each_round"  # a Chess960 tournament: it draws a start for each round


class StartLineError(InvalidOptionError):
    """The ``start`` option ``text`` cannot be used for ``game``: ``problem`` says why;
    ``move`` and ``ply`` (from 1) name a bad move, ``suggestions`` opening names."""

    def __init__(
        self,
        problem: StartLineProblem,
        text: str,
        game: str,
        *,
        move: str = "",
        ply: int = 0,
        suggestions: tuple[str, ...] = (),
    ) -> None:
        super().__init__()
        self.problem = problem
        self.text = text
        self.game = game
        self.move = move
        self.ply = ply
        self.suggestions = suggestions


def line_words(text: str) -> list[str]:
    """The moves of a line as written (``1. e4 c5``, ``1.e4 c5 *``), numbers and result
    left out."""
    words = (_MOVE_NUMBER.sub("", word) for word in text.split())
    return [word for word in words if word and word not in _RESULTS]


def thematic_start(variant: rules.Variant, text: str) -> str:
    """The FEN of the position ``text`` reaches from ``variant``'s start: a line of moves
    in any notation the game reads, or (chess) an opening's name. Raises
    ``StartLineError``."""
    text = " ".join(text.split())[:MAX_START_TEXT]
    if variant.name == "chess960":
        raise StartLineError(StartLineProblem.NOT_HERE, text, variant.name)
    numbered = _MOVE_NUMBER.match(text) is not None
    named = line_named(text) if variant.name == "chess" and not numbered else None
    words = line_words(named[1] if named is not None else text)
    game = rules.Game(variant)
    for ply, word in enumerate(words, start=1):
        try:
            game = game.play(word)
        except rules.RulesError as error:
            if ply == 1 and not numbered and variant.name == "chess":
                suggestions = tuple(names_like(text))
                raise StartLineError(
                    StartLineProblem.UNKNOWN_NAME, text, variant.name, suggestions=suggestions
                ) from error
            raise StartLineError(
                StartLineProblem.BAD_MOVE, text, variant.name, move=word, ply=ply
            ) from error
    if not words:
        raise StartLineError(StartLineProblem.UNKNOWN_NAME, text, variant.name)
    if game.outcome() is not None:
        raise StartLineError(StartLineProblem.GAME_OVER, text, variant.name)
    return game.position.fen()


def start_shown(variant: rules.Variant, fen: str) -> ThematicStart:
    """``fen`` (a start reached by a line, in ``variant``) as players are told it: by its
    opening's name and line where chess names it, else by its FEN. Raises
    ``InvalidFenError`` for a FEN ``variant`` cannot read."""
    position = variant.from_fen(fen)
    opening = opening_at(position) if variant.name == "chess" else None
    if opening is None:
        return ThematicStart(fen)
    named = line_named(opening.name)
    line = named[1] if named is not None else ""
    game = rules.Game(variant)
    try:
        for word in moves_of(line):
            game = game.play(word)
    except rules.RulesError:  # the data set's line for this name is not ours: name only
        return ThematicStart(fen, opening)
    # A name may cover several lines: its first is told only if it reaches this position.
    reached = game.position.repetition_key() == position.repetition_key()
    return ThematicStart(fen, opening, line if reached else "")


def opening_start(variant: str, fen: str | None) -> ThematicStart | None:
    """A chess game's custom start ``fen`` told by its opening where chess names it (None:
    the usual start, another game, or no opening named there, which is then said as a
    custom position)."""
    if variant != "chess" or fen is None or fen == rules.get_variant("chess").start_fen:
        return None
    try:
        shown = start_shown(rules.get_variant(variant), fen)
    except rules.InvalidFenError:
        return None
    return shown if shown.opening is not None else None
