"""A game's row as the store reads it: its columns, the reads by id, thread and channel, the
seated read (a game with its players and flags, all a move reads), and ``GameTable``, the
base each group of ``games`` queries shares.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from bot.store import confirmations
from bot.store.database import Database, Dialect
from bot.store.players import PLAYER_WIDTH, player_columns, player_from_row
from bot.store.records import (
    GameRecord,
    GameStatus,
    RecentMove,
    SeatedGame,
    from_epoch,
    from_epoch_or_none,
    to_epoch,
)

COLUMNS = (
    "id, guild_id, channel_id, thread_id, message_id, variant, start_fen, white_id, black_id, "
    "days_per_move, rated, status, result, termination, ply, fen, to_move_id, created_at, "
    "last_move_at, deadline_at, finished_at, version, damaged_at, thread_owned, untimed, "
    "increment_days, cap_days, waiting_bank, paused_until, pause_days, weekends_off"
)
WIDTH = len(COLUMNS.split(","))
# The version of the last move's row, read beside a game (``GameRecord.last_move_version``).
_LAST_MOVE = "(SELECT m.version FROM moves m WHERE m.game_id = games.id AND m.ply = games.ply)"

# How the games a command means are found, shared by the plain and the seated reads.
BY_ID = "games.id = ?"
BY_THREAD = "games.thread_id = ? ORDER BY games.id DESC LIMIT 1"
IN_CHANNEL = (
    "games.status = 'active' AND (games.white_id = ? OR games.black_id = ?) "
    "AND (games.channel_id = ? OR games.thread_id = ?) ORDER BY games.id"
)
# The last moves a board message lists.
RECENT_PLIES = 6
RECENT = "SELECT ply, uci, san, chinese FROM moves WHERE game_id = ? ORDER BY ply DESC LIMIT ?"
# A game's last RECENT_PLIES - 1 moves (the last one's version with them) as one text: each
# move's ply, version, uci, san and Chinese name (empty for none) joined by _FIELD, the moves
# by _MOVE, in no set order (NULL for a game without moves). The seated read brings them, so a
# move's write knows the board's line after it without reading it back (its version guard
# proves the moves did not change between): one index range scan, where the last move's
# version alone took one anyway. Control characters (no name or move holds one) written into
# the SQL as they are; plain concatenation costs the server a third of a JSON array's
# (json_build_array looks up each argument's type at every row). The aggregate's name is the
# dialect's (SQLite before 3.44 has no string_agg).
_FIELD, _MOVE = "\x1f", "\x1e"
_AGGREGATE = {Dialect.SQLITE: "group_concat", Dialect.POSTGRESQL: "string_agg"}
#
# The moves are a LIMIT's, backwards from the game's ply: a plain index scan over the key's
# end. As a bare range (no LIMIT), PostgreSQL's generic plan cannot tell how many plies
# "ply > ?" keeps and reads it with a bitmap scan, whose start-up costs its server more.
_BEFORE_SQL = (
    "(SELECT {aggregate}(CAST(m.ply AS TEXT) || '{field}' || CAST(m.version AS TEXT) || "
    "'{field}' || m.uci || '{field}' || m.san || '{field}' || COALESCE(m.chinese, ''), "
    "'{move}') FROM (SELECT m.ply, m.version, m.uci, m.san, m.chinese FROM moves m "
    f"WHERE m.game_id = games.id AND m.ply > games.ply - {RECENT_PLIES - 1} "
    f"ORDER BY m.ply DESC LIMIT {RECENT_PLIES - 1}) AS m)"
)
# A game, its last moves (``_BEFORE_SQL``), both players, whether conditional lines wait,
# whether each player's DMs are closed at a moment (the first two parameters), and whether
# each confirms typed moves (Confirm moves ``always``; the next two: the default's
# value): all a move reads, at once.
_SEATED = (
    "SELECT {games}, {before}, "
    f"{player_columns('w')}, {player_columns('b')}, "
    "EXISTS (SELECT 1 FROM conditional_moves c WHERE c.game_id = games.id), "
    "EXISTS (SELECT 1 FROM closed_dms d WHERE d.player_id = games.white_id AND d.until > ?), "
    "EXISTS (SELECT 1 FROM closed_dms d WHERE d.player_id = games.black_id AND d.until > ?), "
    "COALESCE((SELECT mc.mode FROM move_confirmation mc "
    "WHERE mc.player_id = games.white_id), ?) = 'always', "
    "COALESCE((SELECT mc.mode FROM move_confirmation mc "
    "WHERE mc.player_id = games.black_id), ?) = 'always' "
    "FROM games LEFT JOIN players w ON w.id = games.white_id "
    "LEFT JOIN players b ON b.id = games.black_id WHERE "
)


def game_from_row(row: Any, *, last_move_version: int | None = None) -> GameRecord:
    """The game of ``row`` (``COLUMNS``), its last move's row at ``last_move_version``
    (read by ``_LAST_MOVE`` or with the seated read's last moves; None: not read)."""
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        thread_id=row[3],
        message_id=row[4],
        variant=row[5],
        start_fen=row[6],
        white_id=row[7],
        black_id=row[8],
        days_per_move=row[9],
        rated=bool(row[10]),
        status=GameStatus(row[11]),
        result=row[12],
        termination=row[13],
        ply=row[14],
        fen=row[15],
        to_move_id=row[16],
        created_at=from_epoch(row[17]),
        last_move_at=from_epoch(row[18]),
        deadline_at=from_epoch_or_none(row[19]),
        finished_at=from_epoch_or_none(row[20]),
        version=row[21],
        damaged_at=from_epoch_or_none(row[22]),
        thread_owned=bool(row[23]),
        untimed=bool(row[24]),
        last_move_version=last_move_version,
        increment_days=row[25],
        cap_days=row[26],
        waiting_bank=row[27],
        paused_until=from_epoch_or_none(row[28]),
        pause_days=row[29],
        weekends_off=bool(row[30]),
    )


def seated_from_row(row: Any) -> SeatedGame:
    """The ``SeatedGame`` of a ``_SEATED`` row."""
    recent, last_move_version = _before(row[WIDTH], row[14])  # (14: the ply)
    game = game_from_row(row, last_move_version=last_move_version)
    start = WIDTH + 1
    players = {}
    for offset in (start, start + PLAYER_WIDTH):
        if row[offset] is not None:
            player = player_from_row(row[offset : offset + PLAYER_WIDTH])
            players[player.id] = player
    flags = row[start + 2 * PLAYER_WIDTH :]
    seats = (game.white_id, game.black_id)
    closed = {pid for pid, flag in zip(seats, flags[1:3], strict=True) if flag}
    confirming = {pid for pid, flag in zip(seats, flags[3:5], strict=True) if flag}
    return SeatedGame(
        game,
        players,
        bool(flags[0]),
        frozenset(closed),
        frozenset(confirming),
        recent,
    )


def _before(found: str | None, ply: int) -> tuple[tuple[RecentMove, ...], int | None]:
    """``_BEFORE_SQL``'s moves of a game at ``ply``, oldest first, and the version of its
    last (None when no row is at ``ply``, as ``_LAST_MOVE``)."""
    if not found:
        return (), None
    moves, last = [], None
    for text in found.split(_MOVE):
        number, version, uci, san, chinese = text.split(_FIELD)
        moves.append(RecentMove(int(number), uci, san, chinese or None))
        if int(number) == ply:
            last = int(version)
    moves.sort()  # by ply, unique in a game
    return tuple(moves), last


def recent_from_rows(rows: Iterable[Any]) -> tuple[RecentMove, ...]:
    """``RECENT``'s rows, oldest first."""
    return tuple(
        RecentMove(int(ply), str(uci), str(san), None if chinese is None else str(chinese))
        for ply, uci, san, chinese in reversed(list(rows))
    )


def game_columns(alias: str) -> str:
    """The game columns of the table called ``alias`` in a join."""
    return ", ".join(f"{alias}.{column.strip()}" for column in COLUMNS.split(","))


def clock_note(
    deadline_at: datetime | None, next_look_at: datetime | None
) -> tuple[int | None, int | None]:
    """``clock_deadline`` and ``clock_next_at`` for a game due ``deadline_at`` that the
    clock must next look at ``next_look_at`` (None: the default look, NULLs)."""
    if deadline_at is None or next_look_at is None:
        return None, None
    return to_epoch(deadline_at), to_epoch(next_look_at)


class GameTable:
    """What each group of ``games`` queries shares: the database and the game readers."""

    def __init__(self, database: Database) -> None:
        self._db = database
        before = _BEFORE_SQL.format(
            aggregate=_AGGREGATE[database.dialect], field=_FIELD, move=_MOVE
        )
        self._seated = _SEATED.format(games=game_columns("games"), before=before)

    async def _select(self, where: str, params: Sequence[object]) -> list[GameRecord]:
        rows = await self._db.fetch(
            f"SELECT {COLUMNS}, {_LAST_MOVE} FROM games WHERE {where}", params
        )
        return [game_from_row(row, last_move_version=row[WIDTH]) for row in rows]

    async def _select_seated(
        self, where: str, params: Sequence[object], now: datetime
    ) -> list[SeatedGame]:
        moment, default = to_epoch(now), confirmations.DEFAULT_CONFIRM.value
        rows = await self._db.fetch(
            self._seated + where, (moment, moment, default, default, *params)
        )
        return [seated_from_row(row) for row in rows]
