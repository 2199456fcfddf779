"""Xiangqi and janggi vote games in the console (teams of console users): nominations and
votes in WXF, Chinese and ICCS, or Korean notation, coordinates and the pass; each member's
answers in the notation they read, the close and the game's line in the game's own; the
elected move played on the board."""

from __future__ import annotations

from pathlib import Path

from tests.console.session import play, vote_closes_said

XIANGQI = """\
alice /vote team bob carol title:Lions opponent:dave game:xiangqi color:red days:1 secret:no
dave /press Accept
alice /vote nominate C2.5
bob /vote nominate 马二进三
carol /settings notation:iccs
carol /vote tally
carol /vote cast h2e2
bob /vote cast 炮二平五
alice /vote cast C2.5
dave /move H8+7
"""

JANGGI = """\
erin /vote team frank gina title:Owls opponent:hank game:janggi color:cho days:1 secret:no
hank /press Accept
erin /vote nominate 79졸78
frank /vote nominate 한수쉼
gina /settings janggi_notation:coordinates
gina /vote cast i4h4
frank /vote cast 79졸78
erin /vote cast 79졸78
hank /move c7c6
erin /vote cast pass
frank /vote cast 한수쉼
gina /vote cast 한수쉼
hank /move 한수쉼
"""


async def test_a_xiangqi_team_votes_in_three_notations(tmp_path: Path) -> None:
    """alice nominates in WXF, bob in Chinese (answered in Chinese), carol reads ICCS;
    the three votes for one move in three notations play C2.5, and the text board shows
    the cannon on e2, its start point marked empty."""
    output = vote_closes_said(await play(tmp_path, XIANGQI))
    for line in (
        "alice nominated C2.5 for Lions. Votes: C2.5 (0).",
        "bob nominated 马二进三 for Lions. Votes: 炮二平五 (0), 马二进三 (0).",
        "Lions's vote is open until <close>. Votes: h2e2 (0), h0g2 (0).",  # carol's tally
        "carol voted for h2e2 for Lions. Votes: h2e2 (1), h0g2 (0).",
        "bob voted for 炮二平五 for Lions. Votes: 炮二平五 (2), 马二进三 (0).",
        "alice voted for C2.5 for Lions. Lions's vote closed: C2.5 is played. "
        "Votes: C2.5 (3), H2+3 (0).",
        "Lions played 1. C2.5. dave to move.",
        " 2  . (.) .  . (C) .  .  C  .",  # seen from black's side: h2 on the left
        "dave played 1... H8+7. Lions to move.",
    ):
        assert line in output.splitlines(), (line, output)


async def test_a_janggi_team_votes_in_korean_and_coordinates_and_passes(
    tmp_path: Path,
) -> None:
    """The Owls elect 79졸78 (gina, reading coordinates, votes i4h4 and is answered so),
    then a pass typed as pass and 한수쉼: hank's pass ends the game by counting."""
    output = vote_closes_said(await play(tmp_path, JANGGI))
    for line in (
        "frank nominated 한수쉼 for Owls. Votes: 79졸78 (0), 한수쉼 (0).",
        "gina voted for i4h4 for Owls. Votes: i4h4 (1), e2e2 (0).",
        "erin voted for 79졸78 for Owls. Owls's vote closed: 79졸78 is played. "
        "Votes: 79졸78 (3), 한수쉼 (0).",
        "Owls played 1. 79졸78. hank to move.",
        "erin voted for 한수쉼 for Owls. Votes: 한수쉼 (1).",
        "Owls played 2. 한수쉼. hank to move.",
        "hank played 2... 한수쉼. Both sides passed — Han wins on points, 73½ to 72.",
    ):
        assert line in output.splitlines(), (line, output)
