"""A role team's private thread keeps only the role's holders (docs/playing.md, *Vote
chess*): Postal, which hears of no role change (no GUILD_MEMBERS intent), takes a former
holder out as it next opens the thread for a member (/vote thread, /vote poll) or posts a
close's counts there, asking Discord who still holds the role; a holder given the role
again is added back as they ask; the other side never reads the thread."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from tests.discord.harness import Harness
from tests.discord.test_discord_votes import _open_game, _private
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser
from tests.fakediscord.model import CREATE_PRIVATE_THREADS, PRIVATE_THREAD, SEND_POLLS


async def _lions(
    fake: FakeDiscord, **options: Any
) -> tuple[FakeUser, FakeUser, FakeUser, FakeUser, FakeChannel, FakeChannel, int]:
    """alice captains the Lions (the @Lions role: bob and erin hold it; votes shown, so
    polls allowed; ``options``: more of /vote team's) against dave; bob and erin ask
    for the team's thread. Returns the four, the game's thread, the team's, and the
    role."""
    fake.bot_permissions |= CREATE_PRIVATE_THREADS | SEND_POLLS
    lions = fake.add_role("Lions")
    alice, bob, erin, dave = (fake.add_user(n) for n in ("alice", "bob", "erin", "dave"))
    bob.roles = erin.roles = (lions,)
    game, _ = await _open_game(fake, alice, dave, role=lions, secret=False, **options)
    for member in (bob, erin):
        await _private(fake, member, "vote thread", {}, game)
    (team,) = [t for t in fake.threads() if t.type == PRIVATE_THREAD]
    assert all(fake.can_read(member, team) for member in (alice, bob, erin))
    return alice, bob, erin, dave, game, team, lions


async def test_a_holder_taken_off_the_role_is_taken_out_of_the_team_thread(
    running: Harness,
) -> None:
    """A moderator takes @Lions from bob: Postal is not told, and bob still reads the
    thread until it next opens it for a member (erin's /vote thread): then he is taken out
    and reads it no more; alice (the captain, without the role) and erin stay; dave never
    reads it. Given the role again, bob is added back as he asks."""
    fake = running.fake
    alice, bob, erin, dave, game, team, lions = await _lions(fake)
    fake.update_member(bob, ())
    assert fake.can_read(bob, team)  # nothing tells Postal yet
    await _private(fake, erin, "vote thread", {}, game)
    assert not fake.can_read(bob, team)
    assert fake.can_read(alice, team) and fake.can_read(erin, team)
    assert not fake.can_read(dave, team)
    refused = await _private(fake, bob, "vote thread", {}, game)
    assert "on no team" in refused.text() and not fake.can_read(bob, team), refused.text()

    fake.update_member(bob, (lions,))
    told = await _private(fake, bob, "vote thread", {}, game)
    assert team.mention in told.text() and fake.can_read(bob, team), told.text()
    assert not fake.can_read(dave, team)
    assert [t.id for t in fake.threads() if t.type == PRIVATE_THREAD] == [team.id]


async def test_a_holder_who_left_the_server_is_taken_out_as_a_poll_is_posted(
    running: Harness,
) -> None:
    """erin leaves the server, bob loses the role, and the thread has been archived
    meanwhile: alice's /vote poll reopens it, takes both out and posts the poll there,
    which dave cannot read."""
    fake = running.fake
    alice, bob, erin, dave, game, team, _ = await _lions(fake)
    await _private(fake, alice, "vote nominate", {"move": "e4"}, game)
    fake.remove_member(erin)
    fake.update_member(bob, ())
    fake.set_thread_state(team, archived=True)
    posted = await _private(fake, alice, "vote poll", {}, game)
    assert not team.archived, posted.text()
    assert bob.id not in team.member_ids and erin.id not in team.member_ids
    assert fake.can_read(alice, team) and not fake.can_read(dave, team)
    assert any(m.poll is not None for m in fake.channel_messages(team.id))


async def test_a_former_holder_is_taken_out_before_a_close_tells_the_team_its_counts(
    running: Harness,
) -> None:
    """bob loses @Lions and nobody asks for the thread: the clock's close of the team's
    vote takes him out as it posts the counts there, so he does not read them (nor dave);
    erin, still holding the role, does."""
    fake = running.fake
    alice, bob, erin, dave, game, team, _ = await _lions(fake, window=6)
    await _private(fake, erin, "vote cast", {"move": "e4"}, game)
    fake.update_member(bob, ())
    running.clock.advance(timedelta(hours=6, seconds=1))
    await running.clock_round()
    expected = "Lions's vote closed: e4 is played. Votes: e4 (1)."
    await fake.wait_until(
        lambda: [m for m in fake.channel_messages(team.id) if m.text() == expected] or None
    )
    assert not fake.can_read(bob, team) and not fake.can_read(dave, team)
    assert fake.can_read(erin, team) and fake.can_read(alice, team)
