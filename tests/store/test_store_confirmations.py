"""Confirm moves: a player's choice of which moves are shown first, and the migration of the
yes-or-no it was before (0037), on both dialects."""

from __future__ import annotations

from pathlib import Path

from bot.store import ConfirmMoves, Store
from bot.store.database import migrations
from tests.dbtools import UNDO_MIGRATION, connect, undo_migrations_after


def _set_version(conn: object, target: Path | str, version: int) -> None:
    execute = conn.execute  # type: ignore[attr-defined]
    if isinstance(target, Path):
        execute(f"PRAGMA user_version = {version}")
    else:
        execute("UPDATE postal_schema SET version = ?", (version,))


async def test_a_stored_yes_or_no_keeps_what_the_player_lived_with(db_target: Path | str) -> None:
    """Before 0037 a stored yes previewed every move (typed ones too): it becomes
    ``always``; a no becomes ``never``; a player who never chose gets the new default,
    ``menus``; a choice is stored and read back."""
    store = await Store.open(db_target)
    await store.close()
    with connect(db_target) as conn:
        undo_migrations_after(conn, 37)  # applied again
        conn.execute("DROP TABLE move_confirmation")
        conn.execute(
            "CREATE TABLE move_confirmation (player_id INTEGER PRIMARY KEY, "
            "confirm INTEGER NOT NULL CHECK (confirm IN (0, 1)))"
        )
        conn.execute("INSERT INTO move_confirmation (player_id, confirm) VALUES (1, 1), (2, 0)")
        _set_version(conn, db_target, 36)
    store = await Store.open(db_target)
    try:
        assert await store.database.schema_version() == len(migrations())
        assert await store.confirmations.mode(1) is ConfirmMoves.ALWAYS
        assert await store.confirmations.mode(2) is ConfirmMoves.NEVER
        assert await store.confirmations.mode(3) is ConfirmMoves.MENUS
        await store.confirmations.set(3, ConfirmMoves.NEVER)
        assert await store.confirmations.mode(3) is ConfirmMoves.NEVER
    finally:
        await store.close()


def test_each_migration_since_0038_can_be_undone() -> None:
    """Tests that set the schema back (here, test_store_analyses and test_store_variants)
    undo the later migrations with ``tests.dbtools.UNDO_MIGRATION``: every new one must be
    listed there (empty when it can run twice), or those tests would fail on its second run
    — a column added twice fails as a table created twice does (0057 did, on PostgreSQL)."""
    since = {version for version, _ in migrations() if version >= 38}
    assert since <= set(UNDO_MIGRATION), sorted(since - set(UNDO_MIGRATION))
