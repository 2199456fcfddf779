"""When a team sees its votes, on Discord through the real discord.py and the fake: a secret
team's members see no counts before the close, an after-vote team's member sees them once
they voted (in the answer, /vote tally and Vote…'s menu), and every close posts the team's
counts in its private thread, which the other side cannot read, never in the game's place."""

from __future__ import annotations

from datetime import timedelta

from tests.discord.harness import Harness, command
from tests.discord.test_discord_votes import _open_game, _private, _team_thread_says
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.model import CREATE_PRIVATE_THREADS, PRIVATE_THREAD


def _only_the_team_reads(
    fake: FakeDiscord, message: FakeMessage, members: list[FakeUser], other: FakeUser
) -> None:
    where: FakeChannel = fake.channels[message.channel_id]
    assert where.type == PRIVATE_THREAD
    assert all(fake.can_read(member, where) for member in members), where.member_ids
    assert not fake.can_read(other, where)


def _described(menu: FakeMessage) -> list[str]:
    """The vote counts beside each choice of a member's Vote… menu (empty: not shown)."""
    select, _ = menu.selects()  # the vote, then the pieces to nominate from
    return [str(option.get("description") or "") for option in select["options"]]


async def test_after_vote_counts_come_with_ones_own_vote(running: Harness) -> None:
    """after_vote: bob sees nominations without votes (tally, Vote… menu, his nomination's
    answer) until he votes; his vote's answer, then his tally and menu, show the counts,
    while carol, who has not voted, still sees none. The game's thread never shows them."""
    fake = running.fake
    alice, bob, carol, erin, dave = (
        fake.add_user(n) for n in ("alice", "bob", "carol", "erin", "dave")
    )
    members = f"{bob.mention} {carol.mention} {erin.mention}"
    thread, board = await _open_game(fake, alice, dave, members=members, after_vote=True)
    await _private(fake, alice, "vote cast", {"move": "e4"}, thread)
    nominated = await _private(fake, bob, "vote nominate", {"move": "d4"}, thread)
    assert "Nominated: e4, d4." in nominated.text(), nominated.text()
    before = await _private(fake, bob, "vote tally", {}, thread)
    assert "(1)" not in before.text() and "Nominated: e4, d4." in before.text(), before.text()
    menu = await fake.reply(await fake.click(bob, board, "Vote…"))
    assert _described(menu) == ["", ""]
    voted = await _private(fake, bob, "vote cast", {"move": "e4"}, thread)
    assert "Votes: e4 (2), d4 (0)." in voted.text(), voted.text()
    after = await _private(fake, bob, "vote tally", {}, thread)
    assert "Votes: e4 (2), d4 (0)." in after.text(), after.text()
    menu = await fake.reply(await fake.click(bob, board, "Vote…"))
    assert _described(menu) == ["2 votes", "0 votes"]
    unvoted = await _private(fake, carol, "vote tally", {}, thread)
    assert "(2)" not in unvoted.text() and "e4, d4" in unvoted.text(), unvoted.text()
    assert "(2)" not in "\n".join(m.text() for m in fake.channel_messages(thread.id))


async def test_after_vote_needs_secret_votes(running: Harness) -> None:
    """after_vote with secret:no is refused, nothing opened: shown votes are seen before
    voting anyway."""
    fake = running.fake
    alice, dave = fake.add_user("alice"), fake.add_user("dave")
    options = {"title": "Lions", "opponent": dave, "secret": False, "after_vote": True}
    refused = await command(fake, alice, "vote team", options)
    assert refused.ephemeral and "only with secret votes" in refused.text(), refused.text()


async def test_a_clock_close_tells_the_secret_team_its_counts_in_its_thread(
    running: Harness,
) -> None:
    """A secret team's window closes by the clock: the game's thread is told only the move,
    and the team's private thread (opened by the close, its listed members in it) gets
    every nomination's votes; dave, the opponent, cannot read it."""
    fake = running.fake
    fake.bot_permissions |= CREATE_PRIVATE_THREADS
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    members = f"{bob.mention} {carol.mention}"
    thread, _ = await _open_game(fake, alice, dave, members=members, window=6)
    await _private(fake, bob, "vote cast", {"move": "d4"}, thread)
    await _private(fake, carol, "vote cast", {"move": "d4"}, thread)
    await _private(fake, alice, "vote nominate", {"move": "e4"}, thread)
    assert _team_thread_says(fake, "Lions") == []  # nothing while the vote is open
    running.clock.advance(timedelta(hours=6, seconds=1))
    await running.clock_round()
    await running.delivered()
    public = "\n".join(m.text() for m in fake.channel_messages(thread.id))
    assert "Lions's vote closed: d4 is played." in public and "(2)" not in public, public
    (counts,) = await fake.wait_until(lambda: _team_thread_says(fake, "Lions") or None)
    assert counts.text() == "Lions's vote closed: d4 is played. Votes: d4 (2), e4 (0).", (
        counts.text()
    )
    _only_the_team_reads(fake, counts, [alice, bob, carol], dave)


async def test_the_closing_vote_tells_the_whole_team_in_its_thread(running: Harness) -> None:
    """The last member's vote closes a secret team's window: the voter is told the counts
    in their answer, and the team's thread (asked for before by bob) gets them for every
    member; the game's thread sees the board, no count."""
    fake = running.fake
    fake.bot_permissions |= CREATE_PRIVATE_THREADS
    alice, bob, dave = (fake.add_user(n) for n in ("alice", "bob", "dave"))
    thread, _ = await _open_game(fake, alice, dave, members=bob.mention)
    await _private(fake, bob, "vote thread", {}, thread)
    await _private(fake, bob, "vote cast", {"move": "c4"}, thread)
    last = await _private(fake, alice, "vote cast", {"move": "Nf3"}, thread)
    assert "tie: c4, nominated first" in last.text() and "Nf3 (1)" in last.text(), last.text()
    await running.delivered()
    (counts,) = await fake.wait_until(lambda: _team_thread_says(fake, "Lions") or None)
    assert "Votes: c4 (1), Nf3 (1)." in counts.text(), counts.text()
    _only_the_team_reads(fake, counts, [alice, bob], dave)
    assert "(1)" not in "\n".join(m.text() for m in fake.channel_messages(thread.id))


async def test_without_private_threads_the_counts_go_nowhere_public(running: Harness) -> None:
    """Where Postal may not open a private thread, a close's counts are said nowhere (the
    row fails, logged), never in the game's thread the opponent reads; the move is played."""
    fake = running.fake
    alice, bob, dave = (fake.add_user(n) for n in ("alice", "bob", "dave"))
    thread, _ = await _open_game(fake, alice, dave, members=bob.mention)
    await _private(fake, bob, "vote cast", {"move": "e4"}, thread)
    await _private(fake, alice, "vote cast", {"move": "d4"}, thread)
    await running.delivered()
    public = "\n".join(m.text() for m in fake.channel_messages(thread.id))
    assert "e4" in public and "(1)" not in public, public
    assert _team_thread_says(fake, "Lions") == []


async def test_a_deleted_team_thread_is_opened_again_for_the_counts(running: Harness) -> None:
    """The team's thread, opened by the first close, is deleted: the next close's counts
    open a new one (the listed members in it) rather than going anywhere public."""
    fake = running.fake
    fake.bot_permissions |= CREATE_PRIVATE_THREADS
    alice, bob, dave = (fake.add_user(n) for n in ("alice", "bob", "dave"))
    thread, _ = await _open_game(fake, alice, dave, members=bob.mention)
    for member in (alice, bob):
        await _private(fake, member, "vote cast", {"move": "e4"}, thread)
    await running.delivered()
    (first,) = await fake.wait_until(lambda: _team_thread_says(fake, "Lions") or None)
    fake.delete_channel(fake.channels[first.channel_id])
    await command(fake, dave, "move", {"move": "e5"}, channel=thread)
    for member in (alice, bob):
        await _private(fake, member, "vote cast", {"move": "Nf3"}, thread)
    await running.delivered()
    (second,) = await fake.wait_until(lambda: _team_thread_says(fake, "Lions") or None)
    assert second.channel_id != first.channel_id
    assert "Nf3 is played. Votes: Nf3 (2)." in second.text(), second.text()
    _only_the_team_reads(fake, second, [alice, bob], dave)
