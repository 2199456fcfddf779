"""Players: identity, display names, settings and vacation allowance."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.database import Connection, Database, Statement
from bot.store.outbox import OutboxItem, insert_items
from bot.store.records import (
    JanggiNotation,
    NotifyMode,
    Orientation,
    Player,
    PreferenceChange,
    TakebackPolicy,
    XiangqiNotation,
    from_epoch,
    from_epoch_or_none,
    to_epoch,
)
from bot.store.weekend_shifts import WeekendShift, shift_weekend_deadlines


# The end of the player's latest vacation comes along, so a move needs no second query.
def player_columns(table: str) -> str:
    """The columns ``player_from_row`` reads, of the players table called ``table``.

    The vacation's end is the latest (``ends_at`` is never NULL) as the first row of the index
    ``vacations_player`` backwards, not ``MAX``: PostgreSQL rewrites a ``MAX`` into that same
    scan under two more plan nodes (an InitPlan and its Result), each started at every read."""
    return (
        f"{table}.id, {table}.display_name, {table}.is_bot, {table}.notify, "
        f"{table}.board_theme, "
        f"(SELECT v.ends_at FROM vacations v WHERE v.player_id = {table}.id "
        "ORDER BY v.ends_at DESC LIMIT 1), "
        f"{table}.orientation, {table}.reminder_hours, {table}.time_zone, {table}.quiet_from, "
        f"{table}.quiet_until, {table}.digest_at, {table}.takeback_policy, "
        f"{table}.xiangqi_notation, {table}.chess_pieces, {table}.xiangqi_pieces, "
        f"{table}.board_strip, {table}.language, {table}.client_locale, {table}.janggi_notation"
    )


_PLAYER_COLUMNS = player_columns("players")
PLAYER_WIDTH = _PLAYER_COLUMNS.count(", ") + 1  # how many columns a player takes in a row


def player_from_row(row: Any) -> Player:
    return Player(
        id=row[0],
        display_name=row[1],
        is_bot=bool(row[2]),
        notify=NotifyMode(row[3]),
        board_theme=row[4],
        vacation_ends_at=from_epoch_or_none(row[5]),
        orientation=Orientation(row[6]),
        reminder_hours=None if row[7] is None else _hours(row[7]),
        time_zone=row[8],
        quiet_hours=None if row[9] < 0 or row[10] < 0 else (row[9], row[10]),
        digest_at=None if row[11] < 0 else row[11],
        takeback_policy=TakebackPolicy(row[12]),
        xiangqi_notation=None if row[13] is None else XiangqiNotation(row[13]),
        chess_pieces=row[14],
        xiangqi_pieces=row[15],
        board_strip=bool(row[16]),
        language=row[17],
        client_locale=row[18],
        janggi_notation=None if row[19] is None else JanggiNotation(row[19]),
    )


def client_locale_statement(player_id: int, client_locale: str) -> Statement:
    """The statement storing ``client_locale`` (a Discord code) as the language
    ``player_id``'s app reports, for a write sent whole (a move stores it within its own
    write instead of a round trip of its own)."""
    return Statement(
        "UPDATE players SET client_locale = ? WHERE id = ?", (client_locale, player_id)
    )


def _hours(stored: str) -> tuple[int, ...]:
    return tuple(int(hours) for hours in stored.split(",") if hours)


class Players:
    """Reads and writes of the ``players`` and ``vacations`` tables."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def ensure(
        self,
        player_id: int,
        display_name: str,
        is_bot: bool,
        now: datetime,
        client_locale: str | None = None,
    ) -> None:
        """Create the player, or refresh the display name (and the language their app
        reports, when known) if it changed."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO players (id, display_name, is_bot, created_at, client_locale) "
                "VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name, "
                "is_bot = excluded.is_bot, "
                "client_locale = COALESCE(excluded.client_locale, players.client_locale) "
                "WHERE players.display_name <> excluded.display_name "
                "OR players.is_bot <> excluded.is_bot "
                "OR (excluded.client_locale IS NOT NULL "
                "AND players.client_locale IS DISTINCT FROM excluded.client_locale)",
                (player_id, display_name, int(is_bot), to_epoch(now), client_locale),
            )

    async def ensure_exists(
        self, player_id: int, display_name: str, is_bot: bool, now: datetime
    ) -> None:
        """Create the player if unknown; an existing player is left exactly as they are."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO players (id, display_name, is_bot, created_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (id) DO NOTHING",
                (player_id, display_name, int(is_bot), to_epoch(now)),
            )

    async def get(self, player_id: int) -> Player | None:
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_PLAYER_COLUMNS} FROM players WHERE id = ?", (player_id,)
            )
            row = await cursor.fetchone()
        return None if row is None else player_from_row(row)

    async def get_many(self, player_ids: list[int]) -> dict[int, Player]:
        if not player_ids:
            return {}
        marks = ", ".join("?" * len(player_ids))
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_PLAYER_COLUMNS} FROM players WHERE id IN ({marks})", player_ids
            )
            rows = await cursor.fetchall()
        return {row[0]: player_from_row(row) for row in rows}

    async def find_by_name(self, display_name: str) -> list[Player]:
        """Players whose display name equals ``display_name`` (case-insensitively)."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_PLAYER_COLUMNS} FROM players WHERE lower(display_name) = lower(?)",
                (display_name,),
            )
            rows = await cursor.fetchall()
        return [player_from_row(row) for row in rows]

    async def update_preferences(self, player_id: int, change: PreferenceChange) -> None:
        """Set the preferences ``change`` names, all in one transaction (the column names
        come from ``PreferenceChange``, never from users)."""
        columns = change.columns()
        if not columns:
            return
        assignments = ", ".join(f"{name} = ?" for name in columns)
        async with self._db.transaction() as conn:
            await conn.execute(
                f"UPDATE players SET {assignments} WHERE id = ?", (*columns.values(), player_id)
            )
            if "reminder_hours" in columns or "time_zone" in columns:
                # The clock's next look at the games where they are to move was worked out
                # from their old hours (and, with weekends off, their old weekends): back to
                # the default look (bot.store.clock_looks).
                await conn.execute(
                    "UPDATE games SET clock_deadline = NULL WHERE status = 'active' "
                    "AND (white_id = ? OR black_id = ?) AND to_move_id = ? "
                    "AND clock_deadline IS NOT NULL",
                    (player_id, player_id, player_id),
                )

    async def chosen_languages(self) -> dict[int, str]:
        """Every player's chosen language (/settings language:), for those who chose one."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT id, language FROM players WHERE language IS NOT NULL"
            )
            rows = await cursor.fetchall()
        return {int(row[0]): str(row[1]) for row in rows}

    async def digests_due(self, now: datetime) -> list[tuple[Player, datetime]]:
        """Players whose daily digest is due at ``now``, with when it was due."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_PLAYER_COLUMNS}, digest_due_at FROM players "
                "WHERE digest_due_at IS NOT NULL AND digest_due_at <= ? ORDER BY digest_due_at",
                (to_epoch(now),),
            )
            rows = await cursor.fetchall()
        return [(player_from_row(row), from_epoch(row[-1])) for row in rows]

    async def next_digest(self) -> datetime | None:
        """When the soonest daily digest is due (None: nobody wants one)."""
        async with self._db.read() as conn:
            # The condition of players_digest_due, partial: without it both databases read
            # every player (at every clock round) instead of the index's first entry.
            cursor = await conn.execute(
                "SELECT MIN(digest_due_at) FROM players WHERE digest_due_at IS NOT NULL"
            )
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else from_epoch(row[0])

    async def hand_over_digest(
        self,
        player_id: int,
        due_at: datetime,
        next_due_at: datetime,
        items: Sequence[OutboxItem],
        now: datetime,
    ) -> bool:
        """Write the digest due at ``due_at`` to the outbox and make the next one due at
        ``next_due_at``, in one transaction; False (nothing written) when that digest was
        handed over already or the player changed it meanwhile."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE players SET digest_due_at = ? WHERE id = ? AND digest_due_at = ?",
                (to_epoch(next_due_at), player_id, to_epoch(due_at)),
            )
            if cursor.rowcount != 1:
                return False
            await insert_items(conn, items, now)
        return True

    async def vacation_days_used(self, player_id: int, since: datetime, now: datetime) -> int:
        """Vacation days of the vacations the player started at ``since`` or later (see
        ``_days_since``: a running one counts in full, an ended one the days it was taken
        while the player had games).

        No upper bound: a vacation stamped in the future by a clock that later moved back
        still counts, so a clock jump cannot hand out a second allowance.
        """
        async with self._db.read() as conn:
            return await _days_since(conn, player_id, since, now)

    async def start_vacation(
        self,
        player_id: int,
        days: int,
        now: datetime,
        window_start: datetime,
        allowance_days: int,
        weekends: WeekendShift | None = None,
    ) -> tuple[bool, datetime]:
        """Record a vacation and push back the deadlines of games where it is the player's turn
        (those of games with weekends off by ``weekends``).

        Returns (False, _) without changing anything when ``days`` plus the days taken since
        ``window_start`` would exceed ``allowance_days``; otherwise (True, the vacation's end).
        A vacation taken during another one lengthens it. One transaction.
        """
        seconds = days * 86400
        start = to_epoch(now)
        async with self._db.transaction() as conn:
            # Two vacations asked at once must not both fit in the allowance left.
            await conn.lock([_vacation_key(player_id)])
            used = await _days_since(conn, player_id, window_start, now)
            if used + days > allowance_days:
                return False, now
            cursor = await conn.execute(
                "SELECT id, ends_at FROM vacations WHERE player_id = ? AND ends_at > ? "
                "ORDER BY ends_at DESC LIMIT 1",
                (player_id, start),
            )
            running = await cursor.fetchone()
            stopped = start if running is None else int(running[1])
            if running is None:
                ends = start + seconds
                await conn.execute(
                    "INSERT INTO vacations (player_id, starts_at, ends_at, days) "
                    "VALUES (?, ?, ?, ?)",
                    (player_id, start, ends, days),
                )
            else:
                # A vacation taken during another one continues it rather than overlapping it.
                ends = int(running[1]) + seconds
                await conn.execute(
                    "UPDATE vacations SET ends_at = ?, days = days + ? WHERE id = ?",
                    (ends, days, running[0]),
                )
            # "white or black" is implied by "to move" but is what an index answers
            # (games_white, games_black: no index has to_move_id, which every move changes).
            await conn.execute(
                "UPDATE games SET deadline_at = deadline_at + ?, version = version + 1 "
                f"WHERE {_TO_MOVE} AND weekends_off = 0",
                (seconds, player_id, player_id, player_id),
            )
            await shift_weekend_deadlines(
                conn,
                self._db.row_lock,
                (_TO_MOVE, (player_id, player_id, player_id)),
                (from_epoch(stopped), from_epoch(ends)),
                weekends,
            )
        return True, from_epoch(ends)

    async def end_vacation(
        self, player_id: int, now: datetime, weekends: WeekendShift | None = None
    ) -> datetime | None:
        """End the player's running vacation at ``now``: the deadlines of games where it is
        their move lose the part of the vacation not taken (those of games with weekends
        off by ``weekends``). Returns when it was to end (None: no vacation was running;
        nothing changes). One transaction."""
        moment = to_epoch(now)
        async with self._db.transaction() as conn:
            await conn.lock([_vacation_key(player_id)])
            cursor = await conn.execute(
                "SELECT id, starts_at, ends_at FROM vacations "
                "WHERE player_id = ? AND ends_at > ? AND starts_at <= ? "
                "ORDER BY ends_at DESC LIMIT 1",
                (player_id, moment, moment),
            )
            running = await cursor.fetchone()
            if running is None:
                return None
            vacation_id, starts_at, ends_at = running
            # "white or black": for the index, as in ``start_vacation``.
            await conn.execute(
                "UPDATE games SET deadline_at = deadline_at - ?, version = version + 1 "
                f"WHERE {_TO_MOVE} AND weekends_off = 0",
                (ends_at - moment, player_id, player_id, player_id),
            )
            await shift_weekend_deadlines(
                conn,
                self._db.row_lock,
                (_TO_MOVE, (player_id, player_id, player_id)),
                (from_epoch(ends_at), now),
                weekends,
            )
            if moment > starts_at:
                await conn.execute(
                    "UPDATE vacations SET ends_at = ? WHERE id = ?", (moment, vacation_id)
                )
            else:  # ended the second it began: nothing was taken
                await conn.execute("DELETE FROM vacations WHERE id = ?", (vacation_id,))
        return from_epoch(ends_at)


# A vacation moves no deadline in a game of a tournament that allows none (migration 0051).
_VACATION_ALLOWED = (
    " AND NOT EXISTS (SELECT 1 FROM tournament_games tg JOIN tournaments t "
    "ON t.id = tg.tournament_id WHERE tg.game_id = games.id AND t.vacation = 0)"
)


# The games whose deadline a player's vacation moves: those where it is their move
# (parameters: the player's id three times).
_TO_MOVE = (
    "status = 'active' AND (white_id = ? OR black_id = ?) AND to_move_id = ? "
    "AND deadline_at IS NOT NULL" + _VACATION_ALLOWED
)


def _vacation_key(player_id: int) -> str:
    """The lock of a player's vacations, taken before they are read to be changed."""
    return f"vacation:{player_id}"


async def _days_since(conn: Connection, player_id: int, since: datetime, now: datetime) -> int:
    """Vacation days used by the vacations started at ``since`` or later: a vacation still
    running (or stamped in the future) counts all its days; one that ended counts the days
    (started days, rounded up) it overlapped the player having an active game, at most its
    own days: a vacation with no game to pause costs nothing."""
    moment = to_epoch(now)
    cursor = await conn.execute(
        "SELECT starts_at, ends_at, days FROM vacations WHERE player_id = ? AND starts_at >= ?",
        (player_id, to_epoch(since)),
    )
    vacations = await cursor.fetchall()
    ended = [(start, end, days) for start, end, days in vacations if end <= moment]
    used = sum(days for _, end, days in vacations if end > moment)
    if not ended:
        return int(used)
    cursor = await conn.execute(
        "SELECT created_at, COALESCE(finished_at, ?) FROM games "
        "WHERE (white_id = ? OR black_id = ?) AND created_at < ? "
        "AND (finished_at IS NULL OR finished_at > ?)",
        (moment, player_id, player_id, max(e for _, e, _ in ended), min(s for s, _, _ in ended)),
    )
    playing = _union([(int(a), int(b)) for a, b in await cursor.fetchall()])
    for start, end, days in ended:
        overlap = sum(max(0, min(end, b) - max(start, a)) for a, b in playing)
        used += min(days, -(-overlap // 86400))
    return int(used)


def _union(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping spans (start, end) merged into disjoint ones."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
