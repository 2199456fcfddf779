"""A club match played to its end in the console (issue 26): its games' final boards offer
GIF and PGN but no Rematch (the players meet in the match's games, not in a challenge),
whatever ends them (a mate, a resignation, a draw agreed); a press of Rematch there is
refused clearly, changing nothing."""

from __future__ import annotations

from pathlib import Path

from tests.console.session import play

SCRIPT = """\
alice /match create Lions Tigers 3 games:1
bob /match join team:1
dave /match join team:1
frank /match join team:1
alice /match join team:2 player:carol
alice /match join team:2 player:erin
alice /match join team:2 player:gina
alice /match start
alice /match show
"""


async def test_a_club_matchs_finished_games_offer_no_rematch(tmp_path: Path) -> None:
    """Three boards: one ends in a mate, one by resignation, one by a draw agreed; every
    final board (and /board of it afterwards) has GIF and PGN alone; bob's press of
    Rematch finds none."""
    started = await play(tmp_path, SCRIPT)
    boards = [line for line in started.splitlines() if line.startswith("Board ")][:3]
    # "Board N: lion 0 – 0 tiger (…)": games 1-3 by board, the Lions white on odd boards.
    (w1, b1), (l2, _), (l3, t3) = (line.split(": ")[1].split(" 0 – 0 ") for line in boards)
    b1, t3 = b1.split(" (")[0], t3.split(" (")[0]
    ending = f"""\
{w1} /move f3 game:1
{b1} /move e5 game:1
{w1} /move g4 game:1
{b1} /move Qh4 game:1
{l2} /resign game:2
{l2} /press Resign
{t3} /draw game:3
{l3} /press Accept
{w1} /board game:1
{w1} /press Rematch
{l2} /board game:2
{l3} /board game:3
alice /match show
"""
    output = await play(tmp_path, ending)
    assert "Checkmate — black wins." in output, output
    assert f"{l2} resigned" in output and "Draw by agreement." in output, output
    finals = [line for line in output.splitlines() if line.startswith("board:")][-6:]
    assert all("GIF" in line and "PGN" in line for line in finals), finals
    assert not [line for line in finals if "Rematch" in line], finals
    assert '! There is no button "Rematch" to press.' in output, output
    assert "Final: Tigers wins the match." in output, output
