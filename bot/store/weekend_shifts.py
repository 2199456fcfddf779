"""Deadlines of games with weekends off moved by a stop of their clock (Postal's downtime, a
vacation): the store finds the games and writes them; the service says where each deadline
goes, since only it knows weekends (``bot.service.weekends``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from bot.store.database import Connection
from bot.store.records import from_epoch, to_epoch

# (the clock stopped at, it runs again at, the deadline, the time zone of the player to
# move, None: no row) -> the deadline after the stop. None in its place moves a deadline by
# the stop's length on the wall clock.
WeekendShift = Callable[[datetime, datetime, datetime, str | None], datetime]


async def shift_weekend_deadlines(
    conn: Connection,
    row_lock: str,
    where: tuple[str, Sequence[object]],
    stop: tuple[datetime, datetime],
    shift: WeekendShift | None,
) -> int:
    """Move the deadline of every game with weekends off that ``where`` (SQL over
    ``games``, its parameters) selects for a clock stopped from ``stop[0]`` to ``stop[1]``
    (``shift``), their rows locked as read (``row_lock``). Returns how many."""
    condition, params = where
    cursor = await conn.execute(
        "SELECT id, deadline_at, "
        "(SELECT time_zone FROM players WHERE players.id = games.to_move_id) FROM games "
        f"WHERE weekends_off = 1 AND deadline_at IS NOT NULL AND {condition}{row_lock}",
        params,
    )
    stopped, resumes = stop
    rows = [
        (
            to_epoch(
                from_epoch(deadline) + (resumes - stopped)
                if shift is None
                else shift(stopped, resumes, from_epoch(deadline), zone)
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
