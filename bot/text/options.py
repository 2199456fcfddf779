"""Option values refused (``bot.service.option_errors``), in words, for both adapters: the
option as the reader's Discord names it, what was typed, and what it may be."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine.api import MAX_LEVEL, MIN_LEVEL
from bot.i18n.locale import Locale
from bot.i18n.names import NO, Choice, Option
from bot.i18n.text import Joined, Text, TextIn
from bot.service.challenge_plan import DAYS_CHOICES, NO_TIME_LIMIT
from bot.service.chess960_starts import StartNumberError, StartNumberProblem
from bot.service.deadlines import MORETIME_DAYS, REMINDER_CHOICES
from bot.service.errors import UserError
from bot.service.janggi_setups import SETUP_WORDS, SetupError, SetupProblem
from bot.service.local_time import TimeFormatError, TimeProblem
from bot.service.option_errors import (
    AnotherGamesColourError,
    DaysError,
    LanguageChoiceError,
    LevelForPersonError,
    LevelRangeError,
    MoreTimeDaysError,
    NotAChoiceError,
    ReminderHoursError,
    TimeOptionError,
    UnknownNameError,
    Unratable,
    UnratableError,
)
from bot.service.preferences import OFF
from bot.service.thematic_starts import StartLineError, StartLineProblem
from bot.text.phrases import variant_text

# Names listed in a sentence, with the language's separator (、 in Chinese and Japanese).
LIST = TextIn("list separator", ", ")


def _not_a_choice(error: NotAChoiceError) -> Text:
    option, choices, text = Option(error.option), error.choices, error.word
    # Some options have their own sentence (translators word each so).
    if error.option == "orientation":
        own, turn = choices
        return Text(
            '{option} must be {own} or {turn}, not "{text}".',
            option=option,
            own=own,
            turn=turn,
            text=text,
        )
    if error.option == "takebacks":
        ask, casual, never = choices
        return Text(
            '{option} must be {ask}, {casual} or {never}, not "{text}".',
            option=option,
            ask=ask,
            casual=casual,
            never=never,
            text=text,
        )
    if error.option == "notation":
        wxf, chinese, iccs = choices
        return Text(
            '{option} must be {wxf}, {chinese} or {iccs}, not "{text}".',
            option=option,
            wxf=wxf,
            chinese=chinese,
            iccs=iccs,
            text=text,
        )
    return Text(
        '{option} must be {listed} or {last}, not "{word}".',
        option=Option(error.option),
        listed=Joined(LIST, error.choices[:-1]),
        last=error.choices[-1],
        word=error.word,
    )


def _another_games_colour(error: AnotherGamesColourError) -> Text:
    first, second = (choice for choice in error.choices if choice != "random")
    return Text(
        "In {variant} the colours are {first} and {second}: {option} must be {listed} "
        'or {last}, not "{word}".',
        option=Option(error.option),
        variant=variant_text(error.game),
        first=first,
        second=second,
        listed=Joined(LIST, error.choices[:-1]),
        last=error.choices[-1],
        word=error.word,
    )


def _unratable(error: UnratableError) -> Text:
    if error.reason is Unratable.CUSTOM_START:
        return Text("Games from a custom position cannot be rated.")
    if error.reason is Unratable.UNTIMED:
        return Text(
            "Rated games keep a deadline: choose the days per move, or {option}.",
            option=Option("rated", NO),
        )
    return Text(
        "Games against the computer are never rated; leave {option} out (or {value}).",
        option=Option("rated"),
        value=Option("rated", NO),
    )


def _setup(error: SetupError) -> Text:
    match error.problem:
        case SetupProblem.NOT_JANGGI:
            return Text(
                "Only janggi has setups: leave {option} out for {variant}.",
                option=Option("setup"),
                variant=variant_text(error.game),
            )
        case SetupProblem.NO_SIDE:
            return Text(
                "Choose your side ({color} cho or han) to choose your {option}.",
                color=Option("color"),
                option=Option("setup"),
            )
        case SetupProblem.CUSTOM_CHALLENGE:
            return Text("This challenge starts from a position of its own: accept it as it is.")
        case SetupProblem.WITH_OTHER_START:
            return Text(
                "A {option} is a start of its own: leave {fen} and {start} out.",
                option=Option("setup"),
                fen=Option("fen"),
                start=Option("start"),
            )
    return Text(
        '{option} must be one of {choices}, not "{text}".',
        option=Option("setup"),
        choices=", ".join(SETUP_WORDS),
        text=error.word,
    )


def _start_number(error: StartNumberError) -> Text:
    if error.problem is StartNumberProblem.NOT_CHESS960:
        return Text(
            "Only Chess960 has numbered start positions: leave {option} out for {variant}.",
            option=Option("position"),
            variant=variant_text(error.game),
        )
    if error.problem is StartNumberProblem.WITH_FEN:
        return Text(
            "Give {position} or {fen}, not both: each says where the game starts.",
            position=Option("position"),
            fen=Option("fen"),
        )
    return Text(
        "{option} is a Chess960 start from 0 to 959, not {number}.",
        option=Option("position"),
        number=error.number,
    )


def _start_line(error: StartLineError) -> Text:
    option = Option("start")
    if error.problem is StartLineProblem.UNKNOWN_NAME:
        if error.suggestions:
            return Text(
                'No opening is called "{text}": did you mean {names}?',
                text=error.text,
                names=Joined(LIST, error.suggestions),
            )
        return Text(
            '{option} is a line of moves like "1. e4 c5" or the name of a chess opening, '
            'not "{text}".',
            option=option,
            text=error.text,
        )
    if error.problem is StartLineProblem.BAD_MOVE:
        return Text(
            'Move {ply} of {option}, "{move}", cannot be played there.',
            ply=error.ply,
            option=option,
            move=error.move,
        )
    if error.problem is StartLineProblem.NOT_HERE:
        return Text(
            "Chess960 games start from a numbered position: give {position}, not {option}.",
            position=Option("position"),
            option=option,
        )
    if error.problem is StartLineProblem.EACH_ROUND:
        return Text(
            "A Chess960 tournament draws a new start for each round: leave {option} out, or "
            "make it a chess tournament for a thematic start.",
            option=option,
        )
    if error.problem is StartLineProblem.WITH_OTHER_START:
        return Text(
            "Give one start only: {option}, {fen} or {position}.",
            option=option,
            fen=Option("fen"),
            position=Option("position"),
        )
    return Text("That line ends the game: {option} must leave moves to play.", option=option)


def _unknown_name(error: UnknownNameError) -> Text:
    listed = Joined(LIST, error.choices)
    if error.kind == "theme":
        return Text('Unknown theme "{text}"; choose {themes}.', text=error.word, themes=listed)
    return Text('Unknown piece set "{text}"; choose {names}.', text=error.word, names=listed)


# Why a time of day, range or zone was refused (what was typed is ``text``).
_TIME_PROBLEMS: dict[TimeProblem, Callable[[str], Text]] = {
    TimeProblem.ZONE_NAME: lambda text: Text(
        '"{name}" is not a time zone name like Europe/Paris or UTC', name=text
    ),
    TimeProblem.ZONE_UNKNOWN: lambda text: Text(
        '"{name}" is not a time zone this server knows', name=text
    ),
    TimeProblem.TIME: lambda text: Text(
        '"{text}" is not a time of day like 07:00 or 23:30', text=text
    ),
    TimeProblem.TWELVE_HOUR: lambda text: Text(
        '"{text}" is not a time of day like 7am or 11pm', text=text
    ),
    TimeProblem.TIME_RANGE: lambda text: Text(
        '"{text}" is not a time of day (00:00 to 23:59)', text=text
    ),
    TimeProblem.RANGE: lambda text: Text(
        '"{text}" is not a range of hours like 23:00-07:00', text=text
    ),
    TimeProblem.EMPTY_RANGE: lambda text: Text(
        '"{text}" starts and ends at the same time', text=text
    ),
}


def time_problem_text(error: TimeFormatError) -> Text:
    """Why ``error.text`` is no time of day, range of hours or time zone."""
    return _TIME_PROBLEMS[error.problem](error.text)


def _time_option(error: TimeOptionError) -> Text:
    if error.option == "quiet":
        return Text(
            "{option}: {error}; write them like 23:00-07:00 (your time zone), or {off}.",
            option=Option("quiet"),
            error=time_problem_text(error.problem),
            off=OFF,
        )
    if error.option == "digest":
        return Text(
            "{option}: {error}; give the time of day for it (e.g. 08:00), or {off}.",
            option=Option("digest"),
            error=time_problem_text(error.problem),
            off=OFF,
        )
    return Text(
        "{error}; use a name from the IANA time zone database, e.g. Europe/Paris, "
        "America/New_York, Asia/Shanghai or UTC.",
        error=time_problem_text(error.problem),
    )


# Each refusal of an option value, worded from its facts (``bot.text.errors.WORDED``).
OPTION_REFUSALS: dict[type[UserError], Callable[[Any], Text]] = {
    NotAChoiceError: _not_a_choice,
    AnotherGamesColourError: _another_games_colour,
    DaysError: lambda error: Text(
        "{option} must be one of {days} (days per move), or {none} for no time limit.",
        option=Option("days"),
        days=", ".join(map(str, DAYS_CHOICES)),
        none=Choice(0, NO_TIME_LIMIT),
    ),
    MoreTimeDaysError: lambda error: Text(
        "{option} must be one of {days} for more time.",
        option=Option("days"),
        days=", ".join(map(str, MORETIME_DAYS)),
    ),
    UnratableError: _unratable,
    StartNumberError: _start_number,
    SetupError: _setup,
    StartLineError: _start_line,
    UnknownNameError: _unknown_name,
    ReminderHoursError: lambda error: Text(
        '{option} are hours before a deadline, any of {choices} (e.g. "24, 1"), or '
        '{off}, not "{text}".',
        option=Option("reminders"),
        choices=", ".join(map(str, REMINDER_CHOICES)),
        off=OFF,
        text=error.word,
    ),
    TimeOptionError: _time_option,
    LanguageChoiceError: lambda error: Text(
        '{option} must be {auto} or one of {choices}, not "{text}".',
        option=Option(error.option),
        auto=error.auto,
        choices=", ".join(locale.value for locale in Locale),
        text=error.word,
    ),
    LevelRangeError: lambda error: Text(
        "{option} must be {weakest} (weakest) to {strongest} (strongest), not {level}.",
        option=Option("level"),
        weakest=MIN_LEVEL,
        strongest=MAX_LEVEL,
        level=error.level,
    ),
    LevelForPersonError: lambda error: Text(
        "{option} is the computer's strength: challenge {computer} itself "
        "({opponent} {level}), or leave the {option} out to play {player}.",
        option=Option("level"),
        computer=error.computer,
        opponent=Option("opponent", f"@{error.computer}"),
        level=Option("level", error.level),
        player=error.player,
    ),
}
