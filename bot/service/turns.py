"""Giving the event loop back during long work: a round's replays after an outage (hundreds of
games replayed in a row, ~0.3 ms each) ran as one callback of a quarter of a second or more,
and every command that arrived meanwhile waited for it whatever the store did."""

from __future__ import annotations

import asyncio
import time

# The longest a loop of work holds the event loop before letting waiting commands run: well
# under a move's own time, so a move arriving mid-round waits for one slice at most.
SLICE_SECONDS = 0.005


class Turns:
    """Counts a loop's time on the event loop; ``take`` yields once a slice is used up."""

    __slots__ = ("_since",)

    def __init__(self) -> None:
        self._since = time.perf_counter()

    async def take(self) -> None:
        """Yield to the event loop if this loop has run for ``SLICE_SECONDS`` since it last
        did (or began): what else is ready runs, then the loop goes on."""
        if time.perf_counter() - self._since >= SLICE_SECONDS:
            await asyncio.sleep(0)
            self._since = time.perf_counter()
