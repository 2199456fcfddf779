"""Pause by agreement through the service and a real database: asked, accepted or declined,
the clocks stand still for the pause and run again by themselves after it (the game times out
at the right second), moves in the pause spend no time, requests lapse with the opponent's
move, and nonsense changes nothing."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock, OfferDeclined, OfferMade
from bot.service.errors import NoOfferError, OfferPendingError
from bot.service.pause_facts import PauseAgreed, PauseError, PauseProblem
from bot.store import OfferKind
from bot.text.errors import error_message
from tests.service.service_helpers import ALICE, BOB, PLACE, play, snapshot, start_game

DAY = timedelta(days=1)


async def test_a_paused_game_times_out_after_the_pause_at_the_right_second(
    service: GameService, clock: ManualClock
) -> None:
    """Bob's 3 days run for one, the game pauses for 5, then his 2 left run out: the game is
    not timed out during the pause, and is the second his time is up after it."""
    started = await start_game(service, days=3)
    game_id = started.game.id
    await play(service, game_id, "e4", "e5", "Nf3")  # bob to move, due in 3 days
    clock.advance(days=1)
    asked = await service.pauses.ask(ALICE, PLACE, 5, game_id=game_id)
    assert isinstance(asked, OfferMade) and asked.kind is OfferKind.PAUSE and asked.days == 5
    assert [b.allowed_user_ids for b in asked.buttons] == [(BOB.id,), (BOB.id,)]
    agreed = await service.buttons.press_custom_id(BOB, asked.buttons[0].custom_id)
    assert isinstance(agreed, PauseAgreed)
    assert (agreed.days, agreed.until, agreed.days_left) == (5, clock.now + 5 * DAY, 9)
    assert agreed.game.deadline == clock.now + 7 * DAY  # 2 days left, after 5 of pause
    clock.advance(days=5)  # the pause is over: the clock runs again by itself
    assert (await service.deadlines.expire_overdue()).ended == ()
    clock.advance(days=2, seconds=-1)
    assert (await service.deadlines.expire_overdue()).ended == ()
    clock.advance(seconds=1)
    (ended,) = (await service.deadlines.expire_overdue()).ended
    assert ended.ending.termination == "timeout" and ended.ending.result == "1-0"


@pytest.mark.store
async def test_a_move_in_the_pause_spends_nothing_and_the_next_clock_starts_after_it(
    service: GameService, clock: ManualClock
) -> None:
    """Moving during the pause: the opponent's days per move count from the pause's end."""
    started = await start_game(service, days=3)
    game_id = started.game.id
    await play(service, game_id, "e4", "e5")
    await service.pauses.ask(BOB, PLACE, 4, game_id=game_id)
    agreed = await service.pauses.ask(ALICE, PLACE, 1, game_id=game_id)  # accepts bob's 4
    assert isinstance(agreed, PauseAgreed) and agreed.days == 4
    clock.advance(days=1)
    await play(service, game_id, "Nf3")
    view = await service.reports.game_view(game_id)
    assert view.deadline == agreed.until + 3 * DAY


async def test_a_pause_on_a_time_bank_keeps_the_bank(
    service: GameService, clock: ManualClock
) -> None:
    """A move on a time bank during the pause spends none of the bank."""
    created = await service.challenges.challenge(
        ALICE, PLACE, BOB, color="white", days=3, increment=1, cap=7
    )
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    game_id = started.game.id
    clock.advance(days=1)  # alice has 2 days left
    await service.pauses.ask(BOB, PLACE, 3, game_id=game_id)
    await service.pauses.accept(ALICE, game_id)
    clock.advance(days=2)
    await play(service, game_id, "e4")
    view = await service.reports.game_view(game_id)
    assert view.waiting_bank == 3 * DAY  # 2 left + 1, none spent in the pause


async def test_declined_and_lapsed_requests(service: GameService, clock: ManualClock) -> None:
    """A declined request is gone; a request lapses with the opponent's move, not its
    asker's, as a draw offer does."""
    started = await start_game(service)
    game_id = started.game.id
    await service.pauses.ask(ALICE, PLACE, 2, game_id=game_id)
    declined = await service.pauses.decline(BOB, game_id)
    assert isinstance(declined, OfferDeclined) and declined.kind is OfferKind.PAUSE
    with pytest.raises(NoOfferError):
        await service.pauses.accept(BOB, game_id)
    asked = await service.pauses.ask(ALICE, PLACE, 2, game_id=game_id)
    assert isinstance(asked, OfferMade)
    with pytest.raises(OfferPendingError) as pending:
        await service.pauses.ask(ALICE, PLACE, 3, game_id=game_id)
    assert "already asked for a pause" in str(error_message(pending.value))
    await play(service, game_id, "e4")  # alice's own move: her request stands
    assert isinstance(
        await service.buttons.press_custom_id(BOB, asked.buttons[1].custom_id), OfferDeclined
    )
    clock.advance(hours=1)  # past the pings per pair
    await service.pauses.ask(ALICE, PLACE, 2, game_id=game_id)
    await play(service, game_id, "e5")  # bob moves: the request lapses
    with pytest.raises(NoOfferError):
        await service.pauses.accept(BOB, game_id)


@pytest.mark.parametrize(
    ("days", "problem", "message"),
    [
        (0, PauseProblem.LENGTH, "A pause is 1 to 7 days, not 0."),
        (8, PauseProblem.LENGTH, "A pause is 1 to 7 days, not 8."),
    ],
)
async def test_bad_lengths_are_refused_and_change_nothing(
    service: GameService, db_path: Path, days: int, problem: PauseProblem, message: str
) -> None:
    """A pause outside 1 to 7 days is refused, saying so, and nothing is written."""
    started = await start_game(service)
    before = snapshot(db_path)
    with pytest.raises(PauseError) as refused:
        await service.pauses.ask(ALICE, PLACE, days, game_id=started.game.id)
    assert refused.value.problem is problem and str(error_message(refused.value)) == message
    assert snapshot(db_path) == before


async def test_a_game_cannot_be_paused_indefinitely(
    service: GameService, clock: ManualClock, db_path: Path
) -> None:
    """14 days of pause in all per game; none while one runs; none in an untimed game."""
    started = await start_game(service)
    game_id = started.game.id
    for days in (7, 6):
        await service.pauses.ask(ALICE, PLACE, days, game_id=game_id)
        agreed = await service.pauses.accept(BOB, game_id)
        with pytest.raises(PauseError) as running:
            await service.pauses.ask(BOB, PLACE, 1, game_id=game_id)
        assert running.value.problem is PauseProblem.RUNNING
        clock.advance(days=days)
    assert agreed.days_left == 1
    before = snapshot(db_path)
    with pytest.raises(PauseError) as spent:
        await service.pauses.ask(ALICE, PLACE, 2, game_id=game_id)
    assert spent.value.problem is PauseProblem.ALLOWANCE
    assert "1 day of pause left (14 in all), not 2" in str(error_message(spent.value))
    assert snapshot(db_path) == before
    created = await service.challenges.challenge(ALICE, PLACE, BOB, days=None)
    untimed = await service.challenges.accept_challenge(BOB, created.challenge.id)
    with pytest.raises(PauseError) as no_clock:
        await service.pauses.ask(ALICE, PLACE, 2, game_id=untimed.game.id)
    assert no_clock.value.problem is PauseProblem.UNTIMED


async def test_a_pause_inside_the_movers_vacation_moves_no_deadline(
    service: GameService, clock: ManualClock
) -> None:
    """Bob, to move with 3 days, goes on vacation for 5: his deadline is 8 days away. A
    2-day pause agreed in the vacation stops a clock that was not running: the deadline
    stays; a 7-day pause moves it by the 2 days past the vacation's end only."""
    started = await start_game(service, days=3)
    game_id = started.game.id
    await play(service, game_id, "e4")  # bob to move, due in 3 days
    await service.deadlines.vacation(BOB, 5)
    due = (await service.reports.game_view(game_id)).deadline
    assert due == clock.now + 8 * DAY
    await service.pauses.ask(ALICE, PLACE, 2, game_id=game_id)
    inside = await service.pauses.accept(BOB, game_id)
    assert inside.game.deadline == due
    clock.advance(days=2)  # that pause is over; 3 days of the vacation are left
    await service.pauses.ask(ALICE, PLACE, 7, game_id=game_id)
    beyond = await service.pauses.accept(BOB, game_id)
    assert beyond.game.deadline == due + 4 * DAY  # 7 days from now, the vacation's 3 aside
