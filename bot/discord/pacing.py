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
import math
import time
from collections import deque
from collections.abc import Callable
from types import SimpleNamespace

import aiohttp

# The window is stretched by this much so that requests spaced right at the limit on our
# side are still within it when they arrive (network jitter).
WINDOW_MARGIN = 0.05
_EXEMPT = ("/interactions/", "/webhooks/")


class RateLimiter:
    """At most ``rate`` starts per second, counted over any sliding window."""

    def __init__(self, rate: float, *, monotonic: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0:
            raise ValueError("the rate must be positive")
        self.rate = rate
        self.capacity = max(1, math.floor(rate))
        self.window = self.capacity / rate + WINDOW_MARGIN
        self._monotonic = monotonic
        self._starts: deque[float] = deque()
        self.waited = 0.0

    async def acquire(self) -> None:
        """Wait until one more request fits in the window, and count it."""
        while True:
            now = self._monotonic()
            while self._starts and self._starts[0] <= now - self.window:
                self._starts.popleft()
            if len(self._starts) < self.capacity:
                self._starts.append(now)
                return
            pause = self._starts[0] + self.window - now
            self.waited += pause
            await asyncio.sleep(pause)


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
