"""The weekend pause's arithmetic (``bot.service.weekends``), by properties over time zones
and daylight-saving changes: the clock never runs on a Saturday or Sunday on the player's
wall clock, a deadline is exactly the running time away, and nothing is lost or gained."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from bot.service.weekends import deadline_after, running_between

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
