"""A game's other places (migration 0069): a game between servers lives in its own place
(its row's guild, channel and thread) and in one place more for each other server, each
belonging to the player who acts from there."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.store.database import Connection, Database
from bot.store.records import NewPlace


@dataclass(frozen=True, slots=True)
class GamePlace:
    """One of a game's other places: ``thread_id`` once its thread is opened."""

    id: int
    game_id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    player_id: int

    @property
    def target_id(self) -> int:
        """Where its messages go: its thread, else its channel."""
        return self.thread_id if self.thread_id is not None else self.channel_id


_COLUMNS = "id, game_id, guild_id, channel_id, thread_id, player_id"


def _place(row: Any) -> GamePlace:
    return GamePlace(*(int(v) if v is not None else None for v in row))  # type: ignore[arg-type]


async def insert_places(conn: Connection, game_id: int, places: Iterable[NewPlace]) -> None:
    """Give game ``game_id`` its ``places`` inside the caller's transaction (before the
    outbox rows that are to reach them)."""
    await conn.executemany(
        "INSERT INTO game_places (game_id, guild_id, channel_id, player_id) VALUES (?, ?, ?, ?)",
        [(game_id, p.guild_id, p.channel_id, p.player_id) for p in places],
    )


class GamePlaces:
    """Reads and writes of ``game_places``."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def of_game(self, game_id: int) -> list[GamePlace]:
        """The game's other places, in the order they were given."""
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM game_places WHERE game_id = ? ORDER BY id", (game_id,)
        )
        return [_place(row) for row in rows]

    async def get(self, place_id: int) -> GamePlace | None:
        rows = await self._db.fetch(f"SELECT {_COLUMNS} FROM game_places WHERE id = ?", (place_id,))
        return _place(rows[0]) if rows else None

    async def by_thread(self, thread_id: int) -> GamePlace | None:
        """The newest game place whose thread is ``thread_id``."""
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM game_places WHERE thread_id = ? ORDER BY id DESC LIMIT 1",
            (thread_id,),
        )
        return _place(rows[0]) if rows else None

    async def set_thread(self, place_id: int, thread_id: int) -> None:
        """Record the thread Postal opened for the place."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE game_places SET thread_id = ? WHERE id = ?", (thread_id, place_id)
            )
