"""The weekend pause's arithmetic: a clock that does not run on Saturday and Sunday in a
player's own time zone (OGS's "pause on weekends"), pure.

A weekend is from Saturday 00:00 to Monday 00:00 on the player's wall clock, read through
``zoneinfo``, so a daylight-saving change inside or beside it moves its instants, never its
wall-clock bounds. Deadlines are instants: ``deadline_after`` finds when ``running`` time has
run outside the weekends; ``running_between`` counts it back, and ``running_back`` finds the
instant that much running time before a deadline (a reminder's).
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from bot.service.local_time import zone_or_utc

SATURDAY = 5
_NOTHING = timedelta(0)


def weekend_zone(weekends_off: bool, time_zone: str | None) -> ZoneInfo | None:
    """The zone whose weekends stop a clock (None: the game's clock runs every day): the
    player's own (``/settings timezone``), UTC for a player who chose none."""
    if not weekends_off:
        return None
    return ZoneInfo("UTC") if time_zone is None else zone_or_utc(time_zone)


def _weekend_around(moment: datetime, zone: ZoneInfo) -> tuple[datetime, datetime]:
    """The weekend (start, end), as UTC-comparable instants, that ``moment`` is in, or the
    next one after it."""
    local = moment.astimezone(zone)
    days_to_saturday = (SATURDAY - local.weekday()) % 7
    if local.weekday() == 6:  # Sunday: inside the weekend that began yesterday
        days_to_saturday = -1
    saturday = local.date() + timedelta(days=days_to_saturday)
    # In UTC: Python adds and compares datetimes of one tzinfo on their wall clocks, which
    # a daylight-saving change would skew.
    start = datetime.combine(saturday, time(0), zone).astimezone(UTC)
    end = datetime.combine(saturday + timedelta(days=2), time(0), zone).astimezone(UTC)
    return start, end


def _weekend_before(moment: datetime, zone: ZoneInfo) -> tuple[datetime, datetime]:
    """The last weekend (start, end), as UTC-comparable instants, that began before
    ``moment``: the one ``moment`` is in, or the one that ended at or before it."""
    local = moment.astimezone(zone)
    saturday = local.date() - timedelta(days=(local.weekday() - SATURDAY) % 7)
    start = datetime.combine(saturday, time(0), zone).astimezone(UTC)
    if start >= moment:  # Saturday 00:00 itself: that weekend has not begun yet
        saturday -= timedelta(days=7)
        start = datetime.combine(saturday, time(0), zone).astimezone(UTC)
    end = datetime.combine(saturday + timedelta(days=2), time(0), zone).astimezone(UTC)
    return start, end


def running_between(start: datetime, end: datetime, zone: ZoneInfo) -> timedelta:
    """How much of ``start`` to ``end`` (timezone-aware) falls outside the weekends of
    ``zone``; nothing when ``end`` is not after ``start``."""
    ran, at, end = _NOTHING, start.astimezone(UTC), end.astimezone(UTC)
    while at < end:
        weekend_start, weekend_end = _weekend_around(at, zone)
        if at >= weekend_start:  # inside a weekend: skip to its end
            at = weekend_end
            continue
        stop = min(end, weekend_start)
        ran += stop - at
        at = stop
    return ran


def deadline_after(start: datetime, running: timedelta, zone: ZoneInfo) -> datetime:
    """The instant at which ``running`` time has run from ``start`` (timezone-aware) with the
    clock stopped on the weekends of ``zone``; a clock that runs out exactly as a weekend
    begins is due then, not after it."""
    left, at = running, start.astimezone(UTC)
    while True:
        weekend_start, weekend_end = _weekend_around(at, zone)
        if at >= weekend_start:
            at = weekend_end
            continue
        if at + left <= weekend_start:
            return at + left
        left -= weekend_start - at
        at = weekend_end


def running_back(end: datetime, running: timedelta, zone: ZoneInfo) -> datetime:
    """The last instant from which ``running`` time (more than none) runs out at ``end``
    (timezone-aware) with the clock stopped on the weekends of ``zone``: never inside a
    weekend (time that runs out on Monday morning is counted back into Friday, and a
    reminder with what is left at a weekend's end comes as it ends, Monday 00:00)."""
    left, at = running, end.astimezone(UTC)
    while True:
        weekend_start, weekend_end = _weekend_before(at, zone)
        if at <= weekend_end:  # inside the weekend, or at its end: back to its start
            at = weekend_start
            continue
        if at - left >= weekend_end:
            return at - left
        left -= at - weekend_end
        at = weekend_start


def resumed_deadline(
    stopped: datetime, resumes: datetime, deadline: datetime, time_zone: str | None
) -> datetime:
    """The deadline of a game with weekends off whose clock stood still from ``stopped``
    to ``resumes`` (Postal down, a vacation; ``resumes`` earlier for a vacation ended
    early): its player to move (in ``time_zone``, UTC for none) has the running time left
    they had at ``stopped``, from ``resumes``, weekends skipped. Moving the deadline by the
    stop's length on the wall clock could land it on a weekend with less time than was
    taken."""
    zone = weekend_zone(True, time_zone)
    assert zone is not None
    return deadline_after(resumes, running_between(stopped, deadline, zone), zone)
