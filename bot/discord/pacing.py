"""The global pace of the bot's REST requests: at most ``DISCORD_RATE_LIMIT`` a second.

discord.py keeps Discord's per-route buckets and sleeps on a 429 by itself; this adds one
limit over all routes, below Discord's global 50 requests per second, so a burst (a thousand
reminders due at once) is spread out instead of earning 429s. It hooks into the aiohttp
session discord.py uses (a ``TraceConfig``), so discord.py's own retries are paced too.
Interaction responses and webhooks are exempt, as Discord exempts them from its global
limit: answering players never waits behind the outbox. Requests made ``in_background()``
(removing old boards' buttons) take only the slots no other request is waiting for.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from types import SimpleNamespace

import aiohttp

# Requests are spaced this much wider than the rate asks, so that jitter on the way (a busy
# network, a busy event loop: a 160 ms stall at 25/s) cannot bunch them above the rate where
# Discord counts.
SPACING_MARGIN = 0.2
_EXEMPT = ("/interactions/", "/webhooks/")
# Whether the requests of the current task may wait for every other request.
_BACKGROUND: ContextVar[bool] = ContextVar("postal_background_requests", default=False)


@contextlib.contextmanager
def in_background() -> Iterator[None]:
    """Requests made inside the block start only when no other request waits to."""
    token = _BACKGROUND.set(True)
    try:
        yield
    finally:
        _BACKGROUND.reset(token)


class RateLimiter:
    """At most ``rate`` request starts per second: each start comes at least ``interval``
    after the previous one really started, one caller at a time, in the order they asked.
    Measuring the real start (not a slot reserved in advance) keeps a stalled event loop from
    releasing a bunch of late callers at once; without bursts, any one-second window holds
    at most ``rate / (1 + SPACING_MARGIN) + 1`` starts. A ``background`` caller waits
    until no other caller is waiting (so it delays another by one start at most)."""

    def __init__(self, rate: float, *, monotonic: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0:
            raise ValueError("the rate must be positive")
        self.rate = rate
        self.interval = (1 + SPACING_MARGIN) / rate
        self._monotonic = monotonic
        self._lock = asyncio.Lock()
        self._last: float | None = None
        self.waited = 0.0
        # Callers other than background ones that have not started yet.
        self._foreground = 0
        self._no_foreground = asyncio.Event()
        self._no_foreground.set()

    async def acquire(self, *, background: bool = False) -> None:
        """Wait until this request may start (a ``background`` one: also until no other
        request is waiting)."""
        if background:
            while self._foreground:
                await self._no_foreground.wait()
        else:
            self._foreground += 1
            self._no_foreground.clear()
        try:
            async with self._lock:
                while self._last is not None:
                    pause = self._last + self.interval - self._monotonic()
                    if pause <= 0:
                        break
                    self.waited += pause
                    await asyncio.sleep(pause)
                self._last = self._monotonic()
        finally:
            if not background:
                self._foreground -= 1
                if not self._foreground:
                    self._no_foreground.set()


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
            await limiter.acquire(background=_BACKGROUND.get())

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(on_request_start)
    return trace
