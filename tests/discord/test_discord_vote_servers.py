"""Vote games and a second server (docs/playing.md, *Vote chess*): a team's challenge is
accepted only in the server it is to; one to another server's teams is posted there, and
its game lives in both servers, each team playing from its own."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.discord.harness import Harness, command
from tests.fakediscord import FakeChannel, FakeDiscord
from tests.fakediscord.model import CREATE_PRIVATE_THREADS, PRIVATE_THREAD


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production: both servers have them."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


async def test_a_teams_challenge_is_accepted_in_its_own_server_alone(running: Harness) -> None:
    """A captain in another server naming the Lions' challenge is refused, and no team,
    game or thread is made: the challenge stays open for this server."""
    fake = running.fake
    alice, bob = (fake.add_user(n) for n in ("alice", "bob"))
    opened = await fake.slash(alice, "vote team", {"title": "Lions", "members": bob.mention})
    await fake.wait_until(lambda: len(opened.messages()) >= 2)  # the open challenge
    elsewhere = fake.add_guild("Elsewhere")
    assert elsewhere.guild_id is not None
    zed = fake.add_user("zed", guild_ids=[elsewhere.guild_id])
    refused = await command(
        fake, zed, "vote team", {"title": "Owls", "challenge": 1}, channel=elsewhere
    )
    assert refused.ephemeral and "not to this server" in refused.text(), refused.text()
    assert not fake.threads()
    assert fake.messages[opened.messages()[1].id].buttons()  # still open


def _boards(fake: FakeDiscord, guild_id: int | None) -> list[FakeChannel]:
    """The public threads of ``guild_id`` holding a game's board."""
    return [
        thread
        for thread in fake.threads()
        if thread.guild_id == guild_id
        and thread.type != PRIVATE_THREAD
        and any(m.files for m in fake.channel_messages(thread.id))
    ]


def _said(fake: FakeDiscord, thread: FakeChannel) -> str:
    return "\n".join(m.text() for m in fake.channel_messages(thread.id))


async def test_a_vote_game_between_two_servers(running: Harness) -> None:
    """The Lions (alice's list, server A) challenge server B's teams by an invite; the
    challenge is posted in B and nowhere in A, where a player may not take it. dave forms
    the Tigers (a role of B) and accepts in B: the game opens in a thread in each server,
    each side votes from its own, a team's reminder and its team thread stay in its own
    server, the vote's close and the moves are said in both, and nobody is pinged where
    they are not a member."""
    fake = running.fake
    here = fake.channel
    there = fake.add_guild("Tigers Club")
    ours, theirs = here.guild_id, there.guild_id
    assert ours is not None and theirs is not None
    alice, bob = (fake.add_user(name, guild_ids=[ours]) for name in ("alice", "bob"))
    dave, erin = (fake.add_user(name, guild_ids=[theirs]) for name in ("dave", "erin"))
    tigers = fake.add_role("Tigers", theirs, mentionable=True)
    erin.roles = (tigers,)

    # A server named by neither an id nor a valid invite, or with an opponent: refused.
    lions = {"title": "Lions", "members": bob.mention, "color": "black", "days": 3}
    for extra, said in (
        ({"server": "nope!"}, "Name a server by its id"),
        ({"server": str(theirs), "opponent": dave}, "name only one"),
    ):
        refused = await command(fake, alice, "vote team", {**lions, **extra})
        assert refused.ephemeral and said in refused.text(), refused.text()
    invite = fake.add_invite(there)
    made = await fake.slash(alice, "vote team", {**lions, "server": invite})
    await fake.wait_until(lambda: len(made.messages()) >= 2)
    told = made.messages()[1].text()
    assert "challenges the teams of the server Tigers Club" in told, told
    assert "The challenge is posted there." in told, told
    assert not any(m.buttons() for m in fake.channel_messages(here.id))  # none to press in A
    posted = await fake.wait_until(
        lambda: next(
            (m for m in fake.channel_messages(there.id) if "this server's teams" in m.text()),
            None,
        )
    )
    assert "Lions of the server" in posted.text() and "challenge:1" in posted.text()

    # Only a team formed in B takes it.
    refused = await command(fake, bob, "vote team", {"title": "Owls", "challenge": 1})
    assert refused.ephemeral and "not to this server" in refused.text(), refused.text()
    accepted = await command(
        fake,
        dave,
        "vote team",
        {"title": "Tigers", "role": tigers, "challenge": 1, "window": 48},
        channel=there,
    )
    assert "Tigers, captained by dave" in accepted.text(), accepted.text()
    await fake.wait_until(lambda: _boards(fake, ours) and _boards(fake, theirs))
    (in_a,), (in_b,) = _boards(fake, ours), _boards(fake, theirs)
    for thread in (in_a, in_b):
        assert "New game! Tigers (white) – Lions (black). Tigers to move." in _said(fake, thread)
    assert fake.can_read(alice, in_a) and not fake.can_read(alice, in_b)
    assert fake.can_read(dave, in_b) and not fake.can_read(dave, in_a)

    # Each side votes from its own server; the move and the turn are said in both.
    early = await command(fake, alice, "vote cast", {"move": "e5"}, channel=in_a)
    assert early.ephemeral and "not open" in early.text(), early.text()  # not their turn
    for member in (dave, erin):
        answer = await command(fake, member, "vote cast", {"move": "e4"}, channel=in_b)
        assert answer.ephemeral and "voted for e4 for Tigers" in answer.text(), answer.text()
    # The Tigers' reminder (a day before their vote closes) is said in B alone, @Tigers
    # pinged there; then their window closes and the move is said in both servers.
    running.clock.advance(timedelta(hours=24, minutes=1))
    await running.clock_round()
    await running.delivered()
    reminded = [m for m in fake.channel_messages(in_b.id) if "left to vote" in m.text()]
    assert [m.role_mentions for m in reminded] == [[tigers]], [m.text() for m in reminded]
    assert "left to vote" not in _said(fake, in_a)
    running.clock.advance(timedelta(hours=24))
    await running.clock_round()
    await running.delivered()
    for thread in (in_a, in_b):
        assert "Tigers played 1. e4" in _said(fake, thread), _said(fake, thread)
        assert "vote closed" in _said(fake, thread).lower(), _said(fake, thread)

    # The Lions vote from A; their reminder is said in A alone.
    before_b = len(fake.channel_messages(in_b.id))
    running.clock.advance(timedelta(hours=48, minutes=1))
    await running.clock_round()
    await running.delivered()
    assert "left to vote" in _said(fake, in_a)
    assert not any("left to vote" in m.text() for m in fake.channel_messages(in_b.id)[before_b:])
    for member in (alice, bob):
        answer = await command(fake, member, "vote cast", {"move": "e5"}, channel=in_a)
        assert answer.ephemeral and "for Lions" in answer.text(), answer.text()
    await running.delivered()
    for thread in (in_a, in_b):
        assert "Lions played 1... e5" in _said(fake, thread), _said(fake, thread)
    fake.bot_permissions |= CREATE_PRIVATE_THREADS
    opened = await command(fake, erin, "vote thread", channel=in_b)
    assert opened.ephemeral, opened.text()
    (team_thread,) = [t for t in fake.threads() if t.type == PRIVATE_THREAD]
    assert team_thread.guild_id == theirs and team_thread.parent_id == there.id
    assert fake.stray_mentions() == []


async def test_each_server_sees_only_its_own_teams_counts(running: Harness) -> None:
    """A vote game between two servers, each team closing its window by its members'
    votes: each team's counts are posted in its own private thread in its own server,
    read by its members and by nobody of the other team, and the games' public threads
    show no count."""
    fake = running.fake
    fake.bot_permissions |= CREATE_PRIVATE_THREADS
    there = fake.add_guild("Tigers Club")
    ours, theirs = fake.channel.guild_id, there.guild_id
    assert ours is not None and theirs is not None
    alice, bob = (fake.add_user(name, guild_ids=[ours]) for name in ("alice", "bob"))
    dave, erin = (fake.add_user(name, guild_ids=[theirs]) for name in ("dave", "erin"))
    lions = {"title": "Lions", "members": bob.mention, "color": "black", "days": 3}
    made = await fake.slash(alice, "vote team", {**lions, "server": str(theirs)})
    await fake.wait_until(lambda: len(made.messages()) >= 2)
    tigers = {"title": "Tigers", "members": erin.mention, "challenge": 1}
    await command(fake, dave, "vote team", tigers, channel=there)
    await fake.wait_until(lambda: _boards(fake, ours) and _boards(fake, theirs))
    (in_a,), (in_b,) = _boards(fake, ours), _boards(fake, theirs)
    for member in (dave, erin):
        await command(fake, member, "vote cast", {"move": "e4"}, channel=in_b)
    await running.delivered()
    await fake.wait_until(lambda: "Tigers played 1. e4" in _said(fake, in_a))
    for member in (alice, bob):
        await command(fake, member, "vote cast", {"move": "e5"}, channel=in_a)
    await running.delivered()

    def team_threads() -> dict[str, FakeChannel] | None:
        found = {t.name: t for t in fake.threads() if t.type == PRIVATE_THREAD}
        said = all(fake.channel_messages(t.id) for t in found.values())
        return found if len(found) == 2 and said else None

    found = await fake.wait_until(team_threads)
    lions_thread, tigers_thread = found["Lions · team"], found["Tigers · team"]
    assert lions_thread.guild_id == ours and tigers_thread.guild_id == theirs
    assert "Votes: e5 (2)." in _said(fake, lions_thread), _said(fake, lions_thread)
    assert "Votes: e4 (2)." in _said(fake, tigers_thread), _said(fake, tigers_thread)
    for member in (alice, bob):
        assert fake.can_read(member, lions_thread) and not fake.can_read(member, tigers_thread)
    for member in (dave, erin):
        assert fake.can_read(member, tigers_thread) and not fake.can_read(member, lions_thread)
    for public in (in_a, in_b):
        assert "(2)" not in _said(fake, public), _said(fake, public)
