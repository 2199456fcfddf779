"""Shard leases: two processes on one database never serve the same shards at once; a lease
released at a clean stop frees the shards at once, one not renewed frees them when it ends."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import ALL_SHARDS, ShardLease, Store

T = 1_800_000_000.0
LEASE = 180.0


@pytest.fixture
async def stores(db_target: Path | str) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one database, as two processes have."""
    first = await Store.open(db_target)
    second = await Store.open(db_target)
    yield first, second
    await first.close()
    await second.close()


async def test_every_shard_is_served_by_one_process(stores: tuple[Store, Store]) -> None:
    """A process without SHARD_IDS holds every shard: a second one, with or without them,
    finds it holding them until it releases them at its stop."""
    old, new = stores
    assert await old.shards.take([ALL_SHARDS], "old", T, T + LEASE) == []
    held = [ShardLease(ALL_SHARDS, "old", T + LEASE)]
    assert await new.shards.take([ALL_SHARDS], "new", T + 1, T + 1 + LEASE) == held
    assert await new.shards.take([0, 1], "new", T + 1, T + 1 + LEASE) == held
    assert await old.shards.renew([ALL_SHARDS], "old", T + 60 + LEASE)
    await old.shards.release("old")
    assert await new.shards.take([ALL_SHARDS], "new", T + 61, T + 61 + LEASE) == []
    assert not await old.shards.renew([ALL_SHARDS], "old", T + 120 + LEASE)


async def test_a_lease_not_renewed_expires(stores: tuple[Store, Store]) -> None:
    """A killed (or frozen) process's lease ends when it runs out: another takes the
    shards, and the first, renewing later, learns it lost them."""
    dead, next_one = stores
    assert await dead.shards.take([0], "dead", T, T + LEASE) == []
    assert await next_one.shards.take([0], "next", T + LEASE - 1, T + 2 * LEASE) != []
    assert await next_one.shards.take([0], "next", T + LEASE, T + 2 * LEASE) == []
    assert not await dead.shards.renew([0], "dead", T + 3 * LEASE)


async def test_processes_on_different_shards_run_side_by_side(
    stores: tuple[Store, Store],
) -> None:
    """SHARD_IDS 0 and 1 of 2 lease one shard each; a process for every shard waits for
    both, and one taking its own shards again (a renewal by take) is no conflict."""
    zero, one = stores
    assert await zero.shards.take([0], "zero", T, T + LEASE) == []
    assert await one.shards.take([1], "one", T, T + LEASE) == []
    assert await zero.shards.take([0], "zero", T + 1, T + 1 + LEASE) == []
    everything = await zero.shards.take([ALL_SHARDS], "all", T + 2, T + 2 + LEASE)
    assert [(lease.shard, lease.owner) for lease in everything] == [(0, "zero"), (1, "one")]
