"""Lists over a player's games: the active ones, the finished ones (their results are counted
in ``bot.store.tallies``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.game_rows import GameTable
from bot.store.records import GameRecord, to_epoch

# An untimed game's place by deadline: after every timed one (the largest 64-bit integer).
UNTIMED_LAST = 2**63 - 1
# The expressions of migration 44's indexes, written as they are there (the databases match
# an expression index by its text or its tree): a game's deadline, untimed last, and the
# player waiting for the one to move.
_DUE = f"COALESCE(deadline_at, {UNTIMED_LAST})"
_WAITING = "(CASE WHEN to_move_id = white_id THEN black_id ELSE white_id END)"
# A game on a server: its own place's, or one of its other places' (a club match between
# servers: ``game_places``, probed by its (game_id, guild_id) key). Parameters: the server
# twice.
_ON_SERVER = (
    " AND (guild_id = ? OR EXISTS (SELECT 1 FROM game_places p "
    "WHERE p.game_id = games.id AND p.guild_id = ?))"
)


@dataclass(frozen=True, order=True, slots=True)
class ActiveKey:
    """A game's place in a player's list of active games: their move first (``waiting``
    False), then the most urgent deadline (epoch seconds, ``UNTIMED_LAST`` for none), then
    the id. A page starts after the key of the last game shown."""

    waiting: bool
    deadline: int
    game_id: int

    @classmethod
    def of(cls, game: GameRecord, player_id: int) -> ActiveKey:
        due = UNTIMED_LAST if game.deadline_at is None else to_epoch(game.deadline_at)
        return cls(game.to_move_id != player_id, due, game.id)


class GameLists(GameTable):
    """A player's games, listed."""

    async def active_for_player(
        self, player_id: int, guild_id: int | None = None
    ) -> list[GameRecord]:
        """The player's active games (on one server if ``guild_id`` is set: living there,
        or with a place there, ``_ON_SERVER``)."""
        if guild_id is None:
            return await self._select(
                "status = 'active' AND (white_id = ? OR black_id = ?) ORDER BY id",
                (player_id, player_id),
            )
        return await self._select(
            f"status = 'active' AND (white_id = ? OR black_id = ?){_ON_SERVER} ORDER BY id",
            (player_id, player_id, guild_id, guild_id),
        )

    async def active_page(
        self, player_id: int, guild_id: int | None, after: ActiveKey | None, limit: int
    ) -> list[GameRecord]:
        """Up to ``limit`` of the player's active games after ``after`` (None: from the
        first) in ``ActiveKey`` order, on one server if ``guild_id`` is set: a LIMIT down
        each side of the turn's index (migration 44), however many games the player has."""
        branches: list[str] = []
        params: list[object] = []
        for waiting, seat in ((False, "to_move_id"), (True, _WAITING)):
            if after is not None and after.waiting and not waiting:
                continue  # past every game where it is their move
            where, params = f"status = 'active' AND {seat} = ?", [*params, player_id]
            if guild_id is not None:
                where, params = where + _ON_SERVER, [*params, guild_id, guild_id]
            if after is not None and after.waiting == waiting:
                # (due, id) > (deadline, id), written so that the index's range serves it.
                where += f" AND {_DUE} >= ? AND ({_DUE} > ? OR id > ?)"
                params += [after.deadline, after.deadline, after.game_id]
            branches.append(
                f"SELECT id FROM (SELECT id FROM games WHERE {where} "
                f"ORDER BY {_DUE}, id LIMIT ?) AS page"
            )
            params.append(limit)
        games = await self._select(f"id IN ({' UNION ALL '.join(branches)})", params)
        return sorted(games, key=lambda game: ActiveKey.of(game, player_id))[:limit]

    async def active_here(
        self, guild_id: int, channel_id: int, thread_id: int | None, limit: int
    ) -> list[GameRecord]:
        """Up to ``limit`` active games living in a place, newest first: the game of the
        thread ``thread_id``, or those of the channel ``channel_id`` (index games_channel)."""
        if thread_id is not None:
            return await self._select(
                "status = 'active' AND thread_id = ? AND guild_id = ? ORDER BY id DESC LIMIT ?",
                (thread_id, guild_id, limit),
            )
        return await self._select(
            "status = 'active' AND channel_id = ? AND guild_id = ? ORDER BY id DESC LIMIT ?",
            (channel_id, guild_id, limit),
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
                where += _ON_SERVER
                params += [guild_id, guild_id]
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
