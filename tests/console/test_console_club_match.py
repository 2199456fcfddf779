"""A club match played through the console (issue 26), asserted: made, joined, its boards
paired by rating (not by joining order), each result summed into the standings the console
prints after it, and the final standing and totals."""

from __future__ import annotations

from pathlib import Path

from tests.console.session import play

# Two rated fool's mates first: carol (1662) and erin (1662) above bob and dave (1338);
# bob and dave join their sides first.
RATED = """\
bob /challenge carol color:white
carol /press Accept
bob /move f3
carol /move e5
bob /move g4
carol /move Qh4
dave /challenge erin color:white
erin /press Accept
dave /move f3
erin /move e5
dave /move g4
erin /move Qh4
"""

MATCH = """\
alice /match create Lions Tigers 2
bob /match join team:1
carol /match join team:1
dave /match join team:2
erin /match join team:2
alice /match start
"""

# Games 3 and 4 are board 1's, 5 and 6 board 2's (both colours at once).
RESULTS = """\
carol /resign game:3
carol /press Resign
erin /draw game:4
carol /press Accept
dave /resign game:5
dave /press Resign
bob /resign game:6
bob /press Resign
alice /match show
"""


def _standings(output: str) -> list[list[str]]:
    """Each standings the console printed: its total line and its board lines."""
    lines = output.splitlines()
    return [
        [line, *[board for board in lines[at + 1 : at + 3] if board.startswith("Board ")]]
        for at, line in enumerate(lines)
        if line.startswith("Club match #1: Lions ")
    ]


async def test_a_club_match_pairs_by_rating_and_sums_each_result(tmp_path: Path) -> None:
    """The best rated of each side take board 1 (carol and erin, who joined second); after
    each of the four results the console prints the standings once, the total the sum of
    the boards' (½ a draw); the last says who won, and /match show agrees."""
    rated = await play(tmp_path, RATED)
    assert rated.count("Checkmate — black wins.") == 2, rated
    started = await play(tmp_path, MATCH)
    assert "The match has started: 4 games." in started, started
    assert _standings(started)[-1] == [
        "Club match #1: Lions 0 – 0 Tigers. 0 of 4 games over.",
        "Board 1: carol 0 – 0 erin (2 games going on)",
        "Board 2: bob 0 – 0 dave (2 games going on)",
    ]
    output = await play(tmp_path, RESULTS)
    assert _standings(output) == [
        [
            "Club match #1: Lions 0 – 1 Tigers. 1 of 4 games over.",
            "Board 1: carol 0 – 1 erin (1 game going on)",
            "Board 2: bob 0 – 0 dave (2 games going on)",
        ],
        [
            "Club match #1: Lions 0.5 – 1.5 Tigers. 2 of 4 games over.",
            "Board 1: carol 0.5 – 1.5 erin",
            "Board 2: bob 0 – 0 dave (2 games going on)",
        ],
        [
            "Club match #1: Lions 1.5 – 1.5 Tigers. 3 of 4 games over.",
            "Board 1: carol 0.5 – 1.5 erin",
            "Board 2: bob 1 – 0 dave (1 game going on)",
        ],
        [
            "Club match #1: Lions 1.5 – 2.5 Tigers. Final: Tigers wins the match.",
            "Board 1: carol 0.5 – 1.5 erin",
            "Board 2: bob 1 – 1 dave",
        ],
        [  # /match show
            "Club match #1: Lions 1.5 – 2.5 Tigers. Final: Tigers wins the match.",
            "Board 1: carol 0.5 – 1.5 erin",
            "Board 2: bob 1 – 1 dave",
        ],
    ], output
    # The match's games are unrated: no rating changes after the rated two.
    assert "Ratings:" not in output, output
