"""The one aiosqlite connection of a process: pragmas, migrations and transactions."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

import aiosqlite

from bot.store import health

_log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000
SYNCHRONOUS_MODES = ("FULL", "NORMAL")


class StoreError(RuntimeError):
    """The database cannot be used (a newer schema, a failed migration)."""


# What a failing database raises: callers above the store catch these to tell "the database
# is unwell" (try again later) from "this one game is broken".
DATABASE_ERRORS: tuple[type[Exception], ...] = (StoreError, sqlite3.Error)


def migrations() -> list[tuple[int, str]]:
    """The numbered ``.sql`` files of ``bot/store/migrations`` as (version, script), in order."""
    found: list[tuple[int, str]] = []
    for entry in resources.files("bot.store").joinpath("migrations").iterdir():
        name = entry.name
        if name.endswith(".sql"):
            number = name.split("_", 1)[0]
            if not number.isdigit():
                raise StoreError(f"migration {name!r} does not start with a number")
            found.append((int(number), entry.read_text(encoding="utf-8")))
    found.sort()
    versions = [version for version, _ in found]
    if versions != list(range(1, len(found) + 1)):
        raise StoreError(f"migrations must be numbered 1..n without gaps, found {versions}")
    return found


def migrations_script() -> str:
    """Every migration in order, as one script (what a new database runs)."""
    return "\n;\n".join(sql for _, sql in migrations())


class Database:
    """One connection shared by the process, used one transaction at a time.

    aiosqlite runs every statement on one thread, so two coroutines interleaving statements
    would share a transaction; the lock keeps each read or transaction whole.
    """

    # Ends the SELECT that picks the rows a claim takes (``Outbox.claim_due``): SQLite has
    # one writer at a time, so nothing; PostgreSQL's is " FOR UPDATE SKIP LOCKED".
    claim_lock = ""

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self._connection = connection
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(cls, path: Path | str, *, synchronous: str = "FULL") -> Database:
        """Open (creating if needed) the database file, check it, and bring its schema up to
        date.

        ``synchronous`` FULL (the default) makes every committed move survive a power cut;
        NORMAL only a crashed or killed process (WAL stays consistent either way).
        Raises ``StoreError`` with a one-line reason when the file cannot serve Postal: not a
        database, damaged (``PRAGMA quick_check``), tables missing, read-only, a schema newer
        than this code knows, or a failed migration.
        """
        if synchronous not in SYNCHRONOUS_MODES:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS_MODES}")
        path = Path(path)
        try:
            return await cls._open_checked(path, synchronous)
        except (sqlite3.Error, OSError) as error:
            raise StoreError(health.explain(error, path)) from error
        except health.UnusableDatabase as error:
            raise StoreError(str(error)) from error

    @classmethod
    async def _open_checked(cls, path: Path, synchronous: str) -> Database:
        if path.parent != Path(""):
            path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():  # checked before anything writes to it, migrations included
            await asyncio.to_thread(health.check_pages, path, BUSY_TIMEOUT_MS)
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
    async def _connect(cls, path: Path, synchronous: str) -> Database:
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            await connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute(f"PRAGMA synchronous = {synchronous}")
            await connection.execute("PRAGMA foreign_keys = ON")
            database = cls(connection, path)
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
            if current > len(known):
                raise StoreError(
                    f"{self.path} has schema version {current}, newer than this Postal "
                    f"({len(known)}): upgrade Postal"
                )
            pending = [(version, sql) for version, sql in known if version > current]
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
                    return  # another process applied the same migrations meanwhile
                if health.is_file_fault(error):
                    raise  # the file's fault (read-only, damaged, locked), explained by open()
                raise StoreError(f"migration of {self.path} failed: {error}") from error

    async def close(self) -> None:
        async with self._lock:
            await self._connection.close()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection for reads (autocommit: each statement sees committed data)."""
        async with self._lock:
            yield self._connection

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises.

        ``BEGIN IMMEDIATE`` takes the write lock up front, so a transaction never fails
        half-way with SQLITE_BUSY after reading.
        """
        async with self._lock:
            try:
                await self._connection.execute("BEGIN IMMEDIATE")
                yield self._connection
                await self._connection.execute("COMMIT")
            except BaseException:
                await self._undo()
                raise

    async def _undo(self) -> None:
        """Roll back whatever transaction is open, before the lock is given up.

        A cancelled statement still runs on aiosqlite's thread (a cancelled ``BEGIN`` opens
        the transaction anyway) and a failed ``COMMIT`` (a full disk) leaves it open: either
        would make every later ``BEGIN`` fail. Finishes even if cancelled again meanwhile.
        """

        async def undo() -> None:
            await self._connection.execute("SELECT 1")  # after any statement still queued
            if self._connection.in_transaction:
                await self._connection.execute("ROLLBACK")

        cleanup = asyncio.ensure_future(undo())
        while not cleanup.done():
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(cleanup)
        if not cleanup.cancelled() and cleanup.exception() is not None:
            _log.warning("rollback failed: %s", cleanup.exception())
