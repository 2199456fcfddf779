"""A full disk and a locked database: the write that meets them fails whole, every committed
game stays intact, and play goes on once the disk has room or the lock is gone."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock, User
from bot.store import Store, StoreUnavailable
from bot.store import database as database_module
from bot.store.database import Statement
from tests.service.service_helpers import ALICE, BOB, start_game


def intact(path: Path) -> list[tuple[int, int, int]]:
    """integrity_check passes; returns (game, cached ply, stored moves) for every game."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return conn.execute(
            "SELECT id, ply, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) FROM games g"
        ).fetchall()
    finally:
        conn.close()


async def test_full_disk_fails_one_write_and_play_goes_on(tmp_path: Path) -> None:
    """When the database cannot grow (SQLITE_FULL, as on a full disk), the write fails and
    changes nothing; once there is room again the next move is stored."""
    path = tmp_path / "postal.db"
    store = await Store.open(path)
    service = GameService(store, ManualClock())
    try:
        game = await start_game(service)
        await service.play.move(ALICE, None, "e4", game_id=game.game.id)
        async with store.database.read() as conn:
            cursor = await conn.execute("PRAGMA page_count")
            (pages,) = await cursor.fetchone()
            await conn.execute(f"PRAGMA max_page_count = {pages}")
        failures = 0
        for number in range(200):  # fill the last pages with challenges until one fails
            try:
                await start_game(service, white=User(5000 + 2 * number, "w" * 60),
                                 black=User(5001 + 2 * number, "b" * 60))  # fmt: skip
            except sqlite3.OperationalError as error:
                assert "full" in str(error)
                failures += 1
                break
        assert failures == 1
        async with store.database.read() as conn:
            await conn.execute(f"PRAGMA max_page_count = {pages * 100}")
        await service.play.move(BOB, None, "e5", game_id=game.game.id)
    finally:
        await store.close()
    rows = intact(path)
    assert all(ply == moves for _, ply, moves in rows)
    assert (game.game.id, 2, 2) in rows


async def test_locked_database_fails_one_write_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program holding the write lock longer than the busy timeout makes a move fail
    as ``StoreUnavailable`` (SQLite's 'database is locked' kept as its cause), half-written
    nowhere; reads and writes through the other paths fail the same way; after the lock the
    move is played."""
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT_MS", 200)
    path = tmp_path / "postal.db"
    store = await Store.open(path)
    service = GameService(store, ManualClock())
    try:
        game = await start_game(service)
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StoreUnavailable, match="locked") as failed:
            await service.play.move(ALICE, None, "e4", game_id=game.game.id)
        assert isinstance(failed.value.__cause__, sqlite3.OperationalError)
        with pytest.raises(StoreUnavailable, match="locked"):
            async with store.database.transaction() as conn:
                await conn.execute("UPDATE games SET ply = ply")
        with pytest.raises(StoreUnavailable, match="locked"):
            await store.database.write([Statement("UPDATE games SET ply = ply")])
        blocker.execute("ROLLBACK")
        blocker.close()
        await service.play.move(ALICE, None, "e4", game_id=game.game.id)
    finally:
        await store.close()
    assert (game.game.id, 1, 1) in intact(path)


@pytest.mark.sqlite_only
async def test_a_file_locked_while_opening_is_unavailable_not_unusable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program holding the write lock past the busy timeout while the database is
    opened (a second Postal starting, a backup) is ``StoreUnavailable``, as for a move: a
    moment's contention that a start waits out, not a file that cannot serve Postal."""
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT_MS", 100)
    path = tmp_path / "postal.db"
    await (await Store.open(path)).close()
    blocker = sqlite3.connect(path, isolation_level=None)
    try:
        blocker.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StoreUnavailable, match="locked by another program") as refused:
            await Store.open(path)
        assert isinstance(refused.value.__cause__, sqlite3.OperationalError)
    finally:
        blocker.close()
    await (await Store.open(path)).close()
