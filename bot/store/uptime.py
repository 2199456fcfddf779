"""The heartbeat a running Postal keeps in ``bot_state``, and the downtime it reveals.

While Postal runs it writes the time every minute. At the next start the gap since the last
heartbeat is how long nobody could move; ``resume`` gives that time back to every running
clock in the same transaction that records the new heartbeat, so a crash during start-up
can neither lose the credit nor grant it twice.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from bot.store.bot_state import read_value as _get
from bot.store.bot_state import write_value as _set
from bot.store.database import DRIVER_ERRORS, Connection, Database, StoreError
from bot.store.health import explain
from bot.store.records import from_epoch, to_epoch

HEARTBEAT_KEY = "heartbeat_at"
# The last credit given, as "down_since back_at seconds games challenges" (for operators).
LAST_CREDIT_KEY = "downtime_credited"


# A game with weekends off's deadline after a downtime: (down since, back at, the deadline,
# the time zone of its player to move, None: no row) -> the deadline given back. The
# service's (bot.service.uptime) gives the running time back; None adds the gap.
WeekendCredit = Callable[[datetime, datetime, datetime, str | None], datetime]


@dataclass(frozen=True, slots=True)
class DowntimeCredit:
    """Time given back after an outage: ``seconds`` added to ``games`` running deadlines and
    ``challenges`` open challenges' expiry."""

    down_since: datetime
    back_at: datetime
    seconds: int
    games: int
    challenges: int


class Uptime:
    """Reads and writes of the heartbeat; each call is one transaction."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def beat(self, now: datetime) -> None:
        """Record that Postal is running at ``now``."""
        async with self._db.transaction() as conn:
            await _set(conn, HEARTBEAT_KEY, str(to_epoch(now)))

    async def last_beat(self) -> datetime | None:
        """The last heartbeat, or None if Postal never ran on this database."""
        async with self._db.read() as conn:
            value = await _get(conn, HEARTBEAT_KEY)
        return None if value is None else from_epoch(int(value))

    async def resume(
        self, now: datetime, tolerance_seconds: int, weekends: WeekendCredit | None = None
    ) -> DowntimeCredit | None:
        """Start a new run at ``now``: when the last heartbeat is more than
        ``tolerance_seconds`` old, push back by the whole gap every deadline and challenge
        expiry that was still running when the heartbeats stopped (a game with weekends
        off's by ``weekends``). Returns the credit given (None: first run, a short gap, or a
        clock that went backwards). Raises ``StoreError`` when the database cannot be
        written."""
        try:
            return await self._resume(now, tolerance_seconds, weekends)
        except sqlite3.Error as error:  # locked, full, read-only: a start-up failure, explained
            raise StoreError(explain(error, Path(self._db.name))) from error
        except DRIVER_ERRORS as error:  # PostgreSQL: unreachable, read-only, full
            raise StoreError(f"cannot write to the database {self._db.name}: {error}") from error

    async def _resume(
        self, now: datetime, tolerance_seconds: int, weekends: WeekendCredit | None
    ) -> DowntimeCredit | None:
        back_at = to_epoch(now)
        async with self._db.transaction() as conn:
            # Processes starting together: the second reads the first's heartbeat, so the
            # downtime is credited once.
            await conn.lock(["uptime:resume"])
            last = await _get(conn, HEARTBEAT_KEY)
            await _set(conn, HEARTBEAT_KEY, str(back_at))
            if last is None:
                return None
            down_since = int(last)
            gap = back_at - down_since
            if gap <= tolerance_seconds:
                return None
            # Deadlines already past at the last heartbeat were lost while Postal ran.
            games = await conn.execute(
                "UPDATE games SET deadline_at = deadline_at + ?, version = version + 1 "
                "WHERE status = 'active' AND deadline_at > ? AND weekends_off = 0",
                (gap, down_since),
            )
            weekend_games = await _credit_weekends(
                conn, self._db.row_lock, down_since, now, weekends
            )
            challenges = await conn.execute(
                "UPDATE challenges SET expires_at = expires_at + ? "
                "WHERE status = 'open' AND expires_at > ?",
                (gap, down_since),
            )
            credit = DowntimeCredit(
                from_epoch(down_since),
                now,
                gap,
                games.rowcount + weekend_games,
                challenges.rowcount,
            )
            await _set(
                conn,
                LAST_CREDIT_KEY,
                f"{down_since} {back_at} {gap} {credit.games} {credit.challenges}",
            )
        return credit


async def _credit_weekends(
    conn: Connection,
    row_lock: str,
    down_since: int,
    now: datetime,
    weekends: WeekendCredit | None,
) -> int:
    """Give the running games with weekends off their deadlines after the downtime from
    ``down_since`` to ``now`` (``weekends``; None: the gap on the wall clock), their rows
    locked as read (``row_lock``). Returns how many."""
    cursor = await conn.execute(
        "SELECT id, deadline_at, "
        "(SELECT time_zone FROM players WHERE players.id = games.to_move_id) FROM games "
        f"WHERE status = 'active' AND deadline_at > ? AND weekends_off = 1{row_lock}",
        (down_since,),
    )
    since, gap = from_epoch(down_since), now - from_epoch(down_since)
    rows = [
        (
            to_epoch(
                from_epoch(deadline) + gap
                if weekends is None
                else weekends(since, now, from_epoch(deadline), zone)
            ),
            game_id,
        )
        for game_id, deadline, zone in await cursor.fetchall()
    ]
    if rows:
        await conn.executemany(
            "UPDATE games SET deadline_at = ?, version = version + 1 WHERE id = ?", rows
        )
    return len(rows)
