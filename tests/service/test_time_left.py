"""The time left a game shows (``bot.service.time_left``), by properties over time zones:
the deadline minus now, less the mover's weekend hours in between when the game has weekends
off, less the time a vacation or an agreed pause holds the clock; the order of urgency is
the deadlines'."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from bot.service.time_left import by_urgency, time_left
from bot.store import GameRecord, GameStatus, NotifyMode, Player
from tests.service.test_weekends import ZONES, durations, moments

NOTHING = timedelta(0)


def weekend_hours(start: datetime, end: datetime, zone: ZoneInfo) -> timedelta:
    """How much of ``start`` to ``end`` lies in [Saturday 00:00, Monday 00:00) of ``zone``'s
    wall clock, each weekend of the span overlapped in turn."""
    total = NOTHING
    day: date = start.astimezone(zone).date() - timedelta(days=7)
    while day <= end.astimezone(zone).date():
        if day.weekday() == 5:
            begins = datetime.combine(day, time(0), zone).astimezone(UTC)
            ends = datetime.combine(day + timedelta(days=2), time(0), zone).astimezone(UTC)
            total += max(NOTHING, min(end, ends) - max(start, begins))
        day += timedelta(days=1)
    return total


def record(
    deadline: datetime | None, *, weekends_off: bool, paused_until: datetime | None = None
) -> GameRecord:
    """An active game, player 2 to move, due at ``deadline``."""
    moment = datetime(2025, 1, 1, tzinfo=UTC)
    return GameRecord(
        id=1, guild_id=1, channel_id=1, thread_id=None, message_id=None, variant="chess",
        start_fen="startpos", white_id=1, black_id=2, days_per_move=3, rated=False,
        status=GameStatus.ACTIVE, result=None, termination=None, ply=1, fen="startpos",
        to_move_id=2, created_at=moment, last_move_at=moment, deadline_at=deadline,
        finished_at=None, version=1, paused_until=paused_until, weekends_off=weekends_off,
    )  # fmt: skip


def mover(zone: ZoneInfo, vacation_ends_at: datetime | None = None) -> Player:
    return Player(
        2, "bob", False, NotifyMode.CHANNEL, "default", vacation_ends_at, time_zone=zone.key
    )


@given(moments, durations, st.sampled_from(ZONES), st.booleans())
def test_time_left_is_the_deadline_less_the_movers_weekends(
    now: datetime, away: timedelta, zone: ZoneInfo, weekends_off: bool
) -> None:
    """Shown time left == deadline - now - the weekend hours of the mover's zone between
    them (weekends off), == deadline - now otherwise."""
    deadline = now + away
    game = record(deadline, weekends_off=weekends_off)
    paused = weekend_hours(now, deadline, zone) if weekends_off else NOTHING
    assert time_left(game, now, mover(zone)) == away - paused


@given(moments, durations, durations, st.sampled_from(ZONES), st.booleans(), st.booleans())
def test_a_hold_is_not_time_left(
    now: datetime,
    away: timedelta,
    held: timedelta,
    zone: ZoneInfo,
    weekends_off: bool,
    vacation: bool,
) -> None:
    """A vacation of the mover or an agreed pause until ``now + held`` is no time of
    theirs: what is left is counted from its end; never below zero."""
    deadline, until = now + away, now + held
    game = record(deadline, weekends_off=weekends_off, paused_until=None if vacation else until)
    runs_from = max(now, until)
    counted = max(NOTHING, deadline - runs_from)
    if weekends_off and deadline > runs_from:
        counted -= weekend_hours(runs_from, deadline, zone)
    seen = mover(zone, until if vacation else None)
    assert time_left(game, now, seen) == counted


def test_no_clock_no_time_left_and_untimed_games_last() -> None:
    """An untimed game has no time left, and comes after every timed one, the soonest
    deadline first."""
    now = datetime(2026, 1, 9, 12, tzinfo=UTC)
    untimed = record(None, weekends_off=False)
    assert time_left(untimed, now, None) is None
    soon = record(now + timedelta(hours=1), weekends_off=True)
    later = record(now + timedelta(days=1), weekends_off=False)
    assert by_urgency([untimed, later, soon]) == [soon, later, untimed]
