"""Games, their moves and offers.

Every write is one transaction. A write that acts on what a game was (a move, a takeback, an
ending, a deadline, an offer) is guarded by the game's ``version`` (``WHERE id = ? AND
version = ?``): the version increases on every write to the row and never repeats, so a write
checked against a state the game has left is refused, even when a takeback has brought the
ply back to the same number.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from bot.store import conditionals, confirmations
from bot.store.database import Connection, Database, Dialect, Statement
from bot.store.outbox import OutboxItem, insert_items, insert_statements
from bot.store.players import (
    PLAYER_WIDTH,
    client_locale_statement,
    player_columns,
    player_from_row,
)
from bot.store.ratings import RateFunction, rating_key, read_rating, write_rating
from bot.store.records import (
    GameEnding,
    GameRecord,
    GameStatus,
    MoveRecord,
    NewGame,
    Offer,
    OfferKind,
    PreparedAnswer,
    RatingUpdate,
    RecentMove,
    ResultCounts,
    SeatedGame,
    StoredMove,
    ThreadUpkeep,
    Written,
    from_epoch,
    from_epoch_or_none,
    to_epoch,
)

_COLUMNS = (
    "id, guild_id, channel_id, thread_id, message_id, variant, start_fen, white_id, black_id, "
    "days_per_move, rated, status, result, termination, ply, fen, to_move_id, created_at, "
    "last_move_at, deadline_at, finished_at, version, damaged_at, thread_owned, untimed"
)
_WIDTH = len(_COLUMNS.split(","))
# The version of the last move's row, read beside a game (``GameRecord.last_move_version``).
_LAST_MOVE = "(SELECT m.version FROM moves m WHERE m.game_id = games.id AND m.ply = games.ply)"

# How the games a command means are found, shared by the plain and the seated reads.
_BY_ID = "games.id = ?"
_BY_THREAD = "games.thread_id = ? ORDER BY games.id DESC LIMIT 1"
_IN_CHANNEL = (
    "games.status = 'active' AND (games.white_id = ? OR games.black_id = ?) "
    "AND (games.channel_id = ? OR games.thread_id = ?) ORDER BY games.id"
)
# The last moves a board message lists.
RECENT_PLIES = 6
_RECENT = "SELECT ply, uci, san, chinese FROM moves WHERE game_id = ? ORDER BY ply DESC LIMIT ?"
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


# Finished games whose own thread is not archived yet, and when each is due (the end plus a
# delay, given as the first parameter, or the time set after a failed attempt). A thread
# where a game still runs (a rematch is played in the same thread) waits until it ends.
_ARCHIVE_PENDING = (
    "status = 'finished' AND thread_owned = 1 AND thread_archived_at IS NULL "
    "AND NOT EXISTS (SELECT 1 FROM games AS other WHERE other.thread_id = games.thread_id "
    "AND other.status = 'active')"
)
_ARCHIVE_DUE = "COALESCE(thread_archive_retry_at, finished_at + ?)"


def game_from_row(row: Any, *, last_move_version: int | None = None) -> GameRecord:
    """The game of ``row`` (``_COLUMNS``), its last move's row at ``last_move_version``
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
    )


def seated_from_row(row: Any) -> SeatedGame:
    """The ``SeatedGame`` of a ``_SEATED`` row."""
    recent, last_move_version = _before(row[_WIDTH], row[14])  # (14: the ply)
    game = game_from_row(row, last_move_version=last_move_version)
    start = _WIDTH + 1
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


def _recent(rows: Iterable[Any]) -> tuple[RecentMove, ...]:
    """``_RECENT``'s rows, oldest first."""
    return tuple(
        RecentMove(int(ply), str(uci), str(san), None if chinese is None else str(chinese))
        for ply, uci, san, chinese in reversed(list(rows))
    )


class Games:
    """Reads and writes of ``games``, ``moves``, ``offers`` and ``reminders_sent``."""

    def __init__(self, database: Database) -> None:
        self._db = database
        before = _BEFORE_SQL.format(
            aggregate=_AGGREGATE[database.dialect], field=_FIELD, move=_MOVE
        )
        self._seated = _SEATED.format(games=game_columns("games"), before=before)

    # --- reads -------------------------------------------------------------------------

    async def _select(self, where: str, params: Sequence[object]) -> list[GameRecord]:
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS}, {_LAST_MOVE} FROM games WHERE {where}", params
        )
        return [game_from_row(row, last_move_version=row[_WIDTH]) for row in rows]

    async def _select_seated(
        self, where: str, params: Sequence[object], now: datetime
    ) -> list[SeatedGame]:
        moment, default = to_epoch(now), confirmations.DEFAULT_CONFIRM.value
        rows = await self._db.fetch(
            self._seated + where, (moment, moment, default, default, *params)
        )
        return [seated_from_row(row) for row in rows]

    async def get(self, game_id: int) -> GameRecord | None:
        found = await self._select(_BY_ID, (game_id,))
        return found[0] if found else None

    async def by_thread(self, thread_id: int) -> GameRecord | None:
        found = await self._select(_BY_THREAD, (thread_id,))
        return found[0] if found else None

    async def seated(self, game_id: int, now: datetime) -> SeatedGame | None:
        """Game ``game_id`` with its players and flags (``SeatedGame``), in one statement;
        ``now`` decides which closed DMs still count."""
        found = await self._select_seated(_BY_ID, (game_id,), now)
        return found[0] if found else None

    async def seated_by_thread(self, thread_id: int, now: datetime) -> SeatedGame | None:
        """The newest game of the thread, seated (see ``seated``)."""
        found = await self._select_seated(_BY_THREAD, (thread_id,), now)
        return found[0] if found else None

    async def seated_in_channel(
        self, player_id: int, channel_id: int, now: datetime
    ) -> list[SeatedGame]:
        """``active_in_channel``, seated (see ``seated``)."""
        return await self._select_seated(
            _IN_CHANNEL, (player_id, player_id, channel_id, channel_id), now
        )

    async def active_for_player(
        self, player_id: int, guild_id: int | None = None
    ) -> list[GameRecord]:
        """The player's active games (on one server if ``guild_id`` is set)."""
        if guild_id is None:
            return await self._select(
                "status = 'active' AND (white_id = ? OR black_id = ?) ORDER BY id",
                (player_id, player_id),
            )
        return await self._select(
            "status = 'active' AND (white_id = ? OR black_id = ?) AND guild_id = ? ORDER BY id",
            (player_id, player_id, guild_id),
        )

    async def active_in_channel(self, player_id: int, channel_id: int) -> list[GameRecord]:
        """The player's active games that live in the channel itself or in its threads."""
        return await self._select(_IN_CHANNEL, (player_id, player_id, channel_id, channel_id))

    async def finished_for_player(
        self, player_id: int, guild_id: int | None, limit: int
    ) -> list[GameRecord]:
        """The player's ``limit`` newest finished games, newest first (on one server if
        ``guild_id`` is set): the newest ``limit`` down each colour's index
        (games_white_finished, games_black_finished), however many the player has."""
        newest = []
        params: list[object] = []
        for seat in ("white_id", "black_id"):
            where = f"status = 'finished' AND {seat} = ?"
            params.append(player_id)
            if guild_id is not None:
                where += " AND guild_id = ?"
                params.append(guild_id)
            newest.append(
                f"SELECT id FROM (SELECT id FROM games WHERE {where} "
                "ORDER BY finished_at DESC, id DESC LIMIT ?) AS newest"
            )
            params.append(limit)
        params.append(limit)
        return await self._select(
            f"id IN ({newest[0]} UNION ALL {newest[1]}) ORDER BY finished_at DESC, id DESC LIMIT ?",
            params,
        )

    async def all_ids(self) -> list[int]:
        """Every game's id, in order (checks over the whole database: ``copy-db``)."""
        async with self._db.read() as conn:
            cursor = await conn.execute("SELECT id FROM games ORDER BY id")
            rows = await cursor.fetchall()
        return [int(row[0]) for row in rows]

    async def moves(self, game_id: int, *, from_ply: int = 1) -> list[MoveRecord]:
        """The game's moves from ``from_ply`` on (all by default), in order."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT ply, uci, san, played_at, version FROM moves "
                "WHERE game_id = ? AND ply >= ? ORDER BY ply",
                (game_id, from_ply),
            )
            rows = await cursor.fetchall()
        return [MoveRecord(row[0], row[1], row[2], from_epoch(row[3]), row[4]) for row in rows]

    async def move_line(
        self, game_id: int, *, from_ply: int = 1, to_ply: int | None = None
    ) -> list[StoredMove]:
        """The game's moves from ``from_ply`` on (up to ``to_ply`` if set) as (ply, UCI,
        version): what replaying needs, read without the rest (a long game has thousands)."""
        last = "" if to_ply is None else " AND ply <= ?"
        params = (game_id, from_ply) if to_ply is None else (game_id, from_ply, to_ply)
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT ply, uci, version FROM moves WHERE game_id = ? AND ply >= ?{last} "
                "ORDER BY ply",
                params,
            )
            rows = await cursor.fetchall()
        return [StoredMove(*row) for row in rows]

    async def offers(self, game_id: int) -> list[Offer]:
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT kind, from_player_id, ply, created_at FROM offers WHERE game_id = ?",
                (game_id,),
            )
            rows = await cursor.fetchall()
        return [
            Offer(game_id, OfferKind(row[0]), row[1], row[2], from_epoch(row[3])) for row in rows
        ]

    async def results_by_variant(self, player_id: int, guild_id: int | None) -> list[ResultCounts]:
        """Wins, draws and losses per variant in finished games between people (aborted
        ones and games against the computer excluded: those have their own counts)."""
        where = (
            "status = 'finished' AND termination <> 'aborted' AND (white_id = ? OR black_id = ?) "
            "AND NOT EXISTS (SELECT 1 FROM computer_games WHERE game_id = games.id)"
        )
        params: list[object] = [player_id, player_id, player_id, player_id, player_id, player_id]
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT variant, "
                "SUM(CASE WHEN (result = '1-0' AND white_id = ?) "
                "OR (result = '0-1' AND black_id = ?) THEN 1 ELSE 0 END), "
                "SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END), "
                "SUM(CASE WHEN (result = '0-1' AND white_id = ?) "
                "OR (result = '1-0' AND black_id = ?) THEN 1 ELSE 0 END) "
                f"FROM games WHERE {where} GROUP BY variant ORDER BY variant",
                params,
            )
            rows = await cursor.fetchall()
        return [ResultCounts(row[0], int(row[1]), int(row[2]), int(row[3])) for row in rows]

    # --- writes ------------------------------------------------------------------------

    async def start_from_challenge(
        self,
        *,
        challenge_id: int,
        acceptor_id: int,
        white_id: int,
        black_id: int,
        start_fen: str,
        to_move_id: int,
        now: datetime,
        deadline_at: datetime | None,
        next_look_at: datetime | None = None,
        thread_look_at: datetime | None = None,
        outbox: Sequence[OutboxItem] = (),
    ) -> GameRecord | None:
        """Accept an open, unexpired challenge and create its game in one transaction,
        with its ``outbox`` rows (those without a game id get the new game's);
        ``next_look_at``: when the clock must first look at it (``bot.store.clock_looks``);
        ``thread_look_at``: when to look at its thread if it starts in one (a rematch in
        the thread Postal opened for the last game, say).

        Returns None (changing nothing) if the challenge was no longer open: of two
        simultaneous accepts exactly one creates a game.
        """
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE challenges SET status = 'accepted', opponent_id = ? "
                "WHERE id = ? AND status = 'open' AND expires_at > ? "
                "RETURNING guild_id, channel_id, thread_id, variant, days_per_move, rated, "
                "untimed",
                (acceptor_id, challenge_id, to_epoch(now)),
            )
            row = await cursor.fetchone()
            await cursor.close()
            if row is None:
                return None
            # The game lives where it was challenged: a channel, or a thread or forum post.
            guild_id, channel_id, thread_id, variant, days_per_move, rated, untimed = row
            new = NewGame(
                guild_id,
                channel_id,
                thread_id,
                variant,
                start_fen,
                white_id,
                black_id,
                days_per_move,
                bool(rated),
                bool(untimed),
                to_move_id,
                deadline_at,
                next_look_at,
                None if thread_id is None else thread_look_at,
            )
            game = await insert_game(conn, new, now, outbox)
            await conn.execute(
                "UPDATE challenges SET game_id = ? WHERE id = ?", (game.id, challenge_id)
            )
        return game

    async def play_move(
        self,
        game: GameRecord,
        *,
        uci: str,
        san: str,
        chinese: str | None = None,
        fen: str,
        mover_id: int,
        now: datetime,
        deadline_at: datetime | None,
        ending: GameEnding | None,
        rate: RateFunction | None,
        next_look_at: datetime | None = None,
        outbox: OutboxSource = (),
        answers: Sequence[PreparedAnswer] = (),
        followed: Sequence[int] = (),
        lines_waiting: bool = True,
        client_locale: str | None = None,
        before: Sequence[RecentMove] | None = None,
    ) -> Written:
        """Append a move if the game is still active at ``game.version``, then the prepared
        ``answers`` it set off (conditional moves, each answering the move before it); end
        the game after the last if ``ending``; write its ``outbox`` rows in the same
        transaction. ``fen`` and ``deadline_at`` are the position and deadline after the last;
        ``next_look_at`` when the clock must next look at the game (None: the default,
        ``bot.store.clock_looks``).

        Draw offers by a mover's opponent lapse, and takeback requests are dropped (the
        position they were about has changed). What follows the prepared moves the game
        ``followed`` stays prepared; every other line is dropped. ``lines_waiting`` False
        (the game had no conditional lines at ``game.version``) skips that statement: a
        line added since raised the version, so the write is refused anyway.
        ``client_locale`` (the language the mover's app now reports, given only when it
        differs from the stored one) is stored for the mover in the same write.
        ``before``: the game's last moves read with it at ``game.version`` (``SeatedGame.recent``);
        ``Written.recent`` is then they and the new moves (the version guard proves nothing
        moved between), else the write reads the moves back. Returns ``Written(ok=False)`` on
        a conflict. Raises ``ValueError`` when ``before`` does not end at ``game.ply``.
        """
        steps = [PreparedAnswer(uci, san, mover_id, chinese), *answers]
        recent = None if before is None else _after(game, before, steps)
        # The mover's app language, when it changed: part of the move's own write.
        locale = [] if client_locale is None else [client_locale_statement(mover_id, client_locale)]
        if ending is not None:
            return await self._play_final_move(
                game, steps, fen, now, deadline_at, ending, rate, outbox, locale, recent
            )
        # The common move: one write, sent whole (see ``Database.write``).
        statements: list[Statement] = []
        for index, step in enumerate(steps):
            statements += _step_statements(
                game, index, step, fen, now, (deadline_at, next_look_at), last=False
            )
            # The version the UPDATE gives (the guard holds it at game.version, then each
            # move raises it by one inside the transaction), written as it is: no re-read.
            statements.append(_move_row(game, index, step, now, game.version + 1 + index))
        if lines_waiting or followed:
            statements += conditionals.followed(game.id, followed, game.ply + len(steps))
        statements += insert_statements(_items(outbox, None), now)
        statements += locale
        if recent is None:
            statements.append(Statement(_RECENT, (game.id, RECENT_PLIES)))
        results = await self._db.write(statements)
        if results is None:
            return Written(ok=False)
        lapsed = {OfferKind(row[0]) for rows in results[1 : 3 * len(steps) : 3] for row in rows}
        return Written(
            ok=True,
            lapsed=tuple(sorted(lapsed, key=lambda k: k.value)),
            version=results[3 * len(steps) - 3][0][0],
            recent=_recent(results[-1]) if recent is None else recent,
        )

    async def _play_final_move(
        self,
        game: GameRecord,
        steps: Sequence[PreparedAnswer],
        fen: str,
        now: datetime,
        deadline_at: datetime | None,
        ending: GameEnding,
        rate: RateFunction | None,
        outbox: OutboxSource,
        also: Sequence[Statement] = (),
        recent: tuple[RecentMove, ...] | None = None,
    ) -> Written:
        """``play_move`` for the moves that end the game: the ratings are read and written
        inside the transaction (the players' other games may end meanwhile); ``also`` runs
        in it after the outbox rows; ``recent`` (the line after the moves, when known) spares
        reading it back."""
        async with self._db.transaction() as conn:
            lapsed: set[OfferKind] = set()
            version, ratings = game.version, None
            for index, step in enumerate(steps):
                last = index == len(steps) - 1
                update, offers = _step_statements(
                    game, index, step, fen, now, (deadline_at, None), last=last
                )
                cursor = await conn.execute(update.sql, update.params)
                row = await cursor.fetchone()
                await cursor.close()
                if row is None:
                    if index == 0:
                        return Written(ok=False)
                    raise RuntimeError(f"game #{game.id} changed inside its own transaction")
                version = row[0]
                cursor = await conn.execute(offers.sql, offers.params)
                lapsed.update(OfferKind(row[0]) for row in await cursor.fetchall())
                await cursor.close()
                if last:
                    version, ratings = await _finish(conn, game, version, ending, now, rate)
                insert = _move_row(game, index, step, now, version)
                await conn.execute(insert.sql, insert.params)
            await insert_items(conn, _items(outbox, ratings), now)
            for statement in also:  # the mover's app language, when it changed
                await conn.execute(statement.sql, statement.params)
            if recent is None:
                cursor = await conn.execute(_RECENT, (game.id, RECENT_PLIES))
                recent = _recent(await cursor.fetchall())
                await cursor.close()
        kinds = tuple(sorted(lapsed, key=lambda k: k.value))
        return Written(ok=True, ratings=ratings, lapsed=kinds, version=version, recent=recent)

    async def finish(
        self,
        game: GameRecord,
        ending: GameEnding,
        now: datetime,
        rate: RateFunction | None,
        *,
        consume_offer: tuple[OfferKind, int] | None = None,
        outbox: OutboxSource = (),
    ) -> Written:
        """End an active game still at ``game.version`` (resignation, agreement, claim,
        time-out, abort). With ``consume_offer`` (kind, offerer) the offer must still stand and
        is used up. ``outbox`` rows are written in the same transaction. Returns
        ``Written(ok=False)`` and changes nothing otherwise."""
        try:
            async with self._db.transaction() as conn:
                if consume_offer is not None and not await _consume_offer(
                    conn, game.id, *consume_offer
                ):
                    return Written(ok=False)
                # Raises _Conflict (rolling the used-up offer back) if the game moved on.
                version, ratings = await _finish(conn, game, game.version, ending, now, rate)
                await insert_items(conn, _items(outbox, ratings), now)
        except _Conflict:
            return Written(ok=False)
        return Written(ok=True, ratings=ratings, version=version)

    async def take_back(
        self,
        game: GameRecord,
        *,
        plies: int,
        fen: str,
        to_move_id: int,
        requester_id: int,
        now: datetime,
        deadline_at: datetime | None,
        outbox: Sequence[OutboxItem] = (),
    ) -> Written:
        """Undo the last ``plies`` moves, using up ``requester_id``'s takeback request
        (``outbox`` rows written with it).

        Returns ``Written(ok=False)`` and changes nothing if the game moved on or the
        request is gone."""
        try:
            return await self._take_back(
                game, plies, fen, to_move_id, requester_id, now, deadline_at, outbox
            )
        except _Conflict:
            return Written(ok=False)

    async def _take_back(
        self,
        game: GameRecord,
        plies: int,
        fen: str,
        to_move_id: int,
        requester_id: int,
        now: datetime,
        deadline_at: datetime | None,
        outbox: Sequence[OutboxItem],
    ) -> Written:
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE games SET ply = ply - ?, fen = ?, to_move_id = ?, last_move_at = ?, "
                "deadline_at = ?, version = version + 1 "
                "WHERE id = ? AND version = ? AND status = 'active' RETURNING version",
                (
                    plies,
                    fen,
                    to_move_id,
                    to_epoch(now),
                    None if deadline_at is None else to_epoch(deadline_at),
                    game.id,
                    game.version,
                ),
            )
            row = await cursor.fetchone()
            await cursor.close()
            if row is None:
                return Written(ok=False)
            if not await _consume_offer(conn, game.id, OfferKind.TAKEBACK, requester_id):
                # Raising rolls the UPDATE back; the caller sees a conflict.
                raise _Conflict
            await conn.execute(
                "DELETE FROM moves WHERE game_id = ? AND ply > ?", (game.id, game.ply - plies)
            )
            await conn.execute("DELETE FROM offers WHERE game_id = ?", (game.id,))
            # Every prepared line was about a position the takeback undid.
            await conditionals.drop_invalid(conn, game.id, game.ply - plies)
            await insert_items(conn, outbox, now)
        return Written(ok=True, version=row[0])

    async def set_deadline(self, game: GameRecord, deadline_at: datetime) -> bool:
        """Move the deadline of a game still active at ``game.version``."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE games SET deadline_at = ?, version = version + 1 "
                "WHERE id = ? AND version = ? AND status = 'active'",
                (to_epoch(deadline_at), game.id, game.version),
            )
            return cursor.rowcount == 1

    async def make_offer(
        self,
        game: GameRecord,
        kind: OfferKind,
        from_player_id: int,
        now: datetime,
        outbox: Sequence[OutboxItem] = (),
    ) -> bool:
        """Record an offer if the game is still active at ``game.version`` and none of that
        kind is pending, with its ``outbox`` rows; False (nothing written) otherwise. The
        offer is a row of its own: the game's row (and version) is unchanged, so a move
        crossing an offer is not refused for it."""
        async with self._db.transaction() as conn:
            # The game's row locked: a move committing meanwhile is waited for and seen (its
            # new version refuses the offer), not passed by.
            cursor = await conn.execute(
                "INSERT INTO offers (game_id, kind, from_player_id, ply, created_at) "
                "SELECT id, ?, ?, ply, ? FROM games "
                f"WHERE id = ? AND version = ? AND status = 'active'{self._db.row_lock} "
                "ON CONFLICT (game_id, kind) DO NOTHING",
                (kind.value, from_player_id, to_epoch(now), game.id, game.version),
            )
            made = cursor.rowcount == 1
            if made:
                await insert_items(conn, outbox, now)
            return made

    async def withdraw_offer(self, game_id: int, kind: OfferKind, from_player_id: int) -> bool:
        """Remove a pending offer (declined); False if there was none."""
        async with self._db.transaction() as conn:
            return await _consume_offer(conn, game_id, kind, from_player_id)

    async def set_thread(
        self, game_id: int, thread_id: int | None, upkeep_at: datetime | None = None
    ) -> None:
        """Record the thread Postal opened for the game (None: it stays in its channel),
        to be looked after at ``upkeep_at`` (``thread_upkeep_at``)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET thread_id = ?, thread_owned = ?, thread_upkeep_at = ?, "
                "version = version + 1 WHERE id = ?",
                (
                    thread_id,
                    int(thread_id is not None),
                    None if thread_id is None or upkeep_at is None else to_epoch(upkeep_at),
                    game_id,
                ),
            )

    async def threads_to_keep(self, now: datetime, limit: int = 100) -> list[ThreadUpkeep]:
        """Running games whose own thread is due a look at ``now``, soonest first."""
        rows = await self._db.fetch(
            "SELECT id, thread_id, last_move_at FROM games WHERE status = 'active' "
            "AND thread_upkeep_at <= ? AND thread_id IS NOT NULL "
            "ORDER BY thread_upkeep_at LIMIT ?",
            (to_epoch(now), limit),
        )
        return [ThreadUpkeep(row[0], row[1], from_epoch(row[2])) for row in rows]

    async def set_thread_upkeep(self, game_id: int, at: datetime | None) -> None:
        """Look at the game's thread again at ``at`` (None: never); the game's version stays
        (a move read before this look still writes)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET thread_upkeep_at = ? WHERE id = ?",
                (None if at is None else to_epoch(at), game_id),
            )

    async def keeps_thread(self, thread_id: int) -> bool:
        """Whether a running game keeps the thread ``thread_id`` active (its own thread)."""
        rows = await self._db.fetch(
            "SELECT 1 FROM games WHERE thread_id = ? AND status = 'active' "
            "AND thread_upkeep_at IS NOT NULL LIMIT 1",
            (thread_id,),
        )
        return bool(rows)

    async def next_thread_upkeep(self) -> datetime | None:
        """When the next running game's thread is due a look."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT MIN(thread_upkeep_at) FROM games "
                "WHERE status = 'active' AND thread_upkeep_at IS NOT NULL"
            )
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else from_epoch(row[0])

    async def threads_to_archive(self, now: datetime, delay: timedelta) -> list[GameRecord]:
        """Finished games whose own thread (one Postal opened) is due to be archived: ended
        ``delay`` before ``now``, or due again after a failed attempt; oldest first."""
        return await self._select(
            f"{_ARCHIVE_PENDING} AND {_ARCHIVE_DUE} <= ? ORDER BY {_ARCHIVE_DUE}",
            (int(delay.total_seconds()), to_epoch(now), int(delay.total_seconds())),
        )

    async def thread_archive_done(self, game_id: int, now: datetime) -> None:
        """The game's thread is archived (or can never be): nothing more to do for it."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET thread_archived_at = ?, thread_archive_retry_at = NULL, "
                "version = version + 1 WHERE id = ?",
                (to_epoch(now), game_id),
            )

    async def retry_thread_archive(self, game_id: int, at: datetime) -> None:
        """Archiving met a passing failure: try again at ``at``."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET thread_archive_retry_at = ?, version = version + 1 WHERE id = ?",
                (to_epoch(at), game_id),
            )

    async def next_thread_archive(self, delay: timedelta) -> datetime | None:
        """When the next finished game's own thread is due to be archived."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT MIN({_ARCHIVE_DUE}) FROM games WHERE {_ARCHIVE_PENDING}",
                (int(delay.total_seconds()),),
            )
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else from_epoch(row[0])

    async def recent_moves(self, game_id: int, count: int) -> tuple[RecentMove, ...]:
        """The game's last ``count`` moves, oldest first."""
        async with self._db.read() as conn:
            cursor = await conn.execute(_RECENT, (game_id, count))
            rows = await cursor.fetchall()
        return _recent(rows)

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET message_id = ?, version = version + 1 WHERE id = ?",
                (message_id, game_id),
            )

    # --- the clock ---------------------------------------------------------------------

    async def overdue(
        self, now: datetime, *, after: tuple[int, int] | None = None, limit: int = 500
    ) -> list[GameRecord]:
        """At most ``limit`` active games past their deadline, by deadline then id, from
        after ``after`` (the deadline and id of the last one taken before: a round goes
        through them in bounded reads). Damaged games are left to an operator."""
        moment = to_epoch(now)
        last, last_id = after if after is not None else (-(1 << 62), 0)
        return await self._select(
            "status = 'active' AND damaged_at IS NULL AND deadline_at <= ? "
            "AND (deadline_at > ? OR (deadline_at = ? AND id > ?)) "
            "ORDER BY deadline_at, id LIMIT ?",
            (moment, last, last, last_id, limit),
        )

    async def mark_damaged(self, game_id: int, reason: str, now: datetime) -> None:
        """Record that the game's stored moves no longer replay: the clock skips it from now
        on (its deadline stays as it was, for an operator to look at)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE games SET damaged_at = ?, damage = ?, version = version + 1 "
                "WHERE id = ? AND damaged_at IS NULL",
                (to_epoch(now), reason[:500], game_id),
            )

    async def mark_reminded(
        self, game_id: int, deadline_at: datetime, hours: Sequence[int], now: datetime
    ) -> None:
        """Record reminders as sent for this deadline (sending a later one covers earlier)."""
        await self.hand_over_reminders([(game_id, deadline_at, hours, ())], now)

    async def hand_over_reminders(
        self,
        reminders: Sequence[tuple[int, datetime, Sequence[int], Sequence[OutboxItem]]],
        now: datetime,
    ) -> None:
        """Record reminders as handed over, each (game id, deadline, hours covered, the
        outbox rows that deliver it), all in one transaction."""
        async with self._db.transaction() as conn:
            for game_id, deadline_at, hours, outbox in reminders:
                await insert_items(conn, outbox, now)
                await conn.executemany(
                    "INSERT INTO reminders_sent (game_id, deadline_at, hours_before, sent_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    [(game_id, to_epoch(deadline_at), h, to_epoch(now)) for h in hours],
                )

    async def purge_reminders(self, now: datetime) -> int:
        """Delete the reminders no reader can match any more: those of games no longer
        active and those of deadlines already past (a reminder is only looked up against
        its active game's current deadline, which is never moved back into the past);
        returns how many. Reminders of a future deadline moved meanwhile wait until it
        passes: a vacation ended at once restores its deadline exactly."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM reminders_sent WHERE deadline_at <= ? OR NOT EXISTS "
                "(SELECT 1 FROM games g WHERE g.id = reminders_sent.game_id "
                "AND g.status = 'active')",
                (to_epoch(now),),
            )
            return cursor.rowcount


async def insert_game(
    conn: Connection,
    game: NewGame,
    now: datetime,
    outbox: Sequence[OutboxItem] = (),
) -> GameRecord:
    """Create ``game`` inside the caller's transaction, with its ``outbox`` rows (those
    without a game id get the new game's)."""
    cursor = await conn.execute(
        "INSERT INTO games (guild_id, channel_id, thread_id, variant, start_fen, "
        "white_id, black_id, days_per_move, rated, status, ply, fen, to_move_id, "
        "created_at, last_move_at, deadline_at, untimed, clock_deadline, clock_next_at, "
        "thread_upkeep_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', 0, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        f"RETURNING {_COLUMNS}",
        (
            game.guild_id,
            game.channel_id,
            game.thread_id,
            game.variant,
            game.start_fen,
            game.white_id,
            game.black_id,
            game.days_per_move,
            int(game.rated),
            game.start_fen,
            game.to_move_id,
            to_epoch(now),
            to_epoch(now),
            None if game.deadline_at is None else to_epoch(game.deadline_at),
            int(game.untimed),
            *_clock_note(game.deadline_at, game.next_look_at),
            None if game.thread_look_at is None else to_epoch(game.thread_look_at),
        ),
    )
    row = await cursor.fetchone()
    await cursor.close()
    created = game_from_row(row)
    await insert_items(conn, _for_game(outbox, created.id), now)
    return created


def _step_statements(
    game: GameRecord,
    index: int,
    step: PreparedAnswer,
    fen: str,
    now: datetime,
    clock: tuple[datetime | None, datetime | None],
    *,
    last: bool,
) -> list[Statement]:
    """The ``index``-th move of a write to ``game``: the row moved on (guarded: the first
    by the version read, the ones after by the ply, inside the same transaction) and the
    offers it makes lapse (their kinds returned); ``_move_row`` stores the move. ``fen`` and
    ``clock`` (the deadline, and when the clock must next look: ``_clock_note``): after the
    write's last move; ``last``: this one ends the game (nobody is to move)."""
    check, expected = ("version", game.version) if index == 0 else ("ply", game.ply + index)
    deadline_at = clock[0]
    return [
        Statement(
            "UPDATE games SET ply = ply + 1, fen = ?, to_move_id = ?, last_move_at = ?, "
            "deadline_at = ?, clock_deadline = ?, clock_next_at = ?, version = version + 1 "
            f"WHERE id = ? AND {check} = ? "
            "AND status = 'active' AND to_move_id = ? RETURNING version",
            (
                fen,
                None if last else game.opponent_of(step.mover_id),
                to_epoch(now),
                None if deadline_at is None else to_epoch(deadline_at),
                *_clock_note(*clock),
                game.id,
                expected,
                step.mover_id,
            ),
            guard=True,
        ),
        Statement(
            "DELETE FROM offers WHERE game_id = ? "
            "AND (kind = 'takeback' OR from_player_id <> ?) RETURNING kind",
            (game.id, step.mover_id),
        ),
    ]


def _clock_note(
    deadline_at: datetime | None, next_look_at: datetime | None
) -> tuple[int | None, int | None]:
    """``clock_deadline`` and ``clock_next_at`` for a game due ``deadline_at`` that the
    clock must next look at ``next_look_at`` (None: the default look, NULLs)."""
    if deadline_at is None or next_look_at is None:
        return None, None
    return to_epoch(deadline_at), to_epoch(next_look_at)


def _move_row(
    game: GameRecord, index: int, step: PreparedAnswer, now: datetime, version: int
) -> Statement:
    """The ``index``-th move of a write to ``game`` stored with ``version``, the game's
    version after it (so a reader who cached the game at that version knows this row; see
    ``move_line``)."""
    return Statement(
        "INSERT INTO moves (game_id, ply, uci, san, chinese, played_at, version) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (game.id, game.ply + 1 + index, step.uci, step.san, step.chinese, to_epoch(now), version),
    )


def _after(
    game: GameRecord, before: Sequence[RecentMove], steps: Sequence[PreparedAnswer]
) -> tuple[RecentMove, ...]:
    """The last ``RECENT_PLIES`` moves once ``steps`` follow ``before`` (``game``'s last moves,
    oldest first). Raises ``ValueError`` when ``before`` does not end at ``game.ply`` or holds
    fewer moves than the line needs (read at another state of the game)."""
    if (before[-1].ply if before else 0) != game.ply or len(before) < min(
        game.ply, RECENT_PLIES - 1
    ):
        plies = [move.ply for move in before]
        raise ValueError(f"moves {plies} are not game #{game.id}'s last at ply {game.ply}")
    new = (
        RecentMove(game.ply + 1 + index, step.uci, step.san, step.chinese)
        for index, step in enumerate(steps)
    )
    return (*before, *new)[-RECENT_PLIES:]


def game_columns(alias: str) -> str:
    """The game columns of the table called ``alias`` in a join."""
    return ", ".join(f"{alias}.{column.strip()}" for column in _COLUMNS.split(","))


# Outbox rows for a write, or a function making them from the write's rating changes
# (an ending's message carries them, and they are only known inside the transaction).
OutboxSource = Sequence[OutboxItem] | Callable[[RatingUpdate | None], Sequence[OutboxItem]]


def _items(source: OutboxSource, ratings: RatingUpdate | None) -> Sequence[OutboxItem]:
    return source(ratings) if callable(source) else source


def _for_game(items: Sequence[OutboxItem], game_id: int) -> list[OutboxItem]:
    """``items``, those without a game id given ``game_id``."""
    return [
        item if item.game_id is not None else dataclasses.replace(item, game_id=game_id)
        for item in items
    ]


class _Conflict(Exception):
    """Raised inside a transaction to roll it back as a lost race."""


async def _consume_offer(
    conn: Connection, game_id: int, kind: OfferKind, from_player_id: int
) -> bool:
    cursor = await conn.execute(
        "DELETE FROM offers WHERE game_id = ? AND kind = ? AND from_player_id = ?",
        (game_id, kind.value, from_player_id),
    )
    return cursor.rowcount == 1


async def _finish(
    conn: Connection,
    game: GameRecord,
    version: int,
    ending: GameEnding,
    now: datetime,
    rate: RateFunction | None,
) -> tuple[int, RatingUpdate | None]:
    """End the game if it is still active at ``version``: (new version, ratings). Raises
    ``_Conflict`` otherwise, which rolls the caller's transaction back."""
    cursor = await conn.execute(
        "UPDATE games SET status = 'finished', result = ?, termination = ?, finished_at = ?, "
        "deadline_at = NULL, to_move_id = NULL, version = version + 1 "
        "WHERE id = ? AND version = ? AND status = 'active' RETURNING version",
        (ending.result, ending.termination, to_epoch(now), game.id, version),
    )
    row = await cursor.fetchone()
    await cursor.close()
    if row is None:
        raise _Conflict
    await conn.execute("DELETE FROM offers WHERE game_id = ?", (game.id,))
    await conditionals.drop_invalid(conn, game.id, None)
    if rate is None or not game.rated:
        return row[0], None
    seats = (game.white_id, game.black_id)
    await conn.lock(rating_key(game.guild_id, game.variant, player) for player in seats)
    white_old = await read_rating(conn, game.guild_id, game.variant, game.white_id)
    black_old = await read_rating(conn, game.guild_id, game.variant, game.black_id)
    white_new, black_new = rate(white_old, black_old, ending.result)
    await write_rating(conn, game.guild_id, game.variant, game.white_id, white_new, now)
    await write_rating(conn, game.guild_id, game.variant, game.black_id, black_new, now)
    return row[0], RatingUpdate(white_old, white_new, black_old, black_new)
