"""A team's vote challenge to another server goes through the outbox, as a club match's
invitation does (``bot/service/invitations.py``): retried when Discord fails, posted once
(its row's nonce) across a retry and a restart, and, when it cannot be posted (the channel
gone, Postal's access or permission taken away, or no channel to write in by then), told
to the challenging captain where the challenge was made."""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness, command
from tests.discord.test_discord_match_invitations import posted_past_a_503_and_a_429
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.model import SEND_MESSAGES, VIEW_CHANNEL


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production: both servers have them."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


def _servers(fake: FakeDiscord) -> tuple[FakeUser, FakeUser, FakeUser, FakeChannel]:
    """alice and bob of server A (the Lions), dave of server B, and B's only channel."""
    there = fake.add_guild("Tigers Club")
    assert fake.channel.guild_id is not None and there.guild_id is not None
    alice, bob = (
        fake.add_user(name, guild_ids=[fake.channel.guild_id]) for name in ("alice", "bob")
    )
    dave = fake.add_user("dave", guild_ids=[there.guild_id])
    return alice, bob, dave, there


async def _challenge(fake: FakeDiscord, alice: FakeUser, bob: FakeUser, there: FakeChannel) -> str:
    """alice's Lions challenge server B's teams; what alice is told of it."""
    terms = {"title": "Lions", "members": bob.mention, "server": str(there.guild_id)}
    made = await fake.slash(alice, "vote team", terms)
    await fake.wait_until(lambda: len(made.messages()) >= 2)
    return made.messages()[1].text()


def _posted(fake: FakeDiscord, there: FakeChannel) -> list[FakeMessage]:
    """The challenge as posted in B."""
    return [m for m in fake.channel_messages(there.id) if "this server's teams" in m.text()]


def _lost(fake: FakeDiscord) -> list[FakeMessage]:
    """What alice is told in A of a challenge not posted."""
    return [m for m in fake.channel_messages(fake.channel.id) if "was not posted" in m.text()]


async def _accepted(fake: FakeDiscord, dave: FakeUser, there: FakeChannel) -> str:
    """dave forms the Tigers in B and accepts the challenge; his answer."""
    terms = {"title": "Tigers", "challenge": 1}
    return (await command(fake, dave, "vote team", terms, channel=there)).text()


async def test_the_challenge_survives_discord_failing_and_is_posted_once(running: Harness) -> None:
    """Discord's 503, then its 429, on the post leave it to a later attempt; it is posted
    exactly once, and a team formed in B accepts it."""
    fake = running.fake
    alice, bob, dave, there = _servers(fake)
    told = await posted_past_a_503_and_a_429(
        running, there, lambda: _challenge(fake, alice, bob, there), lambda: _posted(fake, there)
    )
    assert "The challenge is posted there." in told, told
    (posted,) = _posted(fake, there)
    assert "Lions of the server" in posted.text() and "challenge:1" in posted.text()
    assert not posted.buttons()  # a team is formed, with its options, to accept it
    assert "Tigers, captained by dave" in await _accepted(fake, dave, there)
    assert _lost(fake) == []


async def test_the_challenge_is_posted_once_across_a_restart(running: Harness) -> None:
    """The post reaches Discord but its answer is lost (the connection reset), and Postal
    restarts before trying again: the retry, with the row's nonce, is given the first
    message back, so B sees the challenge once."""
    fake = running.fake
    alice, bob, dave, there = _servers(fake)
    fake.fail_next("POST", f"/channels/{there.id}/messages", "reset-after")
    await _challenge(fake, alice, bob, there)
    await running.delivered()
    await running.restart()
    running.clock.advance(minutes=15)
    await running.clock_round()
    assert len(_posted(fake, there)) == 1 and fake.nonce_repeats == 1
    assert "Tigers, captained by dave" in await _accepted(fake, dave, there)


def _refuse(fake: FakeDiscord, there: FakeChannel, code: str) -> None:
    """Make Discord refuse posts in ``there`` with ``code``, before Postal hears of it."""
    if code == "10003":  # deleted; its CHANNEL_DELETE not arrived yet
        del fake.channels[there.id]
        fake.deleted_channels.add(there.id)
    else:  # the overwrite's CHANNEL_UPDATE not arrived yet: the cache still says yes
        there.bot_deny = VIEW_CHANNEL if code == "50001" else SEND_MESSAGES


@pytest.mark.parametrize("code", ["50001", "50013", "10003"])
async def test_a_challenge_discord_refuses_is_told_to_its_captain(
    running: Harness, code: str
) -> None:
    """Discord refuses the post (Missing Access, Missing Permissions, Unknown Channel):
    alice, the captain, is told once in A, mentioned, with what B's teams type, and
    nothing is posted in B."""
    fake = running.fake
    alice, bob, _, there = _servers(fake)
    _refuse(fake, there, code)
    await _challenge(fake, alice, bob, there)
    await running.delivered()
    running.clock.advance(minutes=15)
    await running.clock_round()
    (lost,) = _lost(fake)
    assert "The challenge #1 of Lions was not posted: Discord refused it" in lost.text()
    assert "/vote team challenge:1" in lost.text() and alice.id in lost.mentions, lost.text()
    assert there.id in fake.deleted_channels or _posted(fake, there) == []


async def test_a_challenge_with_nowhere_to_post_by_its_retry_is_told(running: Harness) -> None:
    """The first post fails (503); by its retry Postal may write in no channel of B (the
    permission's change known by then): alice is told so, once, and nothing is posted."""
    fake = running.fake
    alice, bob, _, there = _servers(fake)
    fake.fail_next("POST", f"/channels/{there.id}/messages", "503")
    await _challenge(fake, alice, bob, there)
    await running.delivered()
    fake.set_channel_permissions(there, deny=SEND_MESSAGES)
    for _ in range(2):
        running.clock.advance(minutes=15)
        await running.clock_round()
    (lost,) = _lost(fake)
    assert "Postal may write in no channel of server" in lost.text(), lost.text()
    assert alice.id in lost.mentions and _posted(fake, there) == []


async def test_with_nowhere_to_post_at_once_the_captain_is_answered_so(running: Harness) -> None:
    """Postal may write in no channel of B when the challenge is made: the captain's answer
    says so, and no invitation is queued (nothing posted, nothing told later)."""
    fake = running.fake
    alice, bob, dave, there = _servers(fake)
    fake.set_channel_permissions(there, deny=SEND_MESSAGES)
    told = await _challenge(fake, alice, bob, there)
    assert "tell that server the challenge's number" in told, told
    await running.delivered()
    fake.set_channel_permissions(there)
    running.clock.advance(minutes=15)
    await running.clock_round()
    assert _posted(fake, there) == [] and _lost(fake) == []
    assert "Tigers, captained by dave" in await _accepted(fake, dave, there)
