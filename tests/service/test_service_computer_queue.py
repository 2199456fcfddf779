"""The computer's replies in the background: bounded, fair across players, restartable."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.service import GameService, ManualClock, MovePlayed, User
from bot.service.computer_queue import ReplyQueue, fair_order
from bot.store import PendingReply, Store
from tests.fake_engines import FakeEngines
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, start_game

POSTAL = User(999, "Postal", is_bot=True)
T0 = datetime(2026, 1, 1, tzinfo=UTC)


def waiting(game_id: int, requester: int, seconds: int) -> PendingReply:
    return PendingReply(game_id, 1, 3, POSTAL.id, requester, T0 + timedelta(seconds=seconds), 0)


def test_fair_order_takes_one_game_per_player_before_anyones_second() -> None:
    """Each player's oldest first; a player with replies running waits behind the others."""
    pending = [waiting(1, 1, 0), waiting(2, 1, 1), waiting(3, 1, 2), waiting(4, 2, 3)]
    assert [p.game_id for p in fair_order(pending, {})] == [1, 4, 2, 3]
    assert [p.game_id for p in fair_order(pending, {1: 1})] == [4, 1, 2, 3]
    assert [p.game_id for p in fair_order(pending, {2: 3})] == [1, 2, 3, 4]
    # Served just now, player 1 goes after player 2 at the same rank.
    assert [p.game_id for p in fair_order(pending, {}, {1: 5, 2: 4})] == [4, 1, 2, 3]


async def until(condition: object, timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():  # type: ignore[operator]
        assert loop.time() < end, "condition not met in time"
        await asyncio.sleep(0.01)


async def test_one_players_many_games_do_not_starve_another(
    store: Store, clock: ManualClock
) -> None:
    """Alice's six games and Bob's and Carol's one each, two replies at a time: Bob's and
    Carol's are among the first three started, never more than two think at once, and every
    game gets its reply."""
    engines = FakeEngines()
    engines.gate = asyncio.Event()
    service = GameService(store, clock, engines=engines)
    service.computer.introduce(POSTAL)
    games: dict[int, list[int]] = {ALICE.id: [], BOB.id: [], CAROL.id: []}
    for player in (ALICE,) * 6 + (BOB, CAROL):
        started = await service.computer.challenge(player, PLACE, color="black", days=None)
        games[player.id].append(started.game.id)
    played: list[MovePlayed] = []
    queue = ReplyQueue(service.computer, clock, capacity=2, on_reply=played.append)
    queue.start()
    try:
        await until(lambda: engines.thinking == 2)
        first_two = queue.started_order[:2]
        assert first_two == [games[ALICE.id][0], games[BOB.id][0]]
        engines.gate.set()
        await until(lambda: len(played) == 8)
        assert queue.started_order[2] == games[CAROL.id][0]
        assert engines.most_thinking == 2
        assert sorted(p.game.id for p in played) == sorted(g for ids in games.values() for g in ids)
        assert await service.computer.pending(10) == []
    finally:
        await queue.stop()


async def test_stopping_mid_thought_leaves_the_reply_for_the_next_start(
    store: Store, clock: ManualClock
) -> None:
    """A reply cancelled by shutdown writes nothing; the next queue plays it."""
    engines = FakeEngines()
    engines.gate = asyncio.Event()
    service = GameService(store, clock, engines=engines)
    service.computer.introduce(POSTAL)
    started = await service.computer.challenge(ALICE, PLACE, color="black")
    queue = ReplyQueue(service.computer, clock, capacity=1)
    queue.start()
    await until(lambda: engines.thinking == 1)
    await queue.stop()
    assert (await service.reports.game_view(started.game.id)).ply == 0
    engines.gate = None
    played: list[MovePlayed] = []
    again = ReplyQueue(service.computer, clock, capacity=1, on_reply=played.append)
    again.start()
    try:
        await until(lambda: len(played) == 1)
        assert played[0].game.ply == 1
    finally:
        await again.stop()


async def test_a_move_wakes_the_queue(store: Store, clock: ManualClock) -> None:
    """After the human's move a wake-up starts the reply at once (no idle wait)."""
    service = GameService(store, clock, engines=FakeEngines())
    service.computer.introduce(POSTAL)
    started = await service.computer.challenge(ALICE, PLACE, color="white")
    played: list[MovePlayed] = []
    queue = ReplyQueue(service.computer, clock, capacity=1, on_reply=played.append)
    queue.start()
    try:
        await asyncio.sleep(0.05)
        assert played == []
        await service.play.move(ALICE, PLACE, "e4", game_id=started.game.id)
        queue.wake()
        await until(lambda: len(played) == 1)
    finally:
        await queue.stop()


async def test_only_a_game_becoming_the_computers_to_move_calls_for_its_queue(
    store: Store, clock: ManualClock
) -> None:
    """``on_computer_turn`` is called when a game becomes the computer's to move (a move
    against it, a game where it moves first) and never for moves between people, which
    would only make the queue read the store for nothing."""
    turns: list[int] = []
    service = GameService(
        store, clock, engines=FakeEngines(), on_computer_turn=lambda: turns.append(1)
    )
    service.computer.introduce(POSTAL)
    people = await start_game(service)
    await play(service, people.game.id, "e4", "e5", "Nf3")
    assert turns == []
    against = await service.computer.challenge(ALICE, PLACE, color="white")
    assert turns == []  # alice moves first
    await service.play.move(ALICE, PLACE, "e4", game_id=against.game.id)
    assert turns == [1]
    await service.computer.challenge(BOB, PLACE, color="black")
    assert turns == [1, 1]
    await play(service, people.game.id, "Nc6")
    assert turns == [1, 1]


async def test_stopping_as_the_queue_is_woken_still_stops(store: Store, clock: ManualClock) -> None:
    """A wake-up arriving with the stop (a reply just finished) does not keep the queue
    going: Python 3.11's wait_for may swallow that cancel, so the queue also checks a flag."""
    service = GameService(store, clock, engines=FakeEngines())
    service.computer.introduce(POSTAL)
    for turns in range(6):
        queue = ReplyQueue(service.computer, clock, capacity=1)
        queue.start()
        await asyncio.sleep(0.01)
        queue.wake()
        for _ in range(turns):  # the wake-up completes the loop's wait ...
            await asyncio.sleep(0)
        await asyncio.wait_for(queue.stop(), 2.0)  # ... as the cancel arrives
