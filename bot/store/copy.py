"""Copying every row of one Postal database into another (SQLite to PostgreSQL or back).

Both databases are opened (and so migrated) by the caller first: they have the same tables.
The copy is one transaction on the target, tables in the order their foreign keys need;
``copy_rows`` refuses a target that already holds anything, and stops at the first row the
target's rules refuse (``RowRefused``; PostgreSQL's are stricter on one point: the player to
move must be one of the game's seats, migrations/postgresql/0032).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from functools import cache

import asyncpg

from bot.store import health
from bot.store.database import Database, Dialect, StoreError, migrations_script

BATCH = 1000
# Written by every opening of an SQLite file (a write probe): not data of the deployment.
_OPENING_KEYS = ("store_opened_at",)


class TargetNotEmpty(StoreError):
    """The target database already holds a deployment's rows."""


class RowRefused(StoreError):
    """The target's rules refuse a row of the source: nothing was copied."""


# A row breaking a rule of the target's schema (a CHECK, a foreign key, NOT NULL): SQLite's
# and PostgreSQL's error for it.
_REFUSED = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


@dataclass(frozen=True)
class TableCount:
    table: str
    rows: int


@cache
def table_order() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every table with its columns, each after the tables its foreign keys point to."""
    reference = sqlite3.connect(":memory:")
    try:
        reference.executescript(migrations_script())
        columns = health.table_columns(reference)
        needs = {
            table: {
                str(row[2])
                for row in reference.execute("SELECT * FROM pragma_foreign_key_list(?)", (table,))
            }
            - {table}
            for table in columns
        }
        ordered: list[tuple[str, tuple[str, ...]]] = []
        placed: set[str] = set()
        while len(placed) < len(columns):
            ready = sorted(t for t in columns if t not in placed and needs[t] <= placed)
            if not ready:
                raise StoreError(f"foreign keys form a cycle among {sorted(set(columns) - placed)}")
            for table in ready:
                names = tuple(
                    str(row[1])
                    for row in reference.execute("SELECT * FROM pragma_table_info(?)", (table,))
                )
                ordered.append((table, names))
                placed.add(table)
        return tuple(ordered)
    finally:
        reference.close()


async def count_rows(database: Database) -> list[TableCount]:
    """How many rows each table holds (the opening probe's bot_state row left out)."""
    counts = []
    marks = ", ".join("?" * len(_OPENING_KEYS))
    async with database.read() as conn:
        for table, _ in table_order():
            where = f" WHERE key NOT IN ({marks})" if table == "bot_state" else ""
            params = _OPENING_KEYS if table == "bot_state" else ()
            cursor = await conn.execute(f"SELECT COUNT(*) FROM {table}{where}", params)
            row = await cursor.fetchone()
            await cursor.close()
            counts.append(TableCount(table, int(row[0])))
    return counts


async def copy_rows(source: Database, target: Database) -> list[TableCount]:
    """Copy every row of ``source`` into ``target`` in one transaction; returns the counts
    copied. Raises ``TargetNotEmpty`` (nothing written) when ``target`` holds any row, and
    ``RowRefused`` (nothing written) when a row breaks one of the target's rules."""
    filled = [count for count in await count_rows(target) if count.rows]
    if filled:
        listed = ", ".join(f"{c.table} ({c.rows})" for c in filled)
        raise TargetNotEmpty(f"{target.name} is not empty: {listed}")
    copied = []
    async with target.transaction() as writer:
        for table, columns in table_order():
            names = ", ".join(columns)
            marks = ", ".join("?" * len(columns))
            insert = f"INSERT INTO {table} ({names}) VALUES ({marks})"
            if table == "bot_state":  # the target's own opening probe is replaced
                insert += " ON CONFLICT (key) DO UPDATE SET value = excluded.value"
            total = 0
            async with source.read() as reader:
                # In key order, so a row comes after the rows of its own table it points to.
                cursor = await reader.execute(f"SELECT {names} FROM {table} ORDER BY 1")
                rows = [tuple(row) for row in await cursor.fetchall()]
                await cursor.close()
            for start in range(0, len(rows), BATCH):
                try:
                    await writer.executemany(insert, rows[start : start + BATCH])
                except _REFUSED as error:
                    # Raising rolls the whole copy back.
                    raise RowRefused(
                        f"{target.name} refuses a row of {table} ({_why(error)}); "
                        "nothing was copied"
                    ) from error
            total += len(rows)
            copied.append(TableCount(table, total))
        if target.dialect is Dialect.POSTGRESQL:
            from bot.store.postgres import SYNC_IDENTITIES

            await writer.execute(SYNC_IDENTITIES)
    return copied


def _why(error: Exception) -> str:
    """The driver's message for a refused row, on one line, with PostgreSQL's detail (the
    failing row, which names the game)."""
    message = str(getattr(error, "message", None) or error).splitlines()[0].rstrip(".")
    detail = getattr(error, "detail", None)
    return f"{message}; {' '.join(str(detail).split())}".rstrip(".") if detail else message
