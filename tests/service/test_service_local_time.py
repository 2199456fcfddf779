"""A player's own clock: time zones, times of day, quiet hours across midnight and DST."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.service.local_time import (
    TimeFormatError,
    next_time_of_day,
    parse_time_of_day,
    parse_time_range,
    quiet_until,
    zone_named,
    zone_or_utc,
)

PARIS = zone_named("Europe/Paris")


@pytest.mark.parametrize(
    ("text", "minutes"),
    [("7", 420), ("07:30", 450), ("0730", 450), ("7pm", 1140), ("12am", 0), ("23:59", 1439)],
)
def test_times_of_day(text: str, minutes: int) -> None:
    """Times of day are read as people write them."""
    assert parse_time_of_day(text) == minutes


@pytest.mark.parametrize("text", ["24:00", "7:60", "13pm", "noon", "", "-1"])
def test_bad_times_of_day(text: str) -> None:
    with pytest.raises(TimeFormatError):
        parse_time_of_day(text)


def test_quiet_hours_across_midnight() -> None:
    """23:00-07:00 in Paris: 00:30 there is quiet until 07:00 there; 12:00 is not."""
    quiet = parse_time_range("23:00-07:00")
    night = datetime(2026, 1, 5, 23, 30, tzinfo=UTC)  # 00:30 on the 6th in Paris
    assert quiet_until(night, quiet, PARIS) == datetime(2026, 1, 6, 6, 0, tzinfo=UTC)
    assert quiet_until(datetime(2026, 1, 6, 11, 0, tzinfo=UTC), quiet, PARIS) is None
    # The end is not quiet; the start is.
    assert quiet_until(datetime(2026, 1, 6, 6, 0, tzinfo=UTC), quiet, PARIS) is None
    assert quiet_until(datetime(2026, 1, 6, 22, 0, tzinfo=UTC), quiet, PARIS) is not None


def test_quiet_hours_within_a_day() -> None:
    """13:00-15:00 is quiet in the afternoon only."""
    quiet = parse_time_range("13-15")
    assert quiet_until(datetime(2026, 1, 6, 12, 30, tzinfo=UTC), quiet, PARIS) == datetime(
        2026, 1, 6, 14, 0, tzinfo=UTC
    )
    assert quiet_until(datetime(2026, 1, 6, 15, 0, tzinfo=UTC), quiet, PARIS) is None


def test_the_time_of_day_follows_daylight_saving() -> None:
    """08:00 in Paris is 07:00 UTC in winter and 06:00 UTC in summer."""
    before = datetime(2026, 3, 28, 8, 0, tzinfo=UTC)
    assert next_time_of_day(before, 480, PARIS) == datetime(2026, 3, 29, 6, 0, tzinfo=UTC)
    assert next_time_of_day(datetime(2026, 1, 5, tzinfo=UTC), 480, PARIS) == datetime(
        2026, 1, 5, 7, 0, tzinfo=UTC
    )


def test_a_time_in_the_spring_forward_gap_comes_just_after_it() -> None:
    """02:30 does not exist in Paris on 29 March 2026: it is read as 03:30 (01:30 UTC)."""
    moment = next_time_of_day(datetime(2026, 3, 28, 12, 0, tzinfo=UTC), 150, PARIS)
    assert moment == datetime(2026, 3, 29, 1, 30, tzinfo=UTC)


def test_zone_names() -> None:
    """Names are the IANA database's, in any case; an unknown stored one falls back to UTC."""
    assert zone_named("asia/SHANGHAI").key == "Asia/Shanghai"
    with pytest.raises(TimeFormatError):
        zone_named("Atlantis/Capital")
    assert zone_or_utc("Atlantis/Capital").key == "UTC"
