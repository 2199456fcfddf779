"""A player's own clock: time zones (IANA names, ``zoneinfo``), quiet hours, the digest's time.

Times of day are minutes after local midnight. Quiet hours run from one time of day to
another and may span midnight (23:00-07:00); a moment is quiet from the start included to the
end excluded. Daylight-saving changes follow ``zoneinfo``: a time of day that does not exist
that day (a spring-forward gap) is read as the moment after the gap.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from enum import Enum
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

MINUTES_PER_DAY = 24 * 60
_TIME = re.compile(r"^(\d{1,2})(?::?(\d{2}))?\s*(am|pm)?$")


class TimeProblem(Enum):
    """Why a time of day, range of hours or time zone cannot be read."""

    ZONE_NAME = "zone name"  # no IANA zone of that name
    ZONE_UNKNOWN = "zone unknown"  # listed, but this server cannot load it
    TIME = "time"  # not a time of day like 07:00
    TWELVE_HOUR = "12-hour"  # 13pm, 0am
    TIME_RANGE = "time range"  # past 23:59
    RANGE = "range"  # not a range like 23:00-07:00
    EMPTY_RANGE = "empty range"  # starts and ends at the same time


class TimeFormatError(ValueError):
    """``text`` (a time of day, range or zone) cannot be read, for ``problem``;
    ``bot.text.options`` words it."""

    def __init__(self, problem: TimeProblem, text: str) -> None:
        super().__init__(f"{problem.value}: {text!r}")
        self.problem = problem
        self.text = text


def zone_named(name: str) -> ZoneInfo:
    """The IANA zone ``name`` (``Europe/Paris``, ``UTC``; case as the database spells it, but
    any case is accepted). Raises ``TimeFormatError`` for an unknown name."""
    wanted = name.strip()
    spelled = _zone_spellings().get(wanted.lower())
    if spelled is None:
        raise TimeFormatError(TimeProblem.ZONE_NAME, name)
    try:
        return ZoneInfo(spelled)
    except (ZoneInfoNotFoundError, ValueError) as error:  # listed but not loadable
        raise TimeFormatError(TimeProblem.ZONE_UNKNOWN, name) from error


@cache
def _zone_spellings() -> dict[str, str]:
    return {name.lower(): name for name in available_timezones()}


def zone_or_utc(name: str) -> ZoneInfo:
    """The zone a player chose, or UTC if this server no longer knows it (a zone renamed in
    an update of the time zone database must not stop their messages)."""
    try:
        return zone_named(name)
    except TimeFormatError:
        return ZoneInfo("UTC")


def zone_names() -> list[str]:
    """Every IANA zone name this server knows, sorted (for autocomplete)."""
    return sorted(_zone_spellings().values())


def parse_time_of_day(text: str) -> int:
    """``7``, ``07:30``, ``0730``, ``7pm`` -> minutes after midnight. Raises
    ``TimeFormatError``."""
    match = _TIME.match(text.strip().lower())
    if match is None:
        raise TimeFormatError(TimeProblem.TIME, text)
    hour, minute = int(match.group(1)), int(match.group(2) or 0)
    suffix = match.group(3)
    if suffix is not None:
        if not 1 <= hour <= 12:
            raise TimeFormatError(TimeProblem.TWELVE_HOUR, text)
        hour = hour % 12 + (12 if suffix == "pm" else 0)
    if hour > 23 or minute > 59:
        raise TimeFormatError(TimeProblem.TIME_RANGE, text)
    return hour * 60 + minute


def parse_time_range(text: str) -> tuple[int, int]:
    """``23-7``, ``22:30-07:00`` -> (start, end) in minutes. Raises ``TimeFormatError``."""
    start, sep, end = text.partition("-")
    if not sep or not start.strip() or not end.strip():
        raise TimeFormatError(TimeProblem.RANGE, text)
    first, last = parse_time_of_day(start), parse_time_of_day(end)
    if first == last:
        raise TimeFormatError(TimeProblem.EMPTY_RANGE, text)
    return first, last


def clock_text(minutes: int) -> str:
    """Minutes after midnight as ``HH:MM``."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _at(day: date, minutes: int, zone: ZoneInfo) -> datetime:
    """The UTC moment of local ``minutes`` on ``day`` in ``zone``. A wall time inside a
    spring-forward gap takes the offset before the gap (PEP 495, fold 0), which lands just
    after the gap; an hour that occurs twice (fall back) is its first occurrence."""
    return datetime.combine(day, time(minutes // 60, minutes % 60), tzinfo=zone).astimezone(UTC)


def next_time_of_day(now: datetime, minutes: int, zone: ZoneInfo) -> datetime:
    """The first moment after ``now`` (UTC) when it is ``minutes`` local time in ``zone``."""
    today = now.astimezone(zone).date()
    for offset in range(3):
        moment = _at(today + timedelta(days=offset), minutes, zone)
        if moment > now:
            return moment
    raise AssertionError("a time of day recurs within two days")  # pragma: no cover


def quiet_until(now: datetime, quiet: tuple[int, int] | None, zone: ZoneInfo) -> datetime | None:
    """When the quiet hours around ``now`` end (UTC), or None when ``now`` is not in them."""
    if quiet is None:
        return None
    start, end = quiet
    local = now.astimezone(zone)
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else minute >= start or minute < end
    if not inside:
        return None
    return next_time_of_day(now, end, zone)
