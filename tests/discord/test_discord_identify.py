"""Gateway session starts paced as Discord paces them: one IDENTIFY per rate-limit bucket
(``shard_id % max_concurrency``) per 5 seconds, whichever process sends it. Two processes of
a sharded deployment starting at the same moment take turns through the database; the
fake answers an IDENTIFY too soon with an Invalid Session and counts it a violation."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import identify_turns
from tests.discord.harness import Harness
from tests.fakediscord import FakeDiscord


def other_process(harness: Harness, shard: str, database: Path | None = None) -> Harness:
    """A second bot process beside ``harness`` (its settings but ``SHARD_IDS``), on the
    same database unless ``database`` (an SQLite file) is given."""
    environ = {**harness.environ, "SHARD_IDS": shard}
    if database is not None:
        environ["DATABASE_URL"] = f"sqlite:///{database}"
    return Harness(
        harness.fake,
        harness.database if database is None else database,
        harness.clock,
        harness.errors,
        environ,
        template=harness.template,
    )


@pytest.fixture
async def pair(harness: Harness) -> AsyncIterator[tuple[Harness, Harness]]:
    """``harness`` for shard 0 of 2 and a second process for shard 1, on one database,
    neither started."""
    del harness.environ["DEV_GUILD_ID"]
    harness.environ.update(SHARD_COUNT="2", SHARD_IDS="0")
    other = other_process(harness, "1")
    try:
        yield harness, other
    finally:
        await other.stop()


def gaps(fake: FakeDiscord) -> list[float]:
    """Seconds between the IDENTIFYs the fake let through, in order."""
    times = [moment for _, moment in fake.identify_limit.admitted]
    return [later - earlier for earlier, later in itertools.pairwise(times)]


def window(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Discord's IDENTIFY window ``seconds`` long in the fake, and the bot's turns with it
    (the margin kept: see ``quicken_identify_turns``)."""
    fake.identify_limit.window = seconds
    monkeypatch.setattr(identify_turns, "IDENTIFY_SECONDS", seconds)


@pytest.mark.store
async def test_two_processes_starting_at_once_identify_in_turn(
    fake: FakeDiscord, pair: tuple[Harness, Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both processes start at the same moment with max_concurrency 1 (a window of 2 s, so
    that their start-ups, however uneven, fall within one): each IDENTIFYs once, a window
    apart, and both serve their shard (no Invalid Session, no violation)."""
    window(fake, monkeypatch, 2.0)
    first, second = pair
    await asyncio.gather(first.start(), second.start())
    assert len(fake._sockets) == 2
    assert sorted(shard for shard, _ in fake.identify_limit.admitted) == [0, 1]
    assert all(gap >= fake.identify_limit.window for gap in gaps(fake))
    assert fake.identify_limit.remaining == fake.identify_limit.total - 2
    assert fake.violations == []


@pytest.mark.store
async def test_buckets_of_a_larger_concurrency_start_together(
    fake: FakeDiscord, pair: tuple[Harness, Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With max_concurrency 2, shards 0 and 1 are in buckets of their own: neither waits
    for the other's turn, though a turn is longer than the bot's start may take."""
    window(fake, monkeypatch, 60.0)
    fake.identify_limit.max_concurrency = 2
    first, second = pair
    await asyncio.gather(first.start(), second.start())
    assert sorted(shard for shard, _ in fake.identify_limit.admitted) == [0, 1]
    assert fake.violations == []


async def test_the_fake_refuses_an_identify_too_soon(
    fake: FakeDiscord, harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes that share no database cannot take turns: the second IDENTIFY within
    the window gets an Invalid Session and is a violation; discord.py identifies again
    after it, at its next turn, and the bot is served."""
    window(fake, monkeypatch, 2.0)
    del harness.environ["DEV_GUILD_ID"]
    harness.environ.update(SHARD_COUNT="2", SHARD_IDS="0")
    assert isinstance(harness.database, Path)
    apart = other_process(harness, "1", harness.database.with_name("apart.db"))
    try:
        await asyncio.gather(harness.start(), apart.start())
        refused = [v for v in fake.violations if "after the last one of its bucket 0" in v]
        assert refused, fake.violations
        assert len(fake._sockets) == 2
    finally:
        fake.violations.clear()
        await apart.stop()


async def test_shards_of_one_process_reconnecting_at_once_take_turns(
    fake: FakeDiscord, harness: Harness
) -> None:
    """One process with both shards loses the gateway (1011) and gets it back: both shards
    reconnect and identify again (the fake resumes nothing), each at its turn, and both
    are served (the hook's path for an IDENTIFY after a reconnect, not a start's)."""
    del harness.environ["DEV_GUILD_ID"]
    harness.environ.update(SHARD_COUNT="2")
    await harness.start()
    assert len(fake.identify_limit.admitted) == 2
    await fake.gateway_outage()
    fake.gateway_restored()
    await fake.wait_until(lambda: len(fake.identify_limit.admitted) == 4, 30.0)
    await fake.wait_until(lambda: len(fake._sockets) == 2, 30.0)
    assert sorted(shard for shard, _ in fake.identify_limit.admitted[2:]) == [0, 1]
    assert all(gap >= fake.identify_limit.window for gap in gaps(fake))
    assert fake.violations == []
