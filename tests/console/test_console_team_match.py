"""Team against team in the console: the Lions' open team challenge accepted by the Tigers
forming their team with it, each side's moves elected by its members' votes, to the Lions'
mate (a final board without Rematch, a PGN naming both teams); and what a team accepting a
challenge is refused."""

from __future__ import annotations

from pathlib import Path

from tests.console.session import play

SCRIPT = """\
alice /vote team bob title:Lions color:black days:1 secret:no
frank /challenge gina
dave /vote team erin title:Tigers challenge:2
dave /vote team erin title:Tigers challenge:1 days:3
dave /vote team alice title:Tigers challenge:1
dave /vote team erin title:Tigers challenge:1
gina /vote team title:Owls challenge:1
alice /vote cast e5
dave /vote cast f3
erin /vote cast f3
alice /vote cast e5
bob /vote cast e5
dave /vote cast g4
erin /vote cast g4
alice /vote cast Qh4
bob /vote cast Qh4
frank /pgn 1
"""


async def test_two_teams_vote_a_game_to_mate(tmp_path: Path) -> None:
    output = await play(tmp_path, SCRIPT)
    refusals = [
        "! A team accepts only another team's challenge: accept a player's challenge with "
        "its Accept button.",
        "! A team accepting a challenge plays on its terms: give no opponent, level, game, "
        "colour or days.",
        "! The opponent cannot be on the team.",
    ]
    for refusal in refusals:
        assert refusal in output, output
    assert "Tigers, captained by dave, plays by vote" in output
    assert (
        "Tigers accepted. Tigers (white) vs Lions (black), chess, 1 day per move, casual." in output
    )
    assert output.count("! The team's vote is not open") == 1  # alice before her turn
    assert "Tigers's vote closed: f3 is played. Votes: f3 (2)." in output
    assert "Lions's vote closed: e5 is played. Votes: e5 (2)." in output
    assert "Lions's vote closed: Qh4# is played. Votes: Qh4# (2)." in output
    assert "Lions played 2... Qh4#. Checkmate — black wins." in output
    assert "! Challenge #1 is no longer open (it was accepted)." in output  # gina's Owls
    final_board = [line for line in output.splitlines() if line.startswith("board:")][-1]
    assert "GIF" in final_board and "PGN" in final_board and "Rematch" not in final_board
    for tag in ('[White "Tigers"]', '[WhiteTeam "Tigers"]', '[BlackTeam "Lions"]'):
        assert tag in output, output
