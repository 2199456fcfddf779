"""Ratings per server, per variant, per player."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from bot.store.database import Connection, Database
from bot.store.records import GameEnding, GameRecord, Rating, RatingEntry, RatingUpdate, to_epoch

# Players whose ratings one statement reads (``Ratings.get_many``): a parameter each.
PLAYERS_A_READ = 500

# Computes both players' new ratings from their old ones (None: never rated here yet).
RateFunction = Callable[[Rating | None, Rating | None, str], tuple[Rating, Rating]]


def rating_key(guild_id: int, variant: str, player_id: int) -> str:
    """The lock (``Connection.lock``) a write takes before it reads a rating to change it:
    two games of one player ending at once would otherwise both start from the same
    rating (and the row may not exist yet, so there is no row to lock)."""
    return f"rating:{guild_id}:{variant}:{player_id}"


async def read_rating(
    conn: Connection, guild_id: int, variant: str, player_id: int
) -> Rating | None:
    cursor = await conn.execute(
        "SELECT rating, deviation, volatility, games FROM ratings "
        "WHERE guild_id = ? AND variant = ? AND player_id = ?",
        (guild_id, variant, player_id),
    )
    row = await cursor.fetchone()
    await cursor.close()
    return None if row is None else Rating(row[0], row[1], row[2], row[3])


async def write_rating(
    conn: Connection,
    guild_id: int,
    variant: str,
    player_id: int,
    rating: Rating,
    now: datetime,
) -> None:
    await conn.execute(
        "INSERT INTO ratings (guild_id, variant, player_id, rating, deviation, volatility, "
        "games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id, variant, player_id) DO UPDATE SET rating = excluded.rating, "
        "deviation = excluded.deviation, volatility = excluded.volatility, "
        "games = excluded.games, updated_at = excluded.updated_at",
        (
            guild_id,
            variant,
            player_id,
            rating.rating,
            rating.deviation,
            rating.volatility,
            rating.games,
            to_epoch(now),
        ),
    )


class Ratings:
    """Reads of the ``ratings`` table (writes happen inside the game-ending transaction)."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def get(self, guild_id: int, variant: str, player_id: int) -> Rating | None:
        async with self._db.read() as conn:
            return await read_rating(conn, guild_id, variant, player_id)

    async def get_many(
        self, guild_id: int, variant: str, player_ids: Sequence[int]
    ) -> dict[int, Rating]:
        """The ratings of ``player_ids`` in ``variant`` on this server, by player (those
        never rated here are absent): ``PLAYERS_A_READ`` a statement, one read."""
        ids = sorted(set(player_ids))
        found: dict[int, Rating] = {}
        async with self._db.read() as conn:
            for start in range(0, len(ids), PLAYERS_A_READ):
                part = ids[start : start + PLAYERS_A_READ]
                marks = ", ".join("?" * len(part))
                cursor = await conn.execute(
                    "SELECT player_id, rating, deviation, volatility, games FROM ratings "
                    f"WHERE guild_id = ? AND variant = ? AND player_id IN ({marks})",
                    (guild_id, variant, *part),
                )
                rows = await cursor.fetchall()
                found |= {row[0]: Rating(row[1], row[2], row[3], row[4]) for row in rows}
        return found

    async def for_player(self, guild_id: int, player_id: int) -> dict[str, Rating]:
        """The player's rating in each variant on this server."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT variant, rating, deviation, volatility, games FROM ratings "
                "WHERE guild_id = ? AND player_id = ?",
                (guild_id, player_id),
            )
            rows = await cursor.fetchall()
        return {row[0]: Rating(row[1], row[2], row[3], row[4]) for row in rows}

    async def leaderboard(self, guild_id: int, variant: str, limit: int) -> list[RatingEntry]:
        """The server's best-rated players of ``variant``, highest first."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT r.player_id, p.display_name, r.rating, r.deviation, r.volatility, "
                "r.games FROM ratings r JOIN players p ON p.id = r.player_id "
                "WHERE r.guild_id = ? AND r.variant = ? "
                "ORDER BY r.rating DESC, r.games DESC, r.player_id LIMIT ?",
                (guild_id, variant, limit),
            )
            rows = await cursor.fetchall()
        return [RatingEntry(row[0], row[1], Rating(row[2], row[3], row[4], row[5])) for row in rows]


async def rate_game(
    conn: Connection, game: GameRecord, ending: GameEnding, now: datetime, rate: RateFunction
) -> RatingUpdate:
    """Inside the transaction ending ``game``: both players' new ratings after ``ending``,
    written (their locks held until it ends)."""
    seats = (game.white_id, game.black_id)
    await conn.lock(rating_key(game.guild_id, game.variant, player) for player in seats)
    white_old = await read_rating(conn, game.guild_id, game.variant, game.white_id)
    black_old = await read_rating(conn, game.guild_id, game.variant, game.black_id)
    white_new, black_new = rate(white_old, black_old, ending.result)
    await write_rating(conn, game.guild_id, game.variant, game.white_id, white_new, now)
    await write_rating(conn, game.guild_id, game.variant, game.black_id, black_new, now)
    return RatingUpdate(white_old, white_new, black_old, black_new)
