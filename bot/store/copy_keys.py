"""copy-db's foreign keys on a PostgreSQL target: checked once a page, not once a row.

PostgreSQL checks a foreign key by a trigger a row, each a query that also locks the parent
row (``FOR KEY SHARE``, a write to the parent's page): for 70 million moves that check, not
the COPY, set the copy's pace. So the copy drops the target's foreign keys when it begins
(their definitions kept in its progress row, so an interrupted copy puts them back when it
ends), checks each page's references by one query a key before the page commits, and adds
the keys back at the end (PostgreSQL then checks every row once, by a join).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.store.database import Connection

# The target's foreign keys: table, constraint name, definition (``pg_get_constraintdef``).
_CONSTRAINTS = """
SELECT c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid)
FROM pg_constraint AS c
WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
ORDER BY 1, 2
"""
Lifted = list[list[str]]


@dataclass(frozen=True)
class ForeignKey:
    """A table's reference: ``columns`` of the row name the ``parent_columns`` of a row of
    ``parent``."""

    columns: tuple[str, ...]
    parent: str
    parent_columns: tuple[str, ...]


@dataclass(frozen=True)
class BrokenReference:
    """A row of a page whose ``key`` names no row of the key's parent."""

    key: ForeignKey
    values: tuple[object, ...]


def foreign_keys(reference: sqlite3.Connection, table: str) -> tuple[ForeignKey, ...]:
    """``table``'s foreign keys in the schema of ``reference`` (SQLite's, the same tables)."""
    grouped: dict[int, list[tuple[str, str, str]]] = {}
    for row in reference.execute("SELECT * FROM pragma_foreign_key_list(?)", (table,)):
        grouped.setdefault(int(row[0]), []).append((str(row[2]), str(row[3]), str(row[4])))
    return tuple(
        ForeignKey(
            tuple(column for _, column, _ in parts),
            parts[0][0],
            tuple(parent_column for _, _, parent_column in parts),
        )
        for _, parts in sorted(grouped.items())
    )


async def lift(writer: Connection) -> Lifted:
    """Drop the target's foreign keys (inside ``writer``'s transaction); their
    definitions, as ``restore`` takes them."""
    cursor = await writer.execute(_CONSTRAINTS)
    found = [[str(table), str(name), str(definition)] for table, name, definition in
             await cursor.fetchall()]  # fmt: skip
    await cursor.close()
    for table, name, _ in found:
        await writer.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
    return found


async def restore(
    writer: Connection, lifted: Lifted, adding: Callable[[int, str, str], None] | None = None
) -> None:
    """Add back the foreign keys ``lift`` dropped: PostgreSQL checks every row, and raises
    its integrity error for the first that names no parent. ``adding`` hears of each key
    (its number from 1, table and name) before it is added."""
    for number, (table, name, definition) in enumerate(lifted, 1):
        if adding is not None:
            adding(number, table, name)
        await writer.execute(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')


async def broken_reference(
    writer: Connection,
    table: str,
    keys: Sequence[ForeignKey],
    where: str,
    params: Sequence[object],
) -> BrokenReference | None:
    """The first row of ``table`` matching ``where`` (a page) whose reference names no
    parent row, by one query a key. A table's references to itself are left to
    ``restore`` (a parent may come in a later page)."""
    for key in keys:
        if key.parent == table:
            continue
        present = " AND ".join(f"child.{column} IS NOT NULL" for column in key.columns)
        match = " AND ".join(
            f"parent.{p} = child.{c}" for c, p in zip(key.columns, key.parent_columns, strict=True)
        )
        cursor = await writer.execute(
            f"SELECT {', '.join(f'child.{c}' for c in key.columns)} FROM {table} AS child "
            f"WHERE {where or 'TRUE'} AND {present} AND NOT EXISTS "
            f"(SELECT 1 FROM {key.parent} AS parent WHERE {match}) LIMIT 1",
            params,
        )
        row = await cursor.fetchone()
        await cursor.close()
        if row is not None:
            return BrokenReference(key, tuple(row))
    return None
