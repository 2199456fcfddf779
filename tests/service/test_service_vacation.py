"""Vacations end early (by hand or by a move) and cost only the days taken with games."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock, MovePlayed, errors
from bot.text.endings import move_played_text
from tests.service.service_helpers import ALICE, BOB, PLACE, snapshot, start_game


async def test_a_vacation_ended_early_costs_the_days_taken(
    service: GameService, clock: ManualClock
) -> None:
    """Ten days asked, two taken: the deadline keeps two days' pause, 28 days are left."""
    started = await start_game(service)  # alice to move
    deadline = started.game.deadline
    assert deadline is not None
    await service.deadlines.vacation(ALICE, 10)
    clock.advance(days=2)
    ended = await service.deadlines.end_vacation(ALICE)
    assert ended.days_left == 28 and not ended.by_move
    assert ended.planned_until == clock.now + timedelta(days=8)
    assert (await service.reports.game_view(started.game.id)).deadline == deadline + timedelta(
        days=2
    )
    shown = await service.preferences.settings(ALICE)
    assert shown.vacation_until is None and shown.vacation_days_left == 28


async def test_a_move_ends_the_vacation(service: GameService, clock: ManualClock) -> None:
    """Alice's move in one game ends her vacation: her other game's clock runs again."""
    first = await start_game(service)
    second = await start_game(service)
    deadline = second.game.deadline
    assert deadline is not None
    await service.deadlines.vacation(ALICE, 10)
    clock.advance(days=1, hours=3)
    played = await service.play.move(ALICE, PLACE, "e4", game_id=first.game.id)
    assert isinstance(played, MovePlayed) and played.vacation_ended
    assert "alice is back from vacation: clocks run again." in move_played_text(played)
    view = await service.reports.game_view(second.game.id)
    assert view.deadline == deadline + timedelta(days=1, hours=3)
    shown = await service.preferences.settings(ALICE)
    assert shown.vacation_until is None and shown.vacation_days_left == 28  # 2 started days
    # Bob's reply is due days per move after it, not after the vacation's planned end.
    answered = await service.play.move(BOB, PLACE, "e5", game_id=first.game.id)
    assert isinstance(answered, MovePlayed) and not answered.vacation_ended
    assert answered.game.deadline == clock.now + timedelta(days=3)


async def test_a_vacation_without_games_costs_nothing(
    service: GameService, clock: ManualClock
) -> None:
    """Three days away with no game to pause leave the whole allowance."""
    started = await service.deadlines.vacation(ALICE, 3)
    assert started.days_left == 27  # reserved while it runs
    clock.advance(days=4)
    assert (await service.preferences.settings(ALICE)).vacation_days_left == 30


async def test_only_days_with_games_count(service: GameService, clock: ManualClock) -> None:
    """A game accepted on day 6 of a 10-day vacation makes it cost 4 days."""
    await service.deadlines.vacation(ALICE, 10)
    clock.advance(days=6)
    started = await start_game(service, white=BOB, black=ALICE)
    assert started.game.deadline is not None
    clock.advance(days=4)
    assert (await service.preferences.settings(ALICE)).vacation_days_left == 26


@pytest.mark.store
async def test_a_vacation_during_another_lengthens_it(
    service: GameService, clock: ManualClock
) -> None:
    """Five days, then three more: one vacation of eight days, ended as one."""
    await start_game(service)
    first = await service.deadlines.vacation(ALICE, 5)
    clock.advance(days=1)
    second = await service.deadlines.vacation(ALICE, 3)
    assert second.until == first.until + timedelta(days=3) and second.days_left == 22
    ended = await service.deadlines.end_vacation(ALICE)
    assert ended.planned_until == second.until and ended.days_left == 29


@pytest.mark.store
async def test_ending_a_vacation_not_taken_is_refused(
    service: GameService, clock: ManualClock, db_path: Path
) -> None:
    """Without a running vacation, ending one says so and changes nothing."""
    await start_game(service)
    before = snapshot(db_path)
    with pytest.raises(errors.VacationError) as refused:
        await service.deadlines.end_vacation(ALICE)
    assert refused.value.problem is errors.VacationProblem.NOT_ON_VACATION
    with pytest.raises(errors.VacationError) as refused:
        await service.deadlines.vacation(ALICE, None)
    assert refused.value.problem is errors.VacationProblem.NO_DAYS
    assert snapshot(db_path) == before
