"""Conditional lines refused (``bot.service.conditional``), in words, for both adapters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n.names import Command, Option
from bot.i18n.text import Joined, Text
from bot.service.conditional import (
    MAX_LINE_MOVES,
    MAX_PREPARED_MOVES,
    BadLineMoveError,
    ConflictingAnswerError,
    EmptyLineError,
    LineTooLongError,
    TooManyPreparedError,
)
from bot.service.errors import UserError
from bot.text.move_errors import LIST_SEPARATOR, move_error_message


def _bad_line_move(error: BadLineMoveError) -> Text:
    """The line's move and why it cannot be played: its move error's sentence, or which
    piece it means."""
    reason = move_error_message(error.cause) if error.cause is not None else None
    if reason is None:
        reason = Text(
            "say which piece: {moves} or {move}.",
            moves=Joined(LIST_SEPARATOR, error.choices[:-1]),
            move=error.choices[-1],
        )
    return Text(
        'Move {index} of the line, "{typed}": {reason} Nothing was stored.',
        index=error.index,
        typed=error.typed,
        reason=reason,
    )


# Each refusal of a line worded from its facts (``bot.text.errors.WORDED`` holds them).
CONDITIONAL_REFUSALS: dict[type[UserError], Callable[[Any], Text]] = {
    BadLineMoveError: _bad_line_move,
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
