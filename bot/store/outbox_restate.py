"""A pending outbox row made to say other facts, by the write that does what it stood for."""

from __future__ import annotations

from bot.store.database import Connection
from bot.store.outbox_facts import MessageFacts, encode, kind_of


async def restate(conn: Connection, row_id: int, facts: MessageFacts) -> None:
    """Make the pending row ``row_id`` say ``facts`` (their kind, no routing), on ``conn``
    inside the caller's transaction: the write that does what a row stood for records what
    it did there, so a retried delivery of the row says it again instead of nothing."""
    await conn.execute(
        "UPDATE outbox SET kind = ?, facts = ? WHERE id = ? AND state = 'pending'",
        (kind_of(facts).value, encode(facts), row_id),
    )
