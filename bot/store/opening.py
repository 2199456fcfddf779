"""Opening a database by its target: an SQLite file, or a PostgreSQL server by its URL.

Apart from ``database`` (SQLite, and what both dialects share) and ``postgres``, which
builds on it, so that neither needs the other inside a function.
"""

from __future__ import annotations

from pathlib import Path

from bot.store.database import (
    POSTGRESQL_PREFIXES,
    SQLITE_PREFIX,
    Database,
    SqliteDatabase,
    StoreError,
)
from bot.store.postgres import PostgresDatabase


async def open_database(
    target: Path | str, *, synchronous: str = "FULL", create: bool = True
) -> Database:
    """Open ``target``: a path or ``sqlite:///`` URL (SQLite), or a ``postgresql://`` URL.

    Creates and migrates the schema as needed; ``create`` False refuses a missing SQLite
    file. Raises ``StoreError`` with a one-line reason (``DatabaseNotFound`` for a missing
    file or folder).
    """
    if isinstance(target, str) and target.startswith(POSTGRESQL_PREFIXES):
        return await PostgresDatabase.open(target)
    if isinstance(target, str) and target.startswith(SQLITE_PREFIX):
        target = target[len(SQLITE_PREFIX) :]
    elif isinstance(target, str) and "://" in target:
        scheme = target.split("://", 1)[0]
        raise StoreError(f"unknown database {scheme!r}: use sqlite or postgresql")
    return await SqliteDatabase.open(target, synchronous=synchronous, create=create)
