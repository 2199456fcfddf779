"""The clock's work shared by several processes: each due item is worked on by the process
that claims it (``bot.store.claims``), for ``CLOCK_CLAIM_LEASE``.

Five minutes: long enough for a round of thousands of time-outs to finish under its claims,
short enough that a killed process's items are taken over the same hour (correspondence
deadlines are days apart; a time-out five minutes late is still fair).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta

from bot.store import ClaimKind, GameRecord, Store
from bot.store.records import from_epoch

CLOCK_CLAIM_LEASE = timedelta(minutes=5)


async def claimed(
    store: Store,
    process: str,
    kind: ClaimKind,
    item_ids: Iterable[int],
    now: datetime,
    lease: timedelta = CLOCK_CLAIM_LEASE,
    *,
    sync_outside_lock: bool = False,
) -> set[int]:
    """Those of ``item_ids`` that ``process`` now holds (taken, or already its own) for
    ``lease``; items another live process holds are left to it (``sync_outside_lock``:
    see ``Database.transaction``)."""
    moment = now.timestamp()
    until = moment + lease.total_seconds()
    return await store.claims.take(
        kind, list(item_ids), process, moment, until, sync_outside_lock=sync_outside_lock
    )


async def leave_to_holders(
    store: Store, kind: ClaimKind, records: Sequence[GameRecord], now: datetime
) -> None:
    """The clock next looks at ``records``' games, due but held by another process, when
    their claims end (or at a deadline that comes first): not at once, again and again,
    while the holder works on them or, killed, holds them until its lease ends."""
    if not records:
        return
    held = await store.claims.held_until(kind, [record.id for record in records])
    looks = []
    for record in records:
        if record.id not in held:
            continue  # the claim went meanwhile: the next round takes the game
        # Whole seconds, as the index holds them: rounded up, so the look is not before.
        at = from_epoch(math.ceil(held[record.id]))
        if record.deadline_at is not None and now < record.deadline_at < at:
            at = record.deadline_at  # its time-out comes first
        looks.append((record.id, at))
    await store.clock.postpone(looks, now)
