"""The database behind the store: one interface, two dialects (SQLite and PostgreSQL).

The store's modules write SQL once, with ``?`` placeholders and portable statements
(``RETURNING``, ``ON CONFLICT``, ``CASE`` rather than SQLite's scalar ``MAX``), and run it on a
``Connection`` from ``Database.read()`` or ``Database.transaction()``. This module holds the
interface and the SQLite implementation (one aiosqlite connection per process);
``bot.store.postgres`` holds the PostgreSQL one; ``bot.store.opening.open_database`` picks by
URL.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import aiosqlite

from bot.store import health
from bot.store.checkpoints import Checkpointer, sync_log
from bot.store.pg_schema import translate_schema
from bot.store.sqlite_steps import begin, commit, settle, write_all

_log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000
# SQLite's page cache for the store's connection (KiB; its default is 2 MiB). A million games
# make B-trees whose interior pages alone exceed 2 MiB (the moves' tree: ~16 MiB), so with
# the default a move or a time-out read them again from the operating system at every
# statement, and from the disk once evicted: at 1M games a drain of time-outs on cold pages
# ran at 47 items/s with 2 MiB and 67 with 64 MiB. Pages are taken as they are read, so a
# small database never grows to it.
PAGE_CACHE_KIB = 65_536
SYNCHRONOUS_MODES = ("FULL", "NORMAL")
SQLITE_PREFIX = "sqlite:///"
POSTGRESQL_PREFIXES = ("postgresql://", "postgres://")


class StoreError(RuntimeError):
    """The database cannot be used (a newer schema, a failed migration, unreachable)."""


class StoreUnavailable(StoreError):
    """The database cannot be used now (a server refused, lost or shutting down; an SQLite
    file another connection keeps locked past the busy timeout): nothing was written, and
    the same call may succeed later."""


class DatabaseNotFound(StoreError):
    """The SQLite file named is not there (and was not to be created), or its folder is
    missing: most often a mistyped path. Nothing was created."""


class StoreConflict(StoreError):
    """A write collided with another writer's (a duplicate key, a deadlock, a serialization
    failure) and was rolled back: nothing was written. Retrying the whole call may succeed."""


class Dialect(enum.Enum):
    SQLITE = "sqlite"
    POSTGRESQL = "postgresql"


def _driver_errors() -> tuple[type[Exception], ...]:
    import asyncpg

    # PostgresError: the server refused a statement; InterfaceError: the connection is
    # closed or misused; OSError: the server cannot be reached.
    return (asyncpg.PostgresError, asyncpg.InterfaceError, OSError)


DRIVER_ERRORS = _driver_errors()
# What a failing database raises: callers above the store catch these to tell "the database
# is unwell" (try again later) from "this one game is broken".
DATABASE_ERRORS: tuple[type[Exception], ...] = (StoreError, sqlite3.Error, *DRIVER_ERRORS)


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement of a write sent whole (see ``Database.write``): SQL with ``?``
    placeholders, its parameters, and ``guard``: the statement must return a row (its
    ``RETURNING``), or the whole write is rolled back and refused."""

    sql: str
    params: Sequence[object] = ()
    guard: bool = False


def typed_values(rows: int, types: Sequence[str]) -> str:
    """A ``VALUES`` list of ``rows`` rows of placeholders, each cast to its column's SQL type
    (``BIGINT``, ``TEXT``…): PostgreSQL cannot tell a bare parameter's type in ``VALUES``
    read as a table (a ``WITH`` of rows to join); SQLite takes the casts as they are."""
    row = "(" + ", ".join(f"CAST(? AS {kind})" for kind in types) + ")"
    return "VALUES " + ", ".join([row] * rows)


class Cursor(Protocol):
    """The rows of one statement (``rowcount``: rows changed by an INSERT/UPDATE/DELETE)."""

    @property
    def rowcount(self) -> int: ...

    async def fetchone(self) -> Any: ...

    async def fetchall(self) -> Iterable[Any]: ...

    async def close(self) -> None: ...


class Connection(Protocol):
    """A connection inside one read or transaction; SQL uses ``?`` placeholders."""

    async def execute(self, sql: str, parameters: Sequence[object] = ()) -> Cursor: ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None: ...

    async def insert_rows(
        self, table: str, columns: Sequence[str], rows: Sequence[Sequence[object]]
    ) -> None:
        """Insert ``rows`` (values of ``columns``, in order) into ``table`` at once, checked
        by the table's rules as an INSERT is: PostgreSQL's COPY (no statement a row),
        SQLite's prepared INSERT run for each. Raises the database's errors."""

    async def lock(self, keys: Iterable[str]) -> None:
        """Inside a transaction: wait for, then hold until it ends, the lock of each of
        ``keys`` (names of things a write reads before writing, e.g. ``player:42``, that may
        have no row to lock). Two transactions holding a key take turns; other writes go on
        side by side. Locks are taken in one order, so two transactions never wait on each
        other's."""


class Database(Protocol):
    """What the store's modules use of a database, whichever its dialect."""

    dialect: Dialect
    # Ends the SELECT that picks the rows a claim takes (``Outbox.claim_due``).
    claim_lock: str
    # Ends a SELECT inside a write transaction whose rows the write then changes: the rows
    # are locked (and read as last committed) until the transaction ends.
    row_lock: str
    # The schema version found when the database was opened, before its migrations ran.
    migrated_from: int
    # Whether opening it made a new SQLite file (False on PostgreSQL: the server's
    # database existed before).
    created: bool

    @property
    def name(self) -> str:
        """The file or server, for messages (never a password)."""

    def read(self) -> AbstractAsyncContextManager[Connection]:
        """A connection for reads (autocommit: each statement sees committed data)."""

    def transaction(
        self, *, sync_outside_lock: bool = False
    ) -> AbstractAsyncContextManager[Connection]:
        """A write transaction, committed when the block ends, rolled back if it raises.

        ``sync_outside_lock``: on SQLite the commit's wait for the disk comes after the
        store's lock is given up, so commands waiting for the connection go first; the block
        still ends only once the transaction is on disk, but other work may read it a few
        milliseconds before (the clock's batches, which an outage makes thousands of, ask
        it). PostgreSQL's sessions never wait for one another's syncs: nothing changes.

        On SQLite write transactions run one at a time (BEGIN IMMEDIATE). On PostgreSQL they
        run side by side (READ COMMITTED): a write that reads before it writes must exclude
        others itself: a guard in its UPDATE's WHERE (re-checked on the row last committed),
        a unique key with ON CONFLICT, ``row_lock`` on its SELECT, or ``Connection.lock``.
        PostgreSQL's errors are raised as ``StoreConflict`` or ``StoreUnavailable``; SQLite's
        "database is locked" as ``StoreUnavailable``."""

    async def schema_version(self) -> int:
        """The number of the last migration applied."""

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Any]:
        """The rows of one read statement, in one round trip to the database."""

    async def write(self, statements: Sequence[Statement]) -> list[list[Any]] | None:
        """Run ``statements`` as one write transaction, sent whole: each statement's rows
        (its ``RETURNING``, or a read's result), or None when a ``guard`` statement returned
        no row (nothing is written then). Raises the database's errors (rolled back); on
        PostgreSQL a write that lost a race (deadlock, serialization failure) is sent again
        a few times before ``StoreConflict`` is raised.

        The hot paths (a move, recording a board message) write this way: on SQLite the
        transaction costs one trip to the connection's thread instead of one per statement
        and fetch."""

    async def close(self) -> None: ...


def migrations(dialect: Dialect = Dialect.SQLITE) -> list[tuple[int, str]]:
    """The numbered migrations as (version, script), in order, for ``dialect``.

    ``bot/store/migrations/NNNN_name.sql`` is written for SQLite. PostgreSQL runs the file of
    the same name in ``migrations/postgresql/`` where there is one (triggers, which differ),
    else the SQLite script translated by ``bot.store.pg_schema.translate_schema``.
    """
    folder = resources.files("bot.store").joinpath("migrations")
    found: list[tuple[int, str, str]] = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql"):
            number = name.split("_", 1)[0]
            if not number.isdigit():
                raise StoreError(f"migration {name!r} does not start with a number")
            found.append((int(number), name, entry.read_text(encoding="utf-8")))
    found.sort()
    versions = [version for version, _, _ in found]
    if versions != list(range(1, len(found) + 1)):
        raise StoreError(f"migrations must be numbered 1..n without gaps, found {versions}")
    if dialect is Dialect.SQLITE:
        return [(version, sql) for version, _, sql in found]
    overrides = {
        entry.name: entry.read_text(encoding="utf-8")
        for entry in folder.joinpath("postgresql").iterdir()
        if entry.name.endswith(".sql")
    }
    unknown = sorted(set(overrides) - {name for _, name, _ in found})
    if unknown:
        raise StoreError(f"PostgreSQL migrations without an SQLite one of that name: {unknown}")
    return [
        (version, overrides[name] if name in overrides else translate_schema(sql))
        for version, name, sql in found
    ]


def pending_migrations(
    name: str, current: int, known: list[tuple[int, str]]
) -> list[tuple[int, str]]:
    """The ``known`` migrations after version ``current`` of database ``name``. Raises
    ``StoreError`` when ``current`` is newer than this code (nothing is touched then)."""
    if current > len(known):
        raise StoreError(
            f"{name} has schema version {current}, newer than this Postal ({len(known)}): "
            "upgrade Postal"
        )
    return [(version, sql) for version, sql in known if version > current]


def migrations_script() -> str:
    """Every SQLite migration in order, as one script (what a new database runs)."""
    return "\n;\n".join(sql for _, sql in migrations())


class SqliteConnection:
    """aiosqlite's connection seen through ``Connection``."""

    __slots__ = ("raw",)

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, parameters: Sequence[object] = ()) -> Cursor:
        return await self.raw.execute(sql, parameters)

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        await self.raw.executemany(sql, rows)

    async def insert_rows(
        self, table: str, columns: Sequence[str], rows: Sequence[Sequence[object]]
    ) -> None:
        marks = ", ".join("?" * len(columns))
        await self.raw.executemany(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
        )

    async def lock(self, keys: Iterable[str]) -> None:
        """Nothing to do: SQLite's write transactions already exclude every other writer."""


class SqliteDatabase:
    """One SQLite connection shared by the process, used one transaction at a time.

    aiosqlite runs every statement on one thread, so two coroutines interleaving statements
    would share a transaction; the lock keeps each read or transaction whole.
    """

    dialect = Dialect.SQLITE
    # Ends the SELECT that picks the rows a claim takes (``Outbox.claim_due``): SQLite has
    # one writer at a time, so nothing; PostgreSQL's is " FOR UPDATE SKIP LOCKED".
    claim_lock = ""
    # SQLite has no row locks (and needs none: one writer at a time).
    row_lock = ""

    def __init__(
        self, connection: aiosqlite.Connection, path: Path, synchronous: str = "FULL"
    ) -> None:
        self._connection = connection
        # The mode every commit is made in (but a sync_outside_lock one's: NORMAL).
        self._synchronous = synchronous
        self._checkpoints = Checkpointer(path, synchronous)
        self._wrapped = SqliteConnection(connection)
        self._lock = asyncio.Lock()
        self.path = path
        self.migrated_from = 0
        self.created = False

    @property
    def name(self) -> str:
        return str(self.path)

    @classmethod
    async def open(
        cls, path: Path | str, *, synchronous: str = "FULL", create: bool = True
    ) -> SqliteDatabase:
        """Open (creating it if ``create``) the database file, check it, and bring its schema
        up to date. A missing folder is never created: a mistyped path would otherwise make
        an empty database somewhere unexpected, and the operator think the games lost.

        ``synchronous`` FULL (the default) makes every committed move survive a power cut;
        NORMAL only a crashed or killed process (WAL stays consistent either way).
        Raises ``DatabaseNotFound`` for a missing folder (or file, unless ``create``);
        ``StoreUnavailable`` when another connection holds the file's lock past the busy
        timeout (the same call may succeed later); ``StoreError`` with a one-line reason
        when the file cannot serve Postal: not a database, damaged (header, schema or a
        table's first page: ``health.probe_pages``; every page is ``python -m bot check``),
        tables missing, read-only, a schema newer than this code knows, or a failed
        migration.
        """
        if synchronous not in SYNCHRONOUS_MODES:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS_MODES}")
        path = Path(path)
        folder = path.parent
        if not folder.is_dir():
            raise DatabaseNotFound(
                f"the folder {folder} of the database {path} does not exist: "
                "check the path (or create the folder first)"
            )
        existed = path.exists()
        if not existed and not create:
            raise DatabaseNotFound(f"there is no database at {path}: check the path")
        try:
            database = await cls._open_checked(path, synchronous)
        except (sqlite3.Error, OSError) as error:
            if _is_busy(error):
                # Another process (a second Postal starting, a backup) holds the write lock
                # past the busy timeout: a moment's contention, which a start waits out.
                raise StoreUnavailable(health.explain(error, path)) from error
            raise StoreError(health.explain(error, path)) from error
        except health.UnusableDatabase as error:
            raise StoreError(str(error)) from error
        database.created = not existed
        return database

    @classmethod
    async def _open_checked(cls, path: Path, synchronous: str) -> SqliteDatabase:
        if path.exists():  # checked before anything writes to it, migrations included
            await asyncio.to_thread(health.probe_pages, path, BUSY_TIMEOUT_MS)
        database = await cls._connect(path, synchronous)
        try:
            await asyncio.to_thread(
                health.check_schema_and_write, path, migrations_script(), BUSY_TIMEOUT_MS
            )
        except BaseException:
            await database.close()
            raise
        return database

    @classmethod
    async def _connect(cls, path: Path, synchronous: str) -> SqliteDatabase:
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            await connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute(f"PRAGMA synchronous = {synchronous}")
            # Checkpoints run beside this connection, not inside its commits (``checkpoints``).
            await connection.execute("PRAGMA wal_autocheckpoint = 0")
            await connection.execute("PRAGMA foreign_keys = ON")
            await connection.execute(f"PRAGMA cache_size = -{PAGE_CACHE_KIB}")
            database = cls(connection, path, synchronous)
            await database._migrate()
        except BaseException:
            await connection.close()
            raise
        return database

    async def _migrate(self) -> None:
        known = migrations()
        async with self._lock:
            cursor = await self._connection.execute("PRAGMA user_version")
            row = await cursor.fetchone()
            current = int(row[0]) if row else 0
            self.migrated_from = current
            pending = pending_migrations(self.name, current, known)
            if not pending:
                return
            # One script, one transaction: BEGIN ... COMMIT around every pending migration,
            # and the version re-checked inside it in case another process migrated first.
            script = "BEGIN IMMEDIATE;\n"
            for _, sql in pending:
                script += sql + "\n;\n"
            script += f"PRAGMA user_version = {pending[-1][0]};\nCOMMIT;\n"
            try:
                await self._connection.executescript(script)
            except sqlite3.Error as error:
                if self._connection.in_transaction:
                    await self._connection.execute("ROLLBACK")
                cursor = await self._connection.execute("PRAGMA user_version")
                row = await cursor.fetchone()
                if row and int(row[0]) >= pending[-1][0]:
                    # Another process applied the same migrations meanwhile: this one found
                    # the schema up to date once it could write (as PostgreSQL's lock says).
                    self.migrated_from = int(row[0])
                    return
                if health.is_file_fault(error):
                    raise  # the file's fault (read-only, damaged, locked), explained by open()
                raise StoreError(f"migration of {self.path} failed: {error}") from error

    async def schema_version(self) -> int:
        async with self._lock:
            cursor = await self._connection.execute("PRAGMA user_version")
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def close(self) -> None:
        async with self._lock:
            # The checkpoints' connection first: the store's, closed last, checkpoints the
            # whole log and removes it.
            await self._checkpoints.close()
            await self._connection.close()

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Any]:
        """The rows of one read statement, in one round trip to the database."""
        async with self._lock, _busy_is_unavailable(self.path):
            return list(await self._connection.execute_fetchall(sql, params))

    async def write(self, statements: Sequence[Statement]) -> list[list[Any]] | None:
        """Run ``statements`` as one transaction in one round trip: each statement's rows
        (its ``RETURNING``, or a read's result), or None when a ``guard`` statement returned
        no row (nothing is written then). Raises the database's errors (rolled back); on
        PostgreSQL a write that lost a race (deadlock, serialization failure) is sent again
        a few times before ``StoreConflict`` is raised.

        The hot paths (a move, recording a board message) write this way: a transaction
        of several statements costs one trip to the database's thread (here) or server
        instead of one per statement, so a busy process spends its time on moves, not on
        waking threads."""
        async with self._lock, _busy_is_unavailable(self.path):
            # aiosqlite's own way of running work on its connection's thread; all of the
            # transaction runs there, so cancelling the caller cannot leave it half done.
            runner: Any = self._connection
            result: list[list[Any]] | None = await runner._execute(
                write_all, self._connection, statements
            )
        self._checkpoints.committed()
        return result

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Connection]:
        """The connection for reads (autocommit: each statement sees committed data)."""
        async with self._lock:
            yield self._wrapped

    @asynccontextmanager
    async def transaction(self, *, sync_outside_lock: bool = False) -> AsyncIterator[Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises.

        ``BEGIN IMMEDIATE`` takes the write lock up front, so a transaction never fails
        half-way with SQLITE_BUSY after reading. ``sync_outside_lock`` commits it with
        ``synchronous=NORMAL`` (its frames written to the WAL file, not synced), puts the
        store's mode back whatever happens, gives the lock up, and then syncs the WAL file:
        a FULL commit's durability, without its wait inside the lock. Raises ``OSError`` if
        that sync fails (the transaction is committed, perhaps not on disk).
        """
        restore = None
        # aiosqlite's own way of running work on its connection's thread: the mode set and
        # BEGIN are one trip there, COMMIT and the mode put back another.
        runner: Any = self._connection
        async with self._lock, _busy_is_unavailable(self.path):
            if sync_outside_lock and self._synchronous != "NORMAL":
                restore = self._synchronous
            try:
                await runner._execute(begin, self._connection, restore is not None)
                yield self._wrapped
                await runner._execute(commit, self._connection, restore)
            except BaseException:
                await self._settle(restore)
                raise
        self._checkpoints.committed()
        if restore is not None:
            await asyncio.to_thread(sync_log, self.path)

    async def _settle(self, synchronous: str | None = None) -> None:
        """Roll back whatever transaction is open and put ``synchronous`` back (if given),
        before the lock is given up.

        A cancelled statement still runs on aiosqlite's thread (a cancelled ``BEGIN`` opens
        the transaction anyway) and a failed ``COMMIT`` (a full disk) leaves it open: either
        would make every later ``BEGIN`` fail; a mode left at NORMAL would make every later
        command's commit skip the disk. Finishes even if cancelled again meanwhile.
        """
        # aiosqlite runs it on its thread after any statement still queued there.
        runner: Any = self._connection
        cleanup = asyncio.ensure_future(runner._execute(settle, self._connection, synchronous))
        while not cleanup.done():
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(cleanup)
        if not cleanup.cancelled() and cleanup.exception() is not None:
            _log.warning("rollback failed: %s", cleanup.exception())


# SQLite's primary result codes for "another connection holds the lock" (the extended
# codes, e.g. SQLITE_BUSY_SNAPSHOT, keep them in their low byte).
_BUSY_CODES = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


@asynccontextmanager
async def _busy_is_unavailable(path: Path) -> AsyncIterator[None]:
    """Raise SQLite's "database is locked" (another process, a backup tool or an editor held
    the file's write lock past ``BUSY_TIMEOUT_MS``) as ``StoreUnavailable``: nothing was
    written, and the same call may succeed later. Other errors pass unchanged."""
    try:
        yield
    except sqlite3.OperationalError as error:
        if not _is_busy(error):
            raise
        raise StoreUnavailable(health.explain(error, path)) from error


def _is_busy(error: BaseException) -> bool:
    """``error`` is SQLite's "database is locked": another connection holds the lock."""
    return (
        isinstance(error, sqlite3.OperationalError)
        and getattr(error, "sqlite_errorcode", 0) & 0xFF in _BUSY_CODES
    )
