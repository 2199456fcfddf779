"""Outbox rows queued before migration 0046 (facts of version 1: no ``"v"``, ``"from"`` for
a turn's first ply, a reminder's mention as true/false) are rewritten by it and delivered
once, worded as they were; a row whose facts this Postal cannot read fails alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.service import Delivery, GameService, ManualClock, Reminder, TurnNotice
from bot.store import (
    Dialect,
    OutboxKind,
    OutboxState,
    OutboxTarget,
    ReminderFacts,
    Routing,
    Store,
    TurnFacts,
    UnreadableFacts,
)
from bot.store.database import migrations
from bot.text.notices import reminder_text, turn_notice_text
from tests.dbtools import connect
from tests.service.service_helpers import ALICE, BOB, CAROL, play, start_game

# About the database (races, processes, sizes, migrations): runs on PostgreSQL too.
pytestmark = pytest.mark.store

LEASE = 60.0


def version_one(kind: str, target: str, facts: dict[str, Any]) -> dict[str, Any]:
    """``facts`` (version 2) as Postal stored them before 0046."""
    old = {k: v for k, v in facts.items() if k != "v"}
    if "since_ply" in old:
        old["from"] = old.pop("since_ply")
    if kind == "offer":
        old["from"] = old.pop("from_id")
    if kind == "reminder" and target == "place":
        old["mention"] = "mention" in facts  # the player to move, or nobody
    return old


def store_the_old_way(target: Path | str) -> None:
    """Rewrite every outbox row's facts in version 1's shape."""
    with connect(target) as conn:
        rows = conn.execute("SELECT id, kind, target, facts FROM outbox").fetchall()
        conn.executemany(
            "UPDATE outbox SET facts = ? WHERE id = ?",
            [
                (json.dumps(version_one(kind, target, json.loads(facts))), row_id)
                for row_id, kind, target, facts in rows
            ],
        )


def migrate_facts(target: Path | str) -> None:
    """Run migration 0046 as Store.open runs it on a database at version 45."""
    dialect = Dialect.POSTGRESQL if isinstance(target, str) else Dialect.SQLITE
    (script,) = [sql for _, sql in migrations(dialect) if "outbox facts, version 2" in sql.lower()]
    with connect(target) as conn:
        if dialect is Dialect.SQLITE:
            conn.executescript(script)
        else:
            conn.execute(script)


async def queue_both(service: GameService, clock: ManualClock) -> tuple[int, int]:
    """Bob's turn DM after prepared answers (game 1), and a reminder mentioning carol in
    game 2's place: both pending."""
    await service.preferences.settings(BOB, notify="dm")
    game = (await start_game(service, days=7)).game
    await play(service, game.id, "e4", "e5")
    await service.conditional.add(BOB, None, "Nf3 Nc6", game_id=game.id)
    await service.conditional.add(ALICE, None, "Nf3 Nc6 Bb5", game_id=game.id)
    await service.play.move(ALICE, None, "Nf3", game_id=game.id)
    second = (await start_game(service, white=CAROL, black=ALICE, days=3)).game
    clock.advance(days=2, minutes=1)  # less than 24 h left in game 2: its reminder is due
    assert await service.deadlines.hand_over_reminders() == 1
    return game.id, second.id


async def sent_once(service: GameService, clock: ManualClock, row_id: int) -> Delivery:
    """Claim, word and mark sent the row ``row_id``; it is then claimed no more."""
    now = clock().timestamp()
    claimed = await service.deliveries.claim_deliveries("p", now, LEASE, 50)
    (row,) = [row for row in claimed if row.id == row_id]
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None
    await service.deliveries.delivered_many([(delivery, 7, 70 + row_id)])
    again = await service.deliveries.claim_deliveries("p", now + 1, LEASE, 50)
    assert row_id not in {row.id for row in again}
    await service.deliveries.release_deliveries("p")
    return delivery


async def test_rows_queued_the_old_way_are_delivered_once_with_their_words(
    db_path: Path | str, clock: ManualClock
) -> None:
    """The turn notice still tells every move since bob's turn, prepared ones marked; the
    reminder still mentions carol; each is sent once, after the migration rewrote it."""
    store = await Store.open(db_path)
    service = GameService(store, clock, process="p")
    try:
        first, second = await queue_both(service, clock)
        store_the_old_way(db_path)
        migrate_facts(db_path)
        rows = await store.outbox.pending(50)
        turn = [r for r in rows if r.game_id == first and r.target is OutboxTarget.DM][-1]
        assert turn.facts == TurnFacts(5, since_ply=3, conditional=(4, 5))
        (reminder,) = [r for r in rows if r.game_id == second and r.kind is OutboxKind.REMINDER]
        assert isinstance(reminder.facts, ReminderFacts) and reminder.facts.hours == 24
        assert reminder.routing == Routing((CAROL.id,))
        # The other rows (earlier in the games' lanes) are out of the way.
        others = [(r.id, None, None) for r in rows if r.id not in (turn.id, reminder.id)]
        await store.outbox.mark_sent(others, clock())
        told = await sent_once(service, clock, turn.id)
        assert isinstance(told.content, TurnNotice)
        assert turn_notice_text(told.content) == (
            "alice played 2. Nf3. bob played 2... Nc6 (a conditional move). "
            "alice played 3. Bb5 (a conditional move). bob to move."
        )
        reminded = await sent_once(service, clock, reminder.id)
        assert isinstance(reminded.content, Reminder)
        assert [p.id for p in reminded.mention] == [CAROL.id]
        assert reminder_text(reminded.content).startswith("carol, less than 24 hours left")
        done = {r.id: r for r in await store.outbox.rows(game_id=first)}
        assert (done[turn.id].state, done[turn.id].attempts) == (OutboxState.SENT, 1)
    finally:
        await store.close()


async def test_a_row_of_unreadable_facts_fails_alone(
    db_path: Path | str, clock: ManualClock
) -> None:
    """Facts of an unknown version are recorded as the row's failure (not raised), and
    the game's next row goes out."""
    store = await Store.open(db_path)
    service = GameService(store, clock, process="p")
    try:
        await service.preferences.settings(BOB, notify="dm")
        game = (await start_game(service)).game
        await play(service, game.id, "e4")
        (row,) = await store.outbox.rows(game_id=game.id)
        with connect(db_path) as conn:
            conn.execute("UPDATE outbox SET facts = ? WHERE id = ?", ('{"v": 3, "ply": 1}', row.id))
        (stored,) = await store.outbox.rows(game_id=game.id)
        assert stored.facts == UnreadableFacts("outbox facts of version 3, not 2")
        assert await service.deliveries.delivery(stored) is None
        (failed,) = await store.outbox.rows(game_id=game.id)
        assert failed.state is OutboxState.FAILED
        assert failed.reason == "outbox facts of version 3, not 2"
    finally:
        await store.close()
