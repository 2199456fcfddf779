"""Games with weekends off meet Postal's own downtime, vacations and a change of time zone,
through the service, a real database and a controlled clock: the downtime gives back the
running time it took (so a credited deadline never lands on a weekend), once; a vacation
keeps the time left and runs it again after it, weekends skipped, also when ended early; a
zone changed during a turn leaves that turn's deadline and counts the next in the new
zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.service import GameService, ManualClock
from bot.service.uptime import resume
from bot.store import Store
from tests.service.service_helpers import ALICE, BOB, PLACE
from tests.service.test_service_time_bank import move
from tests.service.test_service_weekends import weekend_game

FRIDAY_NOON = datetime(2026, 1, 9, 12, tzinfo=UTC)


async def _expire(service: GameService, store: Store, clock: ManualClock) -> int:
    """Run the clock's round at ``clock.now`` with Postal up (a heartbeat just written, so
    the round credits no gap of its own): how many games it ended."""
    await store.uptime.beat(clock.now)
    return len((await service.deadlines.expire_overdue()).ended)


async def test_downtime_on_a_friday_is_given_back_after_the_weekend(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """Alice's 2 days from Wednesday 20:00 UTC are due Friday 20:00. Postal is down from
    Friday 10:00 to 20:00: she had 10 hours of her clock left, and has them again from
    20:00 — 4 of Friday and 6 of Monday, due Monday 06:00. The downtime added on the wall
    clock would have made it Saturday 06:00: 4 hours, and a time-out on her weekend. A
    start-up repeated gives nothing more."""
    clock.now = datetime(2026, 1, 7, 20, tzinfo=UTC)
    started = await weekend_game(service, days=2)
    assert started.game.deadline == datetime(2026, 1, 9, 20, tzinfo=UTC)
    clock.now = datetime(2026, 1, 9, 10, tzinfo=UTC)
    await resume(store, clock)  # the last heartbeat before the outage
    clock.now = datetime(2026, 1, 9, 20, tzinfo=UTC)
    credit = await resume(store, clock)
    assert credit is not None and credit.games == 1
    assert await resume(store, clock) is None
    monday = datetime(2026, 1, 12, 6, tzinfo=UTC)
    view = await service.reports.game_view(started.game.id)
    assert view.deadline == monday
    clock.now = datetime(2026, 1, 10, 7, tzinfo=UTC)  # Saturday
    assert await _expire(service, store, clock) == 0
    clock.now = monday - timedelta(seconds=1)
    assert await _expire(service, store, clock) == 0
    clock.now = monday
    assert await _expire(service, store, clock) == 1


async def test_downtime_over_a_weekend_gives_back_the_running_time_it_took(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """Alice's 3 days from Wednesday noon UTC are due Monday noon. Postal is down from
    Friday noon to Monday noon: 24 hours of her clock (Friday afternoon, Monday morning),
    which she gets back — due Tuesday noon; the weekend was not hers to lose. A game
    without weekends off beside it gets the whole 72 hours, as its clock ran through them."""
    clock.now = datetime(2026, 1, 7, 12, tzinfo=UTC)
    started = await weekend_game(service)
    created = await service.challenges.challenge(BOB, PLACE, ALICE, color="black", days=3)
    plain = await service.challenges.accept_challenge(ALICE, created.challenge.id)
    clock.now = FRIDAY_NOON
    await resume(store, clock)
    clock.now = datetime(2026, 1, 12, 12, tzinfo=UTC)
    credit = await resume(store, clock)
    assert credit is not None and credit.games == 2
    weekend = await service.reports.game_view(started.game.id)
    assert weekend.deadline == datetime(2026, 1, 13, 12, tzinfo=UTC)
    every_day = await service.reports.game_view(plain.game.id)
    assert every_day.deadline == datetime(2026, 1, 10, 12, tzinfo=UTC) + timedelta(hours=72)


async def test_a_zone_changed_during_a_turn_counts_from_the_next_deadline(
    service: GameService, clock: ManualClock
) -> None:
    """Alice (UTC) gets 3 days on Friday noon UTC: 12 hours of Friday, 60 from Monday, due
    Wednesday noon. She moves to Auckland during her turn: the deadline stays (in Auckland
    Friday noon UTC is already Saturday, which would have made it Wednesday 11:00). After
    bob's move on Friday 11:30 UTC (Saturday 00:30 in Auckland) her 3 days start at her
    Monday 00:00 (Sunday 11:00 UTC): due Wednesday 11:00 UTC, where UTC would say 11:30."""
    clock.now = datetime(2026, 1, 6, 12, tzinfo=UTC)
    started = await weekend_game(service)
    game_id = started.game.id
    clock.now = datetime(2026, 1, 8, 12, tzinfo=UTC)
    await move(service, game_id, "e4")
    clock.now = FRIDAY_NOON
    moved = await move(service, game_id, "e5")
    assert moved.game.deadline == datetime(2026, 1, 14, 12, tzinfo=UTC)
    await service.preferences.settings(ALICE, timezone="Pacific/Auckland")
    view = await service.reports.game_view(game_id)
    assert view.deadline == datetime(2026, 1, 14, 12, tzinfo=UTC)
    clock.now = datetime(2026, 1, 13, 12, tzinfo=UTC)
    await move(service, game_id, "Nf3")
    clock.now = datetime(2026, 1, 16, 11, 30, tzinfo=UTC)
    replied = await move(service, game_id, "Nc6")
    assert replied.game.deadline == datetime(2026, 1, 21, 11, tzinfo=UTC)


async def test_a_vacation_restarts_the_clock_after_it_with_the_weekend_skipped(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """Alice's 3 days from Tuesday noon UTC are due Friday noon. A day's vacation from
    Wednesday noon keeps the 2 days she had and runs them from Thursday noon: 36 hours to
    Saturday, 12 from Monday — due Monday noon, where the deadline moved by a day would be
    Saturday noon, a time-out on her weekend."""
    clock.now = datetime(2026, 1, 6, 12, tzinfo=UTC)
    started = await weekend_game(service)
    clock.now = datetime(2026, 1, 7, 12, tzinfo=UTC)
    await service.deadlines.vacation(ALICE, 1)
    monday = datetime(2026, 1, 12, 12, tzinfo=UTC)
    assert (await service.reports.game_view(started.game.id)).deadline == monday
    clock.now = datetime(2026, 1, 10, 13, tzinfo=UTC)  # Saturday
    assert await _expire(service, store, clock) == 0


@pytest.mark.store
async def test_a_vacation_ended_early_keeps_the_time_left_not_the_weekend(
    service: GameService, clock: ManualClock
) -> None:
    """Alice (2 days of clock left on Wednesday noon) takes 3 days of vacation: her clock
    runs again at her Monday 00:00 (the vacation ends on Saturday noon), due Wednesday
    00:00. She ends it on Thursday noon: her 2 days run from then, 36 hours to Saturday and
    12 from Monday — due Monday noon."""
    clock.now = datetime(2026, 1, 6, 12, tzinfo=UTC)
    started = await weekend_game(service)
    clock.now = datetime(2026, 1, 7, 12, tzinfo=UTC)
    await service.deadlines.vacation(ALICE, 3)
    view = await service.reports.game_view(started.game.id)
    assert view.deadline == datetime(2026, 1, 14, tzinfo=UTC)
    clock.now = datetime(2026, 1, 8, 12, tzinfo=UTC)
    await service.deadlines.end_vacation(ALICE)
    view = await service.reports.game_view(started.game.id)
    assert view.deadline == datetime(2026, 1, 12, 12, tzinfo=UTC)
