"""The fake's polls, as Discord's docs and OpenAPI description give them: created with Send
Polls, 1-10 answers of up to 55 characters, a question of up to 300, 1-768 hours, never in a
components-v2 message nor edited (520003); ended early by their author only (520001 once
ended); votes cast and taken back sent as gateway events to sessions that asked for
GUILD_MESSAGE_POLLS (DIRECT_MESSAGE_POLLS for a poll in a DM)."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import discord
import pytest

from tests.discord.harness import Harness
from tests.discord.test_discord_fake_limits import call
from tests.fake_components import IS_COMPONENTS_V2
from tests.fakediscord import FakeDiscord, RouteLimit
from tests.fakediscord.model import SEND_POLLS


def _poll(answers: int = 2, *, text: str = "e4", hours: int = 24) -> dict[str, Any]:
    return {
        "question": {"text": "Lions: which move?"},
        "answers": [{"poll_media": {"text": f"{text}{n}"}} for n in range(answers)],
        "duration": hours,
    }


async def _post(fake: FakeDiscord, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    status, answer, _ = await call(fake, "POST", f"/channels/{fake.channel.id}/messages", body)
    return status, answer


async def test_a_poll_needs_send_polls_and_stays_within_discords_limits(
    fake: FakeDiscord,
) -> None:
    """Without Send Polls a poll is refused (403 50013, which a bot meets: no violation);
    with it, ten answers are numbered 1-10 with an expiry; eleven answers, an answer of 56
    characters, 769 hours, or a poll in a components-v2 message are refused (400)."""
    fake.post_limit = RouteLimit(100, 5.0)  # posts here are about polls, not pacing
    status, answer = await _post(fake, {"poll": _poll()})
    assert (status, answer["code"]) == (403, 50013) and fake.violations == []
    fake.bot_permissions |= SEND_POLLS
    status, answer = await _post(fake, {"poll": _poll(10)})
    assert status == 200, answer
    assert [a["answer_id"] for a in answer["poll"]["answers"]] == list(range(1, 11))
    assert answer["poll"]["expiry"] and not answer["poll"]["results"]["is_finalized"]
    refused: list[dict[str, Any]] = [
        {"poll": _poll(11)},
        {"poll": _poll(text="x" * 55)},  # 56 characters with its number
        {"poll": _poll(hours=769)},
        {"poll": _poll(), "flags": IS_COMPONENTS_V2},
    ]
    for body in refused:
        status, _ = await _post(fake, body)
        assert status == 400, body
    assert len(fake.violations) == len(refused)
    fake.violations.clear()
    fake.bodies.clear()  # the OpenAPI description refuses them too (the fixture checks)


async def test_only_its_author_ends_a_poll_once_and_votes_are_gateway_events(
    running: Harness,
) -> None:
    """A poll the bot sent through discord.py is ended early by it (results finalized); a
    second end is refused (520001); votes cast before reach the bot as raw poll events,
    which it receives because Postal asks for GUILD_MESSAGE_POLLS."""
    fake = running.fake
    fake.bot_permissions |= SEND_POLLS
    bot = running.bot
    assert bot is not None and bot.intents.guild_polls
    poll = discord.Poll("Lions: which move?", duration=timedelta(hours=6))
    poll.add_answer(text="e4")
    poll.add_answer(text="d4")
    sent = await bot.get_partial_messageable(fake.channel.id).send(poll=poll)
    alice = fake.add_user("alice")
    seen = asyncio.ensure_future(bot.wait_for("raw_poll_vote_add", timeout=10))
    await fake.poll_vote(alice, fake.messages[sent.id], 2)
    event: discord.RawPollVoteActionEvent = await seen
    assert (event.user_id, event.answer_id) == (alice.id, 2)
    ended = await bot.http.end_poll(fake.channel.id, sent.id)
    results = ended["poll"]["results"]
    assert results["is_finalized"] and results["answer_counts"][0]["id"] == 2
    status, answer, _ = await call(
        fake, "POST", f"/channels/{fake.channel.id}/polls/{sent.id}/expire", {}
    )
    assert (status, answer["code"]) == (400, 520001)


async def test_a_dm_polls_votes_need_direct_message_polls(running: Harness) -> None:
    """A vote in a poll in a DM is sent only to sessions that asked for DIRECT_MESSAGE_POLLS
    (Discord's gateway docs): Postal asks for GUILD_MESSAGE_POLLS alone, so it never hears
    of it; the event carries no guild_id."""
    fake = running.fake
    bot = running.bot
    assert bot is not None and bot.intents.guild_polls and not bot.intents.dm_polls
    alice = fake.add_user("alice")
    poll = discord.Poll("Which move?", duration=timedelta(hours=6))
    poll.add_answer(text="e4")
    dm = await bot.create_dm(discord.Object(alice.id))
    sent = await dm.send(poll=poll)
    heard = asyncio.ensure_future(bot.wait_for("raw_poll_vote_add", timeout=0.5))
    await fake.poll_vote(alice, fake.messages[sent.id], 1)
    with pytest.raises(TimeoutError):
        await heard


async def test_a_poll_message_cannot_be_edited(running: Harness) -> None:
    """Discord: after creation, a poll message cannot be edited (400 520003), its text no
    more than its poll."""
    fake = running.fake
    fake.bot_permissions |= SEND_POLLS
    bot = running.bot
    assert bot is not None
    poll = discord.Poll("Lions: which move?", duration=timedelta(hours=6))
    poll.add_answer(text="e4")
    sent = await bot.get_partial_messageable(fake.channel.id).send(poll=poll)
    with pytest.raises(discord.HTTPException) as refused:
        await sent.edit(content="edited")
    assert (refused.value.status, refused.value.code) == (400, 520003)
    assert fake.violations == ["Cannot edit a poll message"]
    fake.violations.clear()  # the refusal is the point here
