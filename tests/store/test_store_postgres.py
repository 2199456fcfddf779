"""The store on a real PostgreSQL server: migrations and their version, the schema matching
SQLite's, the transaction rules the store relies on, and the dialect layer.

These need a server (``tests/pgserver.py``) whichever ``--db`` the run uses; each test works
on a database of its own."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import timedelta
from pathlib import Path
from typing import Any, cast

import asyncpg
import pytest

from bot.store import Store, StoreError, health, pg_writes, postgres
from bot.store import database as database_module
from bot.store.database import (
    Dialect,
    Statement,
    StoreConflict,
    StoreUnavailable,
    migrations,
    migrations_script,
)
from bot.store.pg_schema import translate_schema
from bot.store.pg_writes import to_postgres
from bot.store.postgres import redact
from tests.dbtools import connect
from tests.pgserver import PostgresServer
from tests.store.test_store_database import NOW, _game

pytestmark = pytest.mark.postgresql


def _columns(url: str) -> dict[str, frozenset[str]]:
    with connect(url) as conn:
        rows = conn.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema()"
        ).fetchall()
    found: dict[str, set[str]] = {}
    for table, column in rows:
        found.setdefault(table, set()).add(column)
    return {table: frozenset(columns) for table, columns in found.items()}


async def test_a_new_database_gets_every_migration_and_sqlites_tables(pg_empty_url: str) -> None:
    """An empty database is migrated to the last version, and has exactly the tables and
    columns the SQLite migrations make (plus the version table)."""
    store = await Store.open(pg_empty_url)
    try:
        assert store.database.dialect is Dialect.POSTGRESQL
        assert await store.database.schema_version() == len(migrations())
    finally:
        await store.close()
    tables = _columns(pg_empty_url)
    assert tables.pop("postal_schema") == {"version"}
    assert tables == health.expected_tables(migrations_script())


async def test_two_processes_starting_together_migrate_once(pg_empty_url: str) -> None:
    """Both open; the second waits for the first's migration and finds nothing to do."""
    first, second = await asyncio.gather(Store.open(pg_empty_url), Store.open(pg_empty_url))
    try:
        with connect(pg_empty_url) as conn:
            assert conn.execute("SELECT version FROM postal_schema").fetchall() == [
                (len(migrations()),)
            ]
    finally:
        await first.close()
        await second.close()


async def test_a_newer_schema_is_refused_and_left_alone(pg_empty_url: str) -> None:
    store = await Store.open(pg_empty_url)
    await store.close()
    with connect(pg_empty_url) as conn:
        conn.execute("UPDATE postal_schema SET version = 99")
    with pytest.raises(StoreError, match=r"schema version 99, newer than this Postal"):
        await Store.open(pg_empty_url)
    with connect(pg_empty_url) as conn:
        assert conn.execute("SELECT version FROM postal_schema").fetchall() == [(99,)]


async def test_a_failed_migration_leaves_nothing(
    pg_empty_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL's DDL is transactional: a failing migration leaves no table, no version."""
    real = database_module.migrations

    def broken(dialect: Dialect = Dialect.SQLITE) -> list[tuple[int, str]]:
        found = real(dialect)
        return [*found, (len(found) + 1, "CREATE TABLE extra (a INTEGER); SELECT * FROM nowhere")]

    monkeypatch.setattr("bot.store.postgres.migrations", broken)
    with pytest.raises(StoreError, match=f"migration {len(real()) + 1} of .* failed"):
        await Store.open(pg_empty_url)
    assert _columns(pg_empty_url) == {}


async def test_the_version_triggers_work_as_on_sqlite(pg_url: str) -> None:
    """A stored move edited in place raises the game's version and gives it to the move
    (PostgreSQL's own trigger functions, migrations/postgresql/0004 and 0008)."""
    store = await Store.open(pg_url)
    try:
        game = await _game(store)
    finally:
        await store.close()
    with connect(pg_url) as conn:
        conn.execute(
            "INSERT INTO moves (game_id, ply, uci, san, played_at, version) "
            "VALUES (?, 1, 'e2e4', 'e4', 0, ?)",
            (game.id, game.version),
        )
        conn.execute("UPDATE moves SET uci = 'd2d4' WHERE game_id = ?", (game.id,))
        games_version = conn.execute("SELECT version FROM games").fetchone()
        move_version = conn.execute("SELECT version FROM moves").fetchone()
    assert games_version == (game.version + 1,) and move_version == games_version


async def test_the_player_to_move_must_be_one_of_the_seats(pg_url: str) -> None:
    """PostgreSQL checks games.to_move_id against the game's seats (a CHECK, where SQLite
    has a foreign key to players): a third player, existing, is refused; each seat and
    nobody (a finished game) are taken."""
    store = await Store.open(pg_url)
    try:
        game = await _game(store)
        await store.players.ensure(3, "carol", False, NOW)
    finally:
        await store.close()
    with connect(pg_url) as conn:
        with pytest.raises(asyncpg.CheckViolationError, match="games_seats_check"):
            conn.execute("UPDATE games SET to_move_id = 3 WHERE id = ?", (game.id,))
        for seat in (2, None, 1):
            conn.execute("UPDATE games SET to_move_id = ? WHERE id = ?", (seat, game.id))
        assert conn.execute("SELECT to_move_id FROM games").fetchall() == [(1,)]


async def test_games_and_moves_keep_their_one_column_rules_as_domains(pg_url: str) -> None:
    """Every CHECK left on games and moves names two columns or more: the one-column rules
    are domains (checked where a value is written, parsed once per server process), and
    games.to_move_id has no foreign key (migrations/postgresql/0032). A later migration
    rebuilding either table must keep that."""
    with connect(pg_url) as conn:
        checks = conn.execute(
            "SELECT conrelid::regclass::text, conname, cardinality(conkey) FROM pg_constraint "
            "WHERE conrelid IN ('games'::regclass, 'moves'::regclass) AND contype = 'c'"
        ).fetchall()
        domains = conn.execute(
            "SELECT table_name, column_name, domain_name FROM information_schema.columns "
            "WHERE table_name IN ('games', 'moves') AND domain_name IS NOT NULL "
            "ORDER BY 1, 2"
        ).fetchall()
        foreign = conn.execute(
            "SELECT conname FROM pg_constraint "
            "WHERE conrelid = 'games'::regclass AND contype = 'f' ORDER BY 1"
        ).fetchall()
    assert sorted(checks) == [("games", "games_check1", 2), ("games", "games_seats_check", 3)]
    assert domains == [
        ("games", "cap_days", "postal_days_per_move"),
        ("games", "days_per_move", "postal_days_per_move"),
        ("games", "increment_days", "postal_days_per_move"),
        ("games", "ply", "postal_game_ply"),
        ("games", "rated", "postal_flag"),
        ("games", "result", "postal_game_result"),
        ("games", "status", "postal_game_status"),
        ("games", "thread_owned", "postal_flag"),
        ("games", "untimed", "postal_flag"),
        ("games", "variant", "postal_variant"),
        ("games", "waiting_bank", "postal_bank_seconds"),
        ("games", "weekends_off", "postal_flag"),
        ("moves", "ply", "postal_move_ply"),
    ]
    assert foreign == [("games_black_id_fkey",), ("games_white_id_fkey",)]


async def test_a_moves_ply_and_version_take_four_bytes(pg_url: str) -> None:
    """moves.ply and moves.version are 4-byte integers (migrations/postgresql/0041): a move's
    row is 8 bytes narrower once aligned; the keys and played_at stay 8 bytes."""
    with connect(pg_url) as conn:
        widths = conn.execute(
            "SELECT attname, attlen FROM pg_attribute WHERE attrelid = 'moves'::regclass "
            "AND attnum > 0 AND NOT attisdropped AND attlen > 0 ORDER BY attnum"
        ).fetchall()
    assert widths == [("game_id", 8), ("ply", 4), ("played_at", 8), ("version", 4)]


async def test_writes_holding_one_lock_take_turns(pg_url: str) -> None:
    """Twenty writers each read a number and write it plus one, at once, on a pool of
    connections, each holding the same named lock: none is lost."""
    store = await Store.open(pg_url)
    try:
        await store.bot_state.set("n", "0")

        async def add_one() -> None:
            async with store.database.transaction() as conn:
                await conn.lock(["counter:n"])
                cursor = await conn.execute("SELECT value FROM bot_state WHERE key = 'n'")
                (value,) = await cursor.fetchone()
                await asyncio.sleep(0.001)  # let the others in, were they allowed
                await conn.execute(
                    "UPDATE bot_state SET value = ? WHERE key = 'n'", (str(int(value) + 1),)
                )

        await asyncio.gather(*(add_one() for _ in range(20)))
        assert await store.bot_state.get("n") == "20"
    finally:
        await store.close()


async def test_writes_of_different_things_do_not_wait_for_each_other(pg_url: str) -> None:
    """No lock of the whole database: while one process's transaction is open (holding a
    lock and a row), another process writes other rows, takes another lock and commits."""
    first, second = await Store.open(pg_url), await Store.open(pg_url)
    try:
        await first.bot_state.set("a", "0")
        await first.bot_state.set("b", "0")
        holding, done = asyncio.Event(), asyncio.Event()

        async def hold() -> None:
            async with first.database.transaction() as conn:
                await conn.lock(["thing:a"])
                await conn.execute("UPDATE bot_state SET value = '1' WHERE key = 'a'")
                holding.set()
                await done.wait()

        task = asyncio.create_task(hold())
        await holding.wait()
        async with asyncio.timeout(5):
            async with second.database.transaction() as conn:
                await conn.lock(["thing:b"])
                await conn.execute("UPDATE bot_state SET value = '1' WHERE key = 'b'")
            await second.players.ensure(7, "seven", False, NOW)
        assert await second.bot_state.get("b") == "1"
        assert await second.bot_state.get("a") == "0"  # the first is still open
        done.set()
        await task
        assert await second.bot_state.get("a") == "1"
    finally:
        await first.close()
        await second.close()


async def test_a_failed_or_cancelled_transaction_leaves_none_open(pg_url: str) -> None:
    """A statement refused by the server rolls its transaction back; a transaction cancelled
    at any point gives its connection up; every later write works."""
    store = await Store.open(pg_url)
    try:
        with pytest.raises(asyncpg.ForeignKeyViolationError):
            async with store.database.transaction() as conn:
                await conn.execute(
                    "INSERT INTO moves (game_id, ply, uci, san, played_at) "
                    "VALUES (42, 1, 'e2e4', 'e4', 0)"
                )
        # Cancelled mid-transaction (the connection is closed, the server rolls back).
        started = asyncio.Event()

        async def write() -> None:
            async with store.database.transaction() as conn:
                await conn.execute(
                    "INSERT INTO players (id, display_name, created_at) VALUES (1000, 'x', 0)"
                )
                started.set()
                await asyncio.sleep(10)

        task = asyncio.create_task(write())
        await started.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await store.players.ensure(1, "p", False, NOW)
        assert (await store.players.get(1)) is not None
        assert await store.players.get(1000) is None
    finally:
        await store.close()


async def test_an_unreachable_server_is_one_line_without_the_password(
    pg_server: PostgresServer,
) -> None:
    url = f"postgresql://postal:hunter2@/nowhere?host={pg_server.root / 'no-socket'}"
    with pytest.raises(StoreError, match="cannot connect to PostgreSQL") as raised:
        await Store.open(url)
    assert "hunter2" not in str(raised.value) and "\n" not in str(raised.value)


def test_placeholders_are_numbered_outside_quotes_and_comments() -> None:
    sql = "SELECT '?', \"a?\" FROM t -- ?\nWHERE a = ? AND b IN (?, ?)"
    assert to_postgres(sql) == (
        "SELECT '?', \"a?\" FROM t -- ?\nWHERE a = $1 AND b IN ($2, $3)",
        True,
    )
    assert to_postgres("UPDATE t SET a = ?") == ("UPDATE t SET a = $1", False)
    assert to_postgres("INSERT INTO t VALUES (?) RETURNING id")[1] is True


def test_a_write_is_compiled_once_per_shape_with_nulls_written_in() -> None:
    """Writes differing only in values share a function; a NULL is written into its SQL
    (its type is the column's), so a NULL where a value was is another shape; the other
    values are the function's typed arguments, in order."""
    update = "UPDATE games SET fen = ?, deadline_at = ? WHERE id = ? AND version = ?"

    def shape(*params: object) -> pg_writes.Shape:
        return pg_writes.shape_of([Statement(update, params, guard=True)])

    first = pg_writes.compile_write(shape("fen1", 10, 1, 2))
    assert pg_writes.compile_write(shape("fen2", 99, 3, 4)) == first
    timeless = pg_writes.compile_write(shape("fen1", None, 1, 2))
    assert timeless.name != first.name and timeless.name.startswith("postal_write_")
    assert "deadline_at = NULL WHERE id = $2 AND version = $3" in timeless.create
    assert f"{first.name}(text, bigint, bigint, bigint)" in first.create
    assert first.call == f"SELECT {first.name}($1, $2, $3, $4)"
    assert pg_writes.arguments([Statement(update, ("f", None, 1, 2))]) == ["f", 1, 2]
    with pytest.raises(ValueError, match="more placeholders"):
        pg_writes.compile_write(pg_writes.shape_of([Statement(update, ("f", 1, 2))]))
    with pytest.raises(TypeError, match="cannot write"):
        pg_writes.shape_of([Statement(update, ("f", 1, 2, object()))])

    class Named(str):
        """A str of the service's own (a move's SAN is one)."""

    named = pg_writes.compile_write(shape(Named("fen1"), 10, 1, 2))
    assert named.name == first.name


def test_sqlite_schemas_translate_to_postgresql_types() -> None:
    sql = (
        "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, n INTEGER NOT NULL, "
        "x REAL, s TEXT) WITHOUT ROWID;"
    )
    assert translate_schema(sql) == (
        "CREATE TABLE t (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, "
        "n BIGINT NOT NULL, x DOUBLE PRECISION, s TEXT) ;"
    )


def test_every_postgresql_migration_replaces_an_sqlite_one() -> None:
    """migrations/postgresql/ holds only files named as an SQLite migration (else refused),
    and there are as many PostgreSQL migrations as SQLite ones."""
    assert [v for v, _ in migrations(Dialect.POSTGRESQL)] == [v for v, _ in migrations()]


def test_passwords_are_kept_out_of_names() -> None:
    assert redact("postgresql://postal:s3cret@db:5432/postal") == (
        "postgresql://postal:***@db:5432/postal"
    )
    assert (
        redact("postgresql://postal@/postal?host=/run") == "postgresql://postal@/postal?host=/run"
    )


async def test_a_connection_given_back_costs_no_round_trip(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """asyncpg's pool resets a connection given back with a query by default: a second
    round trip for every read and transaction, for session state the store never sets."""
    resets: list[object] = []

    async def spy(self: asyncpg.Connection, *, timeout: float | None = None) -> None:
        resets.append(self)

    monkeypatch.setattr(asyncpg.Connection, "reset", spy)
    store = await Store.open(pg_url)
    try:
        for _ in range(3):
            await store.players.get(1)
            await store.bot_state.set("k", "v")
    finally:
        await store.close()
    assert resets == []


async def test_closing_does_not_wait_for_a_connection_never_given_back(
    pg_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A task still holding a connection (stuck, or not yet cancelled) cannot hold up a
    shutdown: after the grace time its connection is closed anyway."""
    monkeypatch.setattr(postgres, "CLOSE_TIMEOUT_SECONDS", 0.2)
    store = await Store.open(pg_url)
    held = asyncio.Event()

    async def hold() -> None:
        async with store.database.read():
            held.set()
            await asyncio.sleep(3600)

    task = asyncio.create_task(hold())
    await held.wait()
    await asyncio.wait_for(store.close(), 5)
    assert "connections still in use" in caplog.text
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, asyncpg.InterfaceError):
        await task


async def test_a_duplicate_key_is_a_conflict_and_writes_nothing(pg_url: str) -> None:
    """asyncpg's unique violation comes out of the store as ``StoreConflict`` (the driver's
    error kept as its cause), and the transaction it broke is rolled back whole."""
    store = await Store.open(pg_url)
    try:
        await store.players.ensure(1, "one", False, NOW)
        with pytest.raises(StoreConflict) as raised:
            async with store.database.transaction() as conn:
                await conn.execute("UPDATE players SET display_name = 'changed' WHERE id = 1")
                await conn.execute(
                    "INSERT INTO players (id, display_name, created_at) VALUES (1, 'again', 0)"
                )
        assert isinstance(raised.value.__cause__, asyncpg.UniqueViolationError)
        player = await store.players.get(1)
        assert player is not None and player.display_name == "one"
        with pytest.raises(StoreConflict):
            await store.database.write(
                [Statement("INSERT INTO players (id, display_name, created_at) VALUES (1, 'x', 0)")]
            )
    finally:
        await store.close()


async def test_a_deadlock_is_a_conflict_and_a_write_sent_whole_is_sent_again(
    pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Two writers lock two rows in opposite orders. The one PostgreSQL picks as the victim
    (the write sent whole, whose session detects deadlocks sooner) is rolled back and sent
    again by the store, and passes once the other commits: both writes are there, once."""
    caplog.set_level("INFO", logger="bot.store.postgres")
    first, second = await Store.open(pg_url), await Store.open(pg_url)
    try:
        await first.bot_state.set("a", "")
        await first.bot_state.set("b", "")
        first_has_a = asyncio.Event()

        async def first_writer() -> None:
            async with first.database.transaction() as conn:
                # This session looks for deadlocks late: the second is the victim however
                # long the machine keeps either waiting.
                await conn.execute("SELECT set_config('deadlock_timeout', '10s', true)")
                await conn.execute("UPDATE bot_state SET value = value || '1' WHERE key = 'a'")
                first_has_a.set()
                # Until the second holds b: it sleeps once it has locked it (a fixed wait
                # here was too short on a loaded machine, and then no deadlock formed).
                while not await first.database.fetch(
                    "SELECT 1 FROM pg_stat_activity"
                    " WHERE wait_event = 'PgSleep' AND datname = current_database()"
                ):
                    await asyncio.sleep(0.01)
                await conn.execute("UPDATE bot_state SET value = value || '1' WHERE key = 'b'")

        async def second_writer() -> list[list[object]] | None:
            await first_has_a.wait()
            return await second.database.write(
                [
                    Statement("SELECT set_config('deadlock_timeout', '20ms', true)"),
                    Statement("UPDATE bot_state SET value = value || '2' WHERE key = 'b'"),
                    Statement("SELECT pg_sleep(0.4)"),
                    Statement("UPDATE bot_state SET value = value || '2' WHERE key = 'a'"),
                ]
            )

        _, written = await asyncio.gather(first_writer(), second_writer())
        assert written is not None
        assert await first.bot_state.get("a") == "12"
        assert await first.bot_state.get("b") == "12"
        assert "sending it again" in caplog.text and "deadlock" in caplog.text
    finally:
        await first.close()
        await second.close()


async def test_a_transaction_in_a_deadlock_is_a_conflict(pg_url: str) -> None:
    """A transaction block cannot be run again by the store: its deadlock is raised as
    ``StoreConflict`` (rolled back), and the other writer goes through."""
    first, second = await Store.open(pg_url), await Store.open(pg_url)
    try:
        await first.bot_state.set("a", "")
        await first.bot_state.set("b", "")
        both = asyncio.Barrier(2)

        async def writer(store: Store, mine: str, theirs: str, timeout: str) -> str:
            try:
                async with store.database.transaction() as conn:
                    await conn.execute(f"SET LOCAL deadlock_timeout = '{timeout}'")
                    await conn.execute(
                        "UPDATE bot_state SET value = value || ? WHERE key = ?", (mine, mine)
                    )
                    await both.wait()
                    await conn.execute(
                        "UPDATE bot_state SET value = value || ? WHERE key = ?", (mine, theirs)
                    )
            except StoreConflict as conflict:
                assert isinstance(conflict.__cause__, asyncpg.DeadlockDetectedError)
                return "conflict"
            return "written"

        outcomes = await asyncio.gather(
            writer(first, "a", "b", "20ms"), writer(second, "b", "a", "5s")
        )
        assert list(outcomes) == ["conflict", "written"]
        assert await first.bot_state.get("a") == "b"
        assert await first.bot_state.get("b") == "b"
    finally:
        await first.close()
        await second.close()


async def test_a_lost_connection_is_unavailable_and_the_next_call_reconnects(
    pg_url: str,
) -> None:
    """The server ends a connection mid-use (an administrator, a restart): the statement
    fails with ``StoreUnavailable``, and the next call gets a fresh connection."""
    store, admin = await Store.open(pg_url), await Store.open(pg_url)
    try:
        with pytest.raises(StoreUnavailable) as raised:
            async with store.database.read() as conn:
                cursor = await conn.execute("SELECT pg_backend_pid()")
                (pid,) = await cursor.fetchone()
                await _terminate(admin, pid)
                await conn.execute("SELECT 1")
        assert isinstance(raised.value.__cause__, asyncpg.PostgresError | asyncpg.InterfaceError)
        with pytest.raises(StoreUnavailable):
            async with store.database.transaction() as conn:
                cursor = await conn.execute("SELECT pg_backend_pid()")
                (pid,) = await cursor.fetchone()
                await _terminate(admin, pid)
                await conn.execute("UPDATE bot_state SET value = 'x' WHERE key = 'k'")
        await store.players.ensure(3, "three", False, NOW)
        assert await store.players.get(3) is not None
    finally:
        await store.close()
        await admin.close()


async def _terminate(admin: Store, pid: int) -> None:
    """End server process ``pid`` and wait until it is gone (and its end has reached the
    client: the connection's socket is closed)."""
    await admin.database.fetch("SELECT pg_terminate_backend(?)", (pid,))
    async with asyncio.timeout(10):
        while await admin.database.fetch("SELECT 1 FROM pg_stat_activity WHERE pid = ?", (pid,)):
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)


def test_driver_errors_map_to_the_stores_by_cause() -> None:
    """Which asyncpg error becomes which store error; a mistake in the SQL stays itself."""
    mapped = postgres.store_error
    assert isinstance(mapped(asyncpg.SerializationError("x")), StoreConflict)
    assert isinstance(mapped(asyncpg.TooManyConnectionsError("x")), StoreUnavailable)
    assert isinstance(mapped(asyncpg.CannotConnectNowError("x")), StoreUnavailable)
    assert isinstance(mapped(ConnectionRefusedError("x")), StoreUnavailable)
    assert isinstance(mapped(asyncpg.InterfaceError("connection is closed")), StoreUnavailable)
    syntax = asyncpg.PostgresSyntaxError("x")
    assert mapped(syntax) is syntax
    misuse = asyncpg.InterfaceError("cannot perform operation: another operation is in progress")
    assert mapped(misuse) is misuse


NASTY = [
    "it's",
    "back\\slash\\'",
    "\\x41 $1 ? $$ -- not a comment /* nor this */",
    "'); DROP TABLE games; --",
    "E'\\'' || chr(39)",
    "象棋 ♔ 🂡 \u200b",
    "",
    "?",
]


async def test_a_write_sent_whole_keeps_every_value_as_it_was(pg_url: str) -> None:
    """A write sent whole carries its parameters written into the SQL (one round trip):
    strings with quotes, backslashes, placeholders and comment marks, big and negative
    integers, floats and NULL come back exactly, and nothing else runs."""
    store = await Store.open(pg_url)
    try:
        statements = [
            Statement(
                "INSERT INTO bot_state (key, value) VALUES (?, ?) RETURNING key, value",
                (f"k{n}", text),
                guard=True,
            )
            for n, text in enumerate(NASTY)
        ]
        statements.append(
            Statement(
                "SELECT ?, ?, ?, ?, ? AS same, ? AS same",
                (2**62, -(2**40), 0.1, None, 1.5e300, float("inf")),
            )
        )
        results = await store.database.write(statements)
        assert results is not None
        assert [rows for rows in results[:-1]] == [
            [(f"k{n}", text)] for n, text in enumerate(NASTY)
        ]
        assert results[-1] == [(2**62, -(2**40), 0.1, None, 1.5e300, "Infinity")]
        for n, text in enumerate(NASTY):
            assert await store.bot_state.get(f"k{n}") == text
        assert len(await store.games.all_ids()) == 0  # the games table is still there
        with pytest.raises(ValueError, match="NUL"):
            await store.database.write([Statement("SELECT ?", ("a\x00b",))])
    finally:
        await store.close()


async def test_a_write_sent_whole_is_one_round_trip(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However many statements a write sent whole holds, one call reaches the server once
    its function exists; the first write of a shape makes it (and another store, as
    another process would, finds it made)."""
    store = await Store.open(pg_url)
    other = await Store.open(pg_url)
    calls: list[str] = []
    # A private method of asyncpg's: the one every query goes through.
    real = cast(Any, asyncpg.connection.Connection)._execute

    async def spy(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
        calls.append(query)
        return await real(self, query, *args, **kwargs)

    def five(first: int) -> list[Statement]:
        return [
            Statement("INSERT INTO bot_state (key, value) VALUES (?, ?)", (f"k{n}", "v"))
            for n in range(first, first + 5)
        ]

    monkeypatch.setattr(asyncpg.connection.Connection, "_execute", spy)
    try:
        await store.database.write(five(0))
        assert any(call.startswith("SELECT pg_advisory_xact_lock") for call in calls), calls
        calls.clear()
        await store.database.write(five(5))
        assert len(calls) == 1 and calls[0].startswith("SELECT postal_write_"), calls
        calls.clear()
        await other.database.write(five(10))
        assert len(calls) == 1, calls
        assert [await store.bot_state.get(f"k{n}") for n in (4, 9, 14)] == ["v"] * 3
    finally:
        await store.close()
        await other.close()


async def test_a_write_with_more_parameters_than_a_function_takes_is_one_transaction(
    pg_url: str,
) -> None:
    """Past PostgreSQL's 100 arguments a write runs as a transaction of prepared
    statements: all of it or, when a guard finds no row, none of it."""
    store = await Store.open(pg_url)
    try:
        many = [
            Statement("INSERT INTO bot_state (key, value) VALUES (?, ?)", (f"k{n}", "v"))
            for n in range(60)
        ]
        found = await store.database.write(
            [*many, Statement("SELECT value FROM bot_state WHERE key = ?", ("k59",), guard=True)]
        )
        assert found == [[]] * 60 + [[("v",)]]
        refused = [
            Statement("INSERT INTO bot_state (key, value) VALUES (?, ?)", (f"x{n}", "v"))
            for n in range(60)
        ]
        missing = Statement("SELECT value FROM bot_state WHERE key = ?", ("nothing",), guard=True)
        assert await store.database.write([*refused, missing]) is None
        assert await store.bot_state.get("x0") is None
    finally:
        await store.close()


async def test_a_role_that_cannot_make_the_write_functions_is_told_in_one_line(
    pg_url: str, pg_server: PostgresServer
) -> None:
    """A role without CREATE on the schema (writes run through functions made on first
    use) is refused at opening in one line, not a driver traceback at the first move; with
    it, a second role of one deployment writes through the functions the first made."""
    store = await Store.open(pg_url)
    shape = [Statement("INSERT INTO bot_state (key, value) VALUES (?, ?)", ("a", "1"))]
    await store.database.write(shape)
    await store.close()
    database = pg_url.split("?", 1)[0].rsplit("/", 1)[1]
    pg_server.psql("CREATE ROLE stranger LOGIN", database)
    try:
        pg_server.psql("GRANT USAGE ON SCHEMA public TO stranger", database)
        pg_server.psql(
            "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO stranger",
            database,
        )
        url = pg_url.replace("postgresql://postal@", "postgresql://stranger@")
        with pytest.raises(StoreError, match="cannot create tables and functions") as raised:
            await Store.open(url)
        assert "\n" not in str(raised.value)
        pg_server.psql("GRANT CREATE ON SCHEMA public TO stranger", database)
        other = await Store.open(url)
        try:
            await other.database.write(
                [Statement("INSERT INTO bot_state (key, value) VALUES (?, ?)", ("b", "2"))]
            )
            assert await other.bot_state.get("b") == "2"
        finally:
            await other.close()
    finally:
        pg_server.psql("DROP OWNED BY stranger; DROP ROLE stranger", database)


async def test_resuming_on_a_server_gone_unreachable_is_unavailable(
    pg_server: PostgresServer, pg_url: str, tmp_path: Path
) -> None:
    """The server cannot be reached when the bot starts its run (``uptime.resume``): the
    store says ``StoreUnavailable``, as every other call does (start-up's patience waits and
    tries again), not a bare ``StoreError``, and nothing was written."""
    socket = next(pg_server.socket_dir.glob(".s.PGSQL.*"))
    reach = tmp_path / "reach"
    reach.mkdir()
    (reach / socket.name).symlink_to(socket)
    url = pg_url.replace(f"host={pg_server.socket_dir}", f"host={reach}")
    store = await Store.open(url)
    try:
        await store.uptime.beat(NOW)
        (reach / socket.name).unlink()  # the server no longer reachable
        with pytest.raises(StoreUnavailable):  # the connection kept for the next call ends
            async with store.database.read() as conn:
                await conn.execute("SELECT pg_terminate_backend(pg_backend_pid())")
        with pytest.raises(StoreUnavailable, match="cannot be reached"):
            await store.uptime.resume(NOW + timedelta(hours=2), 60)
    finally:
        await store.close()
    reopened = await Store.open(pg_url)
    try:
        assert await reopened.uptime.last_beat() == NOW
    finally:
        await reopened.close()
