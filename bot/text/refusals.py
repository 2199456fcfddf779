"""The reader's sentence for refusals of notes, GIFs, analyses, which game a command means
and a server's language, worded from the facts their errors carry (``bot.text.errors.WORDED``
holds them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n.names import YES, Command, Option
from bot.i18n.text import Text
from bot.service.after_game import FrameTimeError
from bot.service.analysis import (
    AnalysisFailedError,
    AnalysisInterruptedError,
    NotFinishedError,
    NothingToAnalyseError,
)
from bot.service.animations import AnimationBusyError, AnimationQueueFullError
from bot.service.conditional import NoSuchLineError
from bot.service.errors import NoGameError, UserError
from bot.service.notes import (
    MAX_NOTE_TEXT,
    MAX_NOTES_PER_GAME,
    EmptyNoteError,
    NoteTooLongError,
    TooManyNotesError,
)
from bot.service.server_languages import ServerLanguageRefusedError


def _no_game(error: NoGameError) -> Text:
    if error.placeless:
        return Text("Say which game you mean with the {option} option.", option=Option("game"))
    return Text(
        "You have no game in this channel. Start one with {command}.",
        command=Command("challenge"),
    )


def _no_such_line(error: NoSuchLineError) -> Text:
    if not error.count:
        return Text(
            "You have no lines prepared here, so there is no {option}.",
            option=Option("line", error.line),
        )
    return Text(
        "{option} must be from 1 to {count} (the lines listed), not {line}.",
        option=Option("line"),
        count=error.count,
        line=error.line,
    )


def _server_language(error: ServerLanguageRefusedError) -> Text:
    if error.outside_server:
        return Text("A server's language can only be set in that server.")
    return Text("Only members who may manage this server can set its language.")


REFUSALS: dict[type[UserError], Callable[[Any], Text]] = {
    NoGameError: _no_game,
    NoSuchLineError: _no_such_line,
    ServerLanguageRefusedError: _server_language,
    EmptyNoteError: lambda error: Text(
        "Write the note's text, e.g. {command} {option}:watch the e-file.",
        command=Command("note"),
        option=Option("text"),
    ),
    NoteTooLongError: lambda error: Text(
        "A note may have at most {most} characters; this has {length}.",
        most=MAX_NOTE_TEXT,
        length=error.length,
    ),
    TooManyNotesError: lambda error: Text(
        "You have {most} notes on this game, the most it keeps; clear them with "
        "{command} {option} first.",
        most=MAX_NOTES_PER_GAME,
        command=Command("note"),
        option=Option("clear", YES),
    ),
    FrameTimeError: lambda error: Text(
        "{option} must be from {low} to {high} milliseconds.",
        option=Option("frame_ms"),
        low=error.low,
        high=error.high,
    ),
    AnimationBusyError: lambda error: Text(
        "Your previous GIF is still being made: wait for it before asking for another."
    ),
    AnimationQueueFullError: lambda error: Text(
        "Too many GIFs are being made right now: try again in a few minutes."
    ),
    NotFinishedError: lambda error: Text(
        "Game #{id} is still being played; it can be analysed once it is over.",
        id=error.game_id,
    ),
    NothingToAnalyseError: lambda error: Text(
        "Game #{id} ended before a move was played: nothing to analyse.", id=error.game_id
    ),
    AnalysisFailedError: lambda error: Text(
        "The engine failed while analysing game #{id} ({done}/{total} positions "
        "done). Ask again to carry on from there.",
        id=error.game_id,
        done=error.done,
        total=error.total,
    ),
    AnalysisInterruptedError: lambda error: Text(
        "Postal is restarting; the analysis of game #{id} carries on when it is "
        "back, and this message will show it.",
        id=error.game_id,
    ),
}
