"""copy-db into PostgreSQL checks foreign keys once a page (the target's keys are lifted for
the copy and put back at its end), and still refuses a page with a broken reference."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.database_cli import copy_database
from bot.store import Store
from bot.store.copy import PROGRESS_KEY, RowRefused
from bot.store.postgres import PostgresConnection
from tests.dbtools import connect
from tests.store.test_store_copy import _deployment

pytestmark = pytest.mark.postgresql

_FOREIGN_KEYS = (
    "SELECT COUNT(*) FROM pg_constraint "
    "WHERE contype = 'f' AND connamespace = current_schema()::regnamespace"
)


async def _schema_keys(url: str) -> int:
    """The foreign keys of the schema: ``url``'s, migrated (before anything is copied)."""
    store = await Store.open(url)
    await store.close()
    with connect(url) as conn:
        return int(conn.execute(_FOREIGN_KEYS).fetchone()[0])


async def test_pages_are_written_without_the_row_triggers_and_the_keys_come_back(
    tmp_path: Path, pg_empty_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No page is written while the target checks each row's foreign keys by a trigger;
    after the copy the target has every foreign key of the schema again."""
    source = tmp_path / "postal.db"
    await _deployment(source)
    schema_keys = await _schema_keys(pg_empty_url)
    keys_at_pages: list[int] = []
    real = PostgresConnection.insert_rows

    async def insert_rows(
        self: PostgresConnection, table: str, columns: Sequence[str], rows: Sequence[Any]
    ) -> None:
        keys_at_pages.append(int(await self.raw.fetchval(_FOREIGN_KEYS)))
        await real(self, table, columns, rows)

    monkeypatch.setattr(PostgresConnection, "insert_rows", insert_rows)
    await copy_database(source, pg_empty_url, page_rows=2)
    assert keys_at_pages and set(keys_at_pages) == {0}
    with connect(pg_empty_url) as conn:
        assert conn.execute(_FOREIGN_KEYS).fetchone() == (schema_keys,)
        assert conn.execute(
            "SELECT COUNT(*) FROM bot_state WHERE key = ?", (PROGRESS_KEY,)
        ).fetchone() == (0,)


def test_a_page_with_a_broken_reference_is_refused_whole_and_resumes_once_fixed(
    tmp_path: Path, pg_empty_url: str
) -> None:
    """A move of a game the source does not hold (SQLite's keys were off when it was
    written) stops the copy naming the row and the table it names no row of; its page is
    not written (the pages before it are); once the source is fixed ``--resume`` finishes,
    with every foreign key of the schema back on the target."""
    source = tmp_path / "postal.db"
    asyncio.run(_deployment(source))
    schema_keys = asyncio.run(_schema_keys(pg_empty_url))
    with sqlite3.connect(source) as conn:
        moves = conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
        conn.execute("CREATE TEMP TABLE stray AS SELECT * FROM moves LIMIT 1")
        conn.execute("UPDATE stray SET game_id = 999999")
        conn.execute("INSERT INTO moves SELECT * FROM stray")
    # Pages of two moves: the stray move (last in key order) shares the last page.
    assert moves % 2 == 1
    with pytest.raises(RowRefused) as refused:
        asyncio.run(copy_database(source, pg_empty_url, page_rows=2, replay=False))
    assert "refuses a row of moves (game_id = 999999 names no row of games)" in str(refused.value)
    with connect(pg_empty_url) as conn:
        assert conn.execute("SELECT COUNT(*) FROM moves").fetchone() == (moves - 1,)
        assert conn.execute("SELECT COUNT(*) FROM games WHERE id = 999999").fetchone() == (0,)
    with sqlite3.connect(source) as conn:
        # Made a row of the last game (a resume needs the same rows per table, and keys
        # after the last page copied).
        conn.execute(
            "UPDATE moves SET game_id = (SELECT MAX(id) FROM games), ply = 999 "
            "WHERE game_id = 999999"
        )
    resumed = asyncio.run(
        copy_database(source, pg_empty_url, page_rows=2, resume=True, replay=False)
    )
    assert {c.table: c.rows for c in resumed.copied}["moves"] == moves + 1
    with connect(pg_empty_url) as conn:
        assert conn.execute(_FOREIGN_KEYS).fetchone() == (schema_keys,)
