"""What runs on the SQLite connection's own thread (aiosqlite's), one call a trip there: a
transaction's BEGIN and COMMIT with the ``synchronous`` mode around them, the clean-up after
a failure, and a write sent whole (``SqliteDatabase``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import aiosqlite

if TYPE_CHECKING:
    from bot.store.database import Statement


def begin(connection: aiosqlite.Connection, without_sync: bool) -> None:
    """BEGIN IMMEDIATE on the connection's own thread, in ``synchronous=NORMAL`` if
    ``without_sync`` (``SqliteDatabase.transaction``)."""
    raw: sqlite3.Connection = connection._conn
    if without_sync:
        raw.execute("PRAGMA synchronous = NORMAL")
    raw.execute("BEGIN IMMEDIATE")


def commit(connection: aiosqlite.Connection, restore: str | None) -> None:
    """COMMIT on the connection's own thread, then the store's ``synchronous`` mode back if
    ``restore`` names it, even if the commit failed."""
    raw: sqlite3.Connection = connection._conn
    try:
        raw.execute("COMMIT")
    finally:
        if restore is not None:
            raw.execute(f"PRAGMA synchronous = {restore}")


def settle(connection: aiosqlite.Connection, synchronous: str | None) -> None:
    """``SqliteDatabase._settle`` on the connection's own thread: roll back whatever
    transaction is open, and put ``synchronous`` back (if given)."""
    raw: sqlite3.Connection = connection._conn
    try:
        if raw.in_transaction:
            raw.execute("ROLLBACK")
    finally:
        if synchronous is not None:
            raw.execute(f"PRAGMA synchronous = {synchronous}")


def write_all(
    connection: aiosqlite.Connection, statements: Sequence[Statement]
) -> list[list[Any]] | None:
    """``Database.write`` on the connection's own thread."""
    raw: sqlite3.Connection = connection._conn
    raw.execute("BEGIN IMMEDIATE")
    try:
        results: list[list[Any]] = []
        for statement in statements:
            rows = raw.execute(statement.sql, tuple(statement.params)).fetchall()
            if statement.guard and not rows:
                raw.execute("ROLLBACK")
                return None
            results.append(rows)
        raw.execute("COMMIT")
    except BaseException:
        if raw.in_transaction:
            raw.execute("ROLLBACK")
        raise
    return results
