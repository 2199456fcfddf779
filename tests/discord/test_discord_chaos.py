"""Chaos: games played through the fake while 10 % of the bot's channel and DM calls fail
(5xx, 429 per route and global, connections reset before and after the call took effect).
Every turn notice, reminder, time-out and ending is delivered exactly once, and the bot
never goes above its request rate."""

from __future__ import annotations

from collections import Counter

from bot.store import OutboxKind, OutboxState
from tests.discord.harness import Harness, command, play, start_game
from tests.fakediscord import FAULT_KINDS, FakeChannel, FakeUser, Faults

GAMES = 8
OPENING = ("e4", "e5", "Nf3", "Nc6")


async def drain(running: Harness) -> None:
    """Let the bot's clock run a minute at a time until the outbox has nothing pending
    (each minute is longer than any backoff of the first attempts; deadlines are days)."""
    assert running.bot is not None
    for _ in range(200):
        await running.delivered(timeout=30)
        if (await running.bot.service.deliveries.outbox_counts()).pending == 0:
            return
        running.clock.advance(minutes=1)
    raise AssertionError("the outbox never drained")


async def test_every_announcement_arrives_once_under_faults(running: Harness) -> None:
    fake = running.fake
    assert running.bot is not None
    tables: list[tuple[FakeChannel, FakeUser, FakeUser]] = []
    for index in range(GAMES):
        white, black = fake.add_user(f"white{index}"), fake.add_user(f"black{index}")
        # Every other game's players hear of their turns by DM: those DMs are outbox rows.
        if index % 2:
            await command(fake, white, "settings", {"notify": "dm"})
            await command(fake, black, "settings", {"notify": "dm"})
        thread, _ = await start_game(fake, white, black, days=2)
        tables.append((thread, white, black))
    await drain(running)
    before = set(fake.messages)

    fake.faults = Faults(0.1)
    for ply, move in enumerate(OPENING):
        for thread, white, black in tables:
            await play(fake, (white, black)[ply % 2], move, thread)
        await drain(running)
    for kind in FAULT_KINDS:  # and each kind of failure at least once, whatever the dice say
        fake.fail_next("POST", "/channels/", kind)
    running.clock.advance(days=1, hours=1)  # 23 hours left: the 24-hour reminders
    await running.clock_round(timeout=30)
    await drain(running)
    running.clock.advance(hours=22, minutes=30)  # 30 minutes left: the 1-hour reminders
    await running.clock_round(timeout=30)
    await drain(running)
    running.clock.advance(hours=1)  # past the deadlines: time-outs
    await running.clock_round(timeout=30)
    await drain(running)
    fake.faults = None

    rows = [
        r
        for game in range(1, GAMES + 1)
        for r in await running.bot.service.deliveries.deliveries_of(game)
    ]
    kinds = Counter((r.kind, r.target.value) for r in rows)
    # A DM each turn, the first one when the game began, in the DM half.
    assert kinds[(OutboxKind.TURN, "dm")] == (len(OPENING) + 1) * GAMES // 2
    # The board of each move, said by the move's answer (the row, held for it, marked sent
    # with the answer's message): the faults here fall on the bot's own posts.
    assert kinds[(OutboxKind.TURN, "place")] == len(OPENING) * GAMES
    answered = [r for r in rows if fake.messages[r.message_id or 0].interaction_id is not None]
    assert [(r.kind, r.target.value) for r in answered] == [(OutboxKind.TURN, "place")] * len(
        OPENING
    ) * GAMES
    rows = [r for r in rows if r not in answered]
    assert kinds[(OutboxKind.REMINDER, "place")] == 2 * GAMES
    assert kinds[(OutboxKind.REMINDER, "dm")] == GAMES  # the DM half, twice each
    assert kinds[(OutboxKind.ENDING, "place")] == GAMES
    assert kinds[(OutboxKind.ENDING, "dm")] == GAMES  # both players of the DM half
    assert [r for r in rows if r.state is not OutboxState.SENT] == []  # none lost
    # None doubled: every message the bot posted on its own is one row's, and each row's
    # message exists exactly where the row says.
    posted = [m for i, m in fake.messages.items() if i not in before and m.interaction_id is None]
    during = [r for r in rows if r.message_id not in before]  # not the set-up's first DMs
    said = [r.message_id for r in during if r.message_id is not None]
    assert len(said) == len(during) and sorted(m.id for m in posted) == sorted(said)
    for row in rows:
        assert fake.messages[row.message_id or 0].channel_id == row.channel_id
    faulted = Counter(c.fault for c in fake.calls if c.fault is not None)
    assert set(faulted) == set(FAULT_KINDS) and sum(faulted.values()) > len(FAULT_KINDS)
    # The busiest stretch of Discord's global window (a second, or a quarter of one here:
    # tests/discord/conftest.py) held no more than the bot's pace allows in it.
    window = fake.global_limit.seconds
    assert fake.max_rate(window) <= running.settings().discord_rate_limit * window
