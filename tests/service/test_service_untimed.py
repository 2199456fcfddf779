"""Untimed games (``days: none``): no deadline, no reminders, no time-outs; never rated."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import ChallengeCreated, GameService, ManualClock, MovePlayed, errors
from bot.service.option_errors import Unratable, UnratableError
from tests.service.service_helpers import ALICE, BOB, PLACE, play, snapshot


async def untimed_game(service: GameService) -> int:
    created = await service.challenges.challenge(ALICE, PLACE, BOB, color="white", days=None)
    assert created.challenge.untimed and not created.challenge.rated
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    assert started.game.untimed and started.game.deadline is None
    assert not started.game.rated
    return started.game.id


async def test_an_untimed_game_has_no_clock(service: GameService, clock: ManualClock) -> None:
    """No deadline after any move, nothing for the clock to do, even after months."""
    game_id = await untimed_game(service)
    played = await service.play.move(ALICE, PLACE, "e4", game_id=game_id)
    assert isinstance(played, MovePlayed) and played.game.deadline is None
    assert await service.deadlines.next_wakeup() is None
    clock.advance(days=100)
    assert await service.deadlines.due_reminders() == []
    assert (await service.deadlines.expire_overdue()).ended == ()
    view = await service.reports.game_view(game_id)
    assert view.active and view.deadline is None
    await play(service, game_id, "e5")
    assert (await service.reports.game_view(game_id)).deadline is None


async def test_untimed_games_are_not_rated(service: GameService, db_path: Path) -> None:
    """Rated games keep a deadline: asking for both is refused, nothing stored."""
    await service.preferences.settings(ALICE)
    before = snapshot(db_path)
    with pytest.raises(UnratableError) as refused:
        await service.challenges.challenge(ALICE, PLACE, BOB, days=None, rated=True)
    assert refused.value.reason is Unratable.UNTIMED
    assert snapshot(db_path) == before


async def test_no_more_time_and_no_vacation_deadline(service: GameService) -> None:
    """/moretime has nothing to extend; a vacation leaves the game without a deadline."""
    game_id = await untimed_game(service)
    with pytest.raises(errors.MoreTimeRefusedError) as refused:
        await service.deadlines.moretime(BOB, PLACE, 2, game_id=game_id)
    assert refused.value.reason is errors.MoreTimeRefusal.UNTIMED
    await service.deadlines.vacation(ALICE, 3)
    assert (await service.reports.game_view(game_id)).deadline is None
    await play(service, game_id, "e4")  # ends alice's vacation
    assert (await service.reports.game_view(game_id)).deadline is None


async def test_a_takeback_keeps_it_untimed(service: GameService) -> None:
    """Taking back a move sets no deadline either."""
    game_id = await untimed_game(service)
    await play(service, game_id, "e4")
    await service.endings.takeback(ALICE, PLACE, game_id=game_id)
    taken = await service.endings.accept_takeback(BOB, game_id)
    assert taken.game.deadline is None


async def test_the_record_says_no_time_control(service: GameService) -> None:
    """The PGN's TimeControl is "-" (no time control)."""
    game_id = await untimed_game(service)
    await play(service, game_id, "e4")
    exported = await service.reports.record(ALICE, PLACE, game_id=game_id)
    assert '[TimeControl "-"]' in exported.record


async def test_a_rematch_of_an_untimed_game_is_untimed(service: GameService) -> None:
    """Rematch keeps the game's pace: no time limit again."""
    game_id = await untimed_game(service)
    await service.endings.resign(ALICE, PLACE, game_id=game_id)
    await service.endings.confirm_resign(ALICE, game_id)
    again = await service.after_game.rematch(BOB, game_id)
    assert isinstance(again, ChallengeCreated), again
    assert again.challenge.untimed and not again.challenge.rated
