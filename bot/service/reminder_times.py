"""When a game's reminders fall, worked out from its deadline and its player's hours: which
one is due now, and when the clock must look at the game next. Pure functions."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from bot.store import ClockLook


def _hours(look: ClockLook, default: Sequence[int]) -> list[int]:
    """The hours before the deadline the player to move is reminded at, most urgent first
    (see ``reminder_hours``)."""
    game = look.game
    assert game.deadline_at is not None
    return reminder_hours(game.deadline_at, game.last_move_at, look.hours, default)


def reminder_hours(
    deadline: datetime, moved_at: datetime, chosen: Sequence[int] | None, default: Sequence[int]
) -> list[int]:
    """The hours before ``deadline`` a player reminded at ``chosen`` (None: ``default``) is
    reminded at, most urgent first: each only if they had more than that to move (since
    ``moved_at``)."""
    window = deadline - moved_at
    hours = default if chosen is None else chosen
    return sorted(h for h in set(hours) if window > timedelta(hours=h))


def first_event(deadline: datetime, hours: Sequence[int], now: datetime) -> datetime:
    """The first of the reminders ``hours`` before ``deadline`` still to come after ``now``,
    else the deadline itself."""
    later = [deadline - timedelta(hours=h) for h in hours]
    return min((at for at in later if at > now), default=deadline)


def reminder_due(look: ClockLook, default: Sequence[int], now: datetime) -> int | None:
    """The reminder to send now, in hours before the deadline: the most urgent whose time
    has come, unless it was sent for this deadline (None: none)."""
    deadline = look.game.deadline_at
    assert deadline is not None
    passed = [h for h in _hours(look, default) if deadline - timedelta(hours=h) <= now]
    if passed and passed[0] not in look.sent:
        return passed[0]
    return None


def next_look(look: ClockLook, default: Sequence[int], now: datetime) -> datetime:
    """When the clock must look at the game again once the reminder due now (if any) is
    handed over: its next reminder still to come, else its deadline."""
    deadline = look.game.deadline_at
    assert deadline is not None
    return first_event(deadline, _hours(look, default), now)
