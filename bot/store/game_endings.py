"""Ending games: the guarded ending of one game inside a caller's transaction (a final move),
the write that ends a game on its own, and the write that ends many at once. Each is
``ending_batches.end_games``: one way of ending a game, whatever the number.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime

from bot.store.database import Connection
from bot.store.ending_batches import BatchEnding, OutboxSource, end_games
from bot.store.game_rows import GameTable
from bot.store.ratings import RateFunction
from bot.store.records import GameEnding, GameRecord, OfferKind, RatingUpdate, Written


class Conflict(Exception):
    """Raised inside a transaction to roll it back as a lost race."""


async def use_offer(conn: Connection, game_id: int, kind: OfferKind, from_player_id: int) -> bool:
    """Use up ``from_player_id``'s offer of ``kind`` in the game: whether it stood."""
    cursor = await conn.execute(
        "DELETE FROM offers WHERE game_id = ? AND kind = ? AND from_player_id = ?",
        (game_id, kind.value, from_player_id),
    )
    return cursor.rowcount == 1


async def finish_game(
    conn: Connection,
    game: GameRecord,
    version: int,
    ending: GameEnding,
    now: datetime,
    rate: RateFunction | None,
    outbox: OutboxSource = (),
) -> tuple[int, RatingUpdate | None]:
    """End the game if it is still active at ``version``: (new version, ratings), with its
    ``outbox`` rows. Raises ``Conflict`` otherwise, which rolls the caller's transaction
    back."""
    at_version = dataclasses.replace(game, version=version)
    written = await end_games(conn, [BatchEnding(at_version, ending, rate, outbox)], now)
    if game.id not in written:
        raise Conflict
    done = written[game.id]
    assert done.version is not None
    return done.version, done.ratings


class GameEndings(GameTable):
    """Games ended."""

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
                if consume_offer is not None and not await use_offer(conn, game.id, *consume_offer):
                    return Written(ok=False)
                # Raises Conflict (rolling the used-up offer back) if the game moved on.
                version, ratings = await finish_game(
                    conn, game, game.version, ending, now, rate, outbox
                )
        except Conflict:
            return Written(ok=False)
        return Written(ok=True, ratings=ratings, version=version)

    async def finish_many(
        self, endings: Sequence[BatchEnding], now: datetime, *, sync_outside_lock: bool = False
    ) -> dict[int, Written]:
        """End each game of ``endings`` still active at its record's version, all in one
        transaction (ratings in the order given, outbox rows beside them): what was written
        for each game ended, by id. A game changed meanwhile is absent, left as it is.
        ``sync_outside_lock``: see ``Database.transaction``.
        Raises ``ValueError`` past ``ending_batches.MOST_ENDINGS``, and the database's
        errors (nothing written then)."""
        if not endings:
            return {}
        async with self._db.transaction(sync_outside_lock=sync_outside_lock) as conn:
            return await end_games(conn, endings, now)
