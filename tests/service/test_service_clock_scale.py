"""The clock with many games: a round looks only at what is due (the index of each game's
next look), and a backlog of due items (after an outage) drains in bounded batches, each item
once, on SQLite and PostgreSQL.

The batches are made small here (``small_batches``) so that a few dozen games cross many of
them: the shape (every batch read, claimed and worked through, none twice) is what a test
can prove; ``benchmarks/scale.py`` times the big databases. The one figure that matters at
full size, a claim of 10,000 items in one call (PostgreSQL refuses a statement of more than
32,767 parameters), is cheap and checked as it is.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from bot.service import GameService, ManualClock
from bot.store import LOOK_HORIZON, ClaimKind, Store, claims
from tests.service.service_helpers import ALICE, BOB, play, start_game
from tests.service.test_service_round_trips import counted

# About the database (races, processes, sizes, migrations): runs on PostgreSQL too.
pytestmark = pytest.mark.store

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BACKLOG = 10_000
# A backlog of this many games crosses several clock batches and, within each, several claim
# statements (see small_batches).
GAMES = 23


@pytest.fixture
def small_batches(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Clock rounds of 5 games, claims of 3 items a statement."""
    store.batches = replace(store.batches, clock=5)
    monkeypatch.setattr(claims, "TAKE_BATCH", 3)


async def _active_games(store: Store, count: int, moved_at: int, days: int = 3) -> None:
    """``count`` active games (alice to move, ``days`` per move, her last move at
    ``moved_at``), written in SQL as the benchmark builds them."""
    deadline = moved_at + days * 86400
    async with store.database.transaction() as conn:
        await conn.executemany(
            "INSERT INTO players (id, display_name, is_bot, created_at) VALUES (?, ?, 0, ?) "
            "ON CONFLICT (id) DO NOTHING",
            [(ALICE.id, ALICE.name, moved_at), (BOB.id, BOB.name, moved_at)],
        )
        await conn.executemany(
            "INSERT INTO games (guild_id, channel_id, variant, start_fen, white_id, black_id, "
            "days_per_move, rated, status, ply, fen, to_move_id, created_at, last_move_at, "
            "deadline_at) VALUES (1, 10, 'chess', ?, ?, ?, ?, 0, 'active', 0, ?, ?, ?, ?, ?)",
            [
                (START, ALICE.id, BOB.id, days, START, ALICE.id, moved_at, moved_at, deadline)
                for _ in range(count)
            ],
        )


@pytest.mark.usefixtures("small_batches")
async def test_a_backlog_of_due_reminders_is_handed_over_once(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """Reminders due at once in more games than a batch are all handed over in one round,
    once each; the next round finds none."""
    await _active_games(store, GAMES, int(clock.now.timestamp()))
    clock.advance(days=2, hours=1)  # 23 h before every deadline: the 24 h reminder
    assert await service.deadlines.hand_over_reminders() == GAMES
    assert await service.deadlines.hand_over_reminders() == 0
    rows = await store.database.fetch(
        "SELECT COUNT(*), COUNT(DISTINCT game_id) FROM outbox WHERE kind = 'reminder'"
    )
    assert tuple(rows[0]) == (GAMES, GAMES)
    # Each game's next look is its 1 h reminder now, not earlier.
    assert await service.deadlines.next_wakeup() == clock.now + timedelta(hours=22)


async def test_ten_thousand_items_are_claimed_at_once(store: Store) -> None:
    """One process claims 10,000 due items in one call (PostgreSQL refused the claim of more
    than 8,191 in one statement); another then gets none of them."""
    now = 1_800_000_000.0
    ids = range(1, BACKLOG + 1)
    assert await store.claims.take(ClaimKind.TIME_OUT, ids, "a", now, now + 60) == set(ids)
    assert await store.claims.take(ClaimKind.TIME_OUT, ids, "b", now, now + 60) == set()


@pytest.mark.usefixtures("small_batches")
async def test_overdue_games_are_timed_out_in_batches_each_once(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """More overdue games than a batch all end in one round, each once."""
    await _active_games(store, GAMES, int(clock.now.timestamp()))
    clock.advance(days=4)
    report = await service.deadlines.expire_overdue()
    assert len(report.ended) == GAMES
    assert len({ended.game.id for ended in report.ended}) == GAMES
    assert (await service.deadlines.expire_overdue()).ended == ()


async def test_a_round_with_nothing_due_looks_at_no_game(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """Once each game's next look is worked out, the clock has nothing to look at until the
    first reminder: the index answers without reading the games."""
    start = clock.now
    await _active_games(store, 300, int(start.timestamp()), days=5)
    deadline = start + timedelta(days=5)
    assert await service.deadlines.next_wakeup() == deadline - LOOK_HORIZON  # the default look
    clock.now = deadline - LOOK_HORIZON
    assert await service.deadlines.hand_over_reminders() == 0  # each game's next look worked out
    assert await store.clock.due(deadline - timedelta(hours=25), None, 1000) == []
    assert await service.deadlines.next_wakeup() == deadline - timedelta(hours=24)


async def test_the_clocks_note_does_not_refuse_a_move_read_before_it(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """Writing when to look next leaves the game's version: a move is never refused for
    it."""
    started = await start_game(service, days=3)
    before = await store.games.get(started.game.id)
    assert before is not None
    clock.advance(days=1)  # 48 h before the deadline: the default look
    await store.database.fetch(
        "UPDATE games SET clock_deadline = NULL WHERE id = ?", (started.game.id,)
    )
    await service.deadlines.hand_over_reminders()
    after = await store.games.get(started.game.id)
    assert after is not None and after.version == before.version
    await play(service, started.game.id, "e4")


@pytest.mark.sqlite_only
async def test_a_batch_of_reminders_is_written_in_a_few_trips_to_the_database(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """200 reminders due at once are handed over a clock batch at a time (the store's: 50
    on SQLite), each batch's outbox rows and records together in one transaction: a few
    dozen trips to the database in the round, not four a reminder (800 more), which is what
    a drain after an outage spent its time on."""
    await _active_games(store, 200, int(clock.now.timestamp()))
    clock.advance(days=2, hours=1)
    batches = -(-200 // store.batches.clock)
    async with counted(store) as seen:
        assert await service.deadlines.hand_over_reminders() == 200
    assert seen.trips < 20 * batches and seen.writes() <= 3 * batches, seen.statements
    rows = await store.database.fetch(
        "SELECT COUNT(DISTINCT game_id), COUNT(*) FROM reminders_sent WHERE hours_before = 24"
    )
    assert tuple(rows[0]) == (200, 200)
    rows = await store.database.fetch("SELECT COUNT(DISTINCT game_id) FROM outbox")
    assert rows[0][0] == 200
