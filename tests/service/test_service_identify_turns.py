"""Turns to IDENTIFY taken in the database (``bot.service.identify_turns``): shards of a
bucket take them one after another, whichever process asks; other buckets do not wait; a
failing database falls back to a turn's wait of the process's own."""

from __future__ import annotations

import asyncio
import logging
import time

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
async def test_a_bucket_gives_one_turn_at_a_time(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three shards of one bucket asking at once (two processes' and one process's two):
    each waits for the turns before it; a shard of another bucket waits for none (it never
    looks when a turn ends: no wall-clock bound, which a loaded machine overruns)."""
    looked: list[list[int]] = []
    held_until = store.claims.held_until

    async def looking(kind: ClaimKind, item_ids: list[int]) -> dict[int, float]:
        looked.append(list(item_ids))
        return await held_until(kind, item_ids)

    monkeypatch.setattr(store.claims, "held_until", looking)
    # A write slower than the margin is taken again, 3 times at most: a margin a loaded
    # machine's writes stay within, so that the turns are a window apart.
    monkeypatch.setattr(identify_turns, "MARGIN_SECONDS", 0.5)

    async def turn_taken_at(bucket: int, process: str) -> float:
        await identify_turn(store, bucket, process)
        return time.time()

    taken = await asyncio.gather(
        turn_taken_at(0, "shards:0/3"),
        turn_taken_at(0, "shards:1/3"),
        turn_taken_at(0, "shards:1/3"),
        turn_taken_at(1, "shards:2/3"),
    )
    # Discord's promise is about IDENTIFYs, so the moments the turns were taken are what is
    # asserted: a window apart at least (a turn holds the window and the margin from before
    # its claim's write, which takes at most the margin). A shard's wait is not: it counts
    # from its own start, a little after the first shard's turn began.
    first, second, third = sorted(taken[:3])
    window = identify_turns.IDENTIFY_SECONDS
    assert second - first >= window and third - second >= window
    assert [1] not in looked and [0] in looked
    held = await held_until(ClaimKind.IDENTIFY, [0, 1])
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


@pytest.mark.store
async def test_a_turn_counts_from_when_its_claim_is_written(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The claim's write waits 3 s (another process's transaction holds the database),
    longer than a turn: written, it has run out already, and another process could take
    the turn as this shard's IDENTIFY only now goes out (seen under load: two IDENTIFYs
    0.33 s apart with 2 s turns). The turn is taken again, counted from then."""
    moment = [1_000.0]
    take = store.claims.take
    slow = [3.0]

    async def slow_take(*args: object, **options: object) -> set[int]:
        taken = await take(*args, **options)  # type: ignore[arg-type]
        moment[0] += slow.pop() if slow else 0.0  # the first write ends 3 s later
        return taken

    monkeypatch.setattr(store.claims, "take", slow_take)
    await identify_turn(store, 0, "shards:0/2", wall=lambda: moment[0])
    held = await store.claims.held_until(ClaimKind.IDENTIFY, [0])
    assert held == {0: 1_003.0 + turn_seconds()}
