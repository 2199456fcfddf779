"""Vote chess through the console: a team of console users against a player to a move
elected by votes, the refusals a member and an outsider meet, and the tally."""

from __future__ import annotations

from pathlib import Path

from tests.console.session import play, vote_closes_said

SCRIPT = """\
alice /vote team bob carol title:Lions opponent:dave color:white days:1 window:30
alice /vote team bob carol title:Lions opponent:dave color:white days:1 window:12 secret:no
dave /press Accept
erin /vote cast e4
alice /vote cast e5
alice /vote cast e4
bob /vote nominate d4
bob /vote tally
bob /vote cast d4
carol /vote cast d4
carol /vote cast e4
dave /move e5
bob /vote frobnicate
"""


async def test_a_team_votes_its_move_in_the_console(tmp_path: Path) -> None:
    output = vote_closes_said(await play(tmp_path, SCRIPT))
    assert "! The vote must last from 1 to 24 hours (the game's days per move)." in output
    assert "Lions, captained by alice, plays by vote: each turn's vote lasts 12 hours." in output
    assert "Votes are shown as they come." in output
    assert "! You are on no team playing a vote game here." in output  # erin
    assert "! e5 is illegal: that piece cannot move there. Did you mean e3 or e4?" in output
    assert "bob nominated d4 for Lions. Votes: e4 (1), d4 (0)." in output
    assert "Lions's vote is open until <close>. Votes: e4 (1), d4 (0)." in output
    assert "Lions's vote closed: d4 is played. Votes: e4 (1), d4 (2)." in output
    assert "Lions played 1. d4. dave to move." in output
    assert "! The team's vote is not open: it is not its turn, or the vote closed." in output
    assert "dave played 1... e5. Lions to move." in output
    assert (
        '! Say team, nominate, cast, tally, remind, poll or thread after /vote, not "frobnicate".'
        in output
    )


AFTER_VOTE = """\
alice /vote team bob carol title:Lions opponent:dave days:1 secret:no after_vote:yes
alice /vote team bob carol title:Lions opponent:dave color:white days:1 after_vote:yes
dave /press Accept
alice /vote nominate e4
bob /vote tally
bob /vote cast d4
bob /vote tally
carol /vote tally
alice /vote cast d4
carol /vote cast e4
"""


async def test_after_vote_a_member_sees_the_counts_once_they_voted(tmp_path: Path) -> None:
    """after_vote:yes: bob's tally shows no votes until he voted, then his answer and tally
    do, while carol (not voted) still sees none; the close shows every count; after_vote
    with shown votes is refused."""
    output = vote_closes_said(await play(tmp_path, AFTER_VOTE))
    assert "! Votes that are not secret are shown before voting too" in output
    assert "Each member sees the votes once they have voted, and not before." in output
    assert "Lions's vote is open until <close>. Nominated: e4." in output  # bob, before voting
    assert "bob voted for d4 for Lions. Votes: e4 (0), d4 (1)." in output
    assert "Lions's vote is open until <close>. Votes: e4 (0), d4 (1)." in output  # bob, after
    assert "Lions's vote is open until <close>. Nominated: e4, d4." in output  # carol, not voted
    assert "Lions's vote closed: d4 is played. Votes: e4 (1), d4 (2)." in output


async def test_a_secret_teams_counts_are_shown_at_the_close(tmp_path: Path) -> None:
    """A secret team: no member sees a count while voting; the vote that closes the window
    shows the team every nomination's votes."""
    script = """\
alice /vote team bob title:Lions opponent:dave color:white days:1
dave /press Accept
bob /vote cast d4
bob /vote tally
alice /vote cast e4
"""
    output = vote_closes_said(await play(tmp_path, script))
    assert "bob voted for d4 for Lions. Nominated: d4." in output
    assert "Lions's vote is open until <close>. Nominated: d4." in output
    assert "Lions's vote closed in a tie: d4, nominated first, is played." in output
    assert "Votes: d4 (1), e4 (1)." in output


MENUS = """\
alice /vote team bob carol title:Lions opponent:dave color:black days:3 window:24
dave /press Accept
dave /move e4
bob /press Vote…
bob /press Knight g8
bob /press Nf6
carol /press Vote…
carol /press Vote for a move Nf6
dave /press Vote…
"""


async def test_vote_menus_in_the_console(tmp_path: Path) -> None:
    """Vote… pressed in the console lists what Discord's private menu offers: nothing
    nominated yet, the pieces to nominate from (bob nominates Nf6 through them); then
    carol's vote for Nf6 chosen from the menu beside the pieces; the opponent, dave, is
    refused."""
    output = vote_closes_said(await play(tmp_path, MENUS))
    assert (
        "Nothing is nominated for Lions yet: nominate a move below, or with /vote nominate."
        in output
    )
    assert "Which move from g8 do you nominate?" in output
    assert "bob nominated Nf6 for Lions. Nominated: Nf6." in output
    assert "Your vote for Lions's move (you may change it until the vote closes)." in output
    assert "] Vote for a move Nf6  [" in output
    assert "] Nominate a move: choose a piece Knight g8  [" in output
    assert "carol voted for Nf6 for Lions." in output
    assert "! You are not on this team, so you cannot nominate or vote." in output
