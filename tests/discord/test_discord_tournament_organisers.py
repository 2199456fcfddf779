"""A server's tournament organisers' role on Discord: a member who may manage the server
names it with ``/settings tournament_role:``; its holders may then open and start
tournaments without Manage Server; naming it without that right is refused, nothing
changed."""

from __future__ import annotations

from tests.discord.harness import Harness, command
from tests.fakediscord.model import MANAGE_GUILD


async def test_holders_of_the_named_role_may_organise(running: Harness) -> None:
    """Bob holds Arbiters but may not manage the server: refused at first; carol (no right)
    cannot name the role; alice (Manage Server) names it, and bob opens and starts one."""
    fake = running.fake
    alice, bob, carol = (fake.add_user(name) for name in ("alice", "bob", "carol"))
    alice.permissions |= MANAGE_GUILD
    arbiters = fake.add_role("Arbiters")
    bob.roles = (arbiters,)
    refused = await command(fake, bob, "tournament create", {"title": "Club", "players": 3})
    assert refused.ephemeral and "hold the role its managers named" in refused.text()
    denied = await command(fake, carol, "settings", {"tournament_role": arbiters})
    assert denied.ephemeral and "name the role of its tournament organisers" in denied.text()
    refused = await command(fake, bob, "tournament create", {"title": "Club", "players": 3})
    assert refused.ephemeral  # carol's attempt changed nothing
    named = await command(fake, alice, "settings", {"tournament_role": arbiters})
    assert "Members with the role Arbiters may now open and run tournaments here." in named.text()
    made = await command(fake, bob, "tournament create", {"title": "Club", "players": 3})
    assert not made.ephemeral and "Club (#1)" in made.text(), made.text()
    for user in (alice, bob, carol):
        await command(fake, user, "tournament join")
    started = await command(fake, bob, "tournament start")
    assert "Club has started: 3 games, all at once." in started.text(), started.text()
