"""Two bot processes on one database, each with one of two shards: every server's commands
reach the process holding its shard, commands are registered once, and what the clock makes
due (reminders, time-outs) is posted once, by whichever process claims it, in channels of
either shard (Discord's REST API is not sharded)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator

import pytest

from tests.discord.harness import Harness, play, start_game
from tests.fakediscord import FakeChannel, FakeUser

pytestmark = pytest.mark.store


@pytest.fixture
async def pair(harness: Harness) -> AsyncIterator[tuple[Harness, Harness]]:
    """``harness`` runs shard 0 of 2; a second process on the same database runs shard 1.
    Commands are registered globally (servers on both shards use them)."""
    del harness.environ["DEV_GUILD_ID"]
    harness.environ.update(SHARD_COUNT="2", SHARD_IDS="0")
    other = Harness(
        harness.fake,
        harness.database,
        harness.clock,
        harness.errors,
        {**harness.environ, "SHARD_IDS": "1"},
    )
    try:
        yield harness, other
    finally:
        await other.stop()


async def settled(first: Harness, second: Harness) -> None:
    """Both processes have finished their commands (what follows an answer: the write
    marking sent the outbox row the answer stood for) and their old boards' edits. Before
    the clock jumps by days: a real clock does not jump while they run, and a jump lets
    their claims (minutes long) lapse under them, so that the other process sends the row
    an answer already said (a second turn notice, nonce or not) or edits a board twice."""
    assert first.bot is not None and second.bot is not None
    await asyncio.gather(first.bot.commands_finished(), second.bot.commands_finished())
    await asyncio.gather(first.bot.boards.wait_idle(), second.bot.boards.wait_idle())


async def both_rounds(first: Harness, second: Harness) -> None:
    """Both processes run their clock at once (same time), then deliver what is due."""
    await asyncio.gather(first.clock_round(), second.clock_round())
    await asyncio.gather(first.delivered(), second.delivered())


def posts(harness: Harness, thread: FakeChannel, words: str) -> int:
    return len([m for m in harness.fake.channel_messages(thread.id) if words in m.text()])


async def games_on_both_shards(
    first: Harness, count: int
) -> list[tuple[FakeChannel, FakeUser, FakeChannel]]:
    """``count`` games in a server on shard 0 and as many on shard 1, white to move each
    after 1. e4 e5; returns (server channel, white, thread) each."""
    fake = first.fake
    games = []
    for shard in (0, 1):
        channel = fake.add_guild(f"Server {shard}", shard=(shard, 2))
        for n in range(count):
            white, black = fake.add_user(f"w{shard}{n}"), fake.add_user(f"b{shard}{n}")
            thread, _ = await start_game(fake, white, black, days=3, channel=channel)
            await play(fake, white, "e4", thread)
            await play(fake, black, "e5", thread)
            games.append((channel, white, thread))
    return games


async def test_each_process_serves_its_shard_and_registers_nothing_twice(
    pair: tuple[Harness, Harness],
) -> None:
    """Shard 0's process registers the commands and shard 1's does not, even when it starts
    first on a new database; each server's commands are answered by the process holding
    its shard (the other never sees them)."""
    zero, one = pair
    fake = zero.fake
    servers = [fake.add_guild(f"Server {s}", shard=(s, 2)) for s in (0, 1)]
    await one.start()
    assert fake.command_puts == []
    await zero.start()
    assert fake.command_puts == ["global"]
    assert sorted(p["shard"] for p in fake.identify_payloads) == [[0, 2], [1, 2]]
    assert zero.bot is not None and one.bot is not None
    assert {g.id for g in zero.bot.guilds} >= {servers[0].guild_id}
    assert servers[1].guild_id not in {g.id for g in zero.bot.guilds}
    assert servers[1].guild_id in {g.id for g in one.bot.guilds}
    for server in servers:
        white, black = fake.add_user(f"w{server.id}"), fake.add_user(f"b{server.id}")
        thread, _ = await start_game(fake, white, black, channel=server)
        await play(fake, white, "e4", thread)
    await one.restart()
    assert fake.command_puts == ["global"], "a restart of shard 1 registers nothing"


async def test_reminders_and_time_outs_are_posted_once_by_two_processes(
    pair: tuple[Harness, Harness],
) -> None:
    """Both processes run every clock round at the same moments: each game's reminder and
    its time-out are posted exactly once, in servers of both shards; a day later each
    game's thread is archived once, and each replaced board loses its buttons once."""
    zero, one = pair
    await zero.start()
    await one.start()
    games = await games_on_both_shards(zero, 3)
    assert zero.bot is not None and one.bot is not None
    await settled(zero, one)
    zero.clock.advance(days=2, hours=1)  # 23 h left for white: a reminder is due
    await both_rounds(zero, one)
    await both_rounds(zero, one)
    for _, _, thread in games:
        assert posts(zero, thread, "Reminder") == 1
    await settled(zero, one)
    zero.clock.advance(days=1)  # past every deadline
    await both_rounds(zero, one)
    await both_rounds(zero, one)
    for _, white, thread in games:
        assert posts(zero, thread, f"{white.name} ran out of time") == 1
    # Each row sent once: no claim lapsed under a live process (a killed one's rows are
    # sent again with their nonces: test_discord_two_processes).
    sent = zero.bot.outbox.stats.sent + one.bot.outbox.stats.sent
    assert sent == 2 * len(games), "one reminder and one time-out per game, no more"
    assert zero.fake.nonce_repeats == 0, "no row was sent twice (and saved by its nonce)"
    await settled(zero, one)
    # Counted by their edits: an old board is read back first only by a process that did
    # not post it (the poster keeps its view), so reads say nothing of how often it is edited.
    edited = Counter(
        call.path
        for call in zero.fake.calls
        if call.method == "PATCH" and call.path.startswith("/api/v10/channels/")
    )
    # The boards after the start, 1. e4 and 1... e5 were each replaced by the next one.
    assert len(edited) == 3 * len(games)
    assert set(edited.values()) == {1}, "each old board is edited by one process"
    zero.clock.advance(days=1, minutes=1)
    await both_rounds(zero, one)
    await both_rounds(zero, one)
    for _, _, thread in games:
        archived = [e for e in zero.fake.thread_edits.get(thread.id, []) if e.get("archived")]
        assert len(archived) == 1, f"thread {thread.id} archived {len(archived)} times"


async def test_a_process_posts_in_the_other_shards_channels(
    pair: tuple[Harness, Harness],
) -> None:
    """With shard 1's process stopped, shard 0's ends its games on time and posts the
    time-outs in shard 1's threads through the REST API."""
    zero, one = pair
    await zero.start()
    await one.start()
    games = await games_on_both_shards(zero, 2)
    await one.stop()
    zero.clock.advance(days=3, minutes=1)
    await zero.clock_round()
    for _, white, thread in games:
        assert posts(zero, thread, f"{white.name} ran out of time") == 1
    assert zero.bot is not None
    assert {g.id for g in zero.bot.guilds}.isdisjoint({games[-1][0].guild_id})
