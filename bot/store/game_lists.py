"""Lists over a player's games: the active ones, the finished ones (their results are counted
in ``bot.store.tallies``)."""

from __future__ import annotations

from bot.store.game_rows import GameTable
from bot.store.records import GameRecord


class GameLists(GameTable):
    """A player's games, listed."""

    async def active_for_player(
        self, player_id: int, guild_id: int | None = None
    ) -> list[GameRecord]:
        """The player's active games (on one server if ``guild_id`` is set)."""
        if guild_id is None:
            return await self._select(
                "status = 'active' AND (white_id = ? OR black_id = ?) ORDER BY id",
                (player_id, player_id),
            )
        return await self._select(
            "status = 'active' AND (white_id = ? OR black_id = ?) AND guild_id = ? ORDER BY id",
            (player_id, player_id, guild_id),
        )

    async def finished_for_player(
        self, player_id: int, guild_id: int | None, limit: int
    ) -> list[GameRecord]:
        """The player's ``limit`` newest finished games, newest first (on one server if
        ``guild_id`` is set): the newest ``limit`` down each colour's index
        (games_white_finished, games_black_finished), however many the player has."""
        newest = []
        params: list[object] = []
        for seat in ("white_id", "black_id"):
            where = f"status = 'finished' AND {seat} = ?"
            params.append(player_id)
            if guild_id is not None:
                where += " AND guild_id = ?"
                params.append(guild_id)
            newest.append(
                f"SELECT id FROM (SELECT id FROM games WHERE {where} "
                "ORDER BY finished_at DESC, id DESC LIMIT ?) AS newest"
            )
            params.append(limit)
        params.append(limit)
        return await self._select(
            f"id IN ({newest[0]} UNION ALL {newest[1]}) ORDER BY finished_at DESC, id DESC LIMIT ?",
            params,
        )
