"""Copying every row of one Postal database into another (SQLite to PostgreSQL or back).

Both databases are opened (and so migrated) by the caller first: they have the same tables.
The copy streams: each table is read in pages of ``page_rows`` rows in key order (a keyset:
``WHERE key > last ORDER BY key LIMIT n``), and each page is written in a transaction of
its own on the target, read back there and compared with the source's rows, and the last
key copied is recorded in the same transaction (``bot_state`` row ``copy_db_progress``), so
memory stays one page whatever the size and an interrupted copy resumes where it stopped.

``copy_rows`` refuses a target that already holds anything (unless resuming the copy it
holds), and stops at the first row the target's rules refuse (``RowRefused``; PostgreSQL's
are stricter on one point: the player to move must be one of the game's seats,
migrations/postgresql/0032). Shard leases are not copied: they belong to the processes
that ran on the source, and a copied live lease would hold the copy's first start until it
expired.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

import asyncpg

from bot.store import copy_keys, health
from bot.store.copy_keys import ForeignKey, Lifted
from bot.store.database import Connection, Database, Dialect, StoreError, migrations_script
from bot.store.pg_schema import SYNC_IDENTITIES

PAGE_ROWS = 5000
# SQLite's page cache for the target while it is filled (KiB): the indexes of games grow by
# rows in random order, and with the default 2 MB each page's inserts read index pages from
# disk again (5,700 games a second at 1M, against ~20,000 with this). Within copy-db's
# memory bound (300 MB) with a page of rows read twice.
TARGET_CACHE_KIB = 131_072
PROGRESS_KEY = "copy_db_progress"
# What a row costs to copy beyond its values' bytes, and what adding back a foreign key costs
# a row referring (PostgreSQL's check, a join, at the end), in the same units (bytes): fitted
# to the whole 1M copy into PostgreSQL (2026-11-29, benchmarks/README.md), where a game
# (~290 bytes) took as long as 5.6 moves (~39 bytes) and the keys' 74 million references
# 77 s. The time left is only as good as these; the shares between tables are what matter.
ROW_UNITS = 16.0
KEY_CHECK_UNITS = 1.7
# Rows of each table read at the start to weigh its rows.
SAMPLE_ROWS = 200
# Written by every opening of an SQLite file (a write probe), and the copy's own progress:
# not data of the deployment.
_NOT_COPIED_KEYS = ("store_opened_at", PROGRESS_KEY)
# Leases of the source's running processes (see the module's docstring).
_NOT_COPIED_TABLES = frozenset({"shard_leases"})
Key = tuple[Any, ...]


class TargetNotEmpty(StoreError):
    """The target database already holds a deployment's rows."""


class RowRefused(StoreError):
    """The target's rules refuse a row of the source: the page was not written."""


class CopyMismatch(StoreError):
    """The target does not hold what the source does."""


class CannotResume(StoreError):
    """The target's interrupted copy is not of this source as it is now."""


# A row breaking a rule of the target's schema (a CHECK, a foreign key, NOT NULL): SQLite's
# and PostgreSQL's error for it.
_REFUSED = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


@dataclass(frozen=True)
class TableCount:
    table: str
    rows: int


@dataclass(frozen=True)
class TablePlan:
    """One table to copy: its columns, and the key its pages are read in (none: the table
    has no primary key, a small log read in one page)."""

    table: str
    columns: tuple[str, ...]
    key: tuple[str, ...]
    references: tuple[ForeignKey, ...] = ()


@dataclass(frozen=True)
class TableWork:
    """A table's share of the copy: its ``rows``, ``done`` of them before (a resume), each
    worth ``weight`` units (its values' bytes and a row's own cost)."""

    label: str
    rows: int
    done: int
    weight: float


@dataclass(frozen=True)
class TableProgress:
    """How far a table's copy got: rows committed, the last key, whether it is done."""

    rows: int = 0
    last: Key | None = None
    done: bool = False


class ProgressListener(Protocol):
    """Hears how far a copy got (``bot.progress.Progress`` is one)."""

    def begin(self, work: Sequence[TableWork], after: float = 0.0) -> None:
        """The copy starts: each table's rows (done before: a resume) and their weight,
        and the units of the checks at the end."""

    def advance(self, count: int, label: str) -> None:
        """``count`` more rows of table ``label`` committed."""

    def step(self, label: str) -> None:
        """A check at the end begins (``label`` says which)."""


@cache
def table_order() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every table with its columns, each after the tables its foreign keys point to."""
    return tuple((plan.table, plan.columns) for plan in table_plans())


@cache
def table_plans() -> tuple[TablePlan, ...]:
    """Every table (leases left out) with its columns and key, in foreign-key order."""
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
        ordered: list[TablePlan] = []
        placed: set[str] = set()
        while len(placed) < len(columns):
            ready = sorted(t for t in columns if t not in placed and needs[t] <= placed)
            if not ready:
                raise StoreError(f"foreign keys form a cycle among {sorted(set(columns) - placed)}")
            for table in ready:
                placed.add(table)
                if table not in _NOT_COPIED_TABLES:
                    ordered.append(_plan(reference, table))
        return tuple(ordered)
    finally:
        reference.close()


def _plan(reference: sqlite3.Connection, table: str) -> TablePlan:
    info = list(reference.execute("SELECT * FROM pragma_table_info(?)", (table,)))
    key = tuple(str(row[1]) for row in sorted(info, key=lambda row: int(row[5])) if row[5])
    columns = tuple(str(row[1]) for row in info)
    return TablePlan(table, columns, key, copy_keys.foreign_keys(reference, table))


def _only_data(plan: TablePlan) -> tuple[str, tuple[object, ...]]:
    """The condition leaving out rows that are not the deployment's (``bot_state``'s)."""
    if plan.table != "bot_state":
        return "", ()
    return f"key NOT IN ({', '.join('?' * len(_NOT_COPIED_KEYS))})", _NOT_COPIED_KEYS


async def count_rows(database: Database) -> list[TableCount]:
    """How many rows each copied table holds (the opening probe's and the copy's own
    ``bot_state`` rows left out)."""
    counts = []
    for plan in table_plans():
        where, params = _only_data(plan)
        sql = f"SELECT COUNT(*) FROM {plan.table}" + (f" WHERE {where}" if where else "")
        counts.append(TableCount(plan.table, int((await database.fetch(sql, params))[0][0])))
    return counts


def _page_where(plan: TablePlan, after: Key | None, upto: Key | None) -> str:
    """The condition picking ``plan``'s rows after key ``after`` up to key ``upto``."""
    conditions = [_only_data(plan)[0]]
    row_key = f"({', '.join(plan.key)})"
    marks = f"({', '.join('?' * len(plan.key))})"
    if after is not None:
        conditions.append(f"{row_key} > {marks}")
    if upto is not None:
        conditions.append(f"{row_key} <= {marks}")
    return " AND ".join(c for c in conditions if c)


def _page_sql(plan: TablePlan, after: Key | None, upto: Key | None, limit: int | None) -> str:
    """The page of ``plan``'s rows after key ``after`` up to key ``upto``, in key order."""
    where = _page_where(plan, after, upto)
    sql = f"SELECT {', '.join(plan.columns)} FROM {plan.table}" + (
        f" WHERE {where}" if where else ""
    )
    sql += f" ORDER BY {', '.join(plan.key or plan.columns)}"
    return sql + (f" LIMIT {limit}" if limit is not None else "")


def _page_params(plan: TablePlan, after: Key | None, upto: Key | None) -> tuple[object, ...]:
    return _only_data(plan)[1] + (after or ()) + (upto or ())


async def read_page(
    database: Database, plan: TablePlan, after: Key | None, limit: int
) -> list[tuple[Any, ...]]:
    """Up to ``limit`` rows of ``plan``'s table after key ``after`` (a table without a key:
    all its rows)."""
    sql = _page_sql(plan, after, None, limit if plan.key else None)
    rows = await database.fetch(sql, _page_params(plan, after, None))
    return [tuple(row) for row in rows]


def _key_of(plan: TablePlan, row: Sequence[Any]) -> Key:
    return tuple(row[plan.columns.index(name)] for name in plan.key)


async def copy_rows(
    source: Database,
    target: Database,
    *,
    resume: bool = False,
    page_rows: int = PAGE_ROWS,
    listener: ProgressListener | None = None,
) -> list[TableCount]:
    """Copy every row of ``source`` into ``target`` page by page, each page verified; returns
    the rows per table. ``listener`` hears of the start and of each page committed.

    Raises ``TargetNotEmpty`` (nothing written) when ``target`` holds any row and ``resume``
    is not asked or finds no copy to continue; ``CannotResume`` (nothing written) when the
    interrupted copy is of another source or state; ``RowRefused`` (that page not written)
    when a row breaks one of the target's rules; ``CopyMismatch`` when a page or the
    final counts differ."""
    expected = await count_rows(source)
    version = await source.schema_version()
    if target.dialect is Dialect.SQLITE:
        await target.fetch(f"PRAGMA cache_size = -{TARGET_CACHE_KIB}")
    progress = await _start(source, target, expected, version, resume)
    if listener is not None:
        await _begin(listener, source, target.dialect, expected, progress)
    state: dict[str, Any] = {"version": version, "counts": {c.table: c.rows for c in expected}}
    if target.dialect is Dialect.POSTGRESQL:
        state["foreign_keys"] = await _lift_keys(target, state, progress)
    for plan in table_plans():

        def encode(table_now: TableProgress, table: str = plan.table) -> str:
            return _encode(state, progress | {table: table_now})

        start = progress.get(plan.table, TableProgress())
        progress[plan.table] = await _copy_table(
            source, target, plan, start, page_rows, encode, listener, "foreign_keys" in state
        )
    copied = [TableCount(plan.table, progress[plan.table].rows) for plan in table_plans()]
    if listener is not None:
        listener.step(f"counting the rows of every table of {target.name}")
    if await count_rows(target) != expected or copied != expected:
        raise CopyMismatch("the copy's row counts differ from the source's")
    async with target.transaction() as writer:
        if target.dialect is Dialect.POSTGRESQL:
            await writer.execute(SYNC_IDENTITIES)
            await _restore_keys(writer, target.name, state["foreign_keys"], listener)
        await writer.execute("DELETE FROM bot_state WHERE key = ?", (PROGRESS_KEY,))
    return copied


async def _lift_keys(
    target: Database, state: dict[str, Any], progress: dict[str, TableProgress]
) -> Lifted:
    """Drop the target's foreign keys for the copy (``copy_keys``); all it dropped, this
    copy or an interrupted one (recorded in the progress row, in the same transaction)."""
    saved = await _saved_state(target) or {}
    async with target.transaction() as writer:
        lifted: Lifted = list(saved.get("foreign_keys", [])) + await copy_keys.lift(writer)
        await _record(writer, _encode(state | {"foreign_keys": lifted}, progress))
    return lifted


async def _begin(
    listener: ProgressListener,
    source: Database,
    target: Dialect,
    expected: list[TableCount],
    progress: dict[str, TableProgress],
) -> None:
    """Tell ``listener`` the work: each table's rows weighted by their bytes (a sample of
    its first rows), and on PostgreSQL the foreign keys' checks at the end."""
    counts = {count.table: count.rows for count in expected}
    work = []
    references = 0
    for plan in table_plans():
        rows = counts[plan.table]
        sample = await read_page(source, plan, None, SAMPLE_ROWS) if rows else []
        size = sum(map(_bytes, (v for row in sample for v in row))) / max(len(sample), 1)
        done = progress.get(plan.table, TableProgress()).rows
        work.append(TableWork(plan.table, rows, done, size + ROW_UNITS))
        references += rows * len(plan.references)
    after = references * KEY_CHECK_UNITS if target is Dialect.POSTGRESQL else 0.0
    listener.begin(work, after)


def _bytes(value: object) -> int:
    """A value's size as a row holds it, about: text's UTF-8, a number's eight bytes."""
    if isinstance(value, str):
        return len(value.encode())
    if isinstance(value, bytes | bytearray | memoryview):
        return len(value)
    return 0 if value is None else 8


async def _restore_keys(
    writer: Connection, target_name: str, lifted: Lifted, listener: ProgressListener | None
) -> None:
    def adding(number: int, table: str, name: str) -> None:
        if listener is not None:
            listener.step(f"adding back foreign key {name} of {table} ({number} of {len(lifted)})")

    try:
        await copy_keys.restore(writer, lifted, adding)
    except _REFUSED as error:
        raise RowRefused(
            f"{target_name} refuses the copy's references ({_why(error)}): fix the row in "
            "the source and add --resume"
        ) from error


async def _record(writer: Connection, value: str) -> None:
    """Record the copy's progress (inside the transaction of what it records)."""
    await writer.execute(
        "INSERT INTO bot_state (key, value) VALUES (?, ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (PROGRESS_KEY, value),
    )


async def _start(
    source: Database,
    target: Database,
    expected: list[TableCount],
    version: int,
    resume: bool,
) -> dict[str, TableProgress]:
    """The progress to continue from (empty for a new copy); raises as ``copy_rows``."""
    saved = await _saved_state(target)
    filled = [count for count in await count_rows(target) if count.rows]
    if saved is None or not resume:
        if not filled:
            return {}
        listed = ", ".join(f"{c.table} ({c.rows})" for c in filled)
        hint = "; an interrupted copy-db: add --resume to continue it" if saved else ""
        raise TargetNotEmpty(f"{target.name} is not empty: {listed}{hint}")
    if saved.get("version") != version or await target.schema_version() != version:
        raise CannotResume(
            f"{target.name} holds a copy of a database at another schema version; "
            "start again on an empty database"
        )
    if saved.get("counts") != {c.table: c.rows for c in expected}:
        raise CannotResume(
            f"{source.name} changed since the copy into {target.name} began (rows per table "
            "differ); start again on an empty database"
        )
    progress = {
        table: TableProgress(int(p["rows"]), tuple(p["last"]) if p["last"] else None, p["done"])
        for table, p in saved.get("tables", {}).items()
    }
    for count in await count_rows(target):
        if count.rows != progress.get(count.table, TableProgress()).rows:
            raise CannotResume(
                f"{target.name} holds {count.rows} rows of {count.table} where the copy "
                "recorded another number; start again on an empty database"
            )
    return progress


async def _saved_state(target: Database) -> dict[str, Any] | None:
    rows = await target.fetch("SELECT value FROM bot_state WHERE key = ?", (PROGRESS_KEY,))
    return dict(json.loads(rows[0][0])) if rows else None


def _encode(state: dict[str, Any], progress: dict[str, TableProgress]) -> str:
    tables = {
        table: {"rows": p.rows, "last": list(p.last) if p.last else None, "done": p.done}
        for table, p in progress.items()
    }
    return json.dumps(state | {"tables": tables})


async def _copy_table(
    source: Database,
    target: Database,
    plan: TablePlan,
    progress: TableProgress,
    page_rows: int,
    encode: Callable[[TableProgress], str],
    listener: ProgressListener | None,
    check_keys: bool,
) -> TableProgress:
    """Copy ``plan``'s table from where ``progress`` left it; the progress when done.
    ``check_keys``: the target's foreign keys are lifted, each page's are checked here."""
    while not progress.done:
        rows = await read_page(source, plan, progress.last, page_rows)
        done = not plan.key or len(rows) < page_rows
        after = TableProgress(
            progress.rows + len(rows), _key_of(plan, rows[-1]) if rows else progress.last, done
        )
        async with target.transaction() as writer:
            if rows:
                await _write_page(writer, target.name, plan, rows)
                if check_keys:
                    await _check_references(writer, target.name, plan, progress.last, rows)
                await _verify_page(writer, plan, progress.last, rows)
            # In the page's transaction: the recorded key is always the last one committed.
            await _record(writer, encode(after))
        progress = after
        if listener is not None and rows:
            listener.advance(len(rows), plan.table)
    return progress


async def _write_page(
    writer: Connection, target_name: str, plan: TablePlan, rows: list[tuple[Any, ...]]
) -> None:
    try:
        await writer.insert_rows(plan.table, plan.columns, rows)
    except _REFUSED as error:
        # Raising rolls the page back.
        raise RowRefused(
            f"{target_name} refuses a row of {plan.table} ({_why(error)}); the rows before "
            "it were copied: fix the row in the source and add --resume"
        ) from error


async def _check_references(
    writer: Connection, target_name: str, plan: TablePlan, after: Key | None, rows: list[Any]
) -> None:
    """Every reference of the page names a row (one query a foreign key); raises
    ``RowRefused`` (rolling the page back) naming the first that does not."""
    upto = _key_of(plan, rows[-1]) if plan.key else None
    where = _page_where(plan, after, upto)
    broken = await copy_keys.broken_reference(
        writer, plan.table, plan.references, where, _page_params(plan, after, upto)
    )
    if broken is not None:
        named = ", ".join(
            f"{c} = {v!r}" for c, v in zip(broken.key.columns, broken.values, strict=True)
        )
        raise RowRefused(
            f"{target_name} refuses a row of {plan.table} ({named} names no row of "
            f"{broken.key.parent}); the rows before it were copied: fix the row in the "
            "source and add --resume"
        )


async def _verify_page(
    writer: Connection, plan: TablePlan, after: Key | None, rows: list[tuple[Any, ...]]
) -> None:
    """The page as the target holds it is the page the source gave (before it commits)."""
    upto = _key_of(plan, rows[-1]) if plan.key else None
    cursor = await writer.execute(
        _page_sql(plan, after, upto, None), _page_params(plan, after, upto)
    )
    written = [tuple(row) for row in await cursor.fetchall()]
    await cursor.close()
    if written != rows:
        first = next(
            (n for n, (a, b) in enumerate(zip(written, rows, strict=False)) if a != b),
            min(len(written), len(rows)),
        )
        raise CopyMismatch(
            f"{plan.table}: the copy's row {_named(rows, first)} differs from the source's"
        )


def _named(rows: list[tuple[Any, ...]], index: int) -> str:
    """A row of a page named for a message (its first values)."""
    row = rows[index] if index < len(rows) else ()
    return "(" + ", ".join(repr(value) for value in row[:3]) + ")"


def _why(error: Exception) -> str:
    """The driver's message for a refused row, on one line, with PostgreSQL's detail (the
    failing row, which names the game)."""
    message = str(getattr(error, "message", None) or error).splitlines()[0].rstrip(".")
    detail = getattr(error, "detail", None)
    return f"{message}; {' '.join(str(detail).split())}".rstrip(".") if detail else message
