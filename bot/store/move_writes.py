"""Writing moves: a move and the prepared answers it sets off, in one version-guarded write
(the common move sent whole; the move that ends a game in a transaction that rates it).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.store import conditionals
from bot.store.database import Statement
from bot.store.ending_batches import OutboxSource, outbox_items
from bot.store.game_endings import finish_game
from bot.store.game_rows import RECENT, RECENT_PLIES, GameTable, clock_note, recent_from_rows
from bot.store.outbox import insert_items, insert_statements
from bot.store.players import client_locale_statement
from bot.store.ratings import RateFunction
from bot.store.records import (
    GameEnding,
    GameRecord,
    OfferKind,
    PreparedAnswer,
    RecentMove,
    Written,
    to_epoch,
)


class MoveWrites(GameTable):
    """Moves written."""

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
        statements += insert_statements(outbox_items(outbox, None), now)
        statements += locale
        if recent is None:
            statements.append(Statement(RECENT, (game.id, RECENT_PLIES)))
        results = await self._db.write(statements)
        if results is None:
            return Written(ok=False)
        lapsed = {OfferKind(row[0]) for rows in results[1 : 3 * len(steps) : 3] for row in rows}
        return Written(
            ok=True,
            lapsed=tuple(sorted(lapsed, key=lambda k: k.value)),
            version=results[3 * len(steps) - 3][0][0],
            recent=recent_from_rows(results[-1]) if recent is None else recent,
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
                    version, ratings = await finish_game(conn, game, version, ending, now, rate)
                insert = _move_row(game, index, step, now, version)
                await conn.execute(insert.sql, insert.params)
            await insert_items(conn, outbox_items(outbox, ratings), now)
            for statement in also:  # the mover's app language, when it changed
                await conn.execute(statement.sql, statement.params)
            if recent is None:
                cursor = await conn.execute(RECENT, (game.id, RECENT_PLIES))
                recent = recent_from_rows(await cursor.fetchall())
                await cursor.close()
        kinds = tuple(sorted(lapsed, key=lambda k: k.value))
        return Written(ok=True, ratings=ratings, lapsed=kinds, version=version, recent=recent)


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
    ``clock`` (the deadline, and when the clock must next look: ``clock_note``): after the
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
                *clock_note(*clock),
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
