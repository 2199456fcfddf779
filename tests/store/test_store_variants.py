"""Migration 0055: games, challenges and tournaments of every variant (chess, chess960,
xiangqi, janggi), on a database that already holds rows, on both dialects."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.store import Challenge, Store
from bot.store.database import migrations
from tests.dbtools import connect, undo_migrations_after
from tests.store.test_store_database import NOW, START

WIDENED = 55
REFUSED = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
NARROW = "CHECK (VALUE IN ('chess', 'xiangqi'))"


async def _at_version_before(target: Path | str) -> None:
    """``target`` as a database of the version before 0055 was: SQLite built by the older
    migrations; PostgreSQL migrated in full, the later migrations undone and its constraints
    narrowed back."""
    if isinstance(target, Path):
        with sqlite3.connect(target) as conn:
            for version, script in migrations():
                if version < WIDENED:
                    conn.executescript(script)
            conn.execute(f"PRAGMA user_version = {WIDENED - 1}")
        return
    await (await Store.open(target)).close()
    with connect(target) as conn:
        undo_migrations_after(conn, WIDENED)  # the later ones run again on the rows below
        conn.execute("ALTER DOMAIN postal_variant DROP CONSTRAINT postal_variant_check")
        conn.execute(f"ALTER DOMAIN postal_variant ADD CONSTRAINT postal_variant_check {NARROW}")
        for table in ("challenges", "tournaments"):
            conn.execute(
                f"ALTER TABLE {table} DROP CONSTRAINT {table}_variant_check, ADD CONSTRAINT "
                f"{table}_variant_check CHECK (variant IN ('chess', 'xiangqi'))"
            )
        conn.execute("UPDATE postal_schema SET version = ?", (WIDENED - 1,))


def _insert_game(conn: Any, variant: str) -> None:
    conn.execute(
        "INSERT INTO games (guild_id, channel_id, variant, start_fen, white_id, black_id, "
        "days_per_move, rated, status, fen, created_at, last_move_at, to_move_id) "
        "VALUES (5, 6, ?, ?, 1, 2, 3, 0, 'active', ?, 0, 0, 1)",
        (variant, START, START),
    )


def _insert_challenge(conn: Any, variant: str) -> None:
    conn.execute(
        "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, variant, "
        "color, days_per_move, rated, created_at, expires_at) "
        "VALUES (5, 6, 1, 2, ?, 'random', 3, 0, 0, 99)",
        (variant,),
    )


def _insert_tournament(conn: Any, variant: str) -> None:
    conn.execute(
        "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, format, cycles, "
        "variant, days_per_move, rated, max_players, start_when_full, status, created_at) "
        "VALUES (5, 6, 1, 'cup', 'round_robin', 1, ?, 3, 0, 8, 0, 'open', 0)",
        (variant,),
    )


INSERTS = (_insert_game, _insert_challenge, _insert_tournament)


async def test_the_migration_keeps_every_row_and_admits_chess960_and_janggi(
    db_target: Path | str,
) -> None:
    """Rows stored before 0055 (games with their moves, challenges, tournaments) are all
    there after it; each table then takes chess960 and janggi, and still refuses a variant
    Postal does not play."""
    await _at_version_before(db_target)
    with connect(db_target) as conn:
        for player_id, name in ((1, "alice"), (2, "bob")):
            conn.execute(
                "INSERT INTO players (id, display_name, created_at) VALUES (?, ?, 0)",
                (player_id, name),
            )
        for insert in INSERTS:
            insert(conn, "chess")
            insert(conn, "xiangqi")
            with pytest.raises(REFUSED):
                insert(conn, "chess960")  # the narrow CHECK the migration widens
        game_id = conn.execute("SELECT MIN(id) FROM games").fetchone()[0]
        conn.execute(
            "INSERT INTO moves (game_id, ply, uci, san, played_at) VALUES (?, 1, 'e2e4', 'e4', 0)",
            (game_id,),
        )
    store = await Store.open(db_target)
    try:
        assert await store.database.schema_version() == len(migrations())
        for insert in INSERTS:
            with connect(db_target) as conn:
                insert(conn, "chess960")
                insert(conn, "janggi")
            with connect(db_target) as conn, pytest.raises(REFUSED):
                insert(conn, "shogi")
        # The store's own connection (the one that ran the migration) sees the wider CHECK.
        made = await store.challenges.create(
            guild_id=5, channel_id=6, thread_id=None, challenger_id=1, opponent_id=2,
            variant="chess960", color="white", days_per_move=3, rated=True, start_fen=None,
            now=NOW, expires_at=NOW + timedelta(hours=48),
        )  # fmt: skip
        assert isinstance(made, Challenge), made
        with connect(db_target) as conn:
            for table in ("games", "challenges", "tournaments"):
                rows = conn.execute(f"SELECT variant FROM {table} ORDER BY id").fetchall()
                expected = ["chess", "xiangqi", "chess960", "janggi"]
                if table == "challenges":
                    expected.append("chess960")
                assert [row[0] for row in rows] == expected, table
            moves = conn.execute("SELECT game_id, uci FROM moves").fetchall()
            assert [tuple(row) for row in moves] == [(game_id, "e2e4")]
    finally:
        await store.close()
