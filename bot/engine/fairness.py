"""A fair queue for the engine processes: at most N searches at once, waiting requesters
served in turn (round robin), so one player's fifty games do not starve the others."""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class FairQueue:
    """``capacity`` slots; ``slot(key)`` waits its key's turn when all are taken.

    Keys that wait are served one slot each in rotation; a key's own requests keep their
    order. Raises ``ValueError`` for a capacity below 1.
    """

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError("a fair queue needs at least one slot")
        self.capacity = capacity
        self._free = capacity
        self._waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()

    @property
    def waiting(self) -> int:
        """Requests waiting for a slot."""
        return sum(len(queue) for queue in self._waiting.values())

    @property
    def busy(self) -> int:
        """Slots held now."""
        return self.capacity - self._free

    @asynccontextmanager
    async def slot(self, key: str) -> AsyncIterator[None]:
        """Hold one slot for the block; wait for ``key``'s turn if none is free."""
        await self._acquire(key)
        try:
            yield
        finally:
            self._release()

    async def _acquire(self, key: str) -> None:
        if self._free > 0 and not self._waiting:
            self._free -= 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(key, deque()).append(future)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self._release()  # granted as the waiter was cancelled: pass the slot on
            else:
                queue = self._waiting.get(key)
                if queue is not None and future in queue:
                    queue.remove(future)
                    if not queue:
                        del self._waiting[key]
            raise

    def _release(self) -> None:
        while self._waiting:
            key, queue = next(iter(self._waiting.items()))
            future = queue.popleft()
            # Served keys go to the back of the rotation; an emptied one leaves it.
            del self._waiting[key]
            if queue:
                self._waiting[key] = queue
            if not future.done():
                future.set_result(None)
                return
        self._free += 1
