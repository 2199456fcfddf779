"""Claims: several processes on one database each send an outbox row, or do a piece of the
clock's work, only after claiming it, for a lease that expires; a game's outbox rows are
claimed in order, one at a time."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.store import (
    ClaimKind,
    DigestFacts,
    OutboxItem,
    OutboxRow,
    OutboxState,
    OutboxTarget,
    Store,
)

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
T = NOW.timestamp()
LEASE = 60.0


@pytest.fixture
async def stores(db_target: Path | str) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one database (SQLite file, or PostgreSQL under ``--db postgresql``),
    as two processes have."""
    first = await Store.open(db_target)
    second = await Store.open(db_target)
    yield first, second
    await first.close()
    await second.close()


def items(player: int, count: int) -> list[OutboxItem]:
    """``count`` rows of one lane (a player's digests: no game needed)."""
    return [OutboxItem(OutboxTarget.DM, DigestFacts((n,)), user_id=player) for n in range(count)]


def number(row: OutboxRow) -> int:
    """Which of its lane's ``items`` the row is."""
    assert isinstance(row.facts, DigestFacts)
    return row.facts.games[0]


async def test_only_the_first_row_of_each_lane_is_claimed_once(stores: tuple[Store, Store]) -> None:
    """A claims the first row of each lane; B finds nothing (the heads are A's, the rest
    wait behind them); once A's row is sent, B may claim the lane's next row."""
    a, b = stores
    await a.outbox.enqueue([*items(1, 2), *items(2, 2), *items(3, 1)], NOW)
    mine = await a.outbox.claim_due("A", T, T + LEASE, 10)
    assert [(row.user_id, number(row)) for row in mine] == [(1, 0), (2, 0), (3, 0)]
    assert await b.outbox.claim_due("B", T, T + LEASE, 10) == []
    await a.outbox.mark_sent([(mine[0].id, 5, 6)], NOW)
    theirs = await b.outbox.claim_due("B", T, T + LEASE, 10)
    assert [(row.user_id, number(row)) for row in theirs] == [(1, 1)]


async def test_a_claim_expires_and_another_process_takes_the_row(
    stores: tuple[Store, Store],
) -> None:
    """A claimed and died: B cannot take the row before the lease ends, and can after."""
    a, b = stores
    await a.outbox.enqueue(items(1, 1), NOW)
    (row,) = await a.outbox.claim_due("A", T, T + LEASE, 10)
    assert row.attempts == 0, "as it was before the claim's attempt"
    assert await b.outbox.claim_due("B", T + LEASE - 1, T + 2 * LEASE, 10) == []
    assert await b.outbox.next_claimable("B", T) == T + LEASE
    assert await b.outbox.interrupted(T) == 0, "A's request may still be under way"
    assert await b.outbox.interrupted(T + LEASE) == 1
    (again,) = await b.outbox.claim_due("B", T + LEASE, T + 2 * LEASE, 10)
    assert again.id == row.id and again.nonce == row.nonce and again.attempts == 1


async def test_renewed_claims_hold_and_released_ones_free_at_once(
    stores: tuple[Store, Store],
) -> None:
    """A renews its claim while its request is under way; when A starts again under the same
    name, the claims of its previous run end at once."""
    a, b = stores
    await a.outbox.enqueue(items(1, 1), NOW)
    await a.outbox.claim_due("A", T, T + LEASE, 10)
    await a.outbox.renew_claims("A", T + 2 * LEASE)
    assert await b.outbox.claim_due("B", T + LEASE, T + 2 * LEASE, 10) == []
    assert await a.outbox.release_claims("A") == 1
    assert len(await b.outbox.claim_due("B", T, T + LEASE, 10)) == 1


async def test_every_outcome_ends_the_claim(stores: tuple[Store, Store]) -> None:
    """A retry, a hold (quiet hours) and a failure each end the claim: a retried row is
    anyone's at its next attempt."""
    a, b = stores
    await a.outbox.enqueue([*items(1, 1), *items(2, 1), *items(3, 1)], NOW)
    retried, held, failed = await a.outbox.claim_due("A", T, T + LEASE, 10)
    await a.outbox.retry_at(retried.id, T + 5, "503")
    await a.outbox.hold(held.id, datetime.fromtimestamp(T + 7, UTC))
    await a.outbox.finish(failed.id, OutboxState.FAILED, "refused", NOW)
    assert await b.outbox.next_claimable("B", T) == T + 5
    taken = await b.outbox.claim_due("B", T + 7, T + LEASE, 10)
    assert sorted(row.id for row in taken) == [retried.id, held.id]


async def test_own_rows_in_flight_do_not_count_as_claimable(stores: tuple[Store, Store]) -> None:
    """The claimer's own rows in flight do not wake it (their outcome does); later rows of
    their lane wait behind them; another lane's next attempt does."""
    a, _ = stores
    await a.outbox.enqueue(items(1, 2), NOW)
    await a.outbox.claim_due("A", T, T + LEASE, 10)
    assert await a.outbox.next_claimable("A", T) is None
    await a.outbox.enqueue(items(2, 1), NOW)
    assert await a.outbox.next_claimable("A", T) == T


async def test_claims_at_the_same_moment_never_share_a_row(stores: tuple[Store, Store]) -> None:
    """Two processes claiming over and over at once take each row once, in each lane's
    order, and between them take every row."""
    a, b = stores
    lanes, per_lane = 30, 3
    for player in range(lanes):
        await a.outbox.enqueue(items(player, per_lane), NOW)
    taken: dict[str, list[tuple[int, int]]] = {"A": [], "B": []}
    order: list[tuple[int, int]] = []  # (lane, row id) as claimed, by either process

    async def work(store: Store, name: str) -> None:
        while True:
            rows = await store.outbox.claim_due(name, T, T + LEASE, 4)
            if not rows:
                if not await store.outbox.pending(1):
                    return
                await asyncio.sleep(0)
                continue
            taken[name] += [(row.user_id or 0, row.id) for row in rows]
            order.extend((row.user_id or 0, row.id) for row in rows)
            await store.outbox.mark_sent([(row.id, 1, 1) for row in rows], NOW)

    await asyncio.gather(work(a, "A"), work(b, "B"))
    every = sorted(taken["A"] + taken["B"])
    assert len(every) == lanes * per_lane and len(set(every)) == len(every)
    for lane in range(lanes):
        ids = [row_id for player, row_id in order if player == lane]
        assert ids == sorted(ids), f"lane {lane} went out of order: {ids}"
    assert (await a.outbox.counts()).sent == lanes * per_lane


async def test_a_clock_item_is_claimed_by_one_process_until_its_lease_ends(
    stores: tuple[Store, Store],
) -> None:
    """A takes items; B gets none of them while A's lease runs, only the new one; A may
    take its own again (a round tried again); after the lease B takes them."""
    a, b = stores
    assert await a.claims.take(ClaimKind.TIME_OUT, [1, 2, 3], "A", T, T + LEASE) == {1, 2, 3}
    assert await b.claims.take(ClaimKind.TIME_OUT, [2, 3, 4], "B", T + 1, T + LEASE) == {4}
    assert await b.claims.take(ClaimKind.REMINDER, [2], "B", T, T + LEASE) == {2}, "per kind"
    assert await a.claims.take(ClaimKind.TIME_OUT, [1, 2], "A", T + 2, T + LEASE) == {1, 2}
    later = await b.claims.take(ClaimKind.TIME_OUT, [1, 2], "B", T + LEASE, T + 2 * LEASE)
    assert later == {1, 2}
    assert await a.claims.purge(T + LEASE + 1) == 3  # 3, 4 and the reminder ended
    assert await a.claims.take(ClaimKind.TIME_OUT, [], "A", T, T + LEASE) == set()


async def test_a_turn_to_identify_outlives_the_purge_of_clock_claims(
    stores: tuple[Store, Store],
) -> None:
    """A turn to IDENTIFY (one row a bucket) is another holder's only once it ended, and
    the clock's purge, timed by a clock that may run days ahead in tests, leaves it."""
    a, b = stores
    assert await a.claims.take(ClaimKind.IDENTIFY, [0], "A/1", T, T + 6) == {0}
    assert await b.claims.take(ClaimKind.IDENTIFY, [0], "B/1", T + 1, T + 7) == set()
    assert await b.claims.take(ClaimKind.IDENTIFY, [1], "B/1", T + 1, T + 7) == {1}
    assert await a.claims.purge(T + 86_400) == 0
    assert await b.claims.held_until(ClaimKind.IDENTIFY, [0, 1]) == {0: T + 6, 1: T + 7}
    assert await b.claims.take(ClaimKind.IDENTIFY, [0], "B/2", T + 6, T + 12) == {0}


async def test_clock_claims_at_the_same_moment_never_share_an_item(
    stores: tuple[Store, Store],
) -> None:
    """Two processes claiming overlapping items at once: every item is taken once."""
    a, b = stores
    items = list(range(200))
    rounds = [
        a.claims.take(ClaimKind.TIME_OUT, items[n : n + 50], "A", T, T + LEASE)
        for n in range(0, 200, 25)
    ] + [
        b.claims.take(ClaimKind.TIME_OUT, items[n : n + 50], "B", T, T + LEASE)
        for n in range(0, 200, 25)
    ]
    taken = await asyncio.gather(*rounds)
    mine = set().union(*taken[: len(taken) // 2])
    theirs = set().union(*taken[len(taken) // 2 :])
    assert mine.isdisjoint(theirs)
    assert mine | theirs == set(items)
