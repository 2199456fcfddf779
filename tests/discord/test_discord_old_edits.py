"""Edits of messages older than an hour: Discord limits them per channel more tightly than
other edits (30046, a 429). Postal paces them (expired challenges, old boards), and a 429
of that limit without ``retry_after`` is a rate limit to Postal, never a crash."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from bot.service.clock import ManualClock
from tests.discord.harness import Harness, command, play, start_game
from tests.fakediscord import GUILD_VOICE, FakeDiscord, FakeMessage

# Discord's own windows: these tests are about them (see tests/discord/conftest.py).
pytestmark = pytest.mark.discord_windows


async def challenges(fake: FakeDiscord, count: int) -> list[FakeMessage]:
    """``count`` challenges by alice to as many players, in the first channel."""
    alice = fake.add_user("alice")
    made = []
    for index in range(count):
        opponent = fake.add_user(f"player{index}")
        made.append(await command(fake, alice, "challenge", {"opponent": opponent}))
    return made


def expired(fake: FakeDiscord, made: list[FakeMessage]) -> list[bool]:
    return [
        "expired" in fake.messages[m.id].content and not fake.messages[m.id].buttons() for m in made
    ]


async def test_expired_challenges_are_closed_under_the_old_edit_limit(running: Harness) -> None:
    """Five challenges expire at once in one channel: their edits (of 48-hour-old messages)
    are paced under Discord's old-message limit (3 per 6 s a channel), none refused."""
    fake = running.fake
    made = await challenges(fake, 5)
    running.clock.advance(hours=48, minutes=1)
    await running.clock_round()
    await fake.wait_until(lambda: all(expired(fake, made)), timeout=20)
    assert fake.rate_limited() == []
    edits = [c for c in fake.calls if c.method == "PATCH" and "/messages/" in c.path]
    assert len(edits) == 5 and edits[3].started - edits[0].started >= 5.9


async def test_an_old_edit_refused_without_retry_after_is_tried_again(running: Harness) -> None:
    """Discord refuses an old message's edit with 30046 and no ``retry_after`` (discord.py
    2.7 reads that key unguarded): the outbox takes it as a rate limit and edits later; no
    error is logged (the harness fails the test on one)."""
    fake = running.fake
    [made] = await challenges(fake, 1)
    fake.fail_next("PATCH", f"/messages/{made.id}", "30046-bare")
    running.clock.advance(hours=48, minutes=1)
    await running.clock_round()
    refused = [c for c in fake.calls if c.status == 429 and c.fault == "30046-bare"]
    assert len(refused) == 1 and expired(fake, [made]) == [False]
    running.clock.advance(minutes=5)
    await running.delivered()
    assert expired(fake, [made]) == [True]


async def test_the_fake_refuses_a_fourth_old_edit_in_six_seconds(fake: FakeDiscord) -> None:
    """Editing messages older than an hour: 3 per 6 s per channel, then 429 with code
    30046 and no X-RateLimit headers; recent messages are not counted."""
    clock = ManualClock()
    fake.wall = clock
    headers = {"Authorization": f"Bot {fake.token}"}
    base = f"{fake.api_base}/channels/{fake.channel.id}/messages"
    async with aiohttp.ClientSession(headers=headers) as session:
        ids = []
        for text in ("a", "b", "c", "d"):
            async with session.post(base, json={"content": text}) as response:
                ids.append((await response.json())["id"])
        clock.advance(hours=1)
        async with session.post(base, json={"content": "new"}) as response:
            recent = (await response.json())["id"]
        answers = []
        for message_id in [*ids, recent]:
            async with session.patch(f"{base}/{message_id}", json={"content": "x"}) as response:
                answers.append((response.status, (await response.json()).get("code")))
        assert answers == [(200, None)] * 3 + [(429, 30046), (200, None)]
        fake.old_edit_retry_after = False
        async with session.patch(f"{base}/{ids[3]}", json={"content": "x"}) as response:
            body = await response.json()
            assert response.status == 429 and "retry_after" not in body
            assert "X-RateLimit-Bucket" not in response.headers
    fake.violations.clear()


async def test_old_boards_are_retired_under_the_old_edit_limit(running: Harness) -> None:
    """Four games in one voice chat (no threads there) move two hours after their first
    board: four edits of hour-old boards in one channel, paced under the old-message
    limit (the fourth six seconds after the first), none refused."""
    fake = running.fake
    bot = running.bot
    assert bot is not None
    voice = fake.add_channel("lounge", type=GUILD_VOICE)
    firsts, players = [], []
    for n in range(4):
        white, black = fake.add_user(f"white{n}"), fake.add_user(f"black{n}")
        _, first = await start_game(fake, white, black, channel=voice)
        firsts.append(first)
        players.append(white)
    await asyncio.wait_for(bot.boards.wait_idle(), 10)
    await bot.boards.stop()  # the old boards pile up, then go out together
    running.clock.advance(hours=2)
    for white in players:
        await play(fake, white, "e4", voice)
    await bot.commands_finished()
    bot.boards.start()
    bot.boards.wake()
    await fake.wait_until(lambda: all(not f.buttons() for f in firsts), timeout=30)
    edits = [c for c in fake.calls if c.method == "PATCH" and f"/channels/{voice.id}/" in c.path]
    assert [c.status for c in edits] == [200] * 4 and fake.rate_limited() == []
    assert edits[3].started - edits[0].started >= 5.9
