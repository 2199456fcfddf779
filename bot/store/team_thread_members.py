"""Whom Postal added to a vote team's private thread (``team_thread_members``), kept
because Postal cannot list a thread's members (List Thread Members needs the GUILD_MEMBERS
intent, which it does not ask for): the adapter takes out those no longer on the team.
``Teams.set_thread`` forgets them when the team's thread changes."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.database import Database, Statement


class TeamThreadMembers:
    """The ``team_thread_members`` table."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def joined(self, team_id: int, player_ids: Sequence[int]) -> None:
        """Note that Postal added ``player_ids`` to the team's thread."""
        if not player_ids:
            return
        await self._db.write(
            [
                Statement(
                    "INSERT INTO team_thread_members (team_id, player_id) VALUES (?, ?) "
                    "ON CONFLICT (team_id, player_id) DO NOTHING",
                    (team_id, player_id),
                )
                for player_id in dict.fromkeys(player_ids)
            ]
        )

    async def left(self, team_id: int, player_id: int) -> None:
        """Note that Postal took ``player_id`` out of the team's thread."""
        await self._db.write(
            [
                Statement(
                    "DELETE FROM team_thread_members WHERE team_id = ? AND player_id = ?",
                    (team_id, player_id),
                )
            ]
        )

    async def of_team(self, team_id: int) -> tuple[int, ...]:
        """Whom Postal added to the team's thread (and has not taken out), by id."""
        rows = await self._db.fetch(
            "SELECT player_id FROM team_thread_members WHERE team_id = ? ORDER BY player_id",
            (team_id,),
        )
        return tuple(int(row[0]) for row in rows)
