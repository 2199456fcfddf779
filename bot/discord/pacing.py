"""The global pace of the bot's REST requests: at most ``DISCORD_RATE_LIMIT`` a second.

discord.py keeps Discord's per-route buckets and sleeps on a 429 by itself; this adds one
limit over all routes, below Discord's global 50 requests per second, so a burst (a thousand
reminders due at once) is spread out instead of earning 429s. It hooks into the aiohttp
session discord.py uses (a ``TraceConfig``), so discord.py's own retries are paced too.
Interaction responses and webhooks are exempt, as Discord exempts them from its global
limit: answering players never waits behind the outbox.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from types import SimpleNamespace

import aiohttp

# Requests are spaced this much wider than the rate asks, so that jitter on the way (a busy
# network, a busy event loop: a 160 ms stall at 25/s) cannot bunch them above the rate where
# Discord counts.
SPACING_MARGIN = 0.2
_EXEMPT = ("/interactions/", "/webhooks/")


class RateLimiter:
    """At most ``rate`` request starts per second: each start comes at least ``interval``
    after the previous one really started, one caller at a time, in the order they asked.
    Measuring the real start (not a slot reserved in advance) keeps a stalled event loop from
    releasing a bunch of late callers at once; without bursts, any one-second window holds
    at most ``rate / (1 + SPACING_MARGIN) + 1`` starts."""

    def __init__(self, rate: float, *, monotonic: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0:
            raise ValueError("the rate must be positive")
        self.rate = rate
        self.interval = (1 + SPACING_MARGIN) / rate
        self._monotonic = monotonic
        self._lock = asyncio.Lock()
        self._last: float | None = None
        self.waited = 0.0

    async def acquire(self) -> None:
        """Wait until this request may start."""
        async with self._lock:
            while self._last is not None:
                pause = self._last + self.interval - self._monotonic()
                if pause <= 0:
                    break
                self.waited += pause
                await asyncio.sleep(pause)
            self._last = self._monotonic()


def counts_toward_global_limit(path: str) -> bool:
    """Whether a request to ``path`` counts toward Discord's global rate limit."""
    return not any(part in path for part in _EXEMPT)


def pacing_trace(limiter: RateLimiter) -> aiohttp.TraceConfig:
    """An aiohttp trace that makes every request wait for ``limiter`` before it starts."""

    async def on_request_start(
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestStartParams,
    ) -> None:
        if params.url.scheme in ("http", "https") and counts_toward_global_limit(params.url.path):
            await limiter.acquire()

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(on_request_start)
    return trace
