"""The global pace of the bot's REST requests: at most ``DISCORD_RATE_LIMIT`` a second.

discord.py keeps Discord's per-route buckets and sleeps on a 429 by itself; this adds one
limit over all routes, below Discord's global 50 requests per second, so a burst (a thousand
reminders due at once) is spread out instead of earning 429s. It hooks into the aiohttp
session discord.py uses (a ``TraceConfig``), so discord.py's own retries are paced too.
Interaction responses and webhooks are exempt, as Discord exempts them from its global
limit: answering players never waits behind the outbox. Requests made ``in_background()``
(removing old boards' buttons) take only the slots no other request is waiting for.
``OldEdits`` paces edits of messages older than an hour per channel, under their own limit.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import aiohttp

# Requests are spaced this much wider than the rate asks, so that jitter on the way (a busy
# network, a busy event loop: a 160 ms stall at 25/s) cannot bunch them above the rate where
# Discord counts.
SPACING_MARGIN = 0.2
_EXEMPT = ("/interactions/", "/webhooks/")
DISCORD_EPOCH = datetime(2015, 1, 1, tzinfo=UTC)
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


class OldEdits:
    """Paces edits of messages older than an hour, per channel: Discord limits them more
    tightly than other edits (error 30046, a 429 without the X-RateLimit headers that
    discord.py paces by). Discord publishes no figures; the community's documentation
    gives about 3 per 6 seconds per channel, which ``wait`` keeps to in this process.
    A message's age is read from its id (a snowflake), on ``wall`` (the bot's clock)."""

    AGE = timedelta(hours=1)
    EDITS = 3
    WINDOW_SECONDS = 6.0
    # Discord's window starts when the first edit reaches it, later than the edit left by
    # its trip (longer on a busy loop): the next window is waited for this much longer.
    MARGIN_SECONDS = 0.5
    # Channels whose recent old edits are remembered at most (the oldest forgotten first).
    KEPT_CHANNELS = 4096

    def __init__(
        self,
        wall: Callable[[], datetime],
        *,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._wall = wall
        self._monotonic = monotonic
        self._edits: OrderedDict[int, deque[float]] = OrderedDict()

    def is_old(self, message_id: int) -> bool:
        """Whether the message ``message_id`` was sent more than an hour ago."""
        return self._wall() - discord_time(message_id) >= self.AGE

    async def wait(self, channel_id: int, message_id: int) -> None:
        """Wait until the message may be edited without meeting the old-message limit (at
        once for a recent message), and count the edit."""
        if not self.is_old(message_id):
            return
        while True:
            now = self._monotonic()
            edits = self._edits.setdefault(channel_id, deque())
            self._edits.move_to_end(channel_id)
            window = self.WINDOW_SECONDS + self.MARGIN_SECONDS
            while edits and edits[0] <= now - window:
                edits.popleft()
            if len(edits) < self.EDITS:
                edits.append(now)
                if len(self._edits) > self.KEPT_CHANNELS:
                    self._edits.popitem(last=False)
                return
            await asyncio.sleep(edits[0] + window - now)


def discord_time(snowflake: int) -> datetime:
    """When the Discord object ``snowflake`` was made (milliseconds since Discord's epoch,
    2015, in its upper bits)."""
    return DISCORD_EPOCH + timedelta(milliseconds=snowflake >> 22)


def refused_without_retry_after(error: BaseException) -> bool:
    """Whether ``error`` is discord.py 2.7 meeting a 429 whose body has no ``retry_after``
    (it reads the key unguarded): Discord's old-message edit limit (30046) is not known to
    always send one. Treat it as a rate limit, never as a bug."""
    return isinstance(error, KeyError) and error.args == ("retry_after",)


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
