"""Leases on gateway shards: one process serves a shard at a time.

Two bot processes on the same shards (a rolling deploy, ``--scale 2``, a second copy started
by mistake) would both receive every command of those shards and answer each twice, and each
would end the other's outbox claims at start-up as its own previous run's. So a process leases
its shards in the database before connecting: a row per shard with its owner and the lease's
end, renewed while it runs, deleted when it stops. Shard ``ALL_SHARDS`` (-1) stands for every
shard (a process without ``SHARD_IDS``): it conflicts with every other row, and every row with
it. A lease not renewed (a killed or frozen process) expires and may be taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.store.database import Database

ALL_SHARDS = -1


@dataclass(frozen=True, slots=True)
class ShardLease:
    """A lease someone holds: ``shard`` (``ALL_SHARDS``: every one) is ``owner``'s until
    ``expires_at`` (epoch seconds)."""

    shard: int
    owner: str
    expires_at: float


class ShardLeases:
    """Taking, renewing and releasing the rows of ``shard_leases``."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def take(
        self,
        shards: Sequence[int],
        owner: str,
        now: float,
        until: float,
        *,
        dead: Sequence[str] = (),
    ) -> list[ShardLease]:
        """Lease ``shards`` to ``owner`` until ``until`` unless another owner's lease on any
        of them (or on ``ALL_SHARDS``, or on any shard if ``shards`` is ``ALL_SHARDS``)
        runs at ``now``: then nothing is written and those leases are returned. Empty: all
        are ``owner``'s now. Leases of ``dead`` owners (known to have exited) count as
        expired. One transaction; processes taking at once take turns."""
        wanted = sorted(set(shards))
        marks = ", ".join("?" * len(wanted))
        # Every shard conflicts with every row; a shard with its own row and every-shard's.
        which = "" if ALL_SHARDS in wanted else f" AND shard IN ({marks}, ?)"
        params: tuple[object, ...] = () if ALL_SHARDS in wanted else (*wanted, ALL_SHARDS)
        if dead:
            which += f" AND owner NOT IN ({', '.join('?' * len(dead))})"
            params = (*params, *dead)
        async with self._db.transaction() as conn:
            await conn.lock(["shard_leases"])
            cursor = await conn.execute(
                "SELECT shard, owner, expires_at FROM shard_leases WHERE owner <> ? "
                f"AND expires_at > ?{which} ORDER BY shard",
                (owner, now, *params),
            )
            held = [ShardLease(int(r[0]), str(r[1]), float(r[2])) for r in await cursor.fetchall()]
            await cursor.close()
            if held:
                return held
            await conn.executemany(
                "INSERT INTO shard_leases (shard, owner, expires_at) VALUES (?, ?, ?) "
                "ON CONFLICT (shard) DO UPDATE SET owner = excluded.owner, "
                "expires_at = excluded.expires_at",
                [(shard, owner, until) for shard in wanted],
            )
        return []

    async def renew(self, shards: Sequence[int], owner: str, until: float) -> bool:
        """Extend ``owner``'s leases on ``shards`` until ``until``; False when one of them
        is no longer ``owner``'s (it expired and another process took it)."""
        wanted = sorted(set(shards))
        marks = ", ".join("?" * len(wanted))
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                f"UPDATE shard_leases SET expires_at = ? WHERE owner = ? AND shard IN ({marks})",
                (until, owner, *wanted),
            )
            return cursor.rowcount == len(wanted)

    async def release(self, owner: str) -> None:
        """End every lease of ``owner`` now (a clean stop: the next process starts at once)."""
        async with self._db.transaction() as conn:
            await conn.execute("DELETE FROM shard_leases WHERE owner = ?", (owner,))
