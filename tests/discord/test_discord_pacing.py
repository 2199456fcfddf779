"""The global pace of the bot's requests (``bot.discord.pacing``)."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord.pacing import RateLimiter, counts_toward_global_limit


def busiest_second(starts: list[float]) -> int:
    return max(len([t for t in starts if first <= t < first + 1.0]) for first in starts)


@pytest.mark.parametrize("rate", [0.5, 1, 25, 50, 200])
async def test_no_second_holds_more_than_the_rate(
    rate: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However many ask at once, starts are spaced so that no one-second window holds more
    than ``rate`` of them (time is simulated: sleeping moves the clock)."""
    now = [100.0]

    async def sleep(seconds: float) -> None:
        now[0] += seconds

    # pacing sleeps through the asyncio module: patched there
    monkeypatch.setattr(asyncio, "sleep", sleep)
    limiter = RateLimiter(rate, monotonic=lambda: now[0])
    starts = []
    for _ in range(int(rate * 5) + 3):
        await limiter.acquire()
        starts.append(now[0])
    assert busiest_second(starts) <= max(1, rate)
    assert starts[0] == 100.0  # the first request never waits


def test_interactions_are_exempt() -> None:
    """Discord does not count interaction responses and webhooks toward its global limit."""
    assert not counts_toward_global_limit("/api/v10/interactions/1/abc/callback")
    assert not counts_toward_global_limit("/api/v10/webhooks/1/abc/messages/@original")
    assert counts_toward_global_limit("/api/v10/channels/1/messages")
    assert counts_toward_global_limit("/api/v10/users/@me/channels")


def test_a_rate_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        RateLimiter(0)


async def test_background_requests_take_only_the_slots_nobody_waits_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A background request (an old board's edit) asking while others wait starts after all
    of them, however early it asked; with nobody waiting it starts at once."""
    now = [100.0]
    sleeping = asyncio.Event()
    pause = asyncio.sleep

    async def sleep(seconds: float) -> None:
        sleeping.set()
        for _ in range(5):  # the real one: let the other callers queue up meanwhile
            await pause(0)
        now[0] += seconds

    limiter = RateLimiter(10, monotonic=lambda: now[0])
    await limiter.acquire()  # the next start must wait: the callers below queue
    # pacing sleeps through the asyncio module: patched there
    monkeypatch.setattr(asyncio, "sleep", sleep)
    order: list[str] = []

    async def start(name: str, *, background: bool = False) -> None:
        await limiter.acquire(background=background)
        order.append(name)

    first = asyncio.create_task(start("first"))
    await sleeping.wait()
    tasks = [
        asyncio.create_task(start("board", background=True)),
        *(asyncio.create_task(start(f"post{i}")) for i in range(3)),
    ]
    await asyncio.gather(first, *tasks)
    assert order == ["first", "post0", "post1", "post2", "board"]
    started = now[0]
    await limiter.acquire(background=True)
    assert now[0] == started + limiter.interval  # alone: only the spacing
