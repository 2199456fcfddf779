"""The clock's batches sync the disk outside the store's lock: after an outage a drain of
thousands of time-outs and reminders does not hold a waiting command for its syncs, and each
batch is still on disk before the clock goes on (``Database.transaction``)."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

from bot.service import GameService, ManualClock
from bot.store import GameStatus, OutboxKind, Store
from tests.service.service_helpers import BOB, CAROL, play, start_game


async def record(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every statement SQLite runs on the store's connection from now on, and every sync of
    a file by the store (``FSYNC <path> <whether the store's lock was held>``), in order."""
    events: list[str] = []
    db: Any = store.database
    connection = db._connection
    await connection._execute(connection._conn.set_trace_callback, events.append)
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        path = os.readlink(f"/proc/self/fd/{descriptor}")
        events.append(f"FSYNC {path} {'locked' if db._lock.locked() else 'free'}")
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)  # as the store calls it
    return events


def transactions(events: list[str]) -> list[tuple[str, str, list[str]]]:
    """Each committed transaction: its synchronous mode at COMMIT, its first statement, and
    the syncs before the next transaction began."""
    mode, first = "FULL", ""
    found: list[tuple[str, str, list[str]]] = []
    for event in events:
        words = event.split()
        if words[:3] == ["PRAGMA", "synchronous", "="]:
            mode = words[3]
        elif event.startswith("BEGIN"):
            first = ""
        elif event == "COMMIT":
            found.append((mode, first, []))
        elif event.startswith("FSYNC"):
            if found:
                found[-1][2].append(event)
        elif not first:
            first = event
    return found


@pytest.mark.sqlite_only
async def test_the_clock_batches_are_synced_outside_the_lock_before_it_goes_on(
    service: GameService, store: Store, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A time-out and a reminder (their claims, writes and next looks) commit in NORMAL and
    the WAL file is synced with the store's lock free before the clock's next transaction;
    the sender's claim of their rows and a move after them commit in FULL, inside the lock,
    as every command does."""
    timed_out = await start_game(service, days=1)  # alice to move, a day
    reminded = await start_game(service, white=BOB, black=CAROL, days=3)
    await play(service, reminded.game.id, "e4")  # carol to move, three days
    clock.advance(days=2, hours=1)
    events = await record(store, monkeypatch)

    assert (await service.deadlines.expire_overdue(describe=False)).timed_out == 1
    assert await service.deadlines.hand_over_reminders() == 1
    done = transactions(events)
    lazy = [(first, syncs) for mode, first, syncs in done if mode == "NORMAL"]
    firsts = [first for first, _ in lazy]
    assert sum(first.startswith("INSERT INTO claims") for first in firsts) == 2
    assert any("UPDATE games SET status = 'finished'" in first for first in firsts)
    assert any(first.startswith("INSERT INTO outbox") and "'reminder'" in first for first in firsts)
    assert any(first.startswith("UPDATE games SET clock_deadline") for first in firsts)
    wal = f"FSYNC {store.database.name}-wal free"
    assert all(syncs == [wal] for _, syncs in lazy), lazy
    game = await store.games.get(timed_out.game.id)
    assert game is not None and game.status is GameStatus.FINISHED

    # The sender claims their rows before posting them in a synced commit, which syncs
    # everything written before it, whatever became of the clock's own syncs.
    rows = await service.deliveries.claim_deliveries("sender", time.time(), 60, 100)
    assert {(row.game_id, row.kind) for row in rows} >= {
        (timed_out.game.id, OutboxKind.ENDING),
        (reminded.game.id, OutboxKind.REMINDER),
    }
    mode, first, syncs = transactions(events)[-1]
    assert mode == "FULL" and first.startswith("UPDATE outbox SET claimed_by") and syncs == []

    await play(service, reminded.game.id, "e5")
    mode, _, syncs = transactions(events)[-1]
    assert mode == "FULL" and syncs == []
    assert (await store.database.fetch("PRAGMA synchronous"))[0][0] == 2
