"""A tournament's sign-up deadline as typed: durations from now, dates (and times of day) in
the organiser's time zone; the past, beyond the sign-up limit and the unreadable refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.service.tournament.deadline import (
    MAX_SIGNUP_DAYS,
    DeadlineError,
    DeadlineProblem,
    parse_deadline,
)

NOW = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
UTC_ZONE = ZoneInfo("UTC")


@pytest.mark.parametrize(
    ("typed", "after"),
    [
        ("3d", timedelta(days=3)),
        ("12h", timedelta(hours=12)),
        ("2d 12h", timedelta(days=2, hours=12)),
        ("2d12h", timedelta(days=2, hours=12)),
        ("1w", timedelta(weeks=1)),
        ("90m", timedelta(minutes=90)),
        (" 3 days ", timedelta(days=3)),
        ("1 week 2 hours", timedelta(weeks=1, hours=2)),
        ("2 HOURS 30 mins", timedelta(hours=2, minutes=30)),
    ],
)
def test_a_duration_counts_from_now(typed: str, after: timedelta) -> None:
    """Weeks, days, hours and minutes, short or spelled out, added together."""
    assert parse_deadline(typed, NOW, UTC_ZONE) == NOW + after


def test_a_date_is_read_in_the_organisers_time_zone() -> None:
    """``2026-01-06 18:00`` in Paris (UTC+1 in January) is 17:00 UTC; a date alone is its
    midnight there; ``6pm`` and a ``T`` are read too; in Tokyo the same words are 09:00 UTC."""
    paris = ZoneInfo("Europe/Paris")
    assert parse_deadline("2026-01-06 18:00", NOW, paris) == datetime(2026, 1, 6, 17, tzinfo=UTC)
    assert parse_deadline("2026-01-07", NOW, paris) == datetime(2026, 1, 6, 23, tzinfo=UTC)
    assert parse_deadline("2026-01-06 6pm", NOW, paris) == datetime(2026, 1, 6, 17, tzinfo=UTC)
    assert parse_deadline("2026-01-06T18:00", NOW, paris) == datetime(2026, 1, 6, 17, tzinfo=UTC)
    tokyo = ZoneInfo("Asia/Tokyo")
    assert parse_deadline("2026-01-06 18:00", NOW, tokyo) == datetime(2026, 1, 6, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("soon", DeadlineProblem.UNREADABLE),
        ("3x", DeadlineProblem.UNREADABLE),
        ("3", DeadlineProblem.UNREADABLE),
        ("2026-02-30", DeadlineProblem.UNREADABLE),
        ("2026-01-06 25:00", DeadlineProblem.UNREADABLE),
        ("0d", DeadlineProblem.PAST),
        ("2026-01-05 11:59", DeadlineProblem.PAST),
        ("2026-01-05", DeadlineProblem.PAST),
        (f"{MAX_SIGNUP_DAYS + 1}d", DeadlineProblem.TOO_FAR),
        ("999999w", DeadlineProblem.TOO_FAR),
        ("2027-01-01", DeadlineProblem.TOO_FAR),
    ],
)
def test_a_deadline_refused_says_why(typed: str, problem: DeadlineProblem) -> None:
    """Unreadable text, a moment not after now, or one past the sign-up limit."""
    with pytest.raises(DeadlineError) as raised:
        parse_deadline(typed, NOW, UTC_ZONE)
    assert (raised.value.problem, raised.value.typed) == (problem, typed)


def test_the_longest_sign_up_is_accepted() -> None:
    """Exactly ``MAX_SIGNUP_DAYS`` ahead is still allowed."""
    assert parse_deadline(f"{MAX_SIGNUP_DAYS}d", NOW, UTC_ZONE) == NOW + timedelta(
        days=MAX_SIGNUP_DAYS
    )
