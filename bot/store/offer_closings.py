"""Offers that go unanswered: a move makes them lapse, a takeback or the game's end drops
them. Their messages lose their Accept and Decline in every place of the game, as an
answered offer's do: an ``OFFER_CLOSED`` row for each offer in the game's own place and one
in each of its other places (``game_places``), written by the statement that reads the
offers just before they are deleted, in the same write (a restart delivers them)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime

from bot.store.database import Connection, Statement
from bot.store.outbox_facts import FACTS_VERSION, OutboxKind, OutboxTarget
from bot.store.records import to_epoch

# ``OfferClosedFacts`` as ``outbox_facts.encode`` writes them (keys sorted), from an offers
# row ``f``; tests/store/test_store_offer_closings.py holds the two alike.
_FACTS = (
    """'{"from_id": ' || CAST(f.from_player_id AS TEXT) || ', "offer": "' || f.kind """
    """|| '", "ply": ' || CAST(f.ply AS TEXT) || ', "v": """
    f"""{FACTS_VERSION}}}'"""
)

# A nonce (never sent: the row edits messages, it posts none) outside the hex of
# ``outbox.new_nonce``, which finds rows just written by nonce to copy them to other places.
_NONCE_BYTES = 6


def _insert(where: str) -> str:
    """The rows of the offers ``where`` (on ``offers f``, its parameters given twice): one
    in each game's own place, one in each of its other places. Three parameters before
    each ``where``: nonce, next attempt, created (cast: PostgreSQL cannot tell their types
    through the union)."""
    row = (
        f"SELECT '{OutboxKind.OFFER_CLOSED.value}', '{OutboxTarget.PLACE.value}', f.game_id, "
        f"{_FACTS}, CAST(? AS TEXT) || CAST(f.game_id AS TEXT) || substr(f.kind, 1, 1)<place>, "
        "CAST(? AS DOUBLE PRECISION), CAST(? AS BIGINT), <place_id> FROM offers f"
    )
    own = row.replace("<place>", "").replace("<place_id>", "NULL")
    there = row.replace("<place>", " || 'p' || CAST(p.id AS TEXT)").replace("<place_id>", "p.id")
    return (
        "INSERT INTO outbox (kind, target, game_id, facts, nonce, next_attempt_at, "
        f"created_at, place_id) {own} WHERE {where} UNION ALL {there} "
        f"JOIN game_places p ON p.game_id = f.game_id WHERE {where}"
    )


def closing(where: str, params: Sequence[object], now: datetime) -> list[Statement]:
    """The statements closing the offers ``where`` (SQL on ``offers f`` with ``params``):
    their ``OFFER_CLOSED`` rows, due at ``now``, then their deletion, which returns each
    offer's kind."""
    moment = to_epoch(now)
    nonce = "x" + secrets.token_hex(_NONCE_BYTES)
    head = (nonce, float(moment), moment)
    return [
        Statement(_insert(where), (*head, *params, *head, *params)),
        Statement(f"DELETE FROM offers AS f WHERE {where} RETURNING kind", tuple(params)),
    ]


async def close(conn: Connection, where: str, params: Sequence[object], now: datetime) -> list[str]:
    """``closing`` run on ``conn``, inside the caller's transaction: the kinds closed."""
    kinds: list[str] = []
    for statement in closing(where, params, now):
        cursor = await conn.execute(statement.sql, statement.params)
        kinds += [str(row[0]) for row in await cursor.fetchall()]
        await cursor.close()
    return kinds


def of_games(count: int) -> str:
    """The ``where`` of every offer of ``count`` games (their ids the parameters)."""
    return f"f.game_id IN ({', '.join('?' * count)})"
