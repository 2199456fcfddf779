"""The store on PostgreSQL, through asyncpg: a pool of connections behind ``Database``.

The store's SQL is written once with ``?`` placeholders; here each statement is rewritten
once (cached) to PostgreSQL's ``$1, $2, ...``. Schemas come from the SQLite migrations,
translated by ``translate_schema`` (types) unless ``migrations/postgresql/`` holds the
migration written for PostgreSQL (triggers). The version applied is kept in
``postal_schema``.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store import health
from bot.store.database import (
    Connection,
    Cursor,
    Dialect,
    Statement,
    StoreConflict,
    StoreError,
    StoreUnavailable,
    migrations,
    migrations_script,
    pending_migrations,
)
from bot.store.pg_schema import SYNC_IDENTITIES
from bot.store.pg_writes import (
    GUARD_STATE,
    MOST_ARGUMENTS,
    WRITE_ROWS,
    CompiledWrite,
    arguments,
    compile_write,
    shape_of,
    to_postgres,
)

_log = logging.getLogger(__name__)

# A connection of the pool (what ``Pool.acquire`` lends) or one opened alone.
Raw = asyncpg.Connection | PoolConnectionProxy

# The transaction-level advisory lock migrations take (two processes starting together).
# Write transactions take no lock of the whole database: each write that reads before it
# writes excludes others itself (see ``Database.transaction``), so processes write side by
# side.
_MIGRATION_LOCK = 0x506F_7374_0001
POOL_SIZE = 10
# A write sent whole (``write``) that lost a race (deadlock, serialization failure) is sent
# again, at most this many times in all; it changed nothing the first time.
WRITE_ATTEMPTS = 3
# Prepared statements kept per connection (asyncpg's default, 100, is fewer than the store's
# distinct statements: a busy bot would prepare some again and again, a round trip each).
STATEMENT_CACHE = 1024
CONNECT_TIMEOUT_SECONDS = 10.0
CLOSE_TIMEOUT_SECONDS = 5.0

# Named locks (``Connection.lock``), taken in the order of their keys: PostgreSQL evaluates
# the locking calls after the ORDER BY (a volatile target list is computed after the sort).
_LOCK_KEYS = "SELECT pg_advisory_xact_lock(k) FROM unnest($1::bigint[]) AS u(k) ORDER BY k"


class _GuardFailed(Exception):
    """Raised inside a write's transaction to roll it back: a guard found no row."""


def _count(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 3`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresCursor:
    """The rows of one statement, already fetched."""

    __slots__ = ("_rows", "rowcount")

    def __init__(self, rows: list[asyncpg.Record], rowcount: int) -> None:
        self._rows = rows
        self.rowcount = rowcount

    async def fetchone(self) -> Any:
        return self._rows.pop(0) if self._rows else None

    async def fetchall(self) -> Iterable[Any]:
        rows, self._rows = self._rows, []
        return rows

    async def close(self) -> None:
        self._rows = []


class PostgresConnection:
    """An asyncpg connection seen through ``Connection``."""

    __slots__ = ("raw",)

    def __init__(self, raw: Raw) -> None:
        self.raw = raw

    async def execute(self, sql: str, parameters: Sequence[object] = ()) -> Cursor:
        query, returns_rows = to_postgres(sql)
        try:
            if returns_rows:
                rows = await self.raw.fetch(query, *parameters)
                return PostgresCursor(rows, len(rows))
            return PostgresCursor([], _count(await self.raw.execute(query, *parameters)))
        except DRIVER_ERRORS as error:
            raise store_error(error, gone=_gone(self.raw)) from error

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        try:
            await self.raw.executemany(to_postgres(sql)[0], rows)
        except DRIVER_ERRORS as error:
            raise store_error(error, gone=_gone(self.raw)) from error

    async def insert_rows(
        self, table: str, columns: Sequence[str], rows: Sequence[Sequence[object]]
    ) -> None:
        # COPY in binary: one message stream for the rows, where executemany sends a bound
        # statement for each (copy-db's pace into a durable server: ~7,000 moves a second).
        try:
            await self.raw.copy_records_to_table(table, records=rows, columns=list(columns))
        except DRIVER_ERRORS as error:
            raise store_error(error, gone=_gone(self.raw)) from error

    async def lock(self, keys: Iterable[str]) -> None:
        numbers = sorted({lock_number(key) for key in keys})
        if not numbers:
            return
        try:
            await self.raw.fetch(_LOCK_KEYS, numbers)
        except DRIVER_ERRORS as error:
            raise store_error(error, gone=_gone(self.raw)) from error


def _gone(raw: Raw) -> bool:
    """Whether ``raw``'s connection to the server has ended (the pool detaches a lent
    connection it finds lost: the proxy then has none)."""
    try:
        return raw.is_closed()
    except asyncpg.InterfaceError:
        return True


def lock_number(key: str) -> int:
    """The advisory lock (a signed 64-bit number) of ``key``. Two keys may share a number:
    their writers then take turns for nothing, which is rare and harmless."""
    digest = hashlib.blake2b(key.encode(), digest_size=8, person=b"postal-lock").digest()
    return int.from_bytes(digest, "big", signed=True)


# What asyncpg raises: the server refused a statement (PostgresError), the connection is
# closed or misused (InterfaceError; InternalClientError when the server ends it while a
# statement is being sent), the server cannot be reached (OSError, TimeoutError).
DRIVER_ERRORS = (
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    OSError,
    TimeoutError,
)
# SQLSTATE classes meaning "the server cannot serve now": 08 connection exception, 53
# insufficient resources (too many connections, disk full), 57 operator intervention
# (shutdown, cannot connect now, statement cancelled).
_UNAVAILABLE_CLASSES = ("08", "53", "57")
# 23505 unique violation; class 40 transaction rollback (40001 serialization failure,
# 40P01 deadlock detected).
_CONFLICT_STATES = ("23505",)
_CONFLICT_CLASSES = ("40",)


def store_error(error: BaseException, *, gone: bool = False) -> BaseException:
    """The store's exception for asyncpg's ``error``: ``StoreUnavailable`` (connection lost
    or refused, server shutting down or out of resources; ``gone``: the connection the
    statement ran on has ended), ``StoreConflict`` (a duplicate key, a deadlock, a
    serialization failure), else ``error`` itself (a mistake in the SQL, a broken
    constraint: a bug to see as it is)."""
    if isinstance(error, StoreError):
        return error
    if isinstance(error, asyncpg.PostgresError):
        state = str(getattr(error, "sqlstate", "") or "")
        if state in _CONFLICT_STATES or state[:2] in _CONFLICT_CLASSES:
            return StoreConflict(f"the write met another one and was rolled back: {error}")
        if state[:2] in _UNAVAILABLE_CLASSES:
            return StoreUnavailable(f"PostgreSQL cannot serve now: {error}")
        return error
    if isinstance(error, OSError | TimeoutError):
        return StoreUnavailable(f"PostgreSQL cannot be reached: {error}")
    if gone or (isinstance(error, asyncpg.InterfaceError) and "closed" in str(error)):
        # asyncpg's "connection is closed" / "connection was closed in the middle of
        # operation", or any error on a connection that has ended: the server went away,
        # not a misuse.
        return StoreUnavailable(f"the connection to PostgreSQL was lost: {error}")
    return error


def _retryable(error: BaseException) -> bool:
    """A write that failed with ``error`` changed nothing and may succeed if sent again."""
    cause = error.__cause__
    state = str(getattr(cause, "sqlstate", "") or "")
    return isinstance(error, StoreConflict) and state[:2] in _CONFLICT_CLASSES


def redact(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


# Set for every session of the store. No JIT: Postal's statements are short OLTP reads and
# writes, and on a large table the planner's estimate (threads_to_archive's NOT EXISTS:
# 54,359 rows expected for ~100 at 1M games) made it compile a round's query for ~600 ms of
# CPU where running it takes 15 ms (issue 29).
SESSION_SETTINGS = {"jit": "off"}


class PostgresDatabase:
    """A pool of asyncpg connections to one PostgreSQL database."""

    dialect = Dialect.POSTGRESQL
    # Processes claiming at once take different rows instead of waiting for each other.
    claim_lock = " FOR UPDATE SKIP LOCKED"
    row_lock = " FOR UPDATE"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self.migrated_from = 0
        self.created = False
        # Connections given back and kept lent to this database, the next to use first:
        # taking one is a list's pop, where the pool's acquire and release cost ~60 µs of
        # the bot's CPU per statement (a task to shield the release, a timer re-armed),
        # which is PostgreSQL's share of a move. They go back to the pool when someone
        # waits for the pool (all its connections lent), when ending, or when unusable.
        self._idle: list[PoolConnectionProxy[Any]] = []
        self._waiting = 0
        self._closing = False

    @property
    def name(self) -> str:
        return redact(self.url)

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE) -> PostgresDatabase:
        """Connect to ``url``, apply pending migrations and check the tables.

        Raises ``StoreError`` with one line: unreachable server, refused login, missing
        database, a schema newer than this code, a failed migration or missing tables.
        """
        shown = redact(url)
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                timeout=CONNECT_TIMEOUT_SECONDS,
                reset=_keep_session,
                statement_cache_size=STATEMENT_CACHE,
                server_settings=SESSION_SETTINGS,
            )
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise StoreError(f"cannot connect to PostgreSQL at {shown}: {error}") from error
        database = cls(pool, url)
        try:
            await database._migrate()
            await database._check_tables()
        except BaseException:
            await pool.close()
            raise
        return database

    async def _migrate(self) -> None:
        known = migrations(Dialect.POSTGRESQL)
        async with self._pool.acquire() as raw, raw.transaction():
            # Two processes starting together: the second waits, then finds nothing to do.
            await raw.execute(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
            if not await raw.fetchval("SELECT has_schema_privilege(current_schema(), 'CREATE')"):
                # Tables at migrations, and the writes' functions on first use
                # (``compile_write``).
                raise StoreError(
                    f"the role connecting to {self.name} cannot create tables and "
                    "functions in its schema (GRANT CREATE ON SCHEMA): Postal's writes need them"
                )
            await raw.execute("CREATE TABLE IF NOT EXISTS postal_schema (version INTEGER NOT NULL)")
            current = int(await raw.fetchval("SELECT COALESCE(MAX(version), 0) FROM postal_schema"))
            self.migrated_from = current
            pending = pending_migrations(self.name, current, known)
            if not pending:
                return
            for version, sql in pending:
                try:
                    await raw.execute(sql)
                except asyncpg.PostgresError as error:
                    raise StoreError(
                        f"migration {version} of {self.name} failed: {error}"
                    ) from error
            await raw.execute(SYNC_IDENTITIES)
            await raw.execute("DELETE FROM postal_schema")
            await raw.execute("INSERT INTO postal_schema (version) VALUES ($1)", pending[-1][0])
            _log.info("migrated %s to schema version %d", self.name, pending[-1][0])

    async def _check_tables(self) -> None:
        async with self._pool.acquire() as raw:
            rows = await raw.fetch(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = current_schema()"
            )
        actual: dict[str, set[str]] = {}
        for table, column in rows:
            actual.setdefault(str(table), set()).add(str(column))
        problems = health.schema_problems(
            {table: frozenset(columns) for table, columns in actual.items()},
            health.expected_tables(migrations_script()),
        )
        if problems:
            raise StoreError(
                f"the database {self.name} does not have Postal's tables ({'; '.join(problems)})"
            )

    async def schema_version(self) -> int:
        async with self._acquire() as raw:
            return int(await raw.fetchval("SELECT COALESCE(MAX(version), 0) FROM postal_schema"))

    async def close(self) -> None:
        """Close every connection once given back; after ``CLOSE_TIMEOUT_SECONDS`` the
        ones still lent are closed anyway (their transactions roll back), so a task that
        never gives its connection back cannot hold up a shutdown."""
        self._closing = True
        idle, self._idle = self._idle, []
        try:
            for raw in idle:
                await self._pool.release(raw)
            await asyncio.wait_for(self._pool.close(), CLOSE_TIMEOUT_SECONDS)
        except TimeoutError:
            _log.warning("connections still in use after %.0f s: closed", CLOSE_TIMEOUT_SECONDS)
            self._pool.terminate()

    def _acquire(self) -> AbstractAsyncContextManager[Raw]:
        return _Acquire(self)

    async def _lend(self) -> PoolConnectionProxy[Any]:
        """A connection: the last one given back, else one from the pool (waiting while all
        are lent). Raises ``StoreUnavailable`` (server down, no free slot on the server)."""
        while self._idle:
            raw = self._idle.pop()
            if not _gone(raw):
                return raw
            # Its connection ended while kept here (the server restarted or stopped): the
            # pool took it back then and detached this proxy, which can run nothing now.
            await self._pool.release(raw)
        self._waiting += 1
        try:
            return await self._pool.acquire()
        except DRIVER_ERRORS as error:
            raise store_error(error) from error
        finally:
            self._waiting -= 1

    async def _give_back(self, raw: PoolConnectionProxy[Any]) -> None:
        """Keep ``raw`` for the next statement, or return it to the pool: when a task waits
        for the pool, when closing, or when it ended or is inside a transaction (the pool's
        reset then closes it)."""
        if self._waiting or self._closing or _gone(raw) or raw.is_in_transaction():
            await self._pool.release(raw)
        else:
            self._idle.append(raw)

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Any]:
        async with self._acquire() as raw:
            try:
                return [tuple(row) for row in await raw.fetch(to_postgres(sql)[0], *params)]
            except DRIVER_ERRORS as error:
                raise store_error(error) from error

    async def write(self, statements: Sequence[Statement]) -> list[list[Any]] | None:
        # asyncpg sends each statement on its own (inside one transaction); a guard that
        # returns no row rolls all of it back. A deadlock or serialization failure rolled
        # all of it back too: sent again, it may pass.
        for attempt in range(1, WRITE_ATTEMPTS + 1):
            try:
                return await self._write_once(statements)
            except StoreConflict as error:
                if attempt == WRITE_ATTEMPTS or not _retryable(error):
                    raise
                _log.info("write met another one (%s); sending it again", error.__cause__)
        raise AssertionError("unreachable")

    async def _write_once(self, statements: Sequence[Statement]) -> list[list[Any]] | None:
        """One round trip: the write's function (``compile_write``) runs the statements as
        one transaction (a function call is one statement), where sending them one by one
        inside BEGIN and COMMIT cost a round trip each. The first write of its shape in a
        process makes the function if the database does not have it yet. Values come back
        as JSON carries them: numbers as int or float by how they are written (a whole
        DOUBLE PRECISION as an int), infinities as strings; the store's hot writes return
        ids, versions and text."""
        compiled = compile_write(shape_of(statements))
        values = arguments(statements)
        if len(values) > MOST_ARGUMENTS:
            return await self._write_in_transaction(statements)
        async with self._acquire() as raw:
            try:
                try:
                    found = await raw.fetchval(compiled.call, *values)
                except asyncpg.UndefinedFunctionError:
                    await _create(raw, compiled)
                    found = await raw.fetchval(compiled.call, *values)
            except asyncpg.PostgresError as error:
                if error.sqlstate == GUARD_STATE:
                    return None  # rolled back whole, as the guard asks
                raise store_error(error, gone=_gone(raw)) from error
            except DRIVER_ERRORS as error:
                raise store_error(error, gone=_gone(raw)) from error
            except BaseException:
                # Cancelled mid-call: the connection's state is unknown (see transaction).
                if not _gone(raw):
                    raw.terminate()
                raise
        return [list(rows) for rows in WRITE_ROWS.decode(found)]

    async def _write_in_transaction(
        self, statements: Sequence[Statement]
    ) -> list[list[Any]] | None:
        """``write`` for more parameters than a function takes: the statements one by one
        in a transaction (a round trip each), rows as tuples."""
        results: list[list[Any]] = []
        try:
            async with self.transaction() as conn:
                for statement in statements:
                    cursor = await conn.execute(statement.sql, statement.params)
                    rows = [tuple(row) for row in await cursor.fetchall()]
                    if statement.guard and not rows:
                        raise _GuardFailed
                    results.append(rows)
        except _GuardFailed:
            return None
        return results

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Connection]:
        async with self._acquire() as raw:
            yield PostgresConnection(raw)

    @asynccontextmanager
    async def transaction(self, *, sync_outside_lock: bool = False) -> AsyncIterator[Connection]:
        # sync_outside_lock changes nothing here: sessions commit side by side, none waits
        # for another's sync.
        async with self._acquire() as raw:
            try:
                try:
                    await raw.execute("BEGIN")
                except DRIVER_ERRORS as error:
                    raise store_error(error) from error
                yield PostgresConnection(raw)
                try:
                    await raw.execute("COMMIT")
                except DRIVER_ERRORS as error:
                    raise store_error(error) from error
            except Exception:
                await _roll_back(raw)
                raise
            except BaseException:
                # Cancelled, perhaps mid-statement: the connection's state is unknown, so it
                # is closed; the server rolls the transaction back and the pool opens another.
                if not _gone(raw):
                    raw.terminate()
                raise


class _Acquire:
    """A connection of ``PostgresDatabase`` for one block (``_lend``, ``_give_back``)."""

    __slots__ = ("_database", "_raw")

    def __init__(self, database: PostgresDatabase) -> None:
        self._database = database
        self._raw: PoolConnectionProxy[Any] | None = None

    async def __aenter__(self) -> Raw:
        self._raw = await self._database._lend()
        return self._raw

    async def __aexit__(self, *exc: object) -> None:
        if self._raw is not None:
            raw, self._raw = self._raw, None
            await self._database._give_back(raw)


async def _create(raw: Raw, compiled: CompiledWrite) -> None:
    """Make ``compiled``'s function, under a lock of its name: two processes making it at
    once would otherwise collide on the catalog ("tuple concurrently updated")."""
    async with raw.transaction():
        await raw.execute("SELECT pg_advisory_xact_lock($1)", lock_number(compiled.name))
        await raw.execute(compiled.create)
    _log.info("made the write function %s", compiled.name)


async def _keep_session(raw: Raw) -> None:
    """What the pool does to a connection given back: nothing, where asyncpg's default
    spends a round trip on every read and transaction resetting session state the store
    never sets (its advisory locks end with their transaction)."""
    if raw.is_in_transaction():  # cannot happen: transactions end, or close, before
        raw.terminate()


async def _roll_back(raw: Raw) -> None:
    if _gone(raw) or not raw.is_in_transaction():
        return  # a connection that ended took its transaction with it
    try:
        await raw.execute("ROLLBACK")
    except Exception as error:  # the connection broke meanwhile: closing it rolls back too
        _log.warning("rollback failed, connection closed: %s", error)
        raw.terminate()
