"""When the clock must next look at each active game (migration 0033): one index answers
"what is due" and "when is the next thing due", however many games there are.

A game's next look is ``clock_next_at``, written by the clock for the deadline it was worked
out for (``clock_deadline``); when the deadline has moved since (a move, /moretime, a
vacation…), it is ``LOOK_HORIZON`` before the deadline, before which no reminder or time-out
can fall (a reminder over a weekend included). The writes that move deadlines need not know of this.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.store.database import Database
from bot.store.game_rows import game_columns, game_from_row
from bot.store.records import GameRecord, from_epoch, from_epoch_or_none, to_epoch

# The widest reminder the clock may send: hours of the player's clock before a deadline.
REMINDER_HORIZON = timedelta(hours=48)
# The longest weekend a clock with weekends off stops for, on the wall clock: two days and
# the two hours of the widest daylight-saving change in the tz database (Antarctica/Troll's).
LONGEST_WEEKEND = timedelta(hours=50)
# How long before its deadline a game's first reminder can fall on the wall clock: the
# widest reminder counted back over a weekend (games with weekends off, migration 0059).
# The index's expression holds it as a number (352800 s): a wider one needs a migration of
# games_clock_next.
LOOK_HORIZON = REMINDER_HORIZON + LONGEST_WEEKEND
# games_clock_next's expression, as the index has it (SQLite uses an index on an expression
# only for the very same expression), and its rows.
NEXT_LOOK = (
    "(CASE WHEN clock_deadline = deadline_at THEN clock_next_at "
    f"ELSE deadline_at - {int(LOOK_HORIZON.total_seconds())} END)"
)
LOOKED_AT = "status = 'active' AND damaged_at IS NULL AND deadline_at IS NOT NULL"


@dataclass(frozen=True, slots=True)
class ClockLook:
    """An active game the clock must look at now: ``hours`` its player to move chose for
    reminders (None: the default), ``sent`` those already sent for its current deadline;
    ``key`` orders the looks (``ClockLooks.due``'s ``after``); ``time_zone`` the player to
    move's (None: no row), whose weekends stop the clock of a game with weekends off."""

    game: GameRecord
    hours: tuple[int, ...] | None
    sent: frozenset[int]
    key: tuple[int, int]
    time_zone: str | None = None
    # When the player to move is a vote chess team: its open window's close (None: none
    # open), which its reminders count back from instead of the game's deadline.
    window_closes_at: datetime | None = None


class ClockLooks:
    """Reads and writes of the clock's next look at each game (``games_clock_next``)."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def next_look(self) -> datetime | None:
        """When the clock must next look at some active game (None: no timed game)."""
        rows = await self._db.fetch(
            f"SELECT {NEXT_LOOK} FROM games WHERE {LOOKED_AT} ORDER BY {NEXT_LOOK}, id LIMIT 1"
        )
        return from_epoch(rows[0][0]) if rows else None

    async def due(
        self, now: datetime, after: tuple[int, int] | None, limit: int
    ) -> list[ClockLook]:
        """At most ``limit`` games to look at ``now`` (not yet past their deadline: those are
        time-outs), in the order of their look, from after ``after`` (a ``ClockLook.key``)."""
        moment = to_epoch(now)
        last, last_id = after if after is not None else (-(1 << 62), 0)
        # "deadline_at + 0": the deadline's condition is a filter, never the way in. As a
        # bare column PostgreSQL took it through games_active_deadline, every active game
        # not past its deadline (it multiplies "active", "has a deadline" and the range as
        # if unrelated, and expected 1 % of them): 19,727 rows read for 4 at 200,000 games,
        # 117 ms (tests/store/test_store_plans_at_size.py).
        return await self._looks(
            f"{NEXT_LOOK} <= ? AND deadline_at + 0 > ? AND ({NEXT_LOOK}, games.id) > (?, ?) "
            f"ORDER BY {NEXT_LOOK}, games.id LIMIT ?",
            (moment, moment, last, last_id, limit),
        )

    async def of_game(self, game_id: int) -> list[ClockLook]:
        """The game, as a look, if it is active and timed (to work its next look out anew)."""
        return await self._looks("games.id = ?", (game_id,))

    async def to_move(self, player_id: int) -> list[ClockLook]:
        """The player's active timed games where they are to move, as looks."""
        return await self._looks(
            "(white_id = ? OR black_id = ?) AND to_move_id = ?", (player_id, player_id, player_id)
        )

    async def _looks(self, where: str, params: Sequence[object]) -> list[ClockLook]:
        rows = await self._db.fetch(
            f"SELECT {game_columns('games')}, {NEXT_LOOK}, players.reminder_hours, "
            "players.time_zone, teams.closes_at FROM games "
            "LEFT JOIN players ON players.id = games.to_move_id "
            # A team's seat is the negated id of its row (bot.store.teams.team_player_id).
            "LEFT JOIN teams ON teams.id = -games.to_move_id "
            f"WHERE {LOOKED_AT} AND {where}",
            params,
        )
        if not rows:
            return []
        games = [(game_from_row(row), row[-4], row[-3], row[-2]) for row in rows]
        windows = {int(row[0]): from_epoch_or_none(row[-1]) for row in rows}
        marks = ", ".join("?" * len(games))
        sent: dict[tuple[int, int], set[int]] = {}
        for game_id, deadline, hours in await self._db.fetch(
            "SELECT game_id, deadline_at, hours_before FROM reminders_sent "
            f"WHERE game_id IN ({marks})",
            [game.id for game, _, _, _ in games],
        ):
            sent.setdefault((int(game_id), int(deadline)), set()).add(int(hours))
        looks = []
        for game, look, chosen, zone in games:
            assert game.deadline_at is not None
            done = sent.get((game.id, to_epoch(game.deadline_at)), set())
            hours = None if chosen is None else tuple(int(h) for h in chosen.split(",") if h)
            key = (int(look), game.id)
            looks.append(ClockLook(game, hours, frozenset(done), key, zone, windows[game.id]))
        return looks

    async def note(
        self, looks: Sequence[tuple[int, datetime, datetime]], *, sync_outside_lock: bool = False
    ) -> None:
        """Record, for each (game id, deadline, next look), when the clock must look at the
        game next while its deadline stays that one. A game whose deadline has moved
        meanwhile is left alone (its look is the default again); the version is unchanged
        (migration 0033's trigger), so no move is refused for it. ``sync_outside_lock``: see
        ``Database.transaction``."""
        rows = [
            (to_epoch(deadline), to_epoch(at), game_id, to_epoch(deadline))
            for game_id, deadline, at in looks
        ]
        if not rows:
            return
        async with self._db.transaction(sync_outside_lock=sync_outside_lock) as conn:
            await conn.executemany(
                "UPDATE games SET clock_deadline = ?, clock_next_at = ? "
                "WHERE id = ? AND deadline_at = ?",
                rows,
            )

    async def postpone(self, looks: Sequence[tuple[int, datetime]], now: datetime) -> None:
        """Look at each (game id, at) game next at ``at``, if the clock must still look at
        it at ``now``: a game another process holds is not due here before its claim ends
        (the holder's own ``note`` after its work, earlier or later, wins over this one)."""
        moment = to_epoch(now)
        rows = [(to_epoch(at), game_id, moment) for game_id, at in looks]
        if not rows:
            return
        async with self._db.transaction() as conn:
            await conn.executemany(
                "UPDATE games SET clock_deadline = deadline_at, clock_next_at = ? "
                f"WHERE id = ? AND {LOOKED_AT} AND {NEXT_LOOK} <= ?",
                rows,
            )
