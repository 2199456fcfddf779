"""Option values refused, as facts: the option, what was typed and what it may be.

``bot/text/options.py`` words each for both adapters (``bot/text/errors.py`` finds it by its
type); the service builds no sentence for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from bot.i18n.names import Choice
from bot.service.errors import InvalidOptionError
from bot.service.local_time import TimeFormatError


class NotAChoiceError(InvalidOptionError):
    """``word`` is none of ``choices``, the values of ``option`` (as Discord lists them)."""

    def __init__(self, option: str, word: str, choices: Sequence[Choice]) -> None:
        super().__init__()
        self.option = option
        self.word = word
        self.choices = tuple(choices)


class AnotherGamesColourError(NotAChoiceError):
    """``word`` is a colour of another game than ``game``, whose colours are ``choices``."""

    def __init__(self, game: str, word: str, choices: Sequence[Choice]) -> None:
        super().__init__("color", word, choices)
        self.game = game


class DaysError(InvalidOptionError):
    """``days`` per move is none of the choices (``bot.service.challenge_plan.DAYS_CHOICES``)."""

    def __init__(self, days: int) -> None:
        super().__init__()
        self.days = days


class MoreTimeDaysError(InvalidOptionError):
    """``days`` of more time is none of the choices (``bot.service.deadlines.MORETIME_DAYS``)."""

    def __init__(self, days: int) -> None:
        super().__init__()
        self.days = days


class TimeBankProblem(Enum):
    """What is wrong with a time bank asked for (the numbers an error carries, in order)."""

    CAP_WITHOUT_INCREMENT = "cap_without_increment"  # (cap)
    INCREMENT_RANGE = "increment_range"  # (increment, most)
    CAP_RANGE = "cap_range"  # (cap, most)
    CAP_BELOW_START = "cap_below_start"  # (cap, days)
    CAP_BELOW_INCREMENT = "cap_below_increment"  # (cap, increment)
    UNTIMED = "untimed"  # an increment or cap asked for a game without a clock ()


class TimeBankError(InvalidOptionError):
    """A time bank's ``increment`` or ``cap`` cannot be: ``problem`` says why, ``numbers``
    are the days it is about (see ``TimeBankProblem``)."""

    def __init__(self, problem: TimeBankProblem, *numbers: int) -> None:
        super().__init__()
        self.problem = problem
        self.numbers = numbers


class UntimedWeekendsError(InvalidOptionError):
    """``weekends:off`` asked of a game without a time limit: it has no clock to stop."""


class Unratable(Enum):
    """Why a game asked to be rated cannot be."""

    CUSTOM_START = "custom_start"
    UNTIMED = "untimed"
    COMPUTER = "computer"


class UnratableError(InvalidOptionError):
    """``rated`` was asked for a game that cannot be rated, for ``reason``."""

    def __init__(self, reason: Unratable) -> None:
        super().__init__()
        self.reason = reason


class UnknownNameError(InvalidOptionError):
    """``word`` names no ``kind`` (``theme``, ``pieces``) Postal has; ``choices`` are those it
    has, as a player may type them."""

    def __init__(self, kind: str, word: str, choices: Sequence[str]) -> None:
        super().__init__()
        self.kind = kind
        self.word = word
        self.choices = tuple(choices)


class ReminderHoursError(InvalidOptionError):
    """``word`` is not a list of reminder hours (``bot.service.deadlines.REMINDER_CHOICES``)."""

    def __init__(self, word: str) -> None:
        super().__init__()
        self.word = word


class TimeOptionError(InvalidOptionError):
    """``option`` (``timezone``, ``quiet``, ``digest``) could not be read: ``problem`` says
    why."""

    def __init__(self, option: str, problem: TimeFormatError) -> None:
        super().__init__()
        self.option = option
        self.problem = problem


class LanguageChoiceError(InvalidOptionError):
    """``word`` is no language Postal speaks: ``option`` takes ``auto`` or a catalog's name."""

    def __init__(self, option: str, auto: Choice, word: str) -> None:
        super().__init__()
        self.option = option
        self.auto = auto
        self.word = word


class LevelError(InvalidOptionError):
    """A level out of range, or a level given for a game against a person."""


class LevelRangeError(LevelError):
    """``level`` is outside the computer's levels (``bot.engine.api.MIN_LEVEL..MAX_LEVEL``)."""

    def __init__(self, level: int) -> None:
        super().__init__()
        self.level = level


class LevelForPersonError(LevelError):
    """A ``level`` was given with ``player``, a person, as the opponent; ``computer`` is the
    computer's name (to challenge instead)."""

    def __init__(self, level: int, player: str, computer: str) -> None:
        super().__init__()
        self.level = level
        self.player = player
        self.computer = computer
