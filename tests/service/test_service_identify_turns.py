"""Turns to IDENTIFY taken in the database (``bot.service.identify_turns``): shards of a
bucket take them one after another, whichever process asks; other buckets do not wait; a
failing database falls back to a turn's wait of the process's own."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.service import identify_turns
from bot.service.identify_turns import identify_turn, turn_seconds
from bot.store import ClaimKind, Store, StoreUnavailable


@pytest.fixture(autouse=True)
def short_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Turns of a fifth of a second (Discord's window is 5 s)."""
    monkeypatch.setattr(identify_turns, "IDENTIFY_SECONDS", 0.15)
    monkeypatch.setattr(identify_turns, "MARGIN_SECONDS", 0.05)


@pytest.mark.store
async def test_a_bucket_gives_one_turn_at_a_time(store: Store) -> None:
    """Three shards of one bucket asking at once (two processes' and one process's two):
    each waits for the turns before it; a shard of another bucket waits for none."""
    waits = await asyncio.gather(
        identify_turn(store, 0, "shards:0/3"),
        identify_turn(store, 0, "shards:1/3"),
        identify_turn(store, 0, "shards:1/3"),
        identify_turn(store, 1, "shards:2/3"),
    )
    in_bucket = sorted(waits[:3])
    assert in_bucket[1] >= turn_seconds() and in_bucket[2] >= 2 * turn_seconds()
    assert waits[3] < turn_seconds()
    held = await store.claims.held_until(ClaimKind.IDENTIFY, [0, 1])
    assert set(held) == {0, 1}


async def test_a_failing_database_falls_back_to_a_turn_of_its_own(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The database cannot be reached: the shard waits a whole turn on its own and says
    so once, instead of waiting for the database or failing its connection."""

    async def unreachable(*args: object) -> set[int]:
        raise StoreUnavailable("the database cannot be reached")

    monkeypatch.setattr(store.claims, "take", unreachable)
    with caplog.at_level(logging.WARNING):
        waited = await identify_turn(store, 0, "shards:all")
    assert waited >= turn_seconds()
    (said,) = [r.getMessage() for r in caplog.records if "turn to connect" in r.getMessage()]
    assert "cannot be reached" in said
