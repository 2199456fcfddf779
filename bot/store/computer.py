"""Games against the computer: their level and the replies the computer owes (its results
are counted with everyone's: ``bot.store.tallies``).

A reply the computer owes is the game itself (active, the computer to move): the human's move
writes it in its own transaction, so nothing is lost in a restart and nothing can disagree
with the game. This module only adds where the computer sits, its level, and a back-off after
an engine failure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.store.database import Database
from bot.store.game_starts import insert_game
from bot.store.outbox import OutboxItem, insert_items
from bot.store.records import GameRecord, NewGame, from_epoch, from_epoch_or_none, to_epoch


@dataclass(frozen=True, slots=True)
class PendingReply:
    """A game waiting for the computer's move: ``requester_id`` is the human in it (the key
    replies are shared fairly by), ``waiting_since`` when the human moved (or the game began)."""

    game_id: int
    ply: int
    level: int
    computer_id: int
    requester_id: int
    waiting_since: datetime
    attempts: int


class ComputerGames:
    """Reads and writes of ``computer_games`` (and the game rows they describe)."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def start(
        self,
        game: NewGame,
        *,
        computer_id: int,
        level: int,
        now: datetime,
        outbox: Sequence[OutboxItem] = (),
    ) -> GameRecord:
        """Create ``game`` against the computer (``computer_id`` is one of its players) at
        ``level``, in one transaction with its ``outbox`` rows. Raises ``ValueError`` for a
        rated game: the computer is never rated against people."""
        if game.rated:
            raise ValueError("a game against the computer is never rated")
        async with self._db.transaction() as conn:
            record = await insert_game(conn, game, now, outbox)
            await conn.execute(
                "INSERT INTO computer_games (game_id, computer_id, level) VALUES (?, ?, ?)",
                (record.id, computer_id, level),
            )
        return record

    async def level_of(self, game_id: int) -> int | None:
        """The computer's level in ``game_id``; None when it is a game between people."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT level FROM computer_games WHERE game_id = ?", (game_id,)
            )
            row = await cursor.fetchone()
        return None if row is None else int(row[0])

    async def pending(
        self, computer_id: int, now: datetime, limit: int, holder: str = ""
    ) -> list[PendingReply]:
        """Active games where the computer ``computer_id`` is to move (read through the
        indexes of a player's games by colour and status, not every game ever played
        against it), no failure holds back until later and no process but ``holder`` has
        claimed (``ClaimKind.COMPUTER_REPLY``), at most ``limit``: every player's longest
        waiting game first (longest waiting player first), then every player's second, and
        so on."""
        async with self._db.read() as conn:
            # Fair across players: each one's k-th longest waiting game ranks k, and rank
            # goes before waiting time, so one player's fifty games do not hold up others.
            # "white or black" is implied by "to move" but is what an index answers
            # (games_white, games_black: no index has to_move_id, which every move changes).
            # CROSS JOIN: SQLite (no statistics) would start from computer_games_player, every
            # game the computer ever played; CROSS JOIN makes it start from the games (to
            # PostgreSQL it is a plain join, planned by its statistics).
            cursor = await conn.execute(
                "SELECT game_id, ply, level, computer_id, requester_id, waiting_since, attempts "
                "FROM (SELECT g.id AS game_id, g.ply AS ply, c.level AS level, "
                "c.computer_id AS computer_id, "
                "CASE WHEN g.white_id = c.computer_id THEN g.black_id ELSE g.white_id END "
                "AS requester_id, g.last_move_at AS waiting_since, "
                "CASE WHEN c.failed_ply = g.ply THEN c.attempts ELSE 0 END AS attempts, "
                "ROW_NUMBER() OVER (PARTITION BY CASE WHEN g.white_id = c.computer_id "
                "THEN g.black_id ELSE g.white_id END ORDER BY g.last_move_at, g.id) AS turn "
                "FROM games AS g CROSS JOIN computer_games AS c "
                "LEFT JOIN claims AS k ON k.kind = 'computer_reply' AND k.item_id = g.id "
                "AND k.holder <> ? AND k.claimed_until > ? "
                "WHERE c.game_id = g.id AND g.status = 'active' "
                "AND (g.white_id = ? OR g.black_id = ?) AND g.to_move_id = ? AND c.computer_id = ? "
                "AND g.damaged_at IS NULL AND k.item_id IS NULL "
                "AND (c.failed_ply IS NULL OR c.failed_ply <> g.ply OR c.retry_at <= ?)) "
                "AS waiting ORDER BY turn, waiting_since, game_id LIMIT ?",
                (holder, now.timestamp(), *[computer_id] * 4, to_epoch(now), limit),
            )
            rows = await cursor.fetchall()
        return [
            PendingReply(
                game_id=int(row[0]),
                ply=int(row[1]),
                level=int(row[2]),
                computer_id=int(row[3]),
                requester_id=int(row[4]),
                waiting_since=from_epoch(row[5]),
                attempts=int(row[6]),
            )
            for row in rows
        ]

    async def next_retry(self, computer_id: int) -> datetime | None:
        """The soonest time a reply held back by a failure may be tried again."""
        async with self._db.read() as conn:
            # "white or black" and CROSS JOIN: for the index, as in ``pending``.
            cursor = await conn.execute(
                "SELECT MIN(c.retry_at) FROM games AS g CROSS JOIN computer_games AS c "
                "WHERE c.game_id = g.id AND g.status = 'active' "
                "AND (g.white_id = ? OR g.black_id = ?) "
                "AND g.to_move_id = ? AND c.computer_id = ? "
                "AND g.damaged_at IS NULL AND c.failed_ply = g.ply",
                [computer_id] * 4,
            )
            row = await cursor.fetchone()
        return from_epoch_or_none(row[0] if row else None)

    async def failed(
        self,
        game_id: int,
        ply: int,
        *,
        retry_at: datetime,
        error: str,
        now: datetime,
        outbox: Sequence[OutboxItem] = (),
    ) -> int:
        """Record that the engine failed on ``game_id`` at ``ply``; not tried again before
        ``retry_at``; ``outbox`` rows (telling the player) written in the same transaction.
        Returns how many times it failed at that ply."""
        async with self._db.transaction() as conn:
            await insert_items(conn, outbox, now)
            cursor = await conn.execute(
                "UPDATE computer_games SET "
                "attempts = CASE WHEN failed_ply = ? THEN attempts + 1 ELSE 1 END, "
                "failed_ply = ?, retry_at = ?, last_error = ? WHERE game_id = ? "
                "RETURNING attempts",
                (ply, ply, to_epoch(retry_at), error[:500], game_id),
            )
            row = await cursor.fetchone()
            await cursor.close()
        return 0 if row is None else int(row[0])
