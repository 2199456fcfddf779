"""The clock's work shared by several processes: each due item is worked on by the process
that claims it (``bot.store.claims``), for ``CLOCK_CLAIM_LEASE``.

Five minutes: long enough for a round of thousands of time-outs to finish under its claims,
short enough that a killed process's items are taken over the same hour (correspondence
deadlines are days apart; a time-out five minutes late is still fair).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from bot.store import ClaimKind, Store

CLOCK_CLAIM_LEASE = timedelta(minutes=5)


async def claimed(
    store: Store,
    process: str,
    kind: ClaimKind,
    item_ids: Iterable[int],
    now: datetime,
    lease: timedelta = CLOCK_CLAIM_LEASE,
) -> set[int]:
    """Those of ``item_ids`` that ``process`` now holds (taken, or already its own) for
    ``lease``; items another live process holds are left to it."""
    moment = now.timestamp()
    until = moment + lease.total_seconds()
    return await store.claims.take(kind, list(item_ids), process, moment, until)
