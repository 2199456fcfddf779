"""A tournament's sign-up deadline as the organiser types it (``/tournament create
deadline:``): a duration from now (``3d``, ``12h``, ``2d 12h``, ``1w``, ``90m``; ``days``,
``hours``, ``weeks``, ``minutes`` spelled out too) or a date with an optional time of day
(``2026-12-01``, ``2026-12-01 18:00``, ``2026-12-01 6pm``) in the organiser's time zone
(``/settings timezone``; UTC when they chose none). A date alone means 00:00 that day.

Pure: no store, no clock of its own. Every refusal is a ``DeadlineError``.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from enum import Enum
from zoneinfo import ZoneInfo

from bot.service.errors import InvalidOptionError
from bot.service.local_time import TimeFormatError, parse_time_of_day

# The longest sign-up (chess.com's daily tournaments register for up to a few weeks).
MAX_SIGNUP_DAYS = 60

_UNITS = {"w": "weeks", "d": "days", "h": "hours", "m": "minutes"}
_PART = re.compile(r"(\d{1,6})\s*(weeks?|w|days?|d|hours?|hrs?|h|minutes?|mins?|m)(?![a-z])")
_DURATION = re.compile(rf"(?:\s*{_PART.pattern}\s*)+")
_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:\s+|t)(.+))?")


class DeadlineProblem(Enum):
    UNREADABLE = "unreadable"  # neither a duration nor a date
    PAST = "past"  # now or earlier
    TOO_FAR = "too_far"  # more than MAX_SIGNUP_DAYS ahead


class DeadlineError(InvalidOptionError):
    """The ``deadline`` option refused: ``problem``, with what was ``typed`` (and, for a
    date, the moment it meant)."""

    def __init__(self, problem: DeadlineProblem, typed: str, meant: datetime | None = None) -> None:
        super().__init__()
        self.problem = problem
        self.typed = typed
        self.meant = meant


def parse_deadline(typed: str, now: datetime, zone: ZoneInfo) -> datetime:
    """The moment (UTC) ``typed`` names: after ``now``, at most ``MAX_SIGNUP_DAYS`` ahead.
    Raises ``DeadlineError`` (UNREADABLE, PAST, TOO_FAR)."""
    text = typed.strip().lower()
    moment = _after_duration(text, now)
    if moment is None:
        moment = _on_date(text, zone)
    if moment is None:
        raise DeadlineError(DeadlineProblem.UNREADABLE, typed)
    if moment <= now:
        raise DeadlineError(DeadlineProblem.PAST, typed, moment)
    if moment - now > timedelta(days=MAX_SIGNUP_DAYS):
        raise DeadlineError(DeadlineProblem.TOO_FAR, typed, moment)
    return moment


def _after_duration(text: str, now: datetime) -> datetime | None:
    """``now`` plus the duration ``text`` says, or None when it is not one."""
    if not _DURATION.fullmatch(text):
        return None
    amounts = dict.fromkeys(_UNITS.values(), 0)
    for number, unit in _PART.findall(text):
        amounts[_UNITS[unit[0]]] += int(number)
    try:
        return now + timedelta(**amounts)
    except OverflowError:
        return now + timedelta(days=MAX_SIGNUP_DAYS + 1)  # refused as too far


def _on_date(text: str, zone: ZoneInfo) -> datetime | None:
    """The moment of the date (and time of day) ``text`` says in ``zone``, or None."""
    match = _DATE.fullmatch(text)
    if match is None:
        return None
    year, month, day, clock = match.groups()
    try:
        minutes = 0 if clock is None else parse_time_of_day(clock)
        local = datetime.combine(date(int(year), int(month), int(day)), datetime.min.time())
    except (TimeFormatError, ValueError):
        return None
    return (local + timedelta(minutes=minutes)).replace(tzinfo=zone).astimezone(UTC)
