"""Ending a game: the guarded ending inside a transaction (offers dropped, lines dropped,
ratings read and written), and the write that ends a game on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from bot.store import conditionals, tournament_endings
from bot.store.database import Connection
from bot.store.game_rows import GameTable
from bot.store.outbox import OutboxItem, insert_items
from bot.store.ratings import RateFunction, rate_game
from bot.store.records import GameEnding, GameRecord, OfferKind, RatingUpdate, Written, to_epoch
from bot.store.tallies import count_result

# Outbox rows for a write, or a function making them from the write's rating changes
# (an ending's message carries them, and they are only known inside the transaction).
OutboxSource = Sequence[OutboxItem] | Callable[[RatingUpdate | None], Sequence[OutboxItem]]


def outbox_items(source: OutboxSource, ratings: RatingUpdate | None) -> Sequence[OutboxItem]:
    return source(ratings) if callable(source) else source


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
) -> tuple[int, RatingUpdate | None]:
    """End the game if it is still active at ``version``: (new version, ratings). Raises
    ``Conflict`` otherwise, which rolls the caller's transaction back."""
    cursor = await conn.execute(
        "UPDATE games SET status = 'finished', result = ?, termination = ?, finished_at = ?, "
        "deadline_at = NULL, to_move_id = NULL, version = version + 1 "
        "WHERE id = ? AND version = ? AND status = 'active' RETURNING version",
        (ending.result, ending.termination, to_epoch(now), game.id, version),
    )
    row = await cursor.fetchone()
    await cursor.close()
    if row is None:
        raise Conflict
    await conn.execute("DELETE FROM offers WHERE game_id = ?", (game.id,))
    await conditionals.drop_invalid(conn, game.id, None)
    # The players' counted results change with the result, in its transaction (/stats).
    await count_result(conn, game, ending.result, ending.termination)
    ratings = (
        None if rate is None or not game.rated else await rate_game(conn, game, ending, now, rate)
    )
    # After the ratings' locks: every ending takes its locks in one order.
    await tournament_endings.game_ended(conn, game.id, now)
    return row[0], ratings


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
                version, ratings = await finish_game(conn, game, game.version, ending, now, rate)
                await insert_items(conn, outbox_items(outbox, ratings), now)
        except Conflict:
            return Written(ok=False)
        return Written(ok=True, ratings=ratings, version=version)
