"""Time-outs in batches: many games ended by one transaction, each guarded by its version
(a game changed meanwhile is left as it is), rated in order, each exactly once, on SQLite and
PostgreSQL; a process killed in the middle of a batch loses nothing and ends nothing twice."""

from __future__ import annotations

import asyncio
import os
import select
import signal
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, ManualClock, User
from bot.service.claiming import CLOCK_CLAIM_LEASE
from bot.service.ratings import rate_game
from bot.store import ClaimKind, Rating, Store
from bot.store import ending_batches as ending_batches_module
from bot.store.outbox import insert_items
from tests.service.service_helpers import ALICE, BOB, CAROL, play, start_game
from tests.service.test_service_round_trips import counted

# About the database (races, processes, sizes, migrations): runs on PostgreSQL too.
pytestmark = pytest.mark.store

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
AFTER_E4_E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
PLAYERS = [User(500 + n, f"player{n}") for n in range(7)]
# The kill test's process gets this long to reach the batch it is killed in.
CHILD_TIMEOUT = 60.0


async def overdue_games(
    store: Store, count: int, moved_at: datetime, players: Sequence[User] = PLAYERS
) -> list[int]:
    """``count`` rated games after 1. e4 e5 (white to move, 3 days per move, the last move
    at ``moved_at``), written in SQL as the benchmark builds them: game n between players n
    and n + 1 (mod len), so each player is in several; their ids, oldest deadline first."""
    at = int(moved_at.timestamp())
    async with store.database.transaction() as conn:
        await conn.executemany(
            "INSERT INTO players (id, display_name, is_bot, created_at) VALUES (?, ?, 0, ?) "
            "ON CONFLICT (id) DO NOTHING",
            [(player.id, player.name, at) for player in players],
        )
        ids = []
        for n in range(count):
            white, black = players[n % len(players)], players[(n + 1) % len(players)]
            cursor = await conn.execute(
                "INSERT INTO games (guild_id, channel_id, variant, start_fen, white_id, "
                "black_id, days_per_move, rated, status, ply, fen, to_move_id, created_at, "
                "last_move_at, deadline_at) VALUES (1, ?, 'chess', ?, ?, ?, 3, 1, 'active', 2, "
                "?, ?, ?, ?, ?) RETURNING id",
                (1000 + n, START, white.id, black.id, AFTER_E4_E5, white.id, at, at + n, at + n),
            )
            game_id = int((await cursor.fetchone())[0])
            ids.append(game_id)
            await conn.executemany(
                "INSERT INTO moves (game_id, ply, uci, san, played_at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, 1, "e2e4", "e4", at), (game_id, 2, "e7e5", "e5", at)],
            )
    # The deadlines: 3 days after each game's last move, a second apart in game order.
    await store.database.fetch(
        "UPDATE games SET deadline_at = last_move_at + 259200 WHERE status = 'active'"
    )
    return ids


async def ratings_of(store: Store, players: Sequence[User]) -> dict[int, Rating | None]:
    return {player.id: await store.ratings.get(1, "chess", player.id) for player in players}


def rated_in_order(count: int, players: Sequence[User] = PLAYERS) -> dict[int, Rating | None]:
    """The players' ratings after ``overdue_games`` of ``count`` all ended on time (white
    loses each), one after the other in game order."""
    ratings: dict[int, Rating | None] = {player.id: None for player in players}
    for n in range(count):
        white, black = players[n % len(players)].id, players[(n + 1) % len(players)].id
        ratings[white], ratings[black] = rate_game(ratings[white], ratings[black], "0-1")
    return ratings


async def endings_told(store: Store) -> dict[int, int]:
    """How many ending rows the outbox holds for the game's place, by game."""
    rows = await store.database.fetch(
        "SELECT game_id, COUNT(*) FROM outbox WHERE kind = 'ending' AND target = 'place' "
        "GROUP BY game_id"
    )
    return {int(game_id): int(count) for game_id, count in rows}


@pytest.mark.sqlite_only
async def test_a_round_of_time_outs_is_a_few_transactions(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """250 overdue games end in one round by a few transactions (a batch of the store's
    ``batches.endings`` each, their claims, their next looks), not one transaction and disk
    wait a game."""
    await overdue_games(store, 250, clock.now)
    clock.advance(days=4)
    async with counted(store) as seen:
        report = await service.deadlines.expire_overdue()
    assert len(report.ended) == 250
    # 250 before (a transaction a game); now the batches, each clock batch's claim and looks,
    # and the round's upkeep.
    batches = store.batches
    assert seen.writes() < 250 // batches.endings + 2 * (250 // batches.clock) + 10, seen.writes()


async def test_a_player_in_many_games_of_one_batch_is_rated_in_order(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """Every player is in several games of the batch: each rating is the one the games give
    one after the other in the batch's order, every game counted once, and each ending
    tells the change from the rating the game before left."""
    await overdue_games(store, 30, clock.now)
    clock.advance(days=4)
    report = await service.deadlines.expire_overdue()
    assert len(report.ended) == 30
    assert await ratings_of(store, PLAYERS) == rated_in_order(30)
    # Game 1 (player1 white, player2 black) is rated from what game 0 left player1.
    first = rate_game(None, None, "0-1")
    second = report.ended[1].ending.rating_changes
    assert [change.before for change in second] == [first[1].rating, 1500.0]


async def test_the_discord_clock_ends_games_without_describing_them(
    service: GameService, store: Store, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``describe=False`` (the Discord adapter's round, announcing through the outbox): the
    same games end, rated in order, each announced once, counted in ``timed_out``, and none
    is described (a view, a text and a board each, thousands after an outage)."""
    await overdue_games(store, 30, clock.now)
    clock.advance(days=4)

    async def described(*args: object, **kwargs: object) -> None:
        raise AssertionError("an ending described though nobody asked")

    monkeypatch.setattr(type(service.endings), "game_ended", described)
    report = await service.deadlines.expire_overdue(describe=False)
    assert (report.ended, report.timed_out) == ((), 30)
    assert await ratings_of(store, PLAYERS) == rated_in_order(30)
    assert list((await endings_told(store)).values()) == [1] * 30
    assert (await service.deadlines.expire_overdue(describe=False)).timed_out == 0


async def test_a_game_moved_meanwhile_is_not_timed_out(
    service: GameService, store: Store, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the round's read and its batch a player moves in one game: that game is left
    as it is (its move stands, its new deadline ahead); the others of the batch end."""
    started = [(await start_game(service, days=1)).game.id for _ in range(3)]
    for game_id in started:
        await play(service, game_id, "e4", "e5")
    clock.advance(days=1, minutes=1)
    take = store.claims.take

    async def then_move(*args: Any, **options: Any) -> set[int]:
        taken = await take(*args, **options)
        if args[0] is ClaimKind.TIME_OUT:
            await play(service, started[1], "Nf3")  # alice's move, a minute late
        return taken

    monkeypatch.setattr(store.claims, "take", then_move)
    report = await service.deadlines.expire_overdue()
    assert sorted(ended.game.id for ended in report.ended) == [started[0], started[2]]
    moved = await store.games.get(started[1])
    assert moved is not None and moved.status.value == "active" and moved.ply == 3
    assert await endings_told(store) == {started[0]: 1, started[2]: 1}
    monkeypatch.undo()
    assert (await service.deadlines.expire_overdue()).ended == ()


async def test_a_game_shown_elsewhere_meanwhile_ends_the_next_round(
    service: GameService, store: Store, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The adapter records a game's new board message between the round's read and its
    batch (the game's version moves on, not its play): the batch leaves it, the clock is
    due again at once, and the next round ends it, once."""
    ids = await overdue_games(store, 3, clock.now, [ALICE, BOB, CAROL])
    clock.advance(days=4)
    take = store.claims.take

    async def then_show(*args: Any, **options: Any) -> set[int]:
        taken = await take(*args, **options)
        if args[0] is ClaimKind.TIME_OUT:
            await store.games.set_message(ids[1], 4242)
        return taken

    monkeypatch.setattr(store.claims, "take", then_show)
    first = await service.deadlines.expire_overdue()
    monkeypatch.undo()
    assert [ended.game.id for ended in first.ended] == [ids[0], ids[2]]
    wake = await service.deadlines.next_wakeup()
    assert wake is not None and wake <= clock.now
    second = await service.deadlines.expire_overdue()
    assert [ended.game.id for ended in second.ended] == [ids[1]]
    assert await endings_told(store) == dict.fromkeys(ids, 1)


def _killed_in_second_batch(db_path: Path | str, pipe: int) -> None:
    """The child: end the overdue games as process A, saying ``in`` on ``pipe`` once the
    second batch has written its games, then hang there (holding the transaction open)
    until killed."""
    batches = 0
    real = insert_items

    async def hang_in_second(*args: Any) -> int:
        nonlocal batches
        batches += 1
        if batches == 2:
            os.write(pipe, b"in")
            time.sleep(CHILD_TIMEOUT)  # the event loop stops here, in the open transaction
        return await real(*args)

    async def run() -> None:
        store = await Store.open(db_path)
        setattr(ending_batches_module, "insert_items", hang_in_second)  # noqa: B010
        clock = ManualClock()
        clock.advance(days=4)
        await GameService(store, clock, process="a").deadlines.expire_overdue()

    asyncio.run(run())


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_kill_mid_batch_loses_nothing_and_ends_nothing_twice(db_path: Path | str) -> None:
    """Process A is killed (SIGKILL) while its second batch of time-outs is written: the
    first batch stands, nothing of the second does; once A's claims run out, process B ends
    the rest, so every game ends once, with one announcement, rated once."""

    async def prepare() -> tuple[list[int], int]:
        """The games, and how many time-outs a transaction of this store ends."""
        store = await Store.open(db_path)
        try:
            size = store.batches.endings
            return await overdue_games(store, 2 * size + 50, ManualClock().now), size
        finally:
            await store.close()

    ids, size = asyncio.run(prepare())
    count = len(ids)
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            _killed_in_second_batch(db_path, write_fd)
        finally:
            os._exit(1)
    os.close(write_fd)
    try:
        ready, _, _ = select.select([read_fd], [], [], CHILD_TIMEOUT)
        assert ready and os.read(read_fd, 2) == b"in", "process A never reached its 2nd batch"
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(read_fd)

    async def take_over() -> None:
        store = await Store.open(db_path)
        try:
            assert len(await endings_told(store)) == size  # the first batch only
            clock = ManualClock()
            clock.advance(timedelta(days=4) + CLOCK_CLAIM_LEASE + timedelta(seconds=1))
            report = await GameService(store, clock, process="b").deadlines.expire_overdue()
            assert len(report.ended) == count - size
            assert await endings_told(store) == dict.fromkeys(ids, 1)
            rows = await store.database.fetch("SELECT COUNT(*) FROM games WHERE status = 'active'")
            assert rows[0][0] == 0
            assert await ratings_of(store, PLAYERS) == rated_in_order(count)
        finally:
            await store.close()

    asyncio.run(take_over())


async def test_thousands_of_posted_challenges_expire_at_once(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """3,000 posted challenges past their expiry (after an outage) all expire in one round,
    each once with its message's edit: PostgreSQL refused the edits' one statement (12
    parameters a row, 32,767 at most)."""
    at = int(clock.now.timestamp())
    async with store.database.transaction() as conn:
        await conn.executemany(
            "INSERT INTO players (id, display_name, is_bot, created_at) VALUES (?, ?, 0, ?)",
            [(player.id, player.name, at) for player in PLAYERS[:2]],
        )
        await conn.executemany(
            "INSERT INTO challenges (guild_id, channel_id, message_id, challenger_id, "
            "opponent_id, variant, color, days_per_move, rated, created_at, expires_at) "
            "VALUES (1, ?, ?, ?, ?, 'chess', 'white', 3, 0, ?, ?)",
            [(n, 10_000 + n, PLAYERS[0].id, PLAYERS[1].id, at, at + 3600) for n in range(3000)],
        )
    clock.advance(hours=2)
    report = await service.deadlines.expire_overdue()
    assert len({closed.challenge.id for closed in report.expired_challenges}) == 3000
    rows = await store.database.fetch("SELECT COUNT(*) FROM outbox WHERE kind = 'challenge'")
    assert rows[0][0] == 3000
    assert (await service.deadlines.expire_overdue()).expired_challenges == ()
