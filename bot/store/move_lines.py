"""The stored moves of many games read at once, for replaying them together (the clock's
time-outs after an outage: one read for a batch of games instead of one a game)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.database import Database
from bot.store.records import StoredMove

# Games a statement: one parameter each, well inside either database's limit.
GAMES_A_READ = 500


class MoveLines:
    """Reads of ``moves`` for several games at once."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def of_games(self, game_ids: Sequence[int]) -> dict[int, list[StoredMove]]:
        """Every stored move of each of ``game_ids`` as (ply, UCI, version), in order, by
        game id (a game without moves is absent); ``GAMES_A_READ`` games a statement. The
        caller bounds the moves: they are all held in memory at once."""
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
