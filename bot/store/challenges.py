"""Challenges: created, then accepted (starting a game), declined, cancelled or expired."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, Literal

from bot.store.database import Connection, Database
from bot.store.outbox import OutboxItem, insert_items
from bot.store.outbox_facts import ChallengeFacts, OutboxTarget
from bot.store.pings import ping_key, take_ping
from bot.store.records import (
    Challenge,
    ChallengeLimits,
    ChallengeStatus,
    LimitHit,
    PingKind,
    SameChallengeOpen,
    SpamLimit,
    from_epoch,
    to_epoch,
)

# Challenges one transaction expires (after an outage thousands may be due at once).
EXPIRY_BATCH = 500
_COLUMNS = (
    "id, guild_id, channel_id, message_id, challenger_id, opponent_id, variant, color, "
    "days_per_move, rated, start_fen, status, created_at, expires_at, game_id, thread_id, "
    "untimed, increment_days, cap_days, weekends_off"
)
# The open challenge the same as a new one (the same players and terms; an open challenge
# in the same place), if any.
_SAME_OPEN = (
    f"SELECT {_COLUMNS} FROM challenges WHERE status = 'open' AND expires_at > ? "
    "AND challenger_id = ? AND opponent_id IS NOT DISTINCT FROM ? AND variant = ? "
    "AND color = ? AND days_per_move = ? AND rated = ? "
    "AND start_fen IS NOT DISTINCT FROM ? AND untimed = ? "
    "AND increment_days IS NOT DISTINCT FROM ? AND cap_days IS NOT DISTINCT FROM ? "
    "AND weekends_off = ? "
    "AND (opponent_id IS NOT NULL OR (channel_id = ? AND thread_id IS NOT DISTINCT FROM ?)) "
    "ORDER BY id LIMIT 1"
)
_INSERT = (
    "INSERT INTO challenges (guild_id, channel_id, thread_id, challenger_id, "
    "opponent_id, variant, color, days_per_move, rated, start_fen, created_at, "
    "expires_at, untimed, increment_days, cap_days, weekends_off) "
    f"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING {_COLUMNS}"
)


def challenge_from_row(row: Any) -> Challenge:
    return Challenge(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        message_id=row[3],
        challenger_id=row[4],
        opponent_id=row[5],
        variant=row[6],
        color=row[7],
        days_per_move=row[8],
        rated=bool(row[9]),
        start_fen=row[10],
        status=ChallengeStatus(row[11]),
        created_at=from_epoch(row[12]),
        expires_at=from_epoch(row[13]),
        game_id=row[14],
        thread_id=row[15],
        untimed=bool(row[16]),
        increment_days=row[17],
        cap_days=row[18],
        weekends_off=bool(row[19]),
    )


class Challenges:
    """Reads and writes of the ``challenges`` table (accepting lives in ``Games``)."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        thread_id: int | None = None,
        challenger_id: int,
        opponent_id: int | None,
        variant: str,
        color: str,
        days_per_move: int,
        rated: bool,
        start_fen: str | None,
        now: datetime,
        expires_at: datetime,
        limits: ChallengeLimits | None = None,
        untimed: bool = False,
        increment_days: int | None = None,
        cap_days: int | None = None,
        weekends_off: bool = False,
        outbox: Callable[[int], Sequence[OutboxItem]] | None = None,
    ) -> Challenge | LimitHit | SameChallengeOpen:
        """Create an open challenge, unless the same one is still open (the same players and
        settings; for an open challenge, in the same place: ``SameChallengeOpen`` names it) or
        one of ``limits`` refuses it (the ``LimitHit`` says which); then nothing is written.
        Checked and written in one transaction, so simultaneous challenges cannot slip past
        these checks together; with the ``outbox`` rows (given the new challenge's id: its
        invitation to another server)."""
        # Who plays what: the columns a challenge the same as this one has the same values in.
        terms = (challenger_id, opponent_id, variant, color, days_per_move, int(rated), start_fen)
        bank = (increment_days, cap_days, int(weekends_off))
        async with self._db.transaction() as conn:
            # What the checks read: the challenger's open challenges, the target's, the
            # pair's pings. Simultaneous challenges by one player, or to one player, take
            # turns here; others go on side by side.
            await conn.lock(_challenge_keys(challenger_id, opponent_id))
            cursor = await conn.execute(
                _SAME_OPEN,
                (to_epoch(now), *terms, int(untimed), *bank, channel_id, thread_id),
            )
            same = await cursor.fetchone()
            await cursor.close()
            if same is not None:
                return SameChallengeOpen(challenge_from_row(same))
            if limits is not None:
                hit = await _over_limits(conn, challenger_id, opponent_id, now, limits)
                if hit is not None:
                    return hit
            when = (to_epoch(now), to_epoch(expires_at))
            cursor = await conn.execute(
                _INSERT, (guild_id, channel_id, thread_id, *terms, *when, int(untimed), *bank)
            )
            row = await cursor.fetchone()
            await cursor.close()
            made = challenge_from_row(row)
            if outbox is not None:
                await insert_items(conn, outbox(made.id), now)
        return made

    async def get(self, challenge_id: int) -> Challenge | None:
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_COLUMNS} FROM challenges WHERE id = ?", (challenge_id,)
            )
            row = await cursor.fetchone()
        return None if row is None else challenge_from_row(row)

    async def close(self, challenge_id: int, status: ChallengeStatus) -> bool:
        """Move an open challenge to ``status``; False if it was no longer open."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'",
                (status.value, challenge_id),
            )
            return cursor.rowcount == 1

    async def set_message(self, challenge_id: int, message_id: int, now: datetime) -> bool:
        """Store the id of the message showing the challenge. If the challenge expired before
        its id was known (``expire_due`` then had no message to edit), the edit removing its
        buttons is queued now, in the same transaction; returns whether it was."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE challenges SET message_id = ? WHERE id = ? RETURNING status",
                (message_id, challenge_id),
            )
            row = await cursor.fetchone()
            await cursor.close()
            if row is None or row[0] != ChallengeStatus.EXPIRED.value:
                return False
            edit = _expired_edit(challenge_id)
            return await insert_items(conn, [edit], now) == 1

    async def expire_due(self, now: datetime) -> list[Challenge]:
        """Mark open challenges past their expiry as expired and return them; the edit that
        removes a posted challenge's buttons is an outbox row of the same transaction.
        ``EXPIRY_BATCH`` a transaction, however many are due (after an outage)."""
        expired: list[Challenge] = []
        while batch := await self._expire_some(now):
            expired += batch
            if len(batch) < EXPIRY_BATCH:
                break
        return expired

    async def _expire_some(self, now: datetime) -> list[Challenge]:
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                # Another process expiring at once takes other rows (PostgreSQL skips the
                # locked ones); the status is checked again on the row as last committed.
                "UPDATE challenges SET status = 'expired' WHERE status = 'open' AND id IN "
                "(SELECT id FROM challenges WHERE status = 'open' AND expires_at <= ? "
                f"ORDER BY expires_at, id LIMIT ?{self._db.claim_lock}) RETURNING {_COLUMNS}",
                (to_epoch(now), EXPIRY_BATCH),
            )
            rows = await cursor.fetchall()
            await cursor.close()
            expired = [challenge_from_row(row) for row in rows]
            edits = [
                _expired_edit(challenge.id)
                for challenge in expired
                if challenge.message_id is not None
            ]
            await insert_items(conn, edits, now)
        return expired

    async def purge(self, before: datetime) -> int:
        """Delete answered, withdrawn and expired challenges whose 48 hours ended before
        ``before`` (open ones are expired first); returns how many."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM challenges WHERE status <> 'open' AND expires_at < ?",
                (to_epoch(before),),
            )
            return cursor.rowcount

    async def next_expiry(self) -> datetime | None:
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT MIN(expires_at) FROM challenges WHERE status = 'open'"
            )
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else from_epoch(row[0])

    async def open_in(self, guild_id: int, channel_id: int) -> list[Challenge]:
        """Open challenges made in the channel ``channel_id`` of ``guild_id``, oldest first."""
        return await self._open_where("guild_id = ? AND channel_id = ?", (guild_id, channel_id))

    async def open_for(self, player_id: int) -> list[Challenge]:
        """Open challenges the player made or received."""
        return await self._open_where(
            "(challenger_id = ? OR opponent_id = ?)", (player_id, player_id)
        )

    async def open_to(self, player_id: int, guild_id: int | None, limit: int) -> list[Challenge]:
        """Up to ``limit`` open challenges addressed to the player (on one server if
        ``guild_id`` is set), soonest to expire first (index challenges_open_opponent)."""
        if guild_id is None:
            return await self._open_where(
                "opponent_id = ?", (player_id,), order="expires_at, id", limit=limit
            )
        return await self._open_where(
            "opponent_id = ? AND guild_id = ?",
            (player_id, guild_id),
            order="expires_at, id",
            limit=limit,
        )

    async def _open_where(
        self,
        condition: str,
        params: tuple[int, ...],
        *,
        order: str = "id",
        limit: int | None = None,
    ) -> list[Challenge]:
        bounded = "" if limit is None else f" LIMIT {int(limit)}"
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_COLUMNS} FROM challenges WHERE status = 'open' "
                f"AND {condition} ORDER BY {order}{bounded}",
                params,
            )
            rows = await cursor.fetchall()
        return [challenge_from_row(row) for row in rows]


def _challenge_keys(challenger_id: int, opponent_id: int | None) -> list[str]:
    keys = [f"challenges-by:{challenger_id}"]
    if opponent_id is not None:
        keys += [f"challenges-to:{opponent_id}", ping_key(challenger_id, opponent_id)]
    return keys


def _expired_edit(challenge_id: int) -> OutboxItem:
    """The outbox row that edits an expired challenge's message (its buttons go)."""
    return OutboxItem(
        OutboxTarget.MESSAGE,
        ChallengeFacts("expired"),
        challenge_id=challenge_id,
        dedupe_key=f"challenge:{challenge_id}:expired",
    )


async def _over_limits(
    conn: Connection,
    challenger_id: int,
    opponent_id: int | None,
    now: datetime,
    limits: ChallengeLimits,
) -> LimitHit | None:
    """The first of ``limits`` a new challenge would break (logging its ping if none)."""
    if await _open_count(conn, "challenger_id", challenger_id, now) >= limits.open_by_challenger:
        return LimitHit(SpamLimit.OPEN_BY_CHALLENGER, limits.open_by_challenger)
    if opponent_id is None:
        return None
    if await _open_count(conn, "opponent_id", opponent_id, now) >= limits.open_to_target:
        return LimitHit(SpamLimit.OPEN_TO_TARGET, limits.open_to_target)
    return await take_ping(conn, challenger_id, opponent_id, PingKind.CHALLENGE, now, limits.pings)


async def _open_count(
    conn: Connection,
    column: Literal["challenger_id", "opponent_id"],
    player_id: int,
    now: datetime,
) -> int:
    """Pending (open, unexpired) challenges the player made or received, by ``column``."""
    cursor = await conn.execute(
        f"SELECT COUNT(*) FROM challenges WHERE status = 'open' AND {column} = ? "
        "AND expires_at > ?",
        (player_id, to_epoch(now)),
    )
    row = await cursor.fetchone()
    await cursor.close()
    return int(row[0]) if row else 0
