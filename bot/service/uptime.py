"""Downtime is not charged to players: a heartbeat while Postal runs, a credit when it returns.

``keeping_time(store, clock)`` wraps a run of either adapter (the bot or the console): on
entry it gives every running clock back the time Postal was down (lichess does the same after
its outages), while running it records a heartbeat every minute, and on a clean exit it
records the last one, so the next start measures the downtime from there.

A process can also stop without exiting: frozen (SIGSTOP, ``docker pause``, a suspended VM)
and resumed days later, its event loop picks up where it was. Every heartbeat therefore
credits the gap since the last one exactly as a start does, and the clock's round
(``credit_gap``) does the same before it ends any game on time, whichever runs first.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from datetime import datetime, timedelta

from bot.service.clock import Clock, system_clock
from bot.service.weekends import resumed_deadline
from bot.store import DowntimeCredit, Store, when_available

_log = logging.getLogger(__name__)

HEARTBEAT_INTERVAL = timedelta(minutes=1)
# Gaps up to this long (a restart, a deploy, a missed heartbeat) are not credited: they cost
# a player at most minutes of a days-long clock.
DOWNTIME_TOLERANCE = timedelta(minutes=5)


async def resume(store: Store, clock: Clock = system_clock) -> DowntimeCredit | None:
    """Credit the downtime since the last heartbeat to running deadlines and open
    challenges (one transaction), and log it. Returns the credit, or None."""
    credit = await store.uptime.resume(
        clock(), int(DOWNTIME_TOLERANCE.total_seconds()), resumed_deadline
    )
    if credit is not None:
        _log.warning(
            "downtime credited: down_since=%s back_at=%s seconds=%d games=%d challenges=%d",
            credit.down_since.isoformat(),
            credit.back_at.isoformat(),
            credit.seconds,
            credit.games,
            credit.challenges,
        )
    return credit


async def credit_gap(store: Store, now: datetime) -> DowntimeCredit | None:
    """Credit the downtime since the last heartbeat if it is more than the tolerance old at
    ``now`` (the process was frozen: its heartbeat could not run), as ``resume`` does; the
    clock calls this before ending games on time. None: no heartbeat yet, or a recent one
    (one read, no write). Raises the store's errors."""
    last = await store.uptime.last_beat()
    if last is None or now - last <= DOWNTIME_TOLERANCE:
        return None
    return await resume(store, lambda: now)


@asynccontextmanager
async def keeping_time(
    store: Store,
    clock: Clock = system_clock,
    *,
    interval: timedelta = HEARTBEAT_INTERVAL,
    on_beat: Callable[[], None] | None = None,
) -> AsyncIterator[DowntimeCredit | None]:
    """Resume (see ``resume``), then keep a heartbeat until the block ends. Yields the credit.
    ``on_beat`` is called after the resume and after each heartbeat the database took (the
    bot marks its health file with it).

    Raises what ``resume`` raises (the store's errors), after waiting out a busy database
    (``when_available``); a failed heartbeat later is logged and retried at the next
    interval, never fatal.
    """
    credit = await when_available("crediting the downtime", lambda: resume(store, clock))
    _signal(on_beat)
    beating = asyncio.create_task(_beat_forever(store, clock, interval.total_seconds(), on_beat))
    try:
        yield credit
    finally:
        beating.cancel()
        with suppress(asyncio.CancelledError):
            await beating
        try:
            await store.uptime.beat(clock())
        except Exception as error:  # a full disk, a lock: the next start credits a bit more
            _log.warning("last heartbeat not recorded: %s", error)


async def _beat_forever(
    store: Store, clock: Clock, seconds: float, on_beat: Callable[[], None] | None
) -> None:
    while True:
        await asyncio.sleep(seconds)
        try:
            # Each beat is a resume: after a freeze, the gap is credited as at start-up.
            await resume(store, clock)
        except Exception as error:  # a full disk or a lock: the loop must go on; try later
            _log.warning("heartbeat not recorded: %s", error)
        else:
            _signal(on_beat)


def _signal(on_beat: Callable[[], None] | None) -> None:
    """Call ``on_beat``; its failure (a read-only health file) is logged, never fatal."""
    if on_beat is None:
        return
    try:
        on_beat()
    except OSError as error:
        _log.warning("health file not marked: %s", error)
