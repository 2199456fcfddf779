"""The weekend pause's arithmetic (``bot.service.weekends``), by properties over time zones
and daylight-saving changes: the clock never runs on a Saturday or Sunday on the player's
wall clock, a deadline is exactly the running time away, and nothing is lost or gained."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo, available_timezones

from hypothesis import given
from hypothesis import strategies as st

from bot.service.weekends import deadline_after, running_back, running_between
from bot.store import LOOK_HORIZON, REMINDER_HORIZON
from bot.store.clock_looks import LONGEST_WEEKEND, NEXT_LOOK

# Zones with daylight saving on both hemispheres' calendars, a half-hour one, and UTC.
ZONES = [
    ZoneInfo(name)
    for name in (
        "UTC",
        "Europe/Paris",
        "America/New_York",
        "Australia/Sydney",
        "Asia/Kolkata",
        "Pacific/Auckland",
        "America/Santiago",
    )
]
moments = st.datetimes(
    min_value=datetime(2025, 1, 1), max_value=datetime(2027, 12, 31), timezones=st.just(UTC)
)
durations = st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=30))


@given(moments, durations, st.sampled_from(ZONES))
def test_a_deadline_is_exactly_the_running_time_away(
    start: datetime, running: timedelta, zone: ZoneInfo
) -> None:
    """Counting the running time back from the deadline gives what was asked for."""
    deadline = deadline_after(start, running, zone)
    assert deadline >= start + running
    assert running_between(start, deadline, zone) == running


@given(moments, durations, st.sampled_from(ZONES))
def test_a_deadline_never_falls_inside_a_weekend(
    start: datetime, running: timedelta, zone: ZoneInfo
) -> None:
    """A clock with time left is due on a weekday (or as a weekend begins, at Saturday
    00:00 on the player's wall clock)."""
    deadline = deadline_after(start, running, zone).astimezone(zone)
    if running > timedelta(0):
        inside = deadline.weekday() == 6 or (
            deadline.weekday() == 5
            and (deadline.hour, deadline.minute, deadline.second) > (0, 0, 0)
        )
        assert not inside


@given(moments, moments, moments, st.sampled_from(ZONES))
def test_running_time_adds_up(a: datetime, b: datetime, c: datetime, zone: ZoneInfo) -> None:
    """Running time over a span is the sum over its parts, and never more than the span."""
    first, middle, last = sorted((a, b, c))
    whole = running_between(first, last, zone)
    assert whole == running_between(first, middle, zone) + running_between(middle, last, zone)
    assert timedelta(0) <= whole <= last - first


def test_a_weekend_over_a_daylight_saving_change_is_skipped_whole() -> None:
    """Paris leaves summer time in the night of Saturday 25 to Sunday 26 October 2025: that
    weekend lasts 49 hours, all of them paused; three days from Friday noon (12 hours on
    Friday, 60 from Monday) end on Wednesday noon, Paris time."""
    paris = ZoneInfo("Europe/Paris")
    friday_noon = datetime(2025, 10, 24, 12, tzinfo=paris).astimezone(UTC)
    deadline = deadline_after(friday_noon, timedelta(days=3), paris)
    assert deadline.astimezone(paris) == datetime(2025, 10, 29, 12, tzinfo=paris)
    saturday = datetime(2025, 10, 25, 0, tzinfo=paris).astimezone(UTC)
    monday = datetime(2025, 10, 27, 0, tzinfo=paris).astimezone(UTC)
    assert monday - saturday == timedelta(hours=49)
    assert running_between(saturday, monday, paris) == timedelta(0)


def test_each_player_has_their_own_weekend() -> None:
    """Saturday 02:00 in Auckland is still Friday in New York: one runs, the other not."""
    moment = datetime(2026, 3, 6, 14, tzinfo=UTC)  # Sat 03:00 Auckland, Fri 09:00 New York
    hour = moment + timedelta(hours=1)
    assert running_between(moment, hour, ZoneInfo("Pacific/Auckland")) == timedelta(0)
    assert running_between(moment, hour, ZoneInfo("America/New_York")) == timedelta(hours=1)


def _inside_a_weekend(moment: datetime, zone: ZoneInfo) -> bool:
    """Whether ``moment`` is in [Saturday 00:00, Monday 00:00) on ``zone``'s wall clock."""
    return moment.astimezone(zone).weekday() >= 5


reminders = st.integers(min_value=1, max_value=int(REMINDER_HORIZON.total_seconds()) // 3600)


@given(moments, durations.filter(bool), st.sampled_from(ZONES))
def test_running_back_is_the_last_instant_that_much_running_time_before(
    end: datetime, running: timedelta, zone: ZoneInfo
) -> None:
    """Counted back from any instant, ``running`` time ends exactly there, starts on a
    weekday (Monday 00:00 at the latest of a weekend), and a second later would not do."""
    start = running_back(end, running, zone)
    assert running_between(start, end, zone) == running
    assert not _inside_a_weekend(start, zone)
    assert running_between(start + timedelta(seconds=1), end, zone) < running


@given(moments, reminders, st.sampled_from(sorted(available_timezones())))
def test_a_reminder_never_falls_before_the_clocks_look_horizon(
    end: datetime, hours: int, name: str
) -> None:
    """In any zone of the tz database, a reminder of at most the widest hours, counted back
    over a weekend, falls no earlier than ``LOOK_HORIZON`` before its deadline on the wall
    clock: the index's default look (``games_clock_next``) comes before every reminder."""
    start = running_back(end, timedelta(hours=hours), ZoneInfo(name))
    assert end - start <= LOOK_HORIZON


def test_no_weekend_in_the_tz_database_is_longer_than_the_longest_weekend() -> None:
    """Every weekend of every zone from 2026 to 2029 lasts at most ``LONGEST_WEEKEND``
    (Antarctica/Troll's two-hour daylight-saving change makes it 50 hours), and the clock's
    index holds the horizon it makes, in seconds, in its last migration."""
    longest = timedelta(0)
    for name in available_timezones():
        zone = ZoneInfo(name)
        saturday = date(2026, 1, 3)
        while saturday.year < 2030:
            start = datetime.combine(saturday, time(0), zone).astimezone(UTC)
            end = datetime.combine(saturday + timedelta(days=2), time(0), zone).astimezone(UTC)
            longest = max(longest, end - start)
            saturday += timedelta(days=7)
    assert longest <= LONGEST_WEEKEND
    assert LOOK_HORIZON == REMINDER_HORIZON + LONGEST_WEEKEND
    seconds = f"deadline_at - {int(LOOK_HORIZON.total_seconds())} END"
    assert seconds in NEXT_LOOK
    migrations = Path(__file__).parents[2] / "bot" / "store" / "migrations"
    last = max(p for p in migrations.glob("*.sql") if "games_clock_next" in p.read_text())
    assert seconds in last.read_text()


def test_a_reminder_before_monday_noon_is_counted_back_into_friday() -> None:
    """24 hours of the clock before Monday noon in Paris: 12 of Monday and 12 of Friday,
    so Friday at noon; 12 hours before it, Monday 00:00 as the weekend ends."""
    paris = ZoneInfo("Europe/Paris")
    monday_noon = datetime(2026, 1, 12, 12, tzinfo=paris)
    assert running_back(monday_noon, timedelta(hours=24), paris) == datetime(
        2026, 1, 9, 12, tzinfo=paris
    )
    assert running_back(monday_noon, timedelta(hours=12), paris) == datetime(
        2026, 1, 12, 0, tzinfo=paris
    )
