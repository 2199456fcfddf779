"""A round robin played through the console: opened, joined, started, every game resigned,
and the table with its winner."""

from __future__ import annotations

from pathlib import Path

from tests.console.session import play

SCRIPT = """\
alice /tournament create Autumn cup players:3
alice /tournament join
bob /tournament join
bob /tournament join
alice /tournament start
carol /tournament join
alice /tournament start
dave /tournament join
bob /resign game:1
bob /press Resign
alice /resign game:2
alice /press Resign
carol /resign game:3
carol /press Resign
bob /tournament standings
"""


async def test_a_round_robin_through_the_console(tmp_path: Path) -> None:
    """What the players read at each step, the refusals included."""
    output = await play(tmp_path, SCRIPT)
    assert "alice opened a tournament. Autumn cup (#1): round robin of chess" in output
    assert "! You are already in tournament #1." in output
    assert "! A round robin needs at least 3 players; tournament #1 has 2." in output
    assert "Autumn cup has started: 3 games, all at once." in output
    assert "Round 1: bob – carol (game #1)" in output
    assert "! Tournament #1 has started already: its players are set." in output
    assert "Standings of Autumn cup after 3 of 3 games:" in output
    assert "Autumn cup is over: alice, bob, carol share first place." in output
