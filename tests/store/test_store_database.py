"""The SQLite store: pragmas, migrations in one transaction, conditional writes."""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from bot.store import (
    Challenge,
    GameEnding,
    GameRecord,
    MoveWrite,
    OfferKind,
    PreparedAnswer,
    Store,
    StoreError,
    Written,
)
from bot.store import database as database_module
from tests.dbtools import snapshot

NOW = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


async def _game(store: Store, thread_id: int | None = None):  # type: ignore[no-untyped-def]
    """alice (white) and bob's game, challenged in channel 6 (in thread ``thread_id``)."""
    await store.players.ensure(1, "alice", False, NOW)
    await store.players.ensure(2, "bob", False, NOW)
    challenge = await store.challenges.create(
        guild_id=5, channel_id=6, thread_id=thread_id, challenger_id=1, opponent_id=2,
        variant="chess", color="white", days_per_move=3, rated=True, start_fen=None, now=NOW,
        expires_at=NOW + timedelta(hours=48),
    )  # fmt: skip
    assert isinstance(challenge, Challenge), challenge
    game = await store.games.start_from_challenge(
        challenge_id=challenge.id, acceptor_id=2, white_id=1, black_id=2, start_fen=START,
        to_move_id=1, now=NOW, deadline_at=NOW + timedelta(days=3),
    )  # fmt: skip
    assert game is not None
    return game


async def _play(store: Store, game: GameRecord, uci: str, san: str, fen: str) -> Written:
    """alice (white) plays ``uci`` in ``game`` as the store was given it, not as it is now."""
    move = PreparedAnswer(uci, san, 1)
    return await store.games.play_move(MoveWrite(game, move, fen, NOW, NOW + timedelta(days=3)))


@pytest.mark.sqlite_only
async def test_fresh_database_is_migrated_with_pragmas(tmp_path: Path) -> None:
    """A new file gets WAL, foreign keys, a busy timeout, a page cache for a million games'
    B-trees and the latest schema version, and says it was created."""
    store = await Store.open(tmp_path / "new.db")
    try:
        assert store.database.created
        async with store.database.read() as conn:
            pragmas = {}
            names = ("journal_mode", "foreign_keys", "busy_timeout", "cache_size", "user_version")
            for name in names:
                cursor = await conn.execute(f"PRAGMA {name}")
                pragmas[name] = (await cursor.fetchone())[0]
    finally:
        await store.close()
    assert pragmas == {
        "journal_mode": "wal",
        "foreign_keys": 1,
        "busy_timeout": database_module.BUSY_TIMEOUT_MS,
        "cache_size": -database_module.PAGE_CACHE_KIB,  # KiB (SQLite's default: 2 MiB)
        "user_version": len(database_module.migrations()),
    }


async def test_reopening_keeps_data(db_target: Path | str) -> None:
    """Opening an up-to-date database again changes nothing and keeps the rows."""
    store = await Store.open(db_target)
    await store.players.ensure(7, "gus", False, NOW)
    await store.close()
    again = await Store.open(db_target)
    try:
        player = await again.players.get(7)
        assert player is not None and player.display_name == "gus"
    finally:
        await again.close()


@pytest.mark.sqlite_only
async def test_newer_schema_is_refused(tmp_path: Path) -> None:
    """A database from a newer Postal is not touched."""
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    with pytest.raises(StoreError, match="newer than this Postal"):
        await Store.open(path)


@pytest.mark.sqlite_only
async def test_failed_migration_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Migrations run in one transaction: a failing one leaves no table and version 0."""
    real = database_module.migrations()
    broken = [*real, (len(real) + 1, "CREATE TABLE extra (a); INSERT INTO nowhere VALUES (1);")]
    monkeypatch.setattr(database_module, "migrations", lambda: broken)
    path = tmp_path / "broken.db"
    with pytest.raises(StoreError, match="migration"):
        await Store.open(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (0,)
        tables = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        assert tables == []


@pytest.mark.sqlite_only
async def test_a_migration_done_meanwhile_by_another_process_is_said_up_to_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two ``migrate`` at once on a schema-5 file: the one whose migrations find the work
    already done (by the other, between its version check and its write) says it found
    the schema up to date, not "migrated from 5"."""
    path = tmp_path / "postal.db"
    known = database_module.migrations()
    with sqlite3.connect(path) as conn:
        conn.executescript("\n;\n".join(sql for _, sql in known[:5]))
        conn.execute("PRAGMA user_version = 5")
    original = aiosqlite.Connection.executescript

    async def the_other_process_first(self: aiosqlite.Connection, script: str) -> object:
        with sqlite3.connect(path) as other:
            other.executescript("\n;\n".join(sql for _, sql in known[5:]))
            other.execute(f"PRAGMA user_version = {len(known)}")
        return await original(self, script)

    monkeypatch.setattr(aiosqlite.Connection, "executescript", the_other_process_first)
    store = await Store.open(path)
    try:
        assert store.database.migrated_from == await store.database.schema_version()
        assert store.database.migrated_from == len(known)
    finally:
        await store.close()


def test_migrations_are_numbered_from_one() -> None:
    """Migration files are numbered 1..n and start with the initial schema."""
    found = database_module.migrations()
    assert [number for number, _ in found] == list(range(1, len(found) + 1))
    assert "CREATE TABLE games" in found[0][1]


async def test_stale_move_writes_nothing(db_target: Path | str) -> None:
    """A move written against an old ply is refused and leaves the rows as they were."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
        first = await _play(store, game, "e2e4", "e4", "after")
        assert first.ok
        stale = await _play(store, game, "d2d4", "d4", "other")
        assert not stale.ok
        moves = await store.games.moves(game.id)
        assert [(m.ply, m.uci) for m in moves] == [(1, "e2e4")]
        current = await store.games.get(game.id)
        assert current is not None and (current.ply, current.fen) == (1, "after")
        assert current.to_move_id == 2
    finally:
        await store.close()


async def test_finish_requires_the_offer(db_target: Path | str) -> None:
    """Ending a game by agreement needs the pending offer; without it nothing changes."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
        ending = GameEnding("1/2-1/2", "agreement")
        refused = await store.games.finish(
            game, ending, NOW, None, consume_offer=(OfferKind.DRAW, 2)
        )
        assert not refused.ok
        assert (await store.games.get(game.id)).is_active  # type: ignore[union-attr]
        assert await store.games.make_offer(game, OfferKind.DRAW, 2, NOW)
        assert not await store.games.make_offer(game, OfferKind.DRAW, 1, NOW)  # one per kind
        done = await store.games.finish(game, ending, NOW, None, consume_offer=(OfferKind.DRAW, 2))
        assert done.ok
        finished = await store.games.get(game.id)
        assert finished is not None and finished.result == "1/2-1/2"
        assert finished.deadline_at is None and finished.to_move_id is None
        assert await store.games.offers(game.id) == []
    finally:
        await store.close()


async def test_records_are_frozen(db_target: Path | str) -> None:
    """The store hands out frozen dataclasses, never rows."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
        with pytest.raises(dataclasses.FrozenInstanceError):
            game.ply = 5  # type: ignore[misc, unused-ignore]
    finally:
        await store.close()


# Each rule of games and moves broken once, as (table, assignment): refused on both
# dialects, though PostgreSQL keeps the one-column rules as domains and the player to move
# as a CHECK instead of a foreign key (migrations/postgresql/0032).
_BROKEN_RULES = [
    ("games", "variant = 'go'"),
    ("games", "days_per_move = 0"),
    ("games", "rated = 2"),
    ("games", "status = 'paused'"),
    ("games", "status = 'finished', result = '2-0'"),
    ("games", "status = 'finished'"),  # finished without a result
    ("games", "result = '1-0'"),  # a result while still active
    ("games", "ply = -1"),
    ("games", "thread_owned = 2"),
    ("games", "untimed = -1"),
    ("games", "black_id = white_id"),
    ("games", "to_move_id = 99"),  # nobody's id
    ("moves", "ply = 0"),
]


@pytest.mark.parametrize(("table", "assignment"), _BROKEN_RULES)
async def test_a_broken_rule_of_games_and_moves_is_refused(
    db_target: Path | str, table: str, assignment: str
) -> None:
    """The database itself refuses a game or move row breaking one of its rules, and the
    rows stay as they were."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
        played = await _play(store, game, "e2e4", "e4", "after")
        assert played.ok
        before = snapshot(db_target)
        key = "id" if table == "games" else "game_id"
        with pytest.raises((sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)):
            async with store.database.transaction() as conn:
                await conn.execute(f"UPDATE {table} SET {assignment} WHERE {key} = ?", (game.id,))
        assert snapshot(db_target) == before
    finally:
        await store.close()


@pytest.mark.sqlite_only
async def test_foreign_keys_are_enforced(tmp_path: Path) -> None:
    """A move for a game that does not exist is rejected by the database itself."""
    store = await Store.open(tmp_path / "fk.db")
    try:
        with pytest.raises(sqlite3.IntegrityError):
            async with store.database.transaction() as conn:
                await conn.execute(
                    "INSERT INTO moves (game_id, ply, uci, san, played_at) "
                    "VALUES (42, 1, 'e2e4', 'e4', 0)"
                )
    finally:
        await store.close()


@pytest.mark.sqlite_only
async def test_unknown_synchronous_mode_is_refused(tmp_path: Path) -> None:
    """Only FULL and NORMAL durability are accepted, and nothing is created otherwise."""
    with pytest.raises(ValueError, match="synchronous"):
        await Store.open(tmp_path / "x.db", synchronous="OFF")
    assert not (tmp_path / "x.db").exists()


async def test_bot_state_keeps_values_across_reopening(db_target: Path | str) -> None:
    """A stored fact survives closing and reopening the database; a new value replaces it."""
    path = db_target
    store = await Store.open(path)
    assert await store.bot_state.get("commands_hash") is None
    await store.bot_state.set("commands_hash", "abc")
    await store.bot_state.set("commands_hash", "def")
    await store.close()
    reopened = await Store.open(path)
    assert await reopened.bot_state.get("commands_hash") == "def"
    await reopened.close()


async def test_cancelled_transaction_leaves_none_open(db_target: Path | str) -> None:
    """A transaction cancelled while its BEGIN is on the worker thread (as at shutdown) is
    rolled back before the next one starts, which would otherwise fail forever."""
    store = await Store.open(db_target)
    try:
        for turns in range(6):

            async def write(player_id: int) -> None:
                async with store.database.transaction() as conn:
                    await conn.execute(
                        "INSERT INTO players (id, display_name, created_at) VALUES (?, 'x', 0)",
                        (player_id,),
                    )

            task = asyncio.create_task(write(1000 + turns))
            for _ in range(turns):
                await asyncio.sleep(0)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            await store.players.ensure(turns + 1, f"p{turns}", False, NOW)
            assert (await store.players.get(turns + 1)) is not None
    finally:
        await store.close()


@pytest.mark.sqlite_only
async def test_failed_commit_leaves_no_transaction_open(tmp_path: Path) -> None:
    """A COMMIT that fails (here a deferred foreign key; a full disk alike) is rolled back."""
    store = await Store.open(tmp_path / "p.db")
    try:
        with pytest.raises(sqlite3.IntegrityError):
            async with store.database.transaction() as conn:
                await conn.execute("PRAGMA defer_foreign_keys = ON")
                await conn.execute(
                    "INSERT INTO vacations (player_id, starts_at, ends_at, days) "
                    "VALUES (404, 1, 2, 1)"
                )
        await store.players.ensure(7, "gus", False, NOW)
        assert (await store.players.get(7)) is not None
    finally:
        await store.close()
