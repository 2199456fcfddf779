"""Writing moves: a move and the prepared answers it sets off, in one version-guarded write
(the common move sent whole; the move that ends a game in a transaction that rates it).
"""

from __future__ import annotations

from bot.store import conditionals, offer_closings
from bot.store.database import Statement
from bot.store.ending_batches import outbox_items
from bot.store.game_endings import finish_game
from bot.store.game_rows import RECENT, RECENT_PLIES, GameTable, clock_note, recent_from_rows
from bot.store.move_write import LAPSING_FROM_ANYONE, LAPSING_FROM_OPPONENT, MoveWrite
from bot.store.outbox import insert_items, insert_statements
from bot.store.players import client_locale_statement
from bot.store.records import (
    GameEnding,
    OfferKind,
    PreparedAnswer,
    Written,
    to_epoch,
)
from bot.store.teams import told_statements, window_close, window_open


class MoveWrites(GameTable):
    """Moves written."""

    async def play_move(self, write: MoveWrite) -> Written:
        """Write ``write`` (a move and the answers it sets off, see ``MoveWrite``) if the
        game is still active at ``write.game.version``. Returns ``Written(ok=False)``,
        changing nothing, on a conflict; else the offers that lapsed, the ratings when it
        ended the game, the game's new version and its last moves."""
        if write.ending is not None:
            return await self._play_final_move(write, write.ending)
        # The common move: one write, sent whole (see ``Database.write``).
        game, steps, recent = write.game, write.steps, write.recent
        statements: list[Statement] = []
        for index, step in enumerate(steps):
            statements.append(_step_statement(write, index, step, last=False))
            # The version the UPDATE gives (the guard holds it at game.version, then each
            # move raises it by one inside the transaction), written as it is: no re-read.
            statements.append(_move_row(write, index, step, game.version + 1 + index))
        statements += _windows(write)
        if write.lines_waiting or write.followed:
            statements += conditionals.followed(game.id, write.followed, game.ply + len(steps))
        # The close's own rows first: its lane says the vote before the board it elected.
        statements += told_statements(write.vote, write.now)
        statements += insert_statements(outbox_items(write.outbox, None), write.now)
        # The offers lapsing, after the board's rows: their buttons come off after it is told.
        lapses = []
        for step in steps:
            statements += _lapse(write, step)
            lapses.append(len(statements) - 1)
        statements += _locale(write)
        if recent is None:
            statements.append(Statement(RECENT, (game.id, RECENT_PLIES)))
        results = await self._db.write(statements)
        if results is None:
            return Written(ok=False)
        lapsed = {OfferKind(row[0]) for at in lapses for row in results[at]}
        return Written(
            ok=True,
            lapsed=_sorted(lapsed),
            version=results[2 * len(steps) - 2][0][0],
            recent=recent_from_rows(results[-1]) if recent is None else recent,
        )

    async def _play_final_move(self, write: MoveWrite, ending: GameEnding) -> Written:
        """``play_move`` for the moves that end the game, statement by statement: the ratings
        are read and written inside the transaction (the players' other games may end
        meanwhile)."""
        game, steps, recent = write.game, write.steps, write.recent
        async with self._db.transaction() as conn:
            if write.vote is not None:  # the team's window, first: refused, nothing written
                close = window_close(write.vote)
                cursor = await conn.execute(close.sql, close.params)
                closed = await cursor.fetchone()
                await cursor.close()
                if closed is None:
                    return Written(ok=False)
            lapsed: set[OfferKind] = set()
            version, ratings = game.version, None
            for index, step in enumerate(steps):
                last = index == len(steps) - 1
                update = _step_statement(write, index, step, last=last)
                cursor = await conn.execute(update.sql, update.params)
                row = await cursor.fetchone()
                await cursor.close()
                if row is None:
                    if index == 0:
                        return Written(ok=False)
                    raise RuntimeError(f"game #{game.id} changed inside its own transaction")
                version = row[0]
                # Before the ending's rows (it drops the offers left): a rare order, harmless.
                kinds = await offer_closings.close(conn, _LAPSING, _lapsing(write, step), write.now)
                lapsed.update(OfferKind(kind) for kind in kinds)
                if last:
                    version, ratings = await finish_game(
                        conn, game, version, ending, write.now, write.rate
                    )
                insert = _move_row(write, index, step, version)
                await conn.execute(insert.sql, insert.params)
            for statement in told_statements(write.vote, write.now):
                await conn.execute(statement.sql, statement.params)
            await insert_items(conn, outbox_items(write.outbox, ratings), write.now)
            for statement in _locale(write):
                await conn.execute(statement.sql, statement.params)
            if recent is None:
                cursor = await conn.execute(RECENT, (game.id, RECENT_PLIES))
                recent = recent_from_rows(await cursor.fetchall())
                await cursor.close()
        return Written(
            ok=True, ratings=ratings, lapsed=_sorted(lapsed), version=version, recent=recent
        )


def _windows(write: MoveWrite) -> list[Statement]:
    """Vote chess in a move's own write: the window a team's move closes (guarded), and the
    window of the team the move makes the player to move."""
    game, last = write.game, write.steps[-1]
    closing = [] if write.vote is None else [window_close(write.vote)]
    to_move = game.opponent_of(last.mover_id)
    return closing + window_open(to_move, game.id, game.ply + len(write.steps), write.now)


def _sorted(kinds: set[OfferKind]) -> tuple[OfferKind, ...]:
    return tuple(sorted(kinds, key=lambda kind: kind.value))


def _locale(write: MoveWrite) -> list[Statement]:
    """The mover's app language, when it changed: part of the move's own write."""
    if write.client_locale is None:
        return []
    return [client_locale_statement(write.move.mover_id, write.client_locale)]


def _kinds(kinds: frozenset[OfferKind]) -> str:
    """``kinds`` as an SQL list of literals (an enum's values: no quoting needed)."""
    return ", ".join(f"'{kind.value}'" for kind in sorted(kinds, key=lambda kind: kind.value))


# The offers a move makes lapse (``move_write.LAPSING_FROM_ANYONE``, ``..._FROM_OPPONENT``).
_LAPSING = (
    f"f.game_id = ? AND (f.kind IN ({_kinds(LAPSING_FROM_ANYONE)}) "
    f"OR (f.from_player_id <> ? AND f.kind IN ({_kinds(LAPSING_FROM_OPPONENT)})))"
)


def _lapsing(write: MoveWrite, step: PreparedAnswer) -> tuple[int, int]:
    """The parameters of ``_LAPSING`` for ``step``."""
    return (write.game.id, step.mover_id)


def _lapse(write: MoveWrite, step: PreparedAnswer) -> list[Statement]:
    """The offers ``step`` makes lapse closed (``offer_closings``): the last statement
    returns their kinds."""
    return offer_closings.closing(_LAPSING, _lapsing(write, step), write.now)


def _step_statement(write: MoveWrite, index: int, step: PreparedAnswer, *, last: bool) -> Statement:
    """The ``index``-th move of ``write``: the row moved on (guarded: the first by the
    version read, the ones after by the ply, inside the same transaction) to the position
    and clock after the write's last move (``_lapse`` closes the offers it makes lapse;
    ``_move_row`` stores the move). ``last``: this one ends the game (nobody is to move)."""
    game, deadline_at = write.game, write.deadline_at
    check, expected = ("version", game.version) if index == 0 else ("ply", game.ply + index)
    # A write that ends the game leaves the clock nothing to look at.
    next_look_at = None if write.ending is not None else write.next_look_at
    return Statement(
        "UPDATE games SET ply = ply + 1, fen = ?, to_move_id = ?, last_move_at = ?, "
        "deadline_at = ?, clock_deadline = ?, clock_next_at = ?, waiting_bank = ?, "
        "version = version + 1 "
        f"WHERE id = ? AND {check} = ? "
        "AND status = 'active' AND to_move_id = ? RETURNING version",
        (
            write.fen,
            None if last else game.opponent_of(step.mover_id),
            to_epoch(write.now),
            None if deadline_at is None else to_epoch(deadline_at),
            *clock_note(deadline_at, next_look_at),
            write.waiting_bank,
            game.id,
            expected,
            step.mover_id,
        ),
        guard=True,
    )


def _move_row(write: MoveWrite, index: int, step: PreparedAnswer, version: int) -> Statement:
    """The ``index``-th move of ``write`` stored with ``version``, the game's version after
    it (so a reader who cached the game at that version knows this row; see
    ``move_line``)."""
    game, now = write.game, write.now
    return Statement(
        "INSERT INTO moves (game_id, ply, uci, san, chinese, played_at, version) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (game.id, game.ply + 1 + index, step.uci, step.san, step.chinese, to_epoch(now), version),
    )
