"""One process per shard: a process leases its gateway shards before it serves them.

``holding_shards`` waits until no other live process holds the shards (saying so once, in
one line), leases them, renews the lease every heartbeat while the block runs, and releases
it when the block ends. A rolling deploy hands over cleanly: the new process waits while the
old one serves, and takes over as soon as the old one stops (its lease is released) or, if it
was killed, when its lease expires (at once if it ran on this host: its pid is gone). A
process that finds its lease taken by another (it was frozen past the lease) says so and
stops serving (``on_lost``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from datetime import UTC, datetime, timedelta

from bot.service.clock import Clock, system_clock
from bot.service.uptime import HEARTBEAT_INTERVAL
from bot.store import ALL_SHARDS, ShardLease, Store, when_available

_log = logging.getLogger(__name__)

# A lease lasts this long unless renewed: three heartbeats, so one missed renewal (a busy
# database) costs nothing, and a killed process's shards wait at most this long.
SHARD_LEASE = timedelta(minutes=3)
# How often a waiting process looks again.
WAIT_POLL_SECONDS = 2.0


def lease_owner() -> str:
    """This run's name on its leases: host, process id and a random tag (a pid is reused)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def shards_text(shards: Sequence[int]) -> str:
    """``all`` or ``0,1``: the shards as operators set them."""
    return "all" if ALL_SHARDS in shards else ",".join(map(str, sorted(shards)))


@asynccontextmanager
async def holding_shards(
    store: Store,
    shards: Sequence[int],
    stop: asyncio.Event,
    on_lost: Callable[[], None],
    *,
    owner: str | None = None,
    clock: Clock = system_clock,
    renew_every: timedelta = HEARTBEAT_INTERVAL,
    on_wait: Callable[[], None] | None = None,
) -> AsyncIterator[bool]:
    """Lease ``shards`` (``ALL_SHARDS``: every one), waiting while another process holds
    them, until ``stop`` is set; yields True once leased (renewed every ``renew_every`` until
    the block ends, then released), False when ``stop`` came first. ``on_wait`` is called
    after each attempt the database answered while waiting (a standby is alive: its health
    file is marked). Raises the store's errors at the first attempt (an unusable database
    is a start-up failure), after waiting out a busy one (``when_available``)."""
    owner = owner or lease_owner()
    if not await _wait_for(store, shards, owner, stop, clock, on_wait or (lambda: None)):
        yield False
        return
    renewing = asyncio.create_task(
        _renew_forever(store, shards, owner, on_lost, clock, renew_every)
    )
    try:
        yield True
    finally:
        renewing.cancel()
        with suppress(asyncio.CancelledError):
            await renewing
        try:
            await store.shards.release(owner)
        except Exception as error:  # the next process waits for the lease to expire instead
            _log.warning("shard lease not released: %s", error)


async def _take(store: Store, shards: Sequence[int], owner: str, clock: Clock) -> list[ShardLease]:
    now = clock().timestamp()
    until = now + SHARD_LEASE.total_seconds()
    held = await store.shards.take(shards, owner, now, until)
    dead = sorted({lease.owner for lease in held if exited(lease.owner)})
    if not dead:
        return held
    # A process of this host that is gone (killed, and restarted as this one): its lease
    # need not run out.
    _log.info("taking shards %s over from %s, which exited", shards_text(shards), dead)
    return await store.shards.take(shards, owner, now, until, dead=dead)


def exited(owner: str) -> bool:
    """Whether the lease ``owner`` names a process of this host that no longer runs (this
    process's own pid under another tag included: a container restarted keeps its pid)."""
    host, _, rest = owner.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname() or not pid.isdigit():
        return False
    if int(pid) == os.getpid():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, another user's
        return False
    return False


async def _wait_for(
    store: Store,
    shards: Sequence[int],
    owner: str,
    stop: asyncio.Event,
    clock: Clock,
    on_wait: Callable[[], None],
) -> bool:
    """Lease ``shards``, waiting while others hold them; False if ``stop`` came first."""
    # The first take meets a database that cannot answer (unusable: a start-up failure)
    # or is busy a moment (another process starting on it: waited for).
    held = await when_available(
        "taking the shard lease", lambda: _take(store, shards, owner, clock)
    )
    if held:
        on_wait()
        # One line, however long the wait: what is happening and what ends it.
        _log.warning(
            "shards %s are served by another process (%s, lease until %s): waiting until it "
            "stops or its lease expires; two processes on the same shards would answer every "
            "command twice",
            shards_text(shards),
            ", ".join(sorted({lease.owner for lease in held})),
            _moment(max(lease.expires_at for lease in held)),
        )
    while held:
        with suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), WAIT_POLL_SECONDS)
        if stop.is_set():
            return False
        try:
            held = await _take(store, shards, owner, clock)
        except Exception as error:  # a passing outage: keep waiting (and look unhealthy)
            _log.debug("shard lease not taken yet: %s", error)
        else:
            on_wait()
    return True


async def _renew_forever(
    store: Store,
    shards: Sequence[int],
    owner: str,
    on_lost: Callable[[], None],
    clock: Clock,
    every: timedelta,
) -> None:
    while True:
        await asyncio.sleep(every.total_seconds())
        until = (clock() + SHARD_LEASE).timestamp()
        try:
            if await store.shards.renew(shards, owner, until):
                continue
            # Expired (this process was frozen past it): taken back if still free.
            held = await _take(store, shards, owner, clock)
        except Exception as error:  # a full disk, an outage: try at the next heartbeat
            _log.warning("shard lease not renewed: %s", error)
            continue
        if held:
            _log.error(
                "the lease on shards %s passed to another process (%s) while this one was "
                "not renewing it (frozen?): stopping so they are not served twice",
                shards_text(shards),
                ", ".join(sorted({lease.owner for lease in held})),
            )
            on_lost()
            return


def _moment(epoch: float) -> str:
    return datetime.fromtimestamp(int(epoch), UTC).isoformat()
