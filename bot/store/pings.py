"""Pings between players (challenges, draw offers, takeback requests), limited per pair."""

from __future__ import annotations

from datetime import datetime

from bot.store.database import Connection, Database
from bot.store.records import LimitHit, PingKind, PingLimit, SpamLimit, from_epoch, to_epoch


def ping_key(sender_id: int, target_id: int) -> str:
    """The lock (``Connection.lock``) of a pair's ping count, taken before it is read."""
    return f"pings:{sender_id}:{target_id}"


async def take_ping(
    conn: Connection,
    sender_id: int,
    target_id: int,
    kind: PingKind,
    now: datetime,
    limit: PingLimit,
) -> LimitHit | None:
    """Inside a transaction: log a ping from ``sender_id`` to ``target_id`` unless they
    already sent ``limit.count`` within ``limit.window``; then return when the oldest of
    those leaves the window (nothing is logged)."""
    since = to_epoch(now - limit.window)
    await conn.lock([ping_key(sender_id, target_id)])
    cursor = await conn.execute(
        "SELECT COUNT(*), MIN(sent_at) FROM pings "
        "WHERE sender_id = ? AND target_id = ? AND sent_at > ?",
        (sender_id, target_id, since),
    )
    count, oldest = await cursor.fetchone()
    await cursor.close()
    if count >= limit.count:
        retry_at = from_epoch(int(oldest)) + limit.window
        return LimitHit(SpamLimit.PINGS_PER_PAIR, limit.count, retry_at)
    await conn.execute(
        "INSERT INTO pings (sender_id, target_id, kind, sent_at) VALUES (?, ?, ?, ?)",
        (sender_id, target_id, kind.value, to_epoch(now)),
    )
    return None


class Pings:
    """Reads and writes of the ``pings`` log."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def take(
        self, sender_id: int, target_id: int, kind: PingKind, now: datetime, limit: PingLimit
    ) -> LimitHit | None:
        """Log a ping within ``limit`` (one transaction); a ``LimitHit`` when over it."""
        async with self._db.transaction() as conn:
            return await take_ping(conn, sender_id, target_id, kind, now, limit)

    async def purge(self, before: datetime) -> int:
        """Delete pings sent before ``before`` (out of every window); returns how many."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute("DELETE FROM pings WHERE sent_at < ?", (to_epoch(before),))
            return cursor.rowcount
