"""Offers and takebacks: a draw offer or takeback request recorded, withdrawn, or used up
by the takeback it asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.store import conditionals, offer_closings
from bot.store.game_endings import Conflict, use_offer
from bot.store.game_rows import GameTable
from bot.store.outbox import OutboxItem, insert_items
from bot.store.records import GameRecord, OfferKind, Written, to_epoch


class GameOffers(GameTable):
    """Offers made and used."""

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
        waiting_bank: int | None = None,
    ) -> Written:
        """Undo the last ``plies`` moves, using up ``requester_id``'s takeback request
        (``outbox`` rows written with it); ``waiting_bank``: the time bank (seconds) of the
        player then waiting (None: no time bank).

        Returns ``Written(ok=False)`` and changes nothing if the game moved on or the
        request is gone."""
        try:
            return await self._take_back(
                game, plies, fen, to_move_id, requester_id, now, (deadline_at, waiting_bank), outbox
            )
        except Conflict:
            return Written(ok=False)

    async def _take_back(
        self,
        game: GameRecord,
        plies: int,
        fen: str,
        to_move_id: int,
        requester_id: int,
        now: datetime,
        clock: tuple[datetime | None, int | None],
        outbox: Sequence[OutboxItem],
    ) -> Written:
        deadline_at, waiting_bank = clock
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE games SET ply = ply - ?, fen = ?, to_move_id = ?, last_move_at = ?, "
                "deadline_at = ?, waiting_bank = ?, version = version + 1 "
                "WHERE id = ? AND version = ? AND status = 'active' RETURNING version",
                (
                    plies,
                    fen,
                    to_move_id,
                    to_epoch(now),
                    None if deadline_at is None else to_epoch(deadline_at),
                    waiting_bank,
                    game.id,
                    game.version,
                ),
            )
            row = await cursor.fetchone()
            await cursor.close()
            if row is None:
                return Written(ok=False)
            if not await use_offer(conn, game.id, OfferKind.TAKEBACK, requester_id):
                # Raising rolls the UPDATE back; the caller sees a conflict.
                raise Conflict
            await conn.execute(
                "DELETE FROM moves WHERE game_id = ? AND ply > ?", (game.id, game.ply - plies)
            )
            # Every prepared line was about a position the takeback undid.
            await conditionals.drop_invalid(conn, game.id, game.ply - plies)
            await insert_items(conn, outbox, now)
            # So was every other offer: closed after the board's rows.
            await offer_closings.close(conn, offer_closings.of_games(1), [game.id], now)
        return Written(ok=True, version=row[0])

    async def make_offer(
        self,
        game: GameRecord,
        kind: OfferKind,
        from_player_id: int,
        now: datetime,
        outbox: Sequence[OutboxItem] = (),
        days: int | None = None,
    ) -> bool:
        """Record an offer (``days``: a pause's length) if the game is still active at
        ``game.version`` and none of that kind is pending, with its ``outbox`` rows; False
        (nothing written) otherwise. The offer is a row of its own: the game's row (and
        version) is unchanged, so a move crossing an offer is not refused for it."""
        async with self._db.transaction() as conn:
            # The game's row locked: a move committing meanwhile is waited for and seen (its
            # new version refuses the offer), not passed by.
            cursor = await conn.execute(
                "INSERT INTO offers (game_id, kind, from_player_id, ply, created_at, days) "
                "SELECT id, ?, ?, ply, ?, ? FROM games "
                f"WHERE id = ? AND version = ? AND status = 'active'{self._db.row_lock} "
                "ON CONFLICT (game_id, kind) DO NOTHING",
                (kind.value, from_player_id, to_epoch(now), days, game.id, game.version),
            )
            made = cursor.rowcount == 1
            if made:
                await insert_items(conn, outbox, now)
            return made

    async def pause(
        self,
        game: GameRecord,
        requester_id: int,
        days: int,
        until: datetime,
        deadline: datetime,
        outbox: Sequence[OutboxItem] = (),
        now: datetime | None = None,
    ) -> Written:
        """Stop the game's clocks until ``until``, using up ``requester_id``'s request for a
        pause of ``days``: the deadline of the player to move becomes ``deadline`` (moved by
        the pause: the clock stays a stored deadline), and the game counts the days; with
        its ``outbox`` rows (due at ``now``). ``Written(ok=False)``, nothing changed, when
        the game moved on (its version) or the request is gone."""
        try:
            async with self._db.transaction() as conn:
                cursor = await conn.execute(
                    "UPDATE games SET paused_until = ?, pause_days = pause_days + ?, "
                    "deadline_at = ?, version = version + 1 "
                    "WHERE id = ? AND version = ? AND status = 'active' RETURNING version",
                    (to_epoch(until), days, to_epoch(deadline), game.id, game.version),
                )
                row = await cursor.fetchone()
                await cursor.close()
                if row is None:
                    return Written(ok=False)
                if not await use_offer(conn, game.id, OfferKind.PAUSE, requester_id):
                    raise Conflict  # rolls the UPDATE back
                if outbox:
                    assert now is not None
                    await insert_items(conn, outbox, now)
        except Conflict:
            return Written(ok=False)
        return Written(ok=True, version=row[0])

    async def withdraw_offer(
        self,
        game_id: int,
        kind: OfferKind,
        from_player_id: int,
        outbox: Sequence[OutboxItem] = (),
        now: datetime | None = None,
    ) -> bool:
        """Remove a pending offer (declined), with its ``outbox`` rows (due at ``now``);
        False, nothing written, if there was none."""
        async with self._db.transaction() as conn:
            used = await use_offer(conn, game_id, kind, from_player_id)
            if used and outbox:
                assert now is not None
                await insert_items(conn, outbox, now)
            return used
