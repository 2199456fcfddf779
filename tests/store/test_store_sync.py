"""Transactions whose commit syncs outside the store's lock
(``Database.transaction(sync_outside_lock=True)``): on SQLite committed with
``synchronous=NORMAL``, the WAL file synced once the lock is given up, and every other commit
still FULL, whatever became of that transaction."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from bot.store.database import Connection

# SQLite's PRAGMA synchronous: 1 NORMAL, 2 FULL.
NORMAL, FULL = 1, 2


async def mode(conn: Connection) -> Any:
    """How the transaction on ``conn`` will commit (SQLite's synchronous)."""
    return (await (await conn.execute("PRAGMA synchronous")).fetchone())[0]


async def test_a_transaction_synced_outside_the_lock_is_committed(db_target: Path | str) -> None:
    """Both stores take the option and commit the transaction (PostgreSQL as any other)."""
    store = await Store.open(db_target)
    try:
        async with store.database.transaction(sync_outside_lock=True) as conn:
            await conn.execute("INSERT INTO bot_state (key, value) VALUES ('k', 'v')")
        rows = await store.database.fetch("SELECT value FROM bot_state WHERE key = 'k'")
    finally:
        await store.close()
    assert [tuple(row) for row in rows] == [("v",)]


@pytest.mark.sqlite_only
async def test_the_wal_is_synced_after_the_lock_is_given_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commit skips the sync inside the lock; the WAL file is synced once the lock is
    free, before the block ends; the next transaction commits FULL again."""
    store = await Store.open(tmp_path / "sync.db")
    db: Any = store.database
    synced: list[tuple[str, bool]] = []
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        synced.append((os.readlink(f"/proc/self/fd/{descriptor}"), db._lock.locked()))
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)  # as the store calls it
    try:
        async with db.transaction(sync_outside_lock=True) as conn:
            inside = await mode(conn)
            await conn.execute("INSERT INTO bot_state (key, value) VALUES ('k', 'v')")
        after_block = list(synced)
        async with db.transaction() as conn:
            after = await mode(conn)
    finally:
        await store.close()
    assert inside == NORMAL and after == FULL
    assert after_block == [(str(tmp_path / "sync.db-wal"), False)]


@pytest.mark.sqlite_only
async def test_the_store_mode_is_back_after_a_write_that_raised_or_was_cancelled(
    tmp_path: Path,
) -> None:
    """A transaction synced outside the lock, rolled back by an error or cancelled
    half-way, still leaves every later commit waiting for the disk (a command after it is
    durable)."""
    store = await Store.open(tmp_path / "sync.db")
    db = store.database
    try:
        with pytest.raises(ZeroDivisionError):
            async with db.transaction(sync_outside_lock=True) as conn:
                await conn.execute("INSERT INTO bot_state (key, value) VALUES ('a', 'x')")
                _ = 1 / 0
        assert (await db.fetch("PRAGMA synchronous"))[0][0] == FULL

        entered = asyncio.Event()

        async def stuck() -> None:
            async with db.transaction(sync_outside_lock=True) as conn:
                await conn.execute("INSERT INTO bot_state (key, value) VALUES ('b', 'y')")
                entered.set()
                await asyncio.Event().wait()  # cancelled here

        task = asyncio.create_task(stuck())
        await entered.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert (await db.fetch("PRAGMA synchronous"))[0][0] == FULL
        async with db.transaction() as conn:
            assert await mode(conn) == FULL
        assert await db.fetch("SELECT key FROM bot_state WHERE key IN ('a', 'b')") == []
    finally:
        await store.close()


@pytest.mark.sqlite_only
async def test_a_store_opened_without_full_syncs_keeps_its_mode(tmp_path: Path) -> None:
    """A store opened with ``synchronous="NORMAL"`` (a copy's target) commits every write so,
    and syncs nothing after."""
    store = await Store.open(tmp_path / "normal.db", synchronous="NORMAL")
    db = store.database
    try:
        async with db.transaction(sync_outside_lock=True) as conn:
            assert await mode(conn) == NORMAL
        async with db.transaction() as conn:
            assert await mode(conn) == NORMAL
    finally:
        await store.close()
