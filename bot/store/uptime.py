"""The heartbeat a running Postal keeps in ``bot_state``, and the downtime it reveals.

While Postal runs it writes the time every minute. At the next start the gap since the last
heartbeat is how long nobody could move; ``resume`` gives that time back to every running
clock in the same transaction that records the new heartbeat, so a crash during start-up
can neither lose the credit nor grant it twice.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from bot.store.bot_state import read_value as _get
from bot.store.bot_state import write_value as _set
from bot.store.database import DRIVER_ERRORS, Database, StoreError
from bot.store.health import explain
from bot.store.records import from_epoch, to_epoch
from bot.store.weekend_shifts import WeekendShift, shift_weekend_deadlines

HEARTBEAT_KEY = "heartbeat_at"
# The last credit given, as "down_since back_at seconds games challenges" (for operators).
LAST_CREDIT_KEY = "downtime_credited"


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
        self, now: datetime, tolerance_seconds: int, weekends: WeekendShift | None = None
    ) -> DowntimeCredit | None:
        """Start a new run at ``now``: when the last heartbeat is more than
        ``tolerance_seconds`` old, push back by the whole gap every deadline and challenge
        expiry that was still running when the heartbeats stopped (a game with weekends
        off's by ``weekends``). Returns the credit given (None: first run, a short gap, or a
        clock that went backwards). Raises ``StoreUnavailable`` when the database cannot be
        used now (an SQLite file locked past the busy timeout, a PostgreSQL server that
        cannot be reached or was lost: start-up waits and tries again), ``StoreError`` when
        it cannot be written (read-only, full, refused)."""
        try:
            return await self._resume(now, tolerance_seconds, weekends)
        except sqlite3.Error as error:  # locked, full, read-only: a start-up failure, explained
            raise StoreError(explain(error, Path(self._db.name))) from error
        # StoreUnavailable passes as it is: PostgreSQL's driver errors for an unreachable or
        # lost server are mapped to it by the connection (``postgres.store_error``).
        except DRIVER_ERRORS as error:  # PostgreSQL: read-only, a statement refused
            raise StoreError(f"cannot write to the database {self._db.name}: {error}") from error

    async def _resume(
        self, now: datetime, tolerance_seconds: int, weekends: WeekendShift | None
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
            weekend_games = await shift_weekend_deadlines(
                conn,
                self._db.row_lock,
                ("status = 'active' AND deadline_at > ?", (down_since,)),
                (from_epoch(down_since), now),
                weekends,
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
