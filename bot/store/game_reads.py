"""Reads of one game: by id, thread or channel (plain or seated), its moves and offers."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.store.game_rows import BY_ID, BY_THREAD, IN_CHANNEL, RECENT, GameTable, recent_from_rows
from bot.store.records import (
    GameRecord,
    MoveRecord,
    Offer,
    OfferKind,
    RecentMove,
    SeatedGame,
    StoredMove,
    from_epoch,
)

# Games whose moves one statement reads (``move_lines``): a parameter each.
GAMES_A_READ = 500


class GameReads(GameTable):
    """One game and what it holds."""

    async def get(self, game_id: int) -> GameRecord | None:
        found = await self._select(BY_ID, (game_id,))
        return found[0] if found else None

    async def get_many(self, game_ids: Sequence[int]) -> dict[int, GameRecord]:
        """The games of ``game_ids`` that exist, by id: ``GAMES_A_READ`` a statement."""
        ids = sorted(set(game_ids))
        found: dict[int, GameRecord] = {}
        for start in range(0, len(ids), GAMES_A_READ):
            part = ids[start : start + GAMES_A_READ]
            marks = ", ".join("?" * len(part))
            found |= {game.id: game for game in await self._select(f"games.id IN ({marks})", part)}
        return found

    async def by_thread(self, thread_id: int) -> GameRecord | None:
        found = await self._select(BY_THREAD, (thread_id,))
        return found[0] if found else None

    async def seated(self, game_id: int, now: datetime) -> SeatedGame | None:
        """Game ``game_id`` with its players and flags (``SeatedGame``), in one statement;
        ``now`` decides which closed DMs still count."""
        found = await self._select_seated(BY_ID, (game_id,), now)
        return found[0] if found else None

    async def seated_by_thread(self, thread_id: int, now: datetime) -> SeatedGame | None:
        """The newest game of the thread, seated (see ``seated``): the thread's own game, or
        a game between servers whose thread in another server it is (``game_places``)."""
        found = await self._select_seated(BY_THREAD, (thread_id,), now)
        if found:
            return found[0]
        rows = await self._db.fetch(
            "SELECT game_id FROM game_places WHERE thread_id = ? ORDER BY id DESC LIMIT 1",
            (thread_id,),
        )
        return await self.seated(int(rows[0][0]), now) if rows else None

    async def seated_in_channel(
        self, player_id: int, channel_id: int, now: datetime
    ) -> list[SeatedGame]:
        """``active_in_channel``, seated (see ``seated``)."""
        return await self._select_seated(
            IN_CHANNEL, (player_id, player_id, channel_id, channel_id), now
        )

    async def active_in_channel(self, player_id: int, channel_id: int) -> list[GameRecord]:
        """The player's active games that live in the channel itself or in its threads."""
        return await self._select(IN_CHANNEL, (player_id, player_id, channel_id, channel_id))

    async def all_ids(self) -> list[int]:
        """Every game's id, in order (checks over the whole database: ``copy-db``)."""
        async with self._db.read() as conn:
            cursor = await conn.execute("SELECT id FROM games ORDER BY id")
            rows = await cursor.fetchall()
        return [int(row[0]) for row in rows]

    async def moves(self, game_id: int, *, from_ply: int = 1) -> list[MoveRecord]:
        """The game's moves from ``from_ply`` on (all by default), in order."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT ply, uci, san, played_at, version FROM moves "
                "WHERE game_id = ? AND ply >= ? ORDER BY ply",
                (game_id, from_ply),
            )
            rows = await cursor.fetchall()
        return [MoveRecord(row[0], row[1], row[2], from_epoch(row[3]), row[4]) for row in rows]

    async def move_line(
        self, game_id: int, *, from_ply: int = 1, to_ply: int | None = None
    ) -> list[StoredMove]:
        """The game's moves from ``from_ply`` on (up to ``to_ply`` if set) as (ply, UCI,
        version): what replaying needs, read without the rest (a long game has thousands)."""
        last = "" if to_ply is None else " AND ply <= ?"
        params = (game_id, from_ply) if to_ply is None else (game_id, from_ply, to_ply)
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT ply, uci, version FROM moves WHERE game_id = ? AND ply >= ?{last} "
                "ORDER BY ply",
                params,
            )
            rows = await cursor.fetchall()
        return [StoredMove(*row) for row in rows]

    async def move_lines(self, game_ids: Sequence[int]) -> dict[int, list[StoredMove]]:
        """Every stored move of each of ``game_ids`` as ``move_line`` reads them, by game id
        (a game without moves absent): ``GAMES_A_READ`` games a statement instead of one.
        The caller bounds the moves: they are all held at once."""
        ids = sorted(set(game_ids))
        lines: dict[int, list[StoredMove]] = {}
        for start in range(0, len(ids), GAMES_A_READ):
            part = ids[start : start + GAMES_A_READ]
            marks = ", ".join("?" * len(part))
            for game_id, ply, uci, version in await self._db.fetch(
                f"SELECT game_id, ply, uci, version FROM moves WHERE game_id IN ({marks}) "
                "ORDER BY game_id, ply",
                part,
            ):
                lines.setdefault(int(game_id), []).append(StoredMove(ply, uci, version))
        return lines

    async def last_moves(self, games: Sequence[GameRecord]) -> dict[int, RecentMove]:
        """The last move of each of ``games`` (those with one), by game id: one statement of
        primary-key lookups, as many as the games a list shows."""
        played = [game for game in games if game.ply > 0][:GAMES_A_READ]
        if not played:
            return {}
        pairs = " OR ".join(["(game_id = ? AND ply = ?)"] * len(played))
        rows = await self._db.fetch(
            f"SELECT game_id, ply, uci, san, chinese FROM moves WHERE {pairs}",
            [value for game in played for value in (game.id, game.ply)],
        )
        return {
            int(game_id): RecentMove(int(ply), str(uci), str(san), chinese)
            for game_id, ply, uci, san, chinese in rows
        }

    async def offers(self, game_id: int) -> list[Offer]:
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT kind, from_player_id, ply, created_at, days FROM offers WHERE game_id = ?",
                (game_id,),
            )
            rows = await cursor.fetchall()
        return [
            Offer(game_id, OfferKind(row[0]), row[1], row[2], from_epoch(row[3]), row[4])
            for row in rows
        ]

    async def recent_moves(self, game_id: int, count: int) -> tuple[RecentMove, ...]:
        """The game's last ``count`` moves, oldest first."""
        async with self._db.read() as conn:
            cursor = await conn.execute(RECENT, (game_id, count))
            rows = await cursor.fetchall()
        return recent_from_rows(rows)
