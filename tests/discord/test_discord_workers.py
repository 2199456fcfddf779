"""The bot's background workers (``bot.discord.scheduler.Worker``): stopping always ends them."""

from __future__ import annotations

import asyncio

from bot.discord.scheduler import Worker

# Only a guard against hanging the suite: a stopped worker ends at once.
STOP_GUARD_SECONDS = 5.0


class Sleeper(Worker):
    """Sleeps until woken, counting its rounds."""

    def __init__(self) -> None:
        super().__init__()
        self.rounds = 0

    async def _loop(self) -> None:
        while True:
            self._wake.clear()
            self.rounds += 1
            await self._sleep(3600)


async def test_a_worker_stopped_as_it_is_woken_ends() -> None:
    """``stop`` right after ``wake``, as the bot's close does when a wake-up lands at that
    moment: the cancel is not lost (Python 3.11's wait_for swallowed it, and ``stop`` then
    waited for ever), and the worker ends."""
    worker = Sleeper()
    worker.start()
    await asyncio.sleep(0)  # the worker sleeps
    worker.wake()
    await asyncio.sleep(0)  # its wait for the wake-up is ending
    rounds = worker.rounds
    await asyncio.wait_for(worker.stop(), STOP_GUARD_SECONDS)
    assert worker.rounds == rounds, "no round starts once stopped"
