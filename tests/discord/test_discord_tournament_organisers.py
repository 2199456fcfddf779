"""A server's tournament organisers' role on Discord: a member who may manage the server
names it with ``/settings tournament_role:`` (@everyone clears it); its holders may then
open, start and withdraw without Manage Server; a refusal names the role that is needed;
naming it without that right is refused, nothing changed."""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness, command
from tests.fakediscord.model import MANAGE_GUILD


async def test_holders_of_the_named_role_may_organise(running: Harness) -> None:
    """Bob holds Arbiters but may not manage the server: refused at first (told Manage
    Server is needed); carol (no right) cannot name the role; alice (Manage Server) names
    it, and bob opens and starts one; dave (no role) is refused opening, starting and
    withdrawing, each refusal naming @Arbiters."""
    fake = running.fake
    alice, bob, carol, dave = (fake.add_user(name) for name in ("alice", "bob", "carol", "dave"))
    alice.permissions |= MANAGE_GUILD
    arbiters = fake.add_role("Arbiters", mentionable=True)
    bob.roles = (arbiters,)
    refused = await command(fake, bob, "tournament create", {"title": "Club", "players": 3})
    assert refused.ephemeral
    assert "Only members with Manage Server can open a tournament here" in refused.text()
    denied = await command(fake, carol, "settings", {"tournament_role": arbiters})
    assert denied.ephemeral and "name the role of its tournament organisers" in denied.text()
    refused = await command(fake, bob, "tournament create", {"title": "Club", "players": 3})
    assert refused.ephemeral  # carol's attempt changed nothing
    named = await command(fake, alice, "settings", {"tournament_role": arbiters})
    assert "Members with the role Arbiters may now open and run tournaments here." in named.text()
    made = await command(fake, bob, "tournament create", {"title": "Club", "players": 3})
    assert not made.ephemeral and "Club (#1)" in made.text(), made.text()
    refused = await command(fake, dave, "tournament create", {"title": "Other", "players": 3})
    # The role as Discord's mention (each client shows it as @Arbiters), never escaped.
    said = f"Only members with <@&{arbiters}> or Manage Server can open a tournament here."
    assert refused.ephemeral and said in refused.text(), refused.text()
    assert refused.role_mentions == []  # shown, not pinged
    for user in (alice, carol, dave):
        await command(fake, user, "tournament join")
    refused = await command(fake, dave, "tournament start")
    said = f"Only the organiser of tournament #1, or members with <@&{arbiters}> or Manage"
    assert refused.ephemeral and said in refused.text(), refused.text()
    started = await command(fake, bob, "tournament start")
    assert "Club has started: 3 games, all at once." in started.text(), started.text()
    refused = await command(fake, dave, "tournament withdraw", {"player": carol})
    assert refused.ephemeral and f"<@&{arbiters}>" in refused.text(), refused.text()
    withdrawn = await command(fake, bob, "tournament withdraw", {"player": carol})
    assert not withdrawn.ephemeral and "carol" in withdrawn.text(), withdrawn.text()


async def test_everyone_clears_the_role(running: Harness) -> None:
    """Choosing @everyone (Discord's role picker lists it; its id is the server's) clears
    the role: its holders are refused again, as before any role was named."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    alice.permissions |= MANAGE_GUILD
    arbiters = fake.add_role("Arbiters")
    bob.roles = (arbiters,)
    await command(fake, alice, "settings", {"tournament_role": arbiters})
    cleared = await command(fake, alice, "settings", {"tournament_role": fake.guild_id})
    assert "No role organises tournaments here any more" in cleared.text(), cleared.text()
    refused = await command(fake, bob, "tournament create", {"title": "Club", "players": 3})
    assert refused.ephemeral
    assert "Only members with Manage Server can open a tournament here" in refused.text()


async def test_the_fake_offers_only_this_servers_roles(running: Harness) -> None:
    """A role of another server is not in this server's role picker (nor an unknown id)."""
    fake = running.fake
    alice = fake.add_user("alice")
    elsewhere = fake.add_guild("Elsewhere")
    theirs = fake.add_role("Theirs", elsewhere.guild_id)
    for role in (theirs, 12345):
        with pytest.raises(ValueError, match="takes a role of the server"):
            await fake.slash(alice, "settings", {"tournament_role": role})
