"""Conditional lines refused (``bot.service.conditional``), in words, for both adapters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n.names import Command, Option
from bot.i18n.text import Text
from bot.service.conditional import (
    MAX_LINE_MOVES,
    MAX_PREPARED_MOVES,
    ConflictingAnswerError,
    EmptyLineError,
    LineTooLongError,
    TooManyPreparedError,
)
from bot.service.errors import UserError

# Each refusal of a line worded from its facts (``bot.text.errors.WORDED`` holds them).
CONDITIONAL_REFUSALS: dict[type[UserError], Callable[[Any], Text]] = {
    EmptyLineError: lambda error: Text(
        "Give a line of at least two moves: your opponent's expected move and your "
        'answer, e.g. {option}:"Nf3 Nc6 Bb5 a6" (on your own turn, your move first).',
        option=Option("line"),
    ),
    LineTooLongError: lambda error: Text(
        "A line may hold at most {most} moves; this one has {moves}. Prepare the rest later.",
        most=MAX_LINE_MOVES,
        moves=error.moves,
    ),
    TooManyPreparedError: lambda error: Text(
        "You have prepared the most moves a game allows ({most}); clear some with {command} first.",
        most=MAX_PREPARED_MOVES,
        command=Command("conditional", "clear"),
    ),
    ConflictingAnswerError: lambda error: Text(
        "You already answer {expected} with {stored}; this line answers it with {new}. "
        "One answer per move: {command}, then add the lines you want.",
        command=Command("conditional", "clear"),
        expected=error.expected,
        stored=error.stored,
        new=error.new,
    ),
}
