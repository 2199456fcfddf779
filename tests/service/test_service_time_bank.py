"""Games on a time bank, through the service and a real database: the bank gains its
increment per move up to its cap, the game times out exactly when the bank empties, a
vacation and a takeback give no time back, downtime is given to the running bank only, and
nonsense terms change nothing."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import GameService, GameStarted, ManualClock, MovePlayed
from bot.service.option_errors import TimeBankError, TimeBankProblem
from bot.service.uptime import resume
from bot.store import Store
from bot.text.clock_words import clock_of, clock_text, waiting_bank_text
from bot.text.errors import error_message
from tests.service.service_helpers import ALICE, BOB, PLACE, snapshot

DAY = timedelta(days=1)


async def banked_game(
    service: GameService, days: int = 3, increment: int = 1, cap: int | None = 7
) -> GameStarted:
    """A game on a time bank, alice white: challenged by alice, accepted by bob."""
    created = await service.challenges.challenge(
        ALICE, PLACE, BOB, color="white", days=days, increment=increment, cap=cap
    )
    return await service.challenges.accept_challenge(BOB, created.challenge.id)


async def move(service: GameService, game_id: int, text: str) -> MovePlayed:
    view = await service.reports.game_view(game_id)
    assert view.to_move is not None
    mover = ALICE if view.to_move.id == ALICE.id else BOB
    moved = await service.play.move(mover, None, text, game_id=game_id)
    assert isinstance(moved, MovePlayed)
    return moved


async def test_the_challenge_and_the_game_keep_the_bank(service: GameService) -> None:
    """The challenge offers the bank, and the game starts with it: the first mover's
    deadline is the start bank away, the other player waits with a full bank."""
    created = await service.challenges.challenge(ALICE, PLACE, BOB, days=3, increment=1)
    assert (created.challenge.increment_days, created.challenge.cap_days) == (1, 7)
    assert str(clock_text(clock_of(created.challenge))) == "3 days + 1 day per move, max 7"
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    assert clock_of(started.game) == clock_of(created.challenge)
    assert started.game.deadline == started.game.created_at + 3 * DAY
    assert started.game.waiting_bank == 3 * DAY
    text = waiting_bank_text(started.game)
    assert text is not None and "3 days" in str(text)


async def test_each_move_adds_the_increment_up_to_the_cap(
    service: GameService, clock: ManualClock
) -> None:
    """Quick moves fill the bank to its cap and no further; a slow one spends it."""
    started = await banked_game(service)
    game_id = started.game.id
    clock.advance(hours=1)
    moved = await move(service, game_id, "e4")  # alice: 3 d - 1 h + 1 d
    assert moved.game.waiting_bank == 4 * DAY - timedelta(hours=1)
    assert moved.game.deadline == clock.now + 3 * DAY  # bob's untouched bank
    for text in ("e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d3", "d6"):
        await move(service, game_id, text)  # instant moves: +1 day each, up to 7
    view = await service.reports.game_view(game_id)
    assert view.deadline == clock.now + 7 * DAY  # alice's bank: capped at 7
    assert view.waiting_bank == 7 * DAY
    clock.advance(days=5)
    moved = await move(service, game_id, "d4")  # alice spent 5 of 7, gains 1
    assert moved.game.waiting_bank == 3 * DAY


async def test_a_game_times_out_exactly_when_the_bank_empties(
    service: GameService, clock: ManualClock
) -> None:
    """The player to move loses on time the second their bank is empty, not before."""
    started = await banked_game(service, days=2, increment=1, cap=5)
    game_id = started.game.id
    clock.advance(days=1)
    await move(service, game_id, "e4")  # alice: 2 - 1 + 1 = 2 days banked
    clock.advance(days=1, hours=12)
    await move(service, game_id, "e5")  # bob: 2 - 1.5 + 1 = 1.5 days banked
    clock.advance(days=2)
    await move(service, game_id, "Nf3")  # alice moves as her bank empties: 0 + 1 day
    clock.advance(days=1, hours=12, seconds=-1)
    assert (await service.deadlines.expire_overdue()).ended == ()
    clock.advance(seconds=1)
    (ended,) = (await service.deadlines.expire_overdue()).ended
    assert ended.ending.result == "1-0" and ended.ending.termination == "timeout"


async def test_a_move_on_vacation_spends_none_of_the_bank(
    service: GameService, clock: ManualClock
) -> None:
    """A vacation pauses the bank: moving during it keeps what the bank held when it
    began, plus the increment (and ends the vacation)."""
    started = await banked_game(service)
    clock.advance(days=1)
    await service.deadlines.vacation(ALICE, 5)  # alice's bank holds 2 days
    clock.advance(days=2)
    moved = await move(service, started.game.id, "e4")
    assert moved.game.waiting_bank == 3 * DAY  # 2 left + 1, none spent on vacation


async def test_a_takeback_gives_no_time_back(service: GameService, clock: ManualClock) -> None:
    """Taking back a move switches the clocks as lichess does: the requester runs on the
    bank they had after their move, the granter keeps what they had left."""
    started = await banked_game(service)
    game_id = started.game.id
    clock.advance(days=2)
    await move(service, game_id, "e4")  # alice: 3 - 2 + 1 = 2 days banked
    clock.advance(hours=6)
    await service.endings.takeback(ALICE, PLACE, game_id=game_id)
    taken = await service.endings.accept_takeback(BOB, game_id)
    assert taken.game.deadline == clock.now + 2 * DAY  # alice's bank, not a fresh 3 days
    assert taken.game.waiting_bank == 3 * DAY - timedelta(hours=6)  # bob's, as it stood


@pytest.mark.parametrize(
    ("options", "problem", "message"),
    [
        ({"cap": 7}, TimeBankProblem.CAP_WITHOUT_INCREMENT, "give an increment"),
        ({"increment": 0}, TimeBankProblem.INCREMENT_RANGE, "1 to 14 days, not 0"),
        ({"increment": 1, "cap": 2}, TimeBankProblem.CAP_BELOW_START, "cannot be less"),
        ({"increment": 1, "cap": 999}, TimeBankProblem.CAP_RANGE, "1 to 60 days, not 999"),
        ({"days": None, "increment": 1}, TimeBankProblem.UNTIMED, "no time bank"),
    ],
)
async def test_nonsense_terms_are_refused_and_change_nothing(
    service: GameService,
    db_path: Path,
    options: dict[str, int | None],
    problem: TimeBankProblem,
    message: str,
) -> None:
    """Each refusal names what is wrong; nothing is written."""
    before = snapshot(db_path)
    terms: dict[str, int | None] = {"days": 3, **options}
    with pytest.raises(TimeBankError) as refused:
        await service.challenges.challenge(ALICE, PLACE, BOB, rated=False, **terms)  # type: ignore[arg-type]
    assert refused.value.problem is problem
    assert message in error_message(refused.value)
    assert snapshot(db_path) == before


@pytest.mark.store
async def test_a_takeback_during_a_vacation_gives_no_vacation_days_twice(
    service: GameService, clock: ManualClock
) -> None:
    """The deadline of a player on vacation was moved by the vacation: a takeback keeps their
    bank as it stands without those days (they come again from the vacation's end), whether
    the move passes to the other player or comes back to them."""
    started = await banked_game(service)
    game_id = started.game.id
    await move(service, game_id, "e4")  # alice: 3 + 1 = 4 days banked
    clock.advance(days=1)  # bob has 2 of his 3 days left
    await service.deadlines.vacation(BOB, 5)
    await service.endings.takeback(ALICE, PLACE, game_id=game_id)
    switched = await service.endings.accept_takeback(BOB, game_id)
    assert switched.game.deadline == clock.now + 4 * DAY  # alice's bank
    assert switched.game.waiting_bank == 2 * DAY  # bob's, without his vacation
    await move(service, game_id, "e4")
    view = await service.reports.game_view(game_id)
    assert view.deadline == clock.now + 5 * DAY + 2 * DAY  # after the vacation, 2 days

    again = (await banked_game(service)).game.id
    await move(service, again, "e4")
    await move(service, again, "e5")  # alice to move with 4 days
    clock.advance(days=1)
    await service.deadlines.vacation(ALICE, 5)  # her deadline: 3 days after the vacation
    await service.endings.takeback(ALICE, PLACE, game_id=again)
    kept = await service.endings.accept_takeback(BOB, again)  # both moves: still alice's
    assert kept.game.deadline == clock.now + 5 * DAY + 3 * DAY


async def test_downtime_is_given_to_the_running_bank_only(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """Alice banks 3 days (3 - 1 + 1) and bob's bank runs; Postal is down for 2 days after
    6 hours of it: bob's deadline moves by the downtime, alice's waiting bank is untouched,
    and bob's move after it banks the 3 days less 6 hours he had, plus the increment."""
    started = await banked_game(service)
    clock.advance(days=1)
    moved = await move(service, started.game.id, "e4")
    assert moved.game.deadline is not None and moved.game.waiting_bank == 3 * DAY
    clock.advance(hours=6)
    await store.uptime.beat(clock.now)  # the last heartbeat before the outage
    clock.advance(days=2)
    credit = await resume(store, clock)
    assert credit is not None and credit.games == 1
    view = await service.reports.game_view(started.game.id)
    assert view.deadline == moved.game.deadline + 2 * DAY
    assert view.waiting_bank == 3 * DAY
    replied = await move(service, started.game.id, "e5")
    assert replied.game.waiting_bank == 4 * DAY - timedelta(hours=6)
    assert replied.game.deadline == clock.now + 3 * DAY
