"""Ending games inside a transaction, one or many at once: each game guarded by the version
it was read at, its offers (their buttons taken off: ``offer_closings``) and prepared lines
dropped, its players' results counted and ratings changed, its tournament told, its outbox
rows written. Every ending of the store goes through ``end_games`` (a resignation is a batch
of one), so the single and the batched ending cannot drift apart.

A batch is set-based, a few statements whatever its size (the clock's time-outs after an
outage: thousands due at once, where one transaction a game waited on the disk thousands of
times). One UPDATE ends every game still at the version it was read at (a game changed
meanwhile is left as it is, and the others end), then one statement each drops the offers
and lines, counts the results, reads and writes the ratings, and inserts the outbox rows.
Ratings are worked out in the batch's order, so a player in two of its games has the second
rated from the first's result, as if they had ended one after the other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.store import club_match_endings, offer_closings, tournament_endings
from bot.store.database import Connection, typed_values
from bot.store.outbox import OutboxItem, insert_items
from bot.store.ratings import RateFunction, rating_key
from bot.store.records import GameEnding, GameRecord, Rating, RatingUpdate, Written, to_epoch
from bot.store.tallies import count_results

# Endings a batch at most: a few parameters each in one statement (PostgreSQL's limit is
# 32,767); the caller keeps its transactions short (the clock writes 100 at a time).
MOST_ENDINGS = 1000
# A rating's key: (server, variant, player).
RatingKey = tuple[int, str, int]
# Outbox rows for a write, or a function making them from the write's rating changes
# (an ending's message carries them, and they are only known inside the transaction).
OutboxSource = Sequence[OutboxItem] | Callable[[RatingUpdate | None], Sequence[OutboxItem]]


def outbox_items(source: OutboxSource, ratings: RatingUpdate | None) -> Sequence[OutboxItem]:
    return source(ratings) if callable(source) else source


@dataclass(frozen=True, slots=True)
class BatchEnding:
    """One game to end: the record as read (its version guards the write), how it ends, how
    to rate it (None: unrated), and its outbox rows (or a function of its rating changes,
    known only inside the transaction)."""

    game: GameRecord
    ending: GameEnding
    rate: RateFunction | None
    outbox: OutboxSource = ()


async def end_games(
    conn: Connection, endings: Sequence[BatchEnding], now: datetime
) -> dict[int, Written]:
    """Inside a transaction: end each game of ``endings`` still active at its record's
    version, with its ratings (in the order given) and outbox rows. Returns what was written
    for each game ended, by game id; a game changed meanwhile is absent and left as it is.
    Raises ``ValueError`` for more than ``MOST_ENDINGS`` endings (or a game twice)."""
    if len(endings) > MOST_ENDINGS or len({e.game.id for e in endings}) < len(endings):
        raise ValueError(f"a batch ends at most {MOST_ENDINGS} games, each once")
    versions = await _close(conn, endings, now) if endings else {}
    ended = [ending for ending in endings if ending.game.id in versions]
    if not ended:
        return {}
    marks = ", ".join("?" * len(ended))
    ids = [ending.game.id for ending in ended]
    await conn.execute(f"DELETE FROM conditional_moves WHERE game_id IN ({marks})", ids)
    # The players' counted results change with the result, in its transaction (/stats).
    await count_results(conn, [(e.game, e.ending.result, e.ending.termination) for e in ended])
    ratings = await _rate(conn, ended, now)
    # After the ratings' locks: every ending takes its locks in one order.
    finished = await tournament_endings.games_ended(conn, ids, now, ratings)
    finished += await club_match_endings.games_ended(conn, ids, now)
    items = [item for e in ended for item in outbox_items(e.outbox, ratings.get(e.game.id))]
    items += finished  # after the games' own endings, in their lanes
    await insert_items(conn, items, now)
    # The offers left unanswered, after the endings' rows: their buttons come off after.
    await offer_closings.close(conn, offer_closings.of_games(len(ids)), ids, now)
    return {
        game_id: Written(ok=True, ratings=ratings.get(game_id), version=version)
        for game_id, version in versions.items()
    }


async def _close(conn: Connection, endings: Sequence[BatchEnding], now: datetime) -> dict[int, int]:
    """Finish the games still active at their records' versions: their new version, by id."""
    rows = [(e.game.id, e.game.version, e.ending.result, e.ending.termination) for e in endings]
    values = typed_values(len(rows), ("BIGINT", "BIGINT", "TEXT", "TEXT"))
    cursor = await conn.execute(
        f"WITH ending (game_id, read_version, new_result, new_termination) AS ({values}) "
        "UPDATE games SET status = 'finished', result = ending.new_result, "
        "termination = ending.new_termination, finished_at = ?, deadline_at = NULL, "
        "to_move_id = NULL, version = games.version + 1 FROM ending "
        "WHERE games.id = ending.game_id AND games.version = ending.read_version "
        "AND games.status = 'active' RETURNING games.id, games.version",
        [*(value for row in rows for value in row), to_epoch(now)],
    )
    found = {int(row[0]): int(row[1]) for row in await cursor.fetchall()}
    await cursor.close()
    return found


async def _rate(
    conn: Connection, ended: Sequence[BatchEnding], now: datetime
) -> dict[int, RatingUpdate]:
    """Rate the rated games of ``ended`` one after the other, in order (each from the
    ratings the one before left), then write each rating changed once: the updates by id."""
    rated = [ending for ending in ended if ending.rate is not None and ending.game.rated]
    if not rated:
        return {}
    keys = sorted({key for ending in rated for key in _seats(ending.game)})
    await conn.lock(rating_key(*key) for key in keys)
    current = await _read(conn, keys)
    changed: dict[RatingKey, Rating] = {}
    updates: dict[int, RatingUpdate] = {}
    for ending in rated:
        assert ending.rate is not None
        white, black = _seats(ending.game)
        white_old, black_old = current[white], current[black]
        white_new, black_new = ending.rate(white_old, black_old, ending.ending.result)
        current[white] = changed[white] = white_new
        current[black] = changed[black] = black_new
        updates[ending.game.id] = RatingUpdate(white_old, white_new, black_old, black_new)
    await _write(conn, changed, now)
    return updates


def _seats(game: GameRecord) -> tuple[RatingKey, RatingKey]:
    return (game.guild_id, game.variant, game.white_id), (
        game.guild_id,
        game.variant,
        game.black_id,
    )


async def _read(conn: Connection, keys: Sequence[RatingKey]) -> dict[RatingKey, Rating | None]:
    """The ratings of ``keys`` (None: never rated there yet)."""
    values = typed_values(len(keys), ("BIGINT", "TEXT", "BIGINT"))
    cursor = await conn.execute(
        f"WITH wanted (guild_id, variant, player_id) AS ({values}) "
        "SELECT r.guild_id, r.variant, r.player_id, r.rating, r.deviation, r.volatility, "
        "r.games FROM ratings r JOIN wanted ON r.guild_id = wanted.guild_id "
        "AND r.variant = wanted.variant AND r.player_id = wanted.player_id",
        [value for key in keys for value in key],
    )
    found: dict[RatingKey, Rating | None] = dict.fromkeys(keys)
    for row in await cursor.fetchall():
        found[(int(row[0]), str(row[1]), int(row[2]))] = Rating(row[3], row[4], row[5], row[6])
    await cursor.close()
    return found


async def _write(conn: Connection, ratings: Mapping[RatingKey, Rating], now: datetime) -> None:
    """Write ``ratings`` in one statement (PostgreSQL refuses one that changes a row twice:
    each key once, its last rating)."""
    rows = [
        (*key, rating.rating, rating.deviation, rating.volatility, rating.games, to_epoch(now))
        for key, rating in ratings.items()
    ]
    values = ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?)"] * len(rows))
    await conn.execute(
        "INSERT INTO ratings (guild_id, variant, player_id, rating, deviation, volatility, "
        f"games, updated_at) VALUES {values} "
        "ON CONFLICT (guild_id, variant, player_id) DO UPDATE SET rating = excluded.rating, "
        "deviation = excluded.deviation, volatility = excluded.volatility, "
        "games = excluded.games, updated_at = excluded.updated_at",
        [value for row in rows for value in row],
    )
