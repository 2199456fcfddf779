"""The computer's replies, run in the background: at most ``capacity`` at once, fairly.

One task watches the games waiting for the computer (``ComputerOpponent.pending``, fairly
ordered by the store) and starts replies while fewer than ``capacity`` run — the engine pool's
size, so the pool's queue stays short and the order chosen here is the order served. A player
with replies already running goes after players with none, so one player's fifty games do
not starve anyone. Woken after any change (a move against the computer), and at the time a
failed reply may be tried again; nothing is kept only in memory, so a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from bot.service.clock import Clock
from bot.service.computer import ComputerOpponent
from bot.service.results import MovePlayed
from bot.store import DATABASE_ERRORS, PendingReply

_log = logging.getLogger(__name__)

# The most a sleeping queue waits before looking again on its own (a missed wake-up, a
# retry time read before a failure was recorded).
IDLE_CHECK_SECONDS = 60.0
# How long stopping waits for the cancelled replies to unwind.
STOP_GRACE_SECONDS = 5.0


def fair_order(
    pending: Sequence[PendingReply],
    running: Mapping[int, int],
    served: Mapping[int, int] | None = None,
) -> list[PendingReply]:
    """``pending`` in the order to start them, given how many replies each player has
    ``running`` and when each was last ``served`` (a rising count; never: first): a
    player's k-th waiting game ranks ``running + k``; lower ranks first, then the player
    served longest ago, then the longest waiting — a round robin across players."""
    served = served or {}
    seen: Counter[int] = Counter()
    ranked = []
    for reply in sorted(pending, key=lambda p: (p.waiting_since, p.game_id)):
        player = reply.requester_id
        rank = running.get(player, 0) + seen[player]
        seen[player] += 1
        ranked.append(((rank, served.get(player, -1), reply.waiting_since, reply.game_id), reply))
    ranked.sort(key=lambda entry: entry[0])
    return [entry[1] for entry in ranked]


class ReplyQueue:
    """Runs the computer's replies: ``start()``, ``wake()`` after a change, ``stop()``.

    ``on_reply`` is called with every move the computer played (the Discord adapter wakes
    its outbox sender, which posts the board)."""

    def __init__(
        self,
        computer: ComputerOpponent,
        clock: Clock,
        *,
        capacity: int,
        on_reply: Callable[[MovePlayed], None] | None = None,
    ) -> None:
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self._computer = computer
        self._clock = clock
        self.capacity = capacity
        self._on_reply = on_reply
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._running: dict[int, asyncio.Task[None]] = {}
        self._requesters: dict[int, int] = {}  # game id -> requester, of the running ones
        self._served: dict[int, int] = {}  # requester -> the turn their last reply started
        self._turns = 0
        self.started_order: list[int] = []  # game ids as started (tests read it)

    def start(self) -> None:
        if self._task is None:
            self._stopping = False
            self._task = asyncio.create_task(self._loop(), name="postal-computer-replies")

    def wake(self) -> None:
        self._wake.set()

    @property
    def running(self) -> int:
        return len(self._running)

    async def stop(self) -> None:
        """Stop looking and cancel the replies thinking now: their games stay waiting for
        the computer in the store, and the next start answers them."""
        # A flag as well as the cancellation: Python 3.11's wait_for can swallow a cancel
        # that arrives as the wake-up it waits for completes, and the loop would go on.
        self._stopping = True
        self._wake.set()
        tasks = [t for t in (self._task, *self._running.values()) if t is not None]
        for task in tasks:
            task.cancel()
        if tasks:
            # Bounded: a shutdown never hangs on a reply (its write rolls back regardless).
            _, late = await asyncio.wait(tasks, timeout=STOP_GRACE_SECONDS)
            if late:
                _log.warning("computer replies: %d did not stop in time", len(late))
        self._task = None
        self._running.clear()
        self._requesters.clear()

    async def _loop(self) -> None:
        while not self._stopping:
            self._wake.clear()
            try:
                await self._fill()
                timeout = await self._until_retry()
            except DATABASE_ERRORS:
                _log.exception("computer replies: the database failed; trying again soon")
                timeout = IDLE_CHECK_SECONDS
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)

    async def _fill(self) -> None:
        """Start waiting replies, fairly, while fewer than ``capacity`` run."""
        if self._stopping:
            return
        free = self.capacity - len(self._running)
        if free <= 0:
            return
        waiting = await self._computer.pending(self.capacity * 4 + len(self._running))
        if self._stopping:
            return
        waiting = [p for p in waiting if p.game_id not in self._running]
        running = Counter(self._requesters.values())
        for reply in fair_order(waiting, running, self._served)[:free]:
            self._turns += 1
            self._served[reply.requester_id] = self._turns
            self._requesters[reply.game_id] = reply.requester_id
            self.started_order.append(reply.game_id)
            self._running[reply.game_id] = asyncio.create_task(
                self._reply(reply), name=f"postal-computer-game-{reply.game_id}"
            )

    async def _reply(self, pending: PendingReply) -> None:
        try:
            played = await self._computer.reply(pending)
        except asyncio.CancelledError:
            raise
        except DATABASE_ERRORS:
            _log.exception("computer's reply in game #%s: the database failed", pending.game_id)
            played = None  # the game stays waiting; the idle check tries again
        except Exception as error:
            # A bug: logged, and held back like an engine failure rather than retried hot.
            _log.exception("computer's reply in game #%s failed", pending.game_id)
            with contextlib.suppress(*DATABASE_ERRORS):
                await self._computer.failed(pending, f"{type(error).__name__}: {error}")
            played = None
        finally:
            self._running.pop(pending.game_id, None)
            self._requesters.pop(pending.game_id, None)
        if played is not None and self._on_reply is not None:
            self._on_reply(played)
        self._wake.set()  # a slot is free

    async def _until_retry(self) -> float:
        """Seconds until a failed reply may be tried again (capped by the idle check)."""
        retry_at = await self._computer.next_retry()
        if retry_at is None:
            return IDLE_CHECK_SECONDS
        left = (retry_at - self._clock()).total_seconds()
        return min(max(left, 0.05), IDLE_CHECK_SECONDS)
