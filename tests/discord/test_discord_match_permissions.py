"""A club match's places are checked as a challenge's are, through the fake Discord (issue
26): its games open threads in the channel it is made in (server A) and in the one it is
accepted in (server B), so ``/match create`` and ``/match accept`` (by command and by the
invitation's Accept) are refused, privately, naming the permission Postal lacks there, and
nothing changes; once the permission is given the match is accepted and its games open in
that channel's threads."""

from __future__ import annotations

import re

import pytest

from tests.discord.harness import Harness, command
from tests.discord.test_discord_match_places import OPENING_TIMEOUT, club_servers
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage
from tests.fakediscord.model import (
    CREATE_PUBLIC_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
)

# What each denied permission is called in the refusal (Discord's settings' names).
DENIED = (
    (CREATE_PUBLIC_THREADS, "Create Public Threads"),
    (SEND_MESSAGES_IN_THREADS, "Send Messages in Threads"),
    (SEND_MESSAGES, "Send Messages"),
)


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production: both servers have them."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


def _terms(server: int | None) -> dict[str, object]:
    terms: dict[str, object] = {"title": "Lions", "rival": "Tigers", "boards": 1, "games": 1}
    if server is not None:
        terms["server"] = str(server)
    return terms


def _missing(refused: FakeMessage, refusal: str) -> str:
    """The first permission ``refused`` (a refusal starting ``refusal``) names as missing."""
    found = re.search(f"{re.escape(refusal)}: I am missing (.+?) in this channel", refused.text())
    assert found is not None, refused.text()
    return found.group(1).split(", ")[0]


def _invitation(fake: FakeDiscord, channel: FakeChannel) -> FakeMessage:
    (invitation,) = [
        m
        for m in fake.channel_messages(channel.id)
        if m.interaction_id is None and "invites this server" in m.text()
    ]
    return invitation


async def test_no_match_is_made_where_its_games_could_not_open(running: Harness) -> None:
    """In a channel where Postal may not open the games' threads or post, ``/match create``
    (between this server's teams, or inviting another) is refused and no match exists;
    with the permission back it is made."""
    fake = running.fake
    ada, _, there = club_servers(fake)
    for denied, named in DENIED:
        fake.set_channel_permissions(fake.channel, deny=denied)
        for server in (None, there.guild_id):
            refused = await command(fake, ada, "match create", _terms(server))
            assert refused.ephemeral, refused.text()
            assert _missing(refused, "I cannot host a club match's games here") == named
        nothing = await command(fake, ada, "match show")
        assert nothing.ephemeral and "There is no such club match" in nothing.text()
    await running.delivered()
    assert not [m for m in fake.channel_messages(there.id) if "invites" in m.text()]
    fake.set_channel_permissions(fake.channel)
    made = await command(fake, ada, "match create", _terms(None))
    assert not made.ephemeral and "Club match #" in made.text(), made.text()


async def test_an_acceptance_is_refused_where_bs_games_could_not_open(running: Harness) -> None:
    """B's organiser accepts in a channel where Postal may not open threads: refused, by
    ``/match accept`` and by the invitation's Accept alike, naming the permission; the
    invitation keeps its buttons and the match stays invited. Given the permission, the
    Accept is taken, and the match's game opens in a thread of that channel."""
    fake = running.fake
    ada, bea, there = club_servers(fake)
    assert there.guild_id is not None and fake.channel.guild_id is not None
    lobby = fake.add_channel("lobby", guild_id=there.guild_id)
    fake.set_system_channel(lobby)
    made = await command(fake, ada, "match create", _terms(there.guild_id))
    found = re.search(r"Club match #(\d+)", made.text())
    assert found is not None, made.text()
    match_id = int(found.group(1))
    await running.delivered()
    invitation = _invitation(fake, lobby)
    for denied, named in DENIED[:2]:
        fake.set_channel_permissions(lobby, deny=denied)
        by_command = await command(fake, bea, "match accept", {"match": match_id}, channel=lobby)
        by_button = await fake.reply(await fake.click(bea, invitation, "Accept"))
        for refused in (by_command, by_button):
            assert refused.ephemeral, refused.text()
            refusal = "I cannot host this server's games of the match here"
            assert _missing(refused, refusal) == named
            assert "/match accept" in refused.text()
        assert fake.messages[invitation.id].buttons()
        shown = await command(fake, bea, "match show", {"match": match_id}, channel=lobby)
        assert "accepts it there with /match accept" in shown.text(), shown.text()

    fake.set_channel_permissions(lobby)
    await fake.acknowledged(await fake.click(bea, invitation, "Accept"))
    answered = fake.messages[invitation.id]
    assert "Tigers accepts the match." in answered.text() and not answered.buttons()
    leo = fake.add_user("leo", guild_ids=[fake.channel.guild_id])
    tom = fake.add_user("tom", guild_ids=[there.guild_id])
    await command(fake, leo, "match join")
    await command(fake, tom, "match join", channel=lobby)
    started = await command(fake, ada, "match start")
    assert "The match has started: 1 game." in started.text(), started.text()
    thread = await fake.wait_until(
        lambda: next((t for t in fake.threads() if t.parent_id == lobby.id), None),
        timeout=OPENING_TIMEOUT,
    )
    await fake.wait_until(
        lambda: any(m.files for m in fake.channel_messages(thread.id)), timeout=OPENING_TIMEOUT
    )


async def test_a_decline_needs_no_place_for_games(running: Harness) -> None:
    """Declining opens no game: the invitation's Decline is taken in a channel where Postal
    may not open threads."""
    fake = running.fake
    ada, bea, there = club_servers(fake)
    await command(fake, ada, "match create", _terms(there.guild_id))
    await running.delivered()
    invitation = _invitation(fake, there)
    fake.set_channel_permissions(there, deny=CREATE_PUBLIC_THREADS)
    await fake.acknowledged(await fake.click(bea, invitation, "Decline"))
    assert "declined it" in fake.messages[invitation.id].text()
