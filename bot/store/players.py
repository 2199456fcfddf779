"""Players: identity, display names, settings and vacation allowance."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import aiosqlite

from bot.store.database import Database
from bot.store.records import (
    NotifyMode,
    Orientation,
    Player,
    PreferenceChange,
    from_epoch,
    from_epoch_or_none,
    to_epoch,
)

# The end of the player's latest vacation comes along, so a move needs no second query.
_PLAYER_COLUMNS = (
    "id, display_name, is_bot, notify, board_theme, "
    "(SELECT MAX(v.ends_at) FROM vacations v WHERE v.player_id = players.id), "
    "orientation"
)


def player_from_row(row: Any) -> Player:
    return Player(
        id=row[0],
        display_name=row[1],
        is_bot=bool(row[2]),
        notify=NotifyMode(row[3]),
        board_theme=row[4],
        vacation_ends_at=from_epoch_or_none(row[5]),
        orientation=Orientation(row[6]),
    )


class Players:
    """Reads and writes of the ``players`` and ``vacations`` tables."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def ensure(self, player_id: int, display_name: str, is_bot: bool, now: datetime) -> None:
        """Create the player, or refresh the display name if it changed."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO players (id, display_name, is_bot, created_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name, "
                "is_bot = excluded.is_bot "
                "WHERE display_name <> excluded.display_name OR is_bot <> excluded.is_bot",
                (player_id, display_name, int(is_bot), to_epoch(now)),
            )

    async def ensure_exists(
        self, player_id: int, display_name: str, is_bot: bool, now: datetime
    ) -> None:
        """Create the player if unknown; an existing player is left exactly as they are."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO players (id, display_name, is_bot, created_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (id) DO NOTHING",
                (player_id, display_name, int(is_bot), to_epoch(now)),
            )

    async def get(self, player_id: int) -> Player | None:
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_PLAYER_COLUMNS} FROM players WHERE id = ?", (player_id,)
            )
            row = await cursor.fetchone()
        return None if row is None else player_from_row(row)

    async def get_many(self, player_ids: list[int]) -> dict[int, Player]:
        if not player_ids:
            return {}
        marks = ", ".join("?" * len(player_ids))
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_PLAYER_COLUMNS} FROM players WHERE id IN ({marks})", player_ids
            )
            rows = await cursor.fetchall()
        return {row[0]: player_from_row(row) for row in rows}

    async def find_by_name(self, display_name: str) -> list[Player]:
        """Players whose display name equals ``display_name`` (case-insensitively)."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_PLAYER_COLUMNS} FROM players WHERE display_name = ? COLLATE NOCASE",
                (display_name,),
            )
            rows = await cursor.fetchall()
        return [player_from_row(row) for row in rows]

    async def update_preferences(self, player_id: int, change: PreferenceChange) -> None:
        """Set the preferences ``change`` names, all in one transaction (the column names
        come from ``PreferenceChange``, never from users)."""
        columns = change.columns()
        if not columns:
            return
        assignments = ", ".join(f"{name} = ?" for name in columns)
        async with self._db.transaction() as conn:
            await conn.execute(
                f"UPDATE players SET {assignments} WHERE id = ?", (*columns.values(), player_id)
            )

    async def vacation_days_used(self, player_id: int, since: datetime) -> int:
        """Vacation days of the vacations the player started at ``since`` or later.

        No upper bound: a vacation stamped in the future by a clock that later moved back
        still counts, so a clock jump cannot hand out a second allowance.
        """
        async with self._db.read() as conn:
            return await _days_since(conn, player_id, since)

    async def start_vacation(
        self, player_id: int, days: int, now: datetime, window_start: datetime, allowance_days: int
    ) -> tuple[bool, datetime]:
        """Record a vacation and push back the deadlines of games where it is the player's turn.

        Returns (False, _) without changing anything when ``days`` plus the days taken since
        ``window_start`` would exceed ``allowance_days``; otherwise (True, the vacation's end).
        One transaction.
        """
        seconds = days * 86400
        start = to_epoch(now)
        async with self._db.transaction() as conn:
            used = await _days_since(conn, player_id, window_start)
            if used + days > allowance_days:
                return False, now
            cursor = await conn.execute(
                "SELECT MAX(ends_at) FROM vacations WHERE player_id = ?", (player_id,)
            )
            (running_until,) = await cursor.fetchone()  # type: ignore[misc]
            # A vacation taken during another one continues it rather than overlapping it.
            begins = max(start, int(running_until or 0))
            await conn.execute(
                "INSERT INTO vacations (player_id, starts_at, ends_at, days) VALUES (?, ?, ?, ?)",
                (player_id, start, begins + seconds, days),
            )
            await conn.execute(
                "UPDATE games SET deadline_at = deadline_at + ?, version = version + 1 "
                "WHERE status = 'active' AND to_move_id = ?",
                (seconds, player_id),
            )
        return True, from_epoch(begins + seconds)


async def _days_since(conn: aiosqlite.Connection, player_id: int, since: datetime) -> int:
    cursor = await conn.execute(
        "SELECT COALESCE(SUM(days), 0) FROM vacations WHERE player_id = ? AND starts_at >= ?",
        (player_id, to_epoch(since)),
    )
    row = await cursor.fetchone()
    return int(row[0]) if row else 0
