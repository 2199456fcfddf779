"""When a game's reminders fall, worked out from its deadline and its player's hours: which
one is due now, and when the clock must look at the game next. Pure functions.

A reminder "24 hours before" is 24 hours of the player's clock before the deadline: in a
game with weekends off (``zone`` not None) they are counted back without the player's
weekends, so a 24-hour reminder before a Monday-noon deadline comes on Friday at noon.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bot.service.weekends import running_back, running_between, weekend_zone
from bot.store import REMINDER_HORIZON, ClockLook, Player, team_of_player


def default_hours(hours: Sequence[int]) -> tuple[int, ...]:
    """A server's default reminder hours, least urgent first. Raises ``ValueError`` for one
    beyond ``REMINDER_HORIZON`` (the clock looks at a game no earlier than that, and a
    weekend, before its deadline)."""
    if any(timedelta(hours=h) > REMINDER_HORIZON for h in hours):
        raise ValueError(f"reminders are at most {REMINDER_HORIZON} before a deadline")
    return tuple(sorted(set(hours), reverse=True))


def look_zone(look: ClockLook) -> ZoneInfo | None:
    """The zone whose weekends stop the clock of ``look``'s player to move (None: it runs
    every day)."""
    return weekend_zone(look.game.weekends_off, look.time_zone)


def reminded_before(look: ClockLook) -> datetime | None:
    """What the reminders of ``look``'s player to move count back from: the game's
    deadline; for a vote chess team, its voting window's close (None: no window open, so
    nothing to remind it of)."""
    to_move = look.game.to_move_id
    if to_move is not None and team_of_player(to_move) is not None:
        return look.window_closes_at
    return look.game.deadline_at


def _hours(look: ClockLook, default: Sequence[int]) -> list[int]:
    """The hours before the deadline (a team's window close) the player to move is reminded
    at, most urgent first (see ``reminder_hours``); none for a team without a window."""
    game, before = look.game, reminded_before(look)
    if before is None:
        return []
    return reminder_hours(before, game.last_move_at, look.hours, default, look_zone(look))


def reminder_at(deadline: datetime, hours: int, zone: ZoneInfo | None) -> datetime:
    """When the reminder ``hours`` before ``deadline`` falls: that much of the player's
    clock before it (stopped on the weekends of ``zone``, None: none)."""
    running = timedelta(hours=hours)
    return deadline - running if zone is None else running_back(deadline, running, zone)


def reminder_hours(
    deadline: datetime,
    moved_at: datetime,
    chosen: Sequence[int] | None,
    default: Sequence[int],
    zone: ZoneInfo | None = None,
) -> list[int]:
    """The hours before ``deadline`` a player reminded at ``chosen`` (None: ``default``) is
    reminded at, most urgent first: each only if they had more than that of their clock
    to move (since ``moved_at``; weekends of ``zone`` not counted)."""
    window = deadline - moved_at if zone is None else running_between(moved_at, deadline, zone)
    hours = default if chosen is None else chosen
    return sorted(h for h in set(hours) if window > timedelta(hours=h))


def first_event(
    deadline: datetime, hours: Sequence[int], now: datetime, zone: ZoneInfo | None = None
) -> datetime:
    """The first of the reminders ``hours`` before ``deadline`` still to come after ``now``,
    else the deadline itself."""
    later = [reminder_at(deadline, h, zone) for h in hours]
    return min((at for at in later if at > now), default=deadline)


def reminder_due(look: ClockLook, default: Sequence[int], now: datetime) -> int | None:
    """The reminder to send now, in hours before the deadline: the most urgent whose time
    has come, unless it was sent for this deadline (None: none)."""
    deadline, zone = reminded_before(look), look_zone(look)
    if deadline is None:
        return None
    passed = [h for h in _hours(look, default) if reminder_at(deadline, h, zone) <= now]
    if passed and passed[0] not in look.sent:
        return passed[0]
    return None


def next_look(look: ClockLook, default: Sequence[int], now: datetime) -> datetime:
    """When the clock must look at the game again once the reminder due now (if any) is
    handed over: its next reminder still to come, else its deadline."""
    deadline, before = look.game.deadline_at, reminded_before(look)
    assert deadline is not None
    if before is None or before >= deadline:
        return first_event(deadline, _hours(look, default), now, look_zone(look))
    # A team's reminders fall before its window's close (closing it is the vote's own
    # schedule); after them, the game's deadline.
    at = first_event(before, _hours(look, default), now, look_zone(look))
    return at if at < before else deadline


def first_look(
    player: Player | None,
    deadline: datetime | None,
    now: datetime,
    default: Sequence[int],
    weekends_off: bool,
) -> datetime | None:
    """When the clock must first look at a game where ``player`` has just got the move
    (due ``deadline``, None: untimed): their first reminder, else the deadline; with
    ``weekends_off`` reminders are counted back without the player's weekends."""
    if deadline is None:
        return None
    if player is not None and team_of_player(player.id) is not None:
        # A team's reminders count back from its window's close, which the look reads:
        # looked at now, its next look is worked out from there (``next_look``).
        return now
    chosen = None if player is None else player.reminder_hours
    zone = weekend_zone(weekends_off, None if player is None else player.time_zone)
    return first_event(deadline, reminder_hours(deadline, now, chosen, default, zone), now, zone)
