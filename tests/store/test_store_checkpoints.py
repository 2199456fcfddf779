"""SQLite's checkpoints run beside the store's connection (``bot.store.checkpoints``): none
inside a commit, one on a connection of its own after a transaction, and the log still
removed when the store closes."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store


async def written(store: Store, rows: int) -> None:
    """``rows`` rows of bot_state in one transaction (about a page each)."""
    async with store.database.transaction() as conn:
        await conn.executemany(
            "INSERT INTO bot_state (key, value) VALUES (?, ?)",
            [(f"key {n}", "x" * 3000) for n in range(rows)],
        )


def count_in_file_alone(path: Path, copy: Path) -> int:
    """The test's bot_state rows the database file holds without its log (what checkpoints
    copied into it)."""
    shutil.copyfile(path, copy)
    connection = sqlite3.connect(copy)
    try:
        return int(
            connection.execute(
                "SELECT COUNT(*) FROM bot_state WHERE key LIKE 'key %' OR key = 'late'"
            ).fetchone()[0]
        )
    finally:
        connection.close()


@pytest.mark.sqlite_only
async def test_a_checkpoint_runs_beside_the_store_not_inside_its_commit(tmp_path: Path) -> None:
    """The store's connection checkpoints nothing itself (``wal_autocheckpoint`` 0); after a
    transaction a checkpoint on another connection copies the log into the file."""
    path = tmp_path / "store.db"
    store = await Store.open(path)
    db: Any = store.database
    try:
        assert (await db.fetch("PRAGMA wal_autocheckpoint"))[0][0] == 0
        await written(store, 500)
        running = db._checkpoints._running
        assert running is not None  # started by the commit, not awaited by it
        await running
        assert count_in_file_alone(path, tmp_path / "alone.db") == 500
    finally:
        await store.close()
    assert not Path(f"{path}-wal").exists()  # the store's connection, closed last, removed it


@pytest.mark.sqlite_only
async def test_without_a_checkpoint_the_log_keeps_what_was_written(tmp_path: Path) -> None:
    """A second transaction within ``CHECKPOINT_EVERY`` of a checkpoint's start waits for
    the next one: its rows are in the log, read as ever, and in the file after close."""
    path = tmp_path / "store.db"
    store = await Store.open(path)
    db: Any = store.database
    try:
        await written(store, 10)
        first = db._checkpoints._running
        await first
        await store.database.fetch("SELECT 1")
        async with store.database.transaction() as conn:
            await conn.execute("INSERT INTO bot_state (key, value) VALUES ('late', 'y')")
        assert db._checkpoints._running is first  # none started so soon after
        assert count_in_file_alone(path, tmp_path / "alone.db") == 10
        rows = await store.database.fetch("SELECT value FROM bot_state WHERE key = 'late'")
        assert [tuple(row) for row in rows] == [("y",)]
    finally:
        await store.close()
    assert count_in_file_alone(path, tmp_path / "after.db") == 11
