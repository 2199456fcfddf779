"""Holding shards: a process waits (saying so once) while another serves its shards, and
stops serving when it finds its lease taken while it was frozen."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import subprocess
import sys
from datetime import timedelta

import pytest

from bot.service import ManualClock
from bot.service.shards import SHARD_LEASE, exited, holding_shards
from bot.store import ALL_SHARDS, Store

# About the database (races, processes, sizes, migrations): runs on PostgreSQL too.
pytestmark = pytest.mark.store


async def test_a_waiting_process_says_so_once_and_stops_when_asked(
    store: Store, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    """While the shards are held the second process waits, with one warning; a stop
    (SIGTERM) while waiting ends the wait without serving."""
    now = clock().timestamp()
    await store.shards.take([ALL_SHARDS], "old", now, now + SHARD_LEASE.total_seconds())
    stop = asyncio.Event()
    asyncio.get_running_loop().call_later(0.1, stop.set)
    with caplog.at_level(logging.WARNING, logger="bot.service.shards"):
        async with holding_shards(store, [ALL_SHARDS], stop, stop.set, clock=clock) as leased:
            assert not leased
    [line] = [r.getMessage() for r in caplog.records]
    assert line.startswith("shards all are served by another process (old, lease until ")
    assert "waiting until it stops or its lease expires" in line


async def test_a_waiting_process_stays_healthy_while_its_database_answers(
    store: Store, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A standby (a rolling deploy's new process) is alive: each look at the lease the
    database answers marks its health, so Docker does not restart it while it waits."""
    monkeypatch.setattr("bot.service.shards.WAIT_POLL_SECONDS", 0.01)
    now = clock().timestamp()
    await store.shards.take([ALL_SHARDS], "old", now, now + SHARD_LEASE.total_seconds())
    beats: list[float] = []
    stop = asyncio.Event()
    asyncio.get_running_loop().call_later(0.2, stop.set)
    async with holding_shards(
        store, [ALL_SHARDS], stop, stop.set, clock=clock, on_wait=lambda: beats.append(1.0)
    ) as leased:
        assert not leased
    assert len(beats) >= 3


async def test_a_lease_lost_while_frozen_stops_the_process(
    store: Store, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    """Frozen past its lease, a process finds another holding its shards at its next
    renewal: it says so and asks to stop; a clean end releases its lease."""
    stop = asyncio.Event()
    async with holding_shards(
        store,
        [0],
        stop,
        stop.set,
        owner="frozen",
        clock=clock,
        renew_every=timedelta(milliseconds=10),
    ) as leased:
        assert leased
        # Long after the lease would have run out (however often it was renewed meanwhile),
        # another process took the shard.
        later = (clock() + 10 * SHARD_LEASE).timestamp()
        assert await store.shards.take([0], "new", later, later + 60) == []
        await asyncio.wait_for(stop.wait(), 5)
    assert any("passed to another process (new)" in r.getMessage() for r in caplog.records)
    now = clock().timestamp()
    assert await store.shards.take([0], "third", now, now + 60) != []  # new's, not released


async def test_a_killed_process_of_this_host_is_taken_over_at_once(
    store: Store, clock: ManualClock
) -> None:
    """A lease whose owner ran on this host and is gone (its pid no longer runs, or is this
    process's own: a container restarted) is taken without waiting for it to run out; a
    live owner's is not."""
    host = socket.gethostname()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    for owner in (f"{host}:{gone}:aa", f"{host}:{os.getpid()}:bb"):
        assert exited(owner)
    assert not exited(f"{host}:1:cc") and not exited(f"elsewhere:{gone}:dd")
    now = clock().timestamp()
    await store.shards.take([ALL_SHARDS], f"{host}:{gone}:aa", now, now + 180)
    stop = asyncio.Event()
    async with holding_shards(store, [ALL_SHARDS], stop, stop.set, clock=clock) as leased:
        assert leased
