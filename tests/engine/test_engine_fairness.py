"""The fair queue: a bounded number of holders, waiting keys served in turn."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.fairness import FairQueue


async def hold(queue: FairQueue, key: str, order: list[str], release: asyncio.Event) -> None:
    async with queue.slot(key):
        order.append(key)
        await release.wait()


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_keys_are_served_in_turn_and_each_key_in_order() -> None:
    queue = FairQueue(1)
    order: list[str] = []
    go = asyncio.Event()
    first = asyncio.create_task(hold(queue, "a", order, go))
    await settle()
    tasks = [asyncio.create_task(hold(queue, key, order, go)) for key in "aaaabbc"]
    await settle()
    assert queue.waiting == 7 and queue.busy == 1
    go.set()
    await asyncio.gather(first, *tasks)
    assert order == ["a", "a", "b", "c", "a", "b", "a", "a"]
    assert queue.busy == 0 and queue.waiting == 0


async def test_never_more_holders_than_the_capacity() -> None:
    queue = FairQueue(3)
    inside = most = 0

    async def work(key: str) -> None:
        nonlocal inside, most
        async with queue.slot(key):
            inside += 1
            most = max(most, inside)
            await asyncio.sleep(0.001)
            inside -= 1

    await asyncio.gather(*(work(f"k{i % 4}") for i in range(40)))
    assert most == 3


async def test_a_cancelled_waiter_leaves_the_queue() -> None:
    queue = FairQueue(1)
    order: list[str] = []
    go = asyncio.Event()
    first = asyncio.create_task(hold(queue, "a", order, go))
    await settle()
    gone = asyncio.create_task(hold(queue, "b", order, go))
    kept = asyncio.create_task(hold(queue, "c", order, go))
    await settle()
    gone.cancel()
    await settle()
    assert queue.waiting == 1
    go.set()
    await asyncio.gather(first, kept)
    assert order == ["a", "c"]
    assert queue.busy == 0


async def test_a_waiter_cancelled_as_it_is_granted_passes_the_slot_on() -> None:
    queue = FairQueue(1)
    order: list[str] = []
    go = asyncio.Event()
    go.set()
    held = queue.slot("a")
    await held.__aenter__()
    granted = asyncio.create_task(hold(queue, "b", order, go))
    after = asyncio.create_task(hold(queue, "c", order, go))
    await settle()
    # the release grants "b" at once; "b" is cancelled before it runs again
    await held.__aexit__(None, None, None)
    granted.cancel()
    await asyncio.wait_for(after, 5)  # a slot lost to the cancelled waiter would hang here
    with pytest.raises(asyncio.CancelledError):
        await granted
    assert order == ["c"]
    assert queue.busy == 0


def test_a_queue_needs_a_slot() -> None:
    with pytest.raises(ValueError):
        FairQueue(0)
