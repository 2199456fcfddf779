"""A role team's member who loses the role mid-game, through the real discord.py and the
fake (which models a member's roles changing): their votes cast while they held it stand and
count at the close; from then on they are refused, clearly and changing nothing."""

from __future__ import annotations

from datetime import timedelta

from tests.discord.harness import Harness, command
from tests.discord.test_discord_votes import (
    _open_game,
    _private,
    _public_text,
    _tally_shows,
    _team_polls,
    _team_told,
)
from tests.fakediscord.model import CREATE_PRIVATE_THREADS, SEND_POLLS


async def test_a_member_who_voted_then_lost_the_role_counts_once_then_is_refused(
    running: Harness,
) -> None:
    """bob, erin and carol hold @Lions. Turn 1: erin nominates d4 and votes for it, bob and
    carol vote e4; a moderator then takes the role from bob. At the window's close bob's
    vote still counts: e4 is played with 2 votes to 1 (without it d4, nominated first,
    would win the tie). Turn 2: bob's /vote cast and /vote nominate are refused (as on no
    team here; naming the game, as not on this team), his press of Vote… too, and his vote
    in the team's poll is not counted (erin's, after it, is); the close counts the
    holders' votes alone."""
    fake = running.fake
    fake.bot_permissions |= SEND_POLLS | CREATE_PRIVATE_THREADS
    lions = fake.add_role("Lions")
    alice, bob, carol, erin, dave = (
        fake.add_user(n) for n in ("alice", "bob", "carol", "erin", "dave")
    )
    bob.roles = carol.roles = erin.roles = (lions,)
    thread, _ = await _open_game(fake, alice, dave, role=lions, window=6, secret=False)
    await _private(fake, erin, "vote cast", {"move": "d4"}, thread)
    cast = await _private(fake, bob, "vote cast", {"move": "e4"}, thread)
    assert "bob voted for e4 for Lions" in cast.text(), cast.text()
    await _private(fake, carol, "vote cast", {"move": "e4"}, thread)
    fake.update_member(bob, ())

    running.clock.advance(timedelta(hours=6, seconds=1))
    await running.clock_round()
    public = _public_text(fake, thread)
    assert "Lions's vote closed: e4 is played." in public and "Votes:" not in public, public
    await _team_told(fake, "Lions", "Lions's vote closed: e4 is played. Votes: d4 (1), e4 (2).")
    await command(fake, dave, "move", {"move": "e5"}, channel=thread)
    board = [m for m in fake.channel_messages(thread.id) if m.files][-1]
    assert "Vote…" in [b["label"] for b in board.buttons()], board.text()

    await _private(fake, carol, "vote nominate", {"move": "Nf3"}, thread)
    await _private(fake, carol, "vote nominate", {"move": "d4"}, thread)
    for name, options in (
        ("vote cast", {"move": "Nf3"}),
        ("vote nominate", {"move": "c4"}),
        ("vote tally", {}),
    ):
        refused = await _private(fake, bob, name, options, thread)
        assert refused.text() == "You are on no team playing a vote game here.", refused.text()
    named = await _private(fake, bob, "vote cast", {"move": "Nf3", "game": 1}, thread)
    assert named.text() == "You are not on this team, so you cannot nominate or vote."
    pressed = await fake.reply(await fake.click(bob, board, "Vote…"))
    assert pressed.ephemeral and "not on this team" in pressed.text(), pressed.text()
    await _private(fake, carol, "vote poll", {}, thread)
    (poll,) = _team_polls(fake, dave)
    await fake.poll_vote(bob, poll, 2)  # d4: shown in Discord's counts, not counted
    await fake.poll_vote(erin, poll, 1)  # Nf3, counted once bob's vote was handled
    tally = await _tally_shows(fake, alice, thread, "Nf3 (1)")
    assert "Nf3 (1), d4 (0)" in tally and "c4" not in tally, tally
    await _private(fake, carol, "vote cast", {"move": "Nf3"}, thread)

    before = len(fake.channel_messages(thread.id))
    running.clock.advance(timedelta(hours=6, seconds=1))
    await running.clock_round()
    said = "\n".join(m.text() for m in fake.channel_messages(thread.id)[before:])
    assert "Lions's vote closed: Nf3 is played." in said and "Votes:" not in said, said
    await _team_told(fake, "Lions", "Lions's vote closed: Nf3 is played. Votes: Nf3 (2), d4 (0).")
