"""A club match's invitation between servers through the fake Discord (issue 26): server A's
organiser names server B by an invite link (resolved through GET /invites/{code}, an
invalid or expired one refused as Discord answers it: 10006 Unknown Invite); the invitation
is posted in B (its system channel, else its first channel Postal may write in) with Accept
and Decline that only B's organisers may use, and the channel accepted in holds B's side;
with no channel to write in, nothing is posted and A's organiser is told so."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TypeVar

import pytest

from tests.discord.harness import Harness, command
from tests.discord.test_discord_match_places import club_servers
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.model import SEND_MESSAGES


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production: both servers have them."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


async def _create(fake: FakeDiscord, ada: FakeUser, server: str) -> FakeMessage:
    terms = {"title": "Lions", "rival": "Tigers", "boards": 1, "server": server, "games": 1}
    return await command(fake, ada, "match create", terms)


def _invitations(fake: FakeDiscord, channel: FakeChannel) -> list[FakeMessage]:
    return [
        m
        for m in fake.channel_messages(channel.id)
        if m.interaction_id is None and "invites this server" in m.text()
    ]


async def test_an_invite_link_names_the_server_and_its_organiser_accepts_by_button(
    running: Harness,
) -> None:
    fake = running.fake
    ada, bea, there = club_servers(fake)
    lobby = fake.add_channel("lobby", guild_id=there.guild_id)
    fake.set_system_channel(lobby)
    # What is no invite, one Discord does not know, or one expired: refused, no match.
    for typed in ("not an invite!", "https://discord.gg/²"):
        refused = await _create(fake, ada, typed)
        assert refused.ephemeral and "Name a server by its id" in refused.text(), refused.text()
    for code in ("nosuchcode", fake.add_invite(there, valid=False)):
        refused = await _create(fake, ada, f"https://discord.gg/{code}")
        assert refused.ephemeral and "That invite is invalid or has expired" in refused.text()
    assert not _invitations(fake, lobby)
    code = fake.add_invite(there)
    made = await _create(fake, ada, f"https://discord.gg/{code}")
    assert f"Server {there.guild_id} is invited." in made.text(), made.text()
    found = re.search(r"Club match #(\d+)", made.text())
    assert found is not None

    # Posted by the outbox in B's system channel, in B only, with its buttons.
    await running.delivered()
    (invitation,) = _invitations(fake, lobby)
    assert not _invitations(fake, there) and not _invitations(fake, fake.channel)
    assert "Lions of the server Postal Club invites this server" in invitation.text()
    assert [b.get("label") for b in invitation.buttons()] == ["Accept", "Decline"]
    # A member of B who may not organise is refused, and nothing changes.
    assert there.guild_id is not None
    tom = fake.add_user("tom", guild_ids=[there.guild_id])
    refused = await fake.reply(await fake.click(tom, invitation, "Accept"))
    assert refused.ephemeral and "Only an organiser" in refused.text()
    assert fake.messages[invitation.id].buttons()
    # B's organiser accepts there: the invitation says so and loses its buttons; B's
    # members join from that channel, which is B's side's place.
    await fake.acknowledged(await fake.click(bea, invitation, "Accept"))
    answered = fake.messages[invitation.id]
    assert "Tigers accepts the match." in answered.text() and not answered.buttons()
    joined = await command(fake, tom, "match join", channel=lobby)
    assert "tom joins Tigers." in joined.text(), joined.text()


async def test_a_declined_invitation_and_one_with_nowhere_to_post(running: Harness) -> None:
    """Without a system channel the invitation goes to B's first channel Postal may write
    in; B's organiser declines it by its button. When Postal may write in no channel of
    B, nothing is posted there and A's organiser is told to have B answer by command."""
    fake = running.fake
    ada, bea, there = club_servers(fake)
    made = await _create(fake, ada, str(there.guild_id))
    await running.delivered()
    (invitation,) = _invitations(fake, there)
    await fake.acknowledged(await fake.click(bea, invitation, "Decline"))
    answered = fake.messages[invitation.id]
    assert f"Server {there.guild_id} declined it." in answered.text() and not answered.buttons()
    assert "is invited" in made.text()

    fake.set_channel_permissions(there, deny=SEND_MESSAGES)
    made = await _create(fake, ada, str(there.guild_id))
    assert "Postal may write in no channel of server" in made.text(), made.text()
    found = re.search(r"Club match #(\d+)", made.text())
    assert found is not None and not _invitations(fake, there)  # the first was answered
    other = fake.add_channel("games", guild_id=there.guild_id)
    accepted = await command(
        fake, bea, "match accept", {"match": int(found.group(1))}, channel=other
    )
    assert "Tigers accepts the match." in accepted.text(), accepted.text()


T = TypeVar("T")


async def posted_past_a_503_and_a_429(
    running: Harness,
    there: FakeChannel,
    invite: Callable[[], Awaitable[T]],
    posted: Callable[[], list[FakeMessage]],
) -> T:
    """``invite`` (what writes an invitation to ``there``, an outbox row) meets Discord's
    503 on the post, so nothing is ``posted`` at once, then its 429 on the retry; the
    outbox's later attempts (clock rounds 15 minutes apart) post it. Returns what
    ``invite`` returned."""
    fake = running.fake
    fake.fail_next("POST", f"/channels/{there.id}/messages", "503")
    made = await invite()
    await running.delivered()
    assert posted() == []
    fake.fail_next("POST", f"/channels/{there.id}/messages", "429")
    for _ in range(3):
        running.clock.advance(minutes=15)
        await running.clock_round()
    return made


async def test_the_invitation_survives_discord_failing_once(running: Harness) -> None:
    """The invitation is an outbox row: Discord's 503, then its 429, on the post leave it
    to a later attempt, and it is posted exactly once."""
    fake = running.fake
    ada, bea, there = club_servers(fake)
    made = await posted_past_a_503_and_a_429(
        running,
        there,
        lambda: _create(fake, ada, str(there.guild_id)),
        lambda: _invitations(fake, there),
    )
    assert f"Server {there.guild_id} is invited." in made.text(), made.text()
    (invitation,) = _invitations(fake, there)
    await fake.acknowledged(await fake.click(bea, invitation, "Accept"))
    assert "Tigers accepts the match." in fake.messages[invitation.id].text()


async def test_an_invitation_that_cannot_be_posted_is_told_to_the_organiser(
    running: Harness,
) -> None:
    """Discord refuses the post (Postal's view of B's channel was out of date: the
    permission was taken away meanwhile): the inviting organiser is told in A's channel,
    mentioned, and nothing is posted in B. A second match finds no channel at its post's
    retry (the permission's change known by then): told too, differently."""
    fake = running.fake
    ada, _, there = club_servers(fake)
    there.bot_deny = SEND_MESSAGES  # its CHANNEL_UPDATE not arrived yet: the cache says yes
    await _create(fake, ada, str(there.guild_id))
    await running.delivered()
    assert _invitations(fake, there) == []
    (lost,) = [m for m in fake.channel_messages(fake.channel.id) if "was not posted" in m.text()]
    assert "Discord refused it in server" in lost.text() and ada.id in lost.mentions
    assert "/match accept" in lost.text(), lost.text()

    fake.set_channel_permissions(there)  # allowed again
    fake.fail_next("POST", f"/channels/{there.id}/messages", "503")
    await _create(fake, ada, str(there.guild_id))
    await running.delivered()
    fake.set_channel_permissions(there, deny=SEND_MESSAGES)
    running.clock.advance(minutes=15)
    await running.clock_round()
    nowhere = [m for m in fake.channel_messages(fake.channel.id) if "may write in no" in m.text()]
    assert len(nowhere) == 1 and ada.id in nowhere[0].mentions, nowhere
    assert _invitations(fake, there) == []
