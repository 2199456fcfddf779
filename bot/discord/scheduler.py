"""The deadline scheduler: one task that sleeps until the next reminder, time-out or expiry.

It asks the service what is due, hands each event to a delivery callback, then sleeps until
the service's next wake-up — or until ``reschedule`` reports a sooner one (a new game, a
move, /moretime). Everything it knows comes from the database, so a restart loses nothing:
deadlines missed while the bot was down fire late, never not at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

_log = logging.getLogger(__name__)

# Sleep at most this long in one go, so a wall-clock jump (suspend, NTP) is noticed.
MAX_SLEEP_SECONDS = 300.0
# After a failed round (database busy, Discord down), try again this much later.
RETRY_SECONDS = 30.0
MIN_SLEEP_SECONDS = 0.5

Clock = Callable[[], datetime]


class Worker:
    """One named task that sleeps until woken: ``start``, ``stop``, ``wake``, ``wait_idle``.
    Subclasses write ``_loop`` and set ``_idle`` when a round leaves nothing to do."""

    name = "postal-worker"

    def __init__(self) -> None:
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the task (idempotent)."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._loop(), name=self.name)

    async def stop(self) -> None:
        """Cancel the task and wait for it to end."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def wake(self) -> None:
        """Look for due work now (after the clock moved, or at start-up)."""
        self._idle.clear()
        self._wake.set()

    async def wait_idle(self) -> None:
        """Wait until the task has finished every round asked of it so far."""
        await self._idle.wait()

    async def _sleep(self, seconds: float) -> None:
        """Sleep ``seconds`` or until woken."""
        # asyncio.timeout, not wait_for: Python 3.11's wait_for swallows a cancel that lands
        # just as the wake-up does, and ``stop`` then waited for ever (the bot's close hung).
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await self._wake.wait()

    async def _loop(self) -> None:
        raise NotImplementedError


class DeadlineScheduler(Worker):
    """Runs ``run_due(now)`` whenever something may be due.

    ``run_due`` does the work for ``now`` and returns when the next thing is due (or None).
    ``clock`` is the wall clock; tests inject one and call ``wake()`` after moving it.
    """

    name = "postal-deadline-scheduler"

    def __init__(self, run_due: Callable[[datetime], Awaitable[datetime | None]], clock: Clock):
        super().__init__()
        self._run_due = run_due
        self._clock = clock
        self._next_at: datetime | None = None

    def reschedule(self, at: datetime | None) -> None:
        """Something becomes due at ``at``: wake early if that is sooner than planned."""
        if at is not None and (self._next_at is None or at < self._next_at):
            self.wake()

    async def _loop(self) -> None:
        while True:
            self._wake.clear()
            now = self._clock()
            try:
                self._next_at = await self._run_due(now)
                delay = MAX_SLEEP_SECONDS
                if self._next_at is not None:
                    until = (self._next_at - self._clock()).total_seconds()
                    # A floor, so work the service still reports due cannot spin the loop.
                    delay = min(delay, max(MIN_SLEEP_SECONDS, until))
            except Exception:
                _log.exception("deadline round failed; retrying in %ss", RETRY_SECONDS)
                self._next_at = None
                delay = RETRY_SECONDS
            if not self._wake.is_set():
                self._idle.set()
            await self._sleep(delay)
