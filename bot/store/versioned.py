"""Writes guarded by a row's ``version``, shared by tournaments and club matches: each of
their writes raises the version, and a write that depends on what was read (a start, a
finish) changes the row only at the version read, so a second click or another process
that came first makes it change nothing."""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from typing import Any, Generic, Literal, TypeVar, cast

from bot.store.database import Connection

# The tables whose rows carry a ``version`` and a ``status`` ('open' before the start).
Versioned = Literal["tournaments", "club_matches"]

Answer = TypeVar("Answer")


class Unchanged(Exception, Generic[Answer]):
    """Raised inside a transaction to roll it back (a version the claim raised included)
    and answer ``answer`` instead."""

    def __init__(self, answer: Answer) -> None:
        super().__init__(answer)
        self.answer = answer


async def one_row(conn: Connection, sql: str, params: Sequence[object] = ()) -> Any:
    """The first row ``sql`` returns (None: none)."""
    cursor = await conn.execute(sql, params)
    row = await cursor.fetchone()
    await cursor.close()
    return row


async def answer_of(write: Awaitable[Answer]) -> Answer:
    """Await ``write``, or the answer of the ``Unchanged`` it raised (its transaction
    rolled back)."""
    try:
        return await write
    except Unchanged as unchanged:
        return cast(Answer, unchanged.answer)


async def advance(
    conn: Connection,
    table: Versioned,
    row_id: int,
    version: int,
    status: str,
    change: str = "",
    params: tuple[object, ...] = (),
) -> bool:
    """Apply ``change`` (``SET`` assignments, their values ``params``) to row ``row_id`` of
    ``table``, raising its version, if it is still in ``status`` at ``version``: whether it
    did (False: another write, a second click or another process, came first)."""
    sets = f"{change}, version = version + 1" if change else "version = version + 1"
    row = await one_row(
        conn,
        f"UPDATE {table} SET {sets} WHERE id = ? AND version = ? AND status = ? RETURNING id",
        (*params, row_id, version, status),
    )
    return row is not None


async def claim_open(conn: Connection, table: Versioned, row_id: int, returning: str) -> Any:
    """Raise an open row's version (the row locked until the transaction ends, so joins,
    leaves and the start take turns and the start sees the list they leave) and return its
    ``returning`` columns; None when it is not open (or not there)."""
    return await one_row(
        conn,
        f"UPDATE {table} SET version = version + 1 WHERE id = ? AND status = 'open' "
        f"RETURNING {returning}",
        (row_id,),
    )
