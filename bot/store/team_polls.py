"""Vote chess's Discord polls (``team_polls``): which poll message asks which team's turn,
and its answers' moves, so a vote cast in the poll counts as the member's vote."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.store.database import Database, Statement


@dataclass(frozen=True, slots=True)
class TeamPoll:
    """A poll of ``team_id``'s nominations at ``ply``: answer n (from 1) is ``moves[n - 1]``
    (UCI)."""

    message_id: int
    channel_id: int
    team_id: int
    ply: int
    moves: tuple[str, ...]

    def move_of(self, answer_id: int) -> str | None:
        """The move of answer ``answer_id``; None for an answer the poll does not have."""
        return self.moves[answer_id - 1] if 1 <= answer_id <= len(self.moves) else None


class TeamPolls:
    """The ``team_polls`` table."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def add(self, poll: TeamPoll) -> None:
        await self._db.write(
            [
                Statement(
                    "INSERT INTO team_polls (message_id, channel_id, team_id, ply, moves) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (
                        poll.message_id,
                        poll.channel_id,
                        poll.team_id,
                        poll.ply,
                        " ".join(poll.moves),
                    ),
                )
            ]
        )

    async def get(self, message_id: int) -> TeamPoll | None:
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM team_polls WHERE message_id = ?", (message_id,)
        )
        return _poll(rows[0]) if rows else None

    async def count(self, team_id: int, ply: int) -> int:
        """How many polls ``team_id`` has of its turn at ``ply``."""
        rows = await self._db.fetch(
            "SELECT COUNT(*) FROM team_polls WHERE team_id = ? AND ply = ?", (team_id, ply)
        )
        return int(rows[0][0])

    async def take_ended(self, team_id: int, open_ply: int | None) -> list[TeamPoll]:
        """Take (delete and return) ``team_id``'s polls of turns other than ``open_ply``
        (None: every turn): their window closed, so they end."""
        rows = await self._db.write(
            [
                Statement(
                    f"DELETE FROM team_polls WHERE team_id = ? AND ply <> ? RETURNING {_COLUMNS}",
                    (team_id, -1 if open_ply is None else open_ply),
                )
            ]
        )
        return [_poll(row) for row in (rows[0] if rows else [])]


_COLUMNS = "message_id, channel_id, team_id, ply, moves"


def _poll(row: Any) -> TeamPoll:
    values = tuple(row)
    return TeamPoll(
        int(values[0]),
        int(values[1]),
        int(values[2]),
        int(values[3]),
        tuple(str(values[4]).split()),
    )
