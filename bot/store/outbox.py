"""The outbox: what the bot says on its own initiative, as rows delivered by the adapter.

A row is inserted with ``insert_items`` inside the transaction of the change that causes it
(a move, a time-out, an expired challenge, a reminder marked as due), so a change is never
stored without its message nor a message without its change. ``Outbox`` reads due rows and
records each attempt's outcome; a row ends ``sent`` (with Discord's message id), ``failed``
(with its reason) or ``superseded`` (the game moved on before it could be said)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any

from bot.store.database import Connection, Database, Statement
from bot.store.outbox_answers import UNCLAIMED as _UNCLAIMED
from bot.store.outbox_answers import Answering, answered_statement, waiting_statement
from bot.store.outbox_facts import (
    NO_ROUTING,
    MessageFacts,
    OutboxKind,
    OutboxTarget,
    Routing,
    UnreadableFacts,
    decode,
    encode,
    kind_of,
)
from bot.store.outbox_places import copies_to_places
from bot.store.records import from_epoch, to_epoch


class OutboxState(Enum):
    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"
    SUPERSEDED = "superseded"


@dataclass(frozen=True, slots=True)
class OutboxItem:
    """A row to insert: what it says (``facts``, whose type is its kind), where and how.
    ``dedupe_key`` makes a second insert with the same key a no-op. ``answering``: what an
    interaction's answer says, written in case the answer is lost (see ``Outbox.answered``
    and ``Outbox.unanswered``)."""

    target: OutboxTarget
    facts: MessageFacts
    game_id: int | None = None
    challenge_id: int | None = None
    user_id: int | None = None
    routing: Routing = NO_ROUTING
    dedupe_key: str | None = None
    answering: Answering | None = None

    @property
    def kind(self) -> OutboxKind:
        return kind_of(self.facts)


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """A stored row. Times are epoch seconds (floats: retry times need fractions)."""

    id: int
    kind: OutboxKind
    target: OutboxTarget
    game_id: int | None
    challenge_id: int | None
    user_id: int | None
    facts: MessageFacts | UnreadableFacts
    routing: Routing
    nonce: str
    state: OutboxState
    attempts: int
    next_attempt_at: float
    in_flight_since: float | None
    created_at: datetime
    channel_id: int | None
    message_id: int | None
    last_error: str | None
    reason: str | None
    # The game's other place it is said in (``game_places``), None: the game's own.
    place_id: int | None = None

    @property
    def lane(self) -> str:
        """Rows of one lane are delivered in order, one at a time (a game's messages)."""
        if self.game_id is not None:
            return f"game:{self.game_id}"
        if self.challenge_id is not None:
            return f"challenge:{self.challenge_id}"
        return f"player:{self.user_id}"  # a digest: about no single game


@dataclass(frozen=True, slots=True)
class PlayerNotice:
    """Something to tell a player at their next command."""

    id: int
    player_id: int
    game_id: int | None
    kind: str
    detail: str


@dataclass(frozen=True, slots=True)
class OutboxCounts:
    """How many rows are in each state."""

    pending: int = 0
    sent: int = 0
    failed: int = 0
    superseded: int = 0


_COLUMNS = (
    "id, kind, target, game_id, challenge_id, user_id, facts, nonce, state, attempts, "
    "next_attempt_at, in_flight_since, created_at, channel_id, message_id, last_error, reason, "
    "place_id"
)

# Whether a pending row comes before row ``o`` in its lane (see ``OutboxRow.lane``): then
# ``o`` waits. Held rows (quiet hours) leave their lane until ``held_until``. Each branch is
# one probe of an index on the lane's column (migration 0024). One parameter: now.
_EARLIER = (
    "SELECT 1 FROM outbox e WHERE e.state = 'pending' AND e.id < o.id "
    "AND (e.held_until IS NULL OR e.held_until <= ?) AND "
)
_WAITS_IN_LANE = (
    f"CASE WHEN o.game_id IS NOT NULL THEN EXISTS ({_EARLIER}e.game_id = o.game_id) "
    f"WHEN o.challenge_id IS NOT NULL THEN EXISTS ({_EARLIER}e.challenge_id = o.challenge_id "
    "AND e.game_id IS NULL) "
    f"ELSE EXISTS ({_EARLIER}e.user_id = o.user_id AND e.game_id IS NULL "
    "AND e.challenge_id IS NULL) END"
)


def _lane_params(now: float) -> tuple[float, ...]:
    """The parameters of ``_WAITS_IN_LANE``: now, once per branch."""
    return (now,) * _WAITS_IN_LANE.count("?")


# A claimed row as it was before its attempt was counted (``claim_due``).
_CLAIMED_COLUMNS = _COLUMNS.replace(" attempts,", " attempts - 1,")

# Discord accepts nonces of at most 25 characters.
NONCE_LENGTH = 25


def new_nonce() -> str:
    """A random Create Message nonce (Discord dedupes a repeat for a few minutes)."""
    return secrets.token_hex(16)[:NONCE_LENGTH]


def _row(row: Any) -> OutboxRow:
    kind = OutboxKind(row[1])
    facts, routing = decode(kind, row[6])
    return OutboxRow(
        id=row[0],
        kind=kind,
        target=OutboxTarget(row[2]),
        game_id=row[3],
        challenge_id=row[4],
        user_id=row[5],
        facts=facts,
        routing=routing,
        nonce=row[7],
        state=OutboxState(row[8]),
        attempts=row[9],
        next_attempt_at=row[10],
        in_flight_since=row[11],
        created_at=from_epoch(row[12]),
        channel_id=row[13],
        message_id=row[14],
        last_error=row[15],
        reason=row[16],
        place_id=row[17],
    )


_INSERTED = (
    "kind, target, game_id, challenge_id, user_id, facts, dedupe_key, nonce, next_attempt_at, "
    "created_at, claimed_by, claimed_until"
)
ROWS_A_STATEMENT = 1000  # 12 parameters a row: well inside PostgreSQL's 32,767 a statement
_VALUES = f"({', '.join('?' * _INSERTED.count(','))}, ?)"
_INSERT = f"INSERT INTO outbox ({_INSERTED}) VALUES {_VALUES} ON CONFLICT (dedupe_key) DO NOTHING"


def _copies(items: Iterable[OutboxItem], rows: list[tuple[object, ...]]) -> list[Statement]:
    """``items``' rows (``_rows``) copied to their games' other places (``outbox_places``)."""
    shown = [(i.target, i.game_id, i.kind, str(r[7])) for i, r in zip(items, rows, strict=True)]
    return copies_to_places(shown)


def _rows(items: Iterable[OutboxItem], now: datetime) -> list[tuple[object, ...]]:
    moment = to_epoch(now)
    return [
        (
            item.kind.value,
            item.target.value,
            item.game_id,
            item.challenge_id,
            item.user_id,
            encode(item.facts, item.routing),
            item.dedupe_key,
            new_nonce() if item.answering is None else item.answering.nonce,
            float(moment),
            moment,
            None if item.answering is None else item.answering.holder,
            None if item.answering is None else item.answering.until,
        )
        for item in items
    ]


async def insert_items(conn: Connection, items: Iterable[OutboxItem], now: datetime) -> int:
    """Insert ``items`` on ``conn`` (inside the caller's transaction), due at ``now``, each
    said in its game's place also in the game's other places. Returns how many were new
    (a repeated ``dedupe_key`` is skipped; copies to other places not counted)."""
    items = list(items)
    rows, inserted = _rows(items, now), 0
    # A statement for up to ROWS_A_STATEMENT rows; the ids returned: the rows inserted.
    for start in range(0, len(rows), ROWS_A_STATEMENT):
        part = rows[start : start + ROWS_A_STATEMENT]
        values = ", ".join([_VALUES] * len(part))
        cursor = await conn.execute(
            f"INSERT INTO outbox ({_INSERTED}) VALUES {values} "
            "ON CONFLICT (dedupe_key) DO NOTHING RETURNING id",
            [value for row in part for value in row],
        )
        inserted += len(list(await cursor.fetchall()))
        await cursor.close()
    for copy in _copies(items, rows):
        await conn.execute(copy.sql, copy.params)
    return inserted


def insert_statements(items: Iterable[OutboxItem], now: datetime) -> list[Statement]:
    """``insert_items`` as statements of a write sent whole (``Database.write``)."""
    items = list(items)
    rows = _rows(items, now)
    return [*(Statement(_INSERT, row) for row in rows), *_copies(items, rows)]


class Outbox:
    """Reads and writes of ``outbox``, ``closed_dms``, ``unreachable_games`` and
    ``player_notices``."""

    def __init__(self, database: Database) -> None:
        self._db = database

    # --- writing rows ----------------------------------------------------------------

    async def enqueue(self, items: Sequence[OutboxItem], now: datetime) -> int:
        """Insert ``items`` in a transaction of their own (returns how many were new)."""
        async with self._db.transaction() as conn:
            return await insert_items(conn, items, now)

    # --- reading rows ----------------------------------------------------------------

    async def get(self, row_id: int) -> OutboxRow | None:
        async with self._db.read() as conn:
            cursor = await conn.execute(f"SELECT {_COLUMNS} FROM outbox WHERE id = ?", (row_id,))
            row = await cursor.fetchone()
        return None if row is None else _row(row)

    async def pending(self, limit: int, now: datetime | None = None) -> list[OutboxRow]:
        """The oldest pending rows (due or not), in the order they were written; with
        ``now``, without rows held back beyond it (see ``hold``)."""
        held = "" if now is None else "AND (held_until IS NULL OR held_until <= ?) "
        params: tuple[object, ...] = (limit,) if now is None else (to_epoch(now), limit)
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_COLUMNS} FROM outbox WHERE state = 'pending' {held}ORDER BY id LIMIT ?",
                params,
            )
            rows = await cursor.fetchall()
        return [_row(row) for row in rows]

    async def claim_due(self, holder: str, now: float, until: float, limit: int) -> list[OutboxRow]:
        """Claim for ``holder``, until ``until`` (epoch seconds), at most ``limit`` rows due
        at ``now`` that nobody holds and that come first in their lane (a game's rows go out
        in order whichever process sends them); returns them, oldest first, as they were
        before the claim. Claiming a row begins an attempt: it is counted and marked in
        flight before its request goes out, so a crash before the outcome leaves it pending,
        to be sent again with its nonce.

        One statement: on PostgreSQL the candidates are locked ``FOR UPDATE SKIP LOCKED``,
        so processes claiming at the same moment take different rows instead of waiting on
        each other; SQLite runs one writer at a time. A claim ends with the attempt's
        outcome (sent, retried, failed, held) or expires, and then anyone may claim it.
        """
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE outbox SET claimed_by = ?, claimed_until = ?, attempts = attempts + 1, "
                "in_flight_since = ? WHERE id IN ("
                "SELECT o.id FROM outbox o WHERE o.state = 'pending' AND o.next_attempt_at <= ? "
                "AND (o.held_until IS NULL OR o.held_until <= ?) "
                "AND (o.claimed_until IS NULL OR o.claimed_until <= ?) "
                f"AND NOT {_WAITS_IN_LANE} ORDER BY o.id LIMIT ?{self._db.claim_lock}"
                f") RETURNING {_CLAIMED_COLUMNS}",
                (holder, until, now, now, now, now, *_lane_params(now), limit),
            )
            rows = await cursor.fetchall()
        return sorted((_row(row) for row in rows), key=lambda row: row.id)

    async def renew_claims(self, holder: str, until: float) -> None:
        """Extend every claim ``holder`` has (rows still in flight) until ``until``."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE outbox SET claimed_until = ? WHERE claimed_by = ? AND state = 'pending'",
                (until, holder),
            )

    async def release_claims(self, holder: str) -> int:
        """End every claim of ``holder`` (a process starting again under the same name: its
        previous run is over); returns how many rows were released."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                f"UPDATE outbox SET {_UNCLAIMED} WHERE claimed_by = ?", (holder,)
            )
            return cursor.rowcount

    async def answered(
        self,
        game_id: int,
        nonce: str,
        channel_id: int | None,
        message_id: int | None,
        now: datetime,
    ) -> bool:
        """The interaction answer the row of ``game_id`` with ``nonce`` stands in for was
        accepted: the row is marked sent with the answer's message (``answered_statement``).
        Returns whether rows of the game still wait to be sent (``waiting_statement``)."""
        results = await self._db.write(
            [
                answered_statement(game_id, nonce, channel_id, message_id, now),
                waiting_statement(game_id),
            ]
        )
        return bool(results and results[-1])

    async def unanswered(self, game_id: int, nonce: str) -> None:
        """The interaction answer the row of ``game_id`` with ``nonce`` stands in for is lost:
        its claim ends, so the sender delivers it now."""
        await self._db.write(
            [
                Statement(
                    f"UPDATE outbox SET {_UNCLAIMED} WHERE game_id = ? AND state = 'pending' "
                    "AND nonce = ?",
                    (game_id, nonce),
                )
            ]
        )

    async def next_claimable(self, holder: str, now: float) -> float | None:
        """When the soonest row ``holder`` could claim is due (epoch seconds): the first of
        each lane, at its next attempt or when another holder's claim on it expires. Rows
        ``holder`` has in flight do not count (their outcome wakes it). None: no such row."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT MIN(CASE WHEN o.claimed_until > o.next_attempt_at THEN o.claimed_until "
                "ELSE o.next_attempt_at END) FROM outbox o WHERE o.state = 'pending' "
                "AND (o.claimed_by IS NULL OR o.claimed_by <> ? OR o.claimed_until <= ?) "
                f"AND NOT {_WAITS_IN_LANE}",
                (holder, now, *_lane_params(now)),
            )
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else float(row[0])

    async def next_attempt(self) -> float | None:
        """When the soonest pending row is due (epoch seconds), None if there is none."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT MIN(next_attempt_at) FROM outbox WHERE state = 'pending'"
            )
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else float(row[0])

    async def rows(
        self, *, game_id: int | None = None, state: OutboxState | None = None
    ) -> list[OutboxRow]:
        """Rows in order, optionally of one game and/or one state (for reports and tests)."""
        where: list[str] = ["1 = 1"]
        params: list[object] = []
        if game_id is not None:
            where.append("game_id = ?")
            params.append(game_id)
        if state is not None:
            where.append("state = ?")
            params.append(state.value)
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_COLUMNS} FROM outbox WHERE {' AND '.join(where)} ORDER BY id", params
            )
            rows = await cursor.fetchall()
        return [_row(row) for row in rows]

    async def counts(self) -> OutboxCounts:
        async with self._db.read() as conn:
            cursor = await conn.execute("SELECT state, COUNT(*) FROM outbox GROUP BY state")
            found = {row[0]: int(row[1]) for row in await cursor.fetchall()}
        return OutboxCounts(**found)

    # --- recording attempts ----------------------------------------------------------

    async def mark_sent(
        self, sent: Sequence[tuple[int, int | None, int | None]], now: datetime
    ) -> None:
        """Mark rows sent: (row id, channel id, message id) each, in one transaction."""
        async with self._db.transaction() as conn:
            await conn.executemany(
                "UPDATE outbox SET state = 'sent', channel_id = ?, message_id = ?, "
                f"finished_at = ?, in_flight_since = NULL, {_UNCLAIMED} WHERE id = ?",
                [(channel, message, to_epoch(now), row_id) for row_id, channel, message in sent],
            )

    async def hold(self, row_id: int, until: datetime) -> None:
        """Keep the row from the sender until ``until`` (a DM in its recipient's quiet
        hours): it leaves its lane meanwhile, and the attempt begun for it is not counted."""
        moment = float(to_epoch(until))
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE outbox SET held_until = ?, next_attempt_at = ?, in_flight_since = NULL, "
                "attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END, "
                f"{_UNCLAIMED} WHERE id = ? AND state = 'pending'",
                (moment, moment, row_id),
            )

    async def retry_at(self, row_id: int, at: float, error: str) -> None:
        """The attempt failed for a reason that may pass: try again at ``at``."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE outbox SET next_attempt_at = ?, last_error = ?, in_flight_since = NULL, "
                f"{_UNCLAIMED} WHERE id = ? AND state = 'pending'",
                (at, error[:500], row_id),
            )

    async def finish(
        self,
        row_id: int,
        state: OutboxState,
        reason: str,
        now: datetime,
        *,
        followups: Sequence[OutboxItem] = (),
        close_dms_of: tuple[int, datetime] | None = None,
        unreachable_game: int | None = None,
        notices: Sequence[tuple[int, int | None, str, str]] = (),
    ) -> None:
        """End a row that will not be sent (``failed`` or ``superseded``) with ``reason``,
        and in the same transaction write what follows from it: rows to send instead,
        a player's closed DMs (until when), a game marked unreachable, notices
        (player id, game id, kind, detail) for the players' next command."""
        assert state in (OutboxState.FAILED, OutboxState.SUPERSEDED)
        moment = to_epoch(now)
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE outbox SET state = ?, reason = ?, finished_at = ?, in_flight_since = NULL, "
                f"{_UNCLAIMED} WHERE id = ? AND state = 'pending'",
                (state.value, reason[:500], moment, row_id),
            )
            await insert_items(conn, followups, now)
            if close_dms_of is not None:
                player_id, until = close_dms_of
                await conn.execute(
                    "INSERT INTO closed_dms (player_id, until) VALUES (?, ?) "
                    "ON CONFLICT (player_id) DO UPDATE SET until = excluded.until",
                    (player_id, to_epoch(until)),
                )
            if unreachable_game is not None:
                await conn.execute(
                    "INSERT INTO unreachable_games (game_id, reason, since) "
                    "VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    (unreachable_game, reason[:200], moment),
                )
            await _add_notices(conn, notices, now)

    async def redirect(
        self,
        row_id: int,
        channel_id: int,
        error: str,
        notices: Sequence[tuple[int, int | None, str, str]],
        now: datetime,
    ) -> None:
        """Deliver the row in ``channel_id`` instead (a thread's parent), from now on; and
        write ``notices`` as ``finish`` does."""
        async with self._db.transaction() as conn:
            await _add_notices(conn, notices, now)
            cursor = await conn.execute(
                f"SELECT facts FROM outbox WHERE id = ? AND state = 'pending'{self._db.row_lock}",
                (row_id,),
            )
            row = await cursor.fetchone()
            await cursor.close()
            if row is None:
                return
            facts = json.loads(row[0])
            facts["channel_id"] = channel_id
            await conn.execute(
                "UPDATE outbox SET facts = ?, last_error = ?, in_flight_since = NULL, "
                f"{_UNCLAIMED} WHERE id = ?",
                (json.dumps(facts, sort_keys=True), error[:500], row_id),
            )

    # --- what delivery taught us -----------------------------------------------------

    async def closed_dms(self, player_ids: Iterable[int], now: datetime) -> set[int]:
        """Those of ``player_ids`` whose DMs are known to be closed at ``now``."""
        ids = list(set(player_ids))
        if not ids:
            return set()
        marks = ", ".join("?" * len(ids))
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT player_id FROM closed_dms WHERE player_id IN ({marks}) AND until > ?",
                [*ids, to_epoch(now)],
            )
            return {row[0] for row in await cursor.fetchall()}

    async def forget_closed_dms(self, player_id: int) -> None:
        async with self._db.transaction() as conn:
            await conn.execute("DELETE FROM closed_dms WHERE player_id = ?", (player_id,))

    async def purge_finished(self, before: datetime) -> int:
        """Delete rows that ended (sent, failed, superseded) before ``before``; returns how
        many. Their story is over; the table would otherwise grow with every move."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM outbox WHERE state <> 'pending' AND finished_at < ?",
                (to_epoch(before),),
            )
            return cursor.rowcount

    async def interrupted(self, now: float) -> int:
        """Pending rows whose last request never reported back (the process stopped) and
        that no process holds at ``now``."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT COUNT(*) FROM outbox WHERE state = 'pending' "
                "AND in_flight_since IS NOT NULL "
                "AND (claimed_until IS NULL OR claimed_until <= ?)",
                (now,),
            )
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def unreachable(self, game_id: int) -> str | None:
        """Why ``game_id``'s place cannot be reached, None if it can."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT reason FROM unreachable_games WHERE game_id = ?", (game_id,)
            )
            row = await cursor.fetchone()
        return None if row is None else str(row[0])

    async def take_notices(self, player_id: int) -> list[PlayerNotice]:
        """The player's pending notices, removed as they are read."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM player_notices WHERE player_id = ? "
                "RETURNING id, player_id, game_id, kind, detail",
                (player_id,),
            )
            rows = await cursor.fetchall()
        return sorted((PlayerNotice(*row) for row in rows), key=lambda notice: notice.id)

    async def has_notices(self, player_id: int) -> bool:
        # Asked after every command: one round trip (SQLite: one hand-over to its thread).
        rows = await self._db.fetch(
            "SELECT 1 FROM player_notices WHERE player_id = ? LIMIT 1", (player_id,)
        )
        return bool(rows)


async def _add_notices(
    conn: Connection,
    notices: Sequence[tuple[int, int | None, str, str]],
    now: datetime,
) -> None:
    await conn.executemany(
        "INSERT INTO player_notices (player_id, game_id, kind, detail, created_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (player_id, game_id, kind) "
        "DO UPDATE SET detail = excluded.detail",
        [(p, g, k, d, to_epoch(now)) for p, g, k, d in notices],
    )
