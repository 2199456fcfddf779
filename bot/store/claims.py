"""Claims on the clock's work: with several processes on one database, each due item (a
game to time out, a reminder to hand over, a thread to archive, an old board to edit) is
taken by one process, for a lease that expires.

A claim is a row ``(kind, item_id)`` holding its holder and the end of its lease. Taking
it is one upsert: a new row, or an old one whose lease has ended (or whose holder is the
taker: a process may take its own items again after a failed round). Two processes taking
the same item at once are settled by the primary key: PostgreSQL makes the second upsert
wait for the first's commit and then finds the lease running; SQLite has one writer at a
time. A clock claim is never released early: the work it covers is done (the item is no
longer due) or failed, and then the lease running out lets any process try again. A computer
reply's claim is released when the reply is done (``release``): the same game is due again
at its next ply, and whichever process is free then may take it.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from bot.store.database import Database

# Items claimed by one statement: 4 parameters each, well inside PostgreSQL's 32,767.
TAKE_BATCH = 1000


class ClaimKind(Enum):
    """What a claim is on (the item id is of that kind's table)."""

    TIME_OUT = "time_out"  # games.id
    REMINDER = "reminder"  # games.id
    ARCHIVE = "archive"  # games.id: the finished game's thread
    THREAD = "thread"  # games.id: the running game's thread kept active
    BOARD = "board"  # board_retirements' message id
    COMPUTER_REPLY = "computer_reply"  # games.id: the computer's move being thought
    ANALYSIS = "analysis"  # games.id: the game's analysis being searched
    VOTE_CLOSE = "vote_close"  # teams.id: the team's voting window being closed
    # Discord's IDENTIFY bucket (shard_id % max_concurrency): a turn to start a gateway
    # session, held for Discord's window and never released (``bot.service.identify_turns``).
    IDENTIFY = "identify"


class Claims:
    """Taking and forgetting claims of the ``claims`` table."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def take(
        self,
        kind: ClaimKind,
        item_ids: Sequence[int],
        holder: str,
        now: float,
        until: float,
        *,
        sync_outside_lock: bool = False,
    ) -> set[int]:
        """Claim those of ``item_ids`` that nobody else holds at ``now`` for ``holder``,
        until ``until`` (epoch seconds); returns the ids taken. ``TAKE_BATCH`` ids a
        statement and a transaction, however many are due (PostgreSQL refuses a statement
        of more than 32,767 parameters). ``sync_outside_lock``: see
        ``Database.transaction``."""
        ids = sorted(set(item_ids))
        taken: set[int] = set()
        for start in range(0, len(ids), TAKE_BATCH):
            part = ids[start : start + TAKE_BATCH]
            taken |= await self._take(kind, part, holder, now, until, sync_outside_lock)
        return taken

    async def _take(
        self,
        kind: ClaimKind,
        ids: Sequence[int],
        holder: str,
        now: float,
        until: float,
        sync_outside_lock: bool,
    ) -> set[int]:
        values = ", ".join("(?, ?, ?, ?)" for _ in ids)
        params: list[object] = []
        for item_id in ids:
            params += [kind.value, item_id, holder, until]
        async with self._db.transaction(sync_outside_lock=sync_outside_lock) as conn:
            cursor = await conn.execute(
                f"INSERT INTO claims (kind, item_id, holder, claimed_until) VALUES {values} "
                "ON CONFLICT (kind, item_id) DO UPDATE SET holder = excluded.holder, "
                "claimed_until = excluded.claimed_until "
                "WHERE claims.claimed_until <= ? OR claims.holder = excluded.holder "
                "RETURNING item_id",
                [*params, now],
            )
            rows = await cursor.fetchall()
        return {int(row[0]) for row in rows}

    async def held_until(self, kind: ClaimKind, item_ids: Sequence[int]) -> dict[int, float]:
        """When each of ``item_ids``' claims of ``kind`` ends (epoch seconds), for those
        claimed; ``TAKE_BATCH`` ids a statement."""
        ids = sorted(set(item_ids))
        held: dict[int, float] = {}
        for start in range(0, len(ids), TAKE_BATCH):
            part = ids[start : start + TAKE_BATCH]
            marks = ", ".join("?" * len(part))
            for item_id, until in await self._db.fetch(
                "SELECT item_id, claimed_until FROM claims "
                f"WHERE kind = ? AND item_id IN ({marks})",
                [kind.value, *part],
            ):
                held[int(item_id)] = float(until)
        return held

    async def release(self, kind: ClaimKind, item_id: int, holder: str) -> bool:
        """End ``holder``'s claim on ``item_id`` now; whether it held one."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM claims WHERE kind = ? AND item_id = ? AND holder = ?",
                (kind.value, item_id, holder),
            )
            return bool(cursor.rowcount)

    async def purge(self, before: float) -> int:
        """Forget claims whose lease ended before ``before``; returns how many. Turns to
        IDENTIFY are kept: one row a bucket, timed by the wall clock rather than the
        caller's (which tests move by hand, days ahead)."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM claims WHERE claimed_until < ? AND kind <> ?",
                (before, ClaimKind.IDENTIFY.value),
            )
            return cursor.rowcount
