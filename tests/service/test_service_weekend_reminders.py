"""Reminders in games with weekends off, through the service, a real database and a
controlled clock: a reminder "24 hours before" is 24 hours of the player's clock, counted
back without their weekends, so one before a Monday deadline comes on Friday; it comes
once, whichever of two processes looks, and also when the deadline moved by a write that
leaves the clock's next look to its index (``/moretime``)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock
from bot.store import Store
from tests.service.service_helpers import ALICE, BOB, PLACE
from tests.service.test_service_weekends import weekend_game

WEDNESDAY_NOON = datetime(2026, 1, 7, 12, tzinfo=UTC)
FRIDAY_NOON = datetime(2026, 1, 9, 12, tzinfo=UTC)
SUNDAY_NOON = datetime(2026, 1, 11, 12, tzinfo=UTC)
MONDAY_NOON = datetime(2026, 1, 12, 12, tzinfo=UTC)
SECOND = timedelta(seconds=1)


async def test_a_reminder_before_a_monday_deadline_comes_on_friday(
    service: GameService, clock: ManualClock
) -> None:
    """Alice's 3 days from Wednesday noon (UTC) are due Monday noon. Her 24-hour reminder
    comes with 24 hours of her clock left, Friday at noon (12 hours of Friday, 12 of
    Monday), not on Sunday; the 1-hour one on Monday at 11:00; each once."""
    clock.now = WEDNESDAY_NOON
    started = await weekend_game(service)
    assert started.game.deadline == MONDAY_NOON
    assert await service.deadlines.next_wakeup() == FRIDAY_NOON
    clock.now = FRIDAY_NOON - SECOND
    assert await service.deadlines.due_reminders() == []
    clock.now = FRIDAY_NOON
    (reminder,) = await service.deadlines.due_reminders()
    assert reminder.player.id == ALICE.id and reminder.hours_before == 24
    await service.deadlines.mark_reminder_sent(reminder)
    assert await service.deadlines.next_wakeup() == MONDAY_NOON - timedelta(hours=1)
    clock.now = SUNDAY_NOON
    assert await service.deadlines.due_reminders() == []
    clock.now = MONDAY_NOON - timedelta(hours=1)
    (last,) = await service.deadlines.due_reminders()
    assert last.hours_before == 1
    await service.deadlines.mark_reminder_sent(last)
    assert await service.deadlines.due_reminders() == []
    assert await service.deadlines.next_wakeup() == MONDAY_NOON


async def test_reminders_follow_the_players_own_weekend(
    service: GameService, clock: ManualClock
) -> None:
    """Bob in Tokyo (UTC+9) has 2 days from alice's move on Friday 06:00 UTC (15:00 his
    time): 9 hours to his Saturday, 39 from his Monday 00:00 (Sunday 15:00 UTC), due
    Tuesday 06:00 UTC. His 24-hour reminder is on Monday at 06:00 UTC (15:00 in Tokyo, where
    UTC weekends would say 06:00); his 48-hour one would be as his clock starts, so it is
    not his to have."""
    await service.preferences.settings(BOB, timezone="Asia/Tokyo", reminders="48,24")
    clock.now = datetime(2026, 1, 8, 6, tzinfo=UTC)  # a Thursday
    started = await weekend_game(service, days=2)
    clock.now = datetime(2026, 1, 9, 6, tzinfo=UTC)
    moved = await service.play.move(ALICE, PLACE, "e4", game_id=started.game.id)
    assert moved.game.deadline == datetime(2026, 1, 13, 6, tzinfo=UTC)
    monday = datetime(2026, 1, 12, 6, tzinfo=UTC)
    assert await service.deadlines.next_wakeup() == monday
    clock.now = monday - SECOND
    assert await service.deadlines.due_reminders() == []
    clock.now = monday
    (reminder,) = await service.deadlines.due_reminders()
    assert reminder.player.id == BOB.id and reminder.hours_before == 24


async def test_a_deadline_moved_by_more_time_keeps_its_reminder_on_friday(
    service: GameService, clock: ManualClock
) -> None:
    """/moretime leaves the clock's next look to the index (its default, a horizon before
    the deadline): alice's Friday-noon deadline moved to Monday noon still has its 24-hour
    reminder found on Friday at noon, 72 wall-clock hours before the deadline."""
    clock.now = datetime(2026, 1, 6, 12, tzinfo=UTC)  # a Tuesday: due Friday noon
    started = await weekend_game(service)
    clock.now = datetime(2026, 1, 8, 13, tzinfo=UTC)  # after the 24-hour reminder's time
    (early,) = await service.deadlines.due_reminders()
    await service.deadlines.mark_reminder_sent(early)
    given = await service.deadlines.moretime(BOB, PLACE, 1, game_id=started.game.id)
    assert given.game.deadline == MONDAY_NOON
    wakeup = await service.deadlines.next_wakeup()
    assert wakeup is not None and wakeup <= FRIDAY_NOON
    clock.now = FRIDAY_NOON - SECOND
    assert await service.deadlines.hand_over_reminders() == 0
    clock.now = FRIDAY_NOON
    assert await service.deadlines.hand_over_reminders() == 1
    clock.now = SUNDAY_NOON
    assert await service.deadlines.hand_over_reminders() == 0


async def test_a_zone_changed_during_the_turn_moves_its_reminders_not_its_deadline(
    service: GameService, clock: ManualClock
) -> None:
    """Alice in New York has 3 days from Wednesday 00:00 there: due Saturday 00:00 New York
    time (05:00 UTC), her 24-hour reminder on Friday 05:00 UTC. She moves to Tokyo on
    Thursday: the deadline stays, but in Tokyo it is Saturday 14:00, inside her weekend, so
    24 hours of her clock before it began on Thursday at 15:00 UTC: her reminder comes
    then, not at the look the clock had worked out in her old zone."""
    await service.preferences.settings(ALICE, timezone="America/New_York")
    clock.now = datetime(2026, 1, 7, 5, tzinfo=UTC)
    started = await weekend_game(service)
    assert started.game.deadline == datetime(2026, 1, 10, 5, tzinfo=UTC)
    assert await service.deadlines.next_wakeup() == datetime(2026, 1, 9, 5, tzinfo=UTC)
    clock.now = datetime(2026, 1, 8, 12, tzinfo=UTC)
    await service.preferences.settings(ALICE, timezone="Asia/Tokyo")
    thursday = datetime(2026, 1, 8, 15, tzinfo=UTC)
    clock.now = thursday - SECOND
    assert await service.deadlines.due_reminders() == []
    clock.now = thursday
    (reminder,) = await service.deadlines.due_reminders()
    assert reminder.hours_before == 24 and reminder.deadline == started.game.deadline


@pytest.fixture
async def other(db_path: Path | str, clock: ManualClock) -> AsyncIterator[GameService]:
    """A second process on the same database (its own connection)."""
    store = await Store.open(db_path)
    yield GameService(store, clock, process="shards:1/2")
    await store.close()


async def test_two_processes_and_a_restart_hand_a_friday_reminder_over_once(
    service: GameService, other: GameService, db_path: Path | str, clock: ManualClock
) -> None:
    """Two processes look at Friday noon at once: alice's 24-hour reminder is handed over
    once; a process started afresh over the weekend finds nothing more to send."""
    clock.now = WEDNESDAY_NOON
    started = await weekend_game(service)
    clock.now = FRIDAY_NOON
    handed = await asyncio.gather(
        service.deadlines.hand_over_reminders(), other.deadlines.hand_over_reminders()
    )
    assert sorted(handed) == [0, 1]
    (row,) = await service.deliveries.deliveries_of(started.game.id)
    restarted = await Store.open(db_path)
    try:
        again = GameService(restarted, clock, process="shards:0/2")
        clock.now = SUNDAY_NOON
        assert await again.deadlines.hand_over_reminders() == 0
        assert await again.deadlines.next_wakeup() == MONDAY_NOON - timedelta(hours=1)
    finally:
        await restarted.close()
    assert [r.id for r in await service.deliveries.deliveries_of(started.game.id)] == [row.id]
