"""A clock round's batches are its store's (``store.batches``): small on SQLite, whose one
connection a waiting command needs, larger on PostgreSQL; a drain's reads, transactions and
reads of moves stay within them, on both stores."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from datetime import datetime
from typing import Any

import pytest

from bot.service import GameService, ManualClock
from bot.store import Dialect, GameRecord, Store, StoredMove
from bot.store.batches import POSTGRESQL_BATCHES, SQLITE_BATCHES
from tests.service.test_service_time_outs import overdue_games

# About the database (races, processes, sizes, migrations): runs on PostgreSQL too.
pytestmark = pytest.mark.store


async def test_the_store_decides_its_batches(store: Store) -> None:
    """SQLite's store reports its small batches, PostgreSQL's its larger ones; each of
    SQLite's is the smaller."""
    if store.database.dialect is Dialect.SQLITE:
        assert store.batches == SQLITE_BATCHES
        assert (store.batches.clock, store.batches.endings) == (25, 4)
        assert store.batches.plies_a_read == 2_000
    else:
        assert store.batches == POSTGRESQL_BATCHES
    for field in fields(SQLITE_BATCHES):
        assert getattr(SQLITE_BATCHES, field.name) < getattr(POSTGRESQL_BATCHES, field.name)


async def test_a_drain_reads_and_ends_games_a_store_batch_at_a_time(
    service: GameService, store: Store, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """60 overdue games end in one round: each read of overdue games returns at most the
    store's ``clock`` batch and each transaction ends at most its ``endings`` (on SQLite
    reads of 50 and 10 games, six transactions of 10), every game once."""
    await overdue_games(store, 60, clock.now)
    clock.advance(days=4)
    reads: list[int] = []
    ended: list[int] = []
    overdue, finish_many = store.games.overdue, store.games.finish_many

    async def counted_overdue(*args: Any, **kwargs: Any) -> list[GameRecord]:
        found = await overdue(*args, **kwargs)
        reads.append(len(found))
        return found

    async def counted_finish(batch: Sequence[Any], now: datetime, **options: Any) -> Any:
        ended.append(len(batch))
        return await finish_many(batch, now, **options)

    monkeypatch.setattr(store.games, "overdue", counted_overdue)
    monkeypatch.setattr(store.games, "finish_many", counted_finish)
    report = await service.deadlines.expire_overdue()
    assert report.timed_out == 60
    clock_batch, endings = store.batches.clock, store.batches.endings
    assert reads == [*([clock_batch] * (60 // clock_batch)), 60 % clock_batch, 0][-len(reads) :]
    assert sum(reads) == 60 and max(reads) <= clock_batch
    assert sum(ended) == 60 and max(ended) <= endings
    if store.database.dialect is Dialect.SQLITE:
        batch_of_25 = [4] * 6 + [1]  # each clock batch's time-outs, four a transaction
        assert reads == [25, 25, 10, 0] and ended == [*batch_of_25, *batch_of_25, 4, 4, 2]


async def test_moves_read_ahead_for_replays_are_read_in_steps(
    service: GameService, store: Store, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replaying a batch's games ahead reads their moves at most ``plies_a_read`` at a time
    (games of 2 plies, 5 a read: two games a read), and every game is then replayed."""
    ids = await overdue_games(store, 7, clock.now)
    records = [record for game_id in ids if (record := await store.games.get(game_id))]
    store.batches = replace(store.batches, plies_a_read=5)
    read: list[int] = []
    move_lines = store.games.move_lines

    async def counted(game_ids: Sequence[int]) -> dict[int, list[StoredMove]]:
        lines = await move_lines(game_ids)
        read.append(sum(len(line) for line in lines.values()))
        return lines

    monkeypatch.setattr(store.games, "move_lines", counted)
    await service.core.replays.replay_ahead(records)
    assert read == [4, 4, 4, 2]
    assert all(service.core.replays.cache.get(game_id) is not None for game_id in ids)
