"""The bracket rules of FIDE C.04.3 (2017), each on a small tournament where that rule
decides the pairing: A.3 (scoregroups from the top, players left over moved down), A.8
(a downfloater's score difference against one point below the bracket), C5 (the most
pairs), C6 (the smallest PSD), C7 (the next bracket's pairs, then its PSD) and D.3
(which MDPs are paired). Each expected pairing is worked out from the rule's text in the test's
docstring, and bbpPairings v5.0.1 (2017 rules) pairs each tournament the same, colours
and bye included. The last test takes C7's PSD of the next bracket on its own.

Scores are written in points. A history is given round by round, as ``white-black
result`` (``=`` a draw) and the pairing-allocated bye; colour preferences follow from it
(A.6: one game, or colours alternating, is a mild preference the other way; +1/-1 a
strong one; two alike in a row an absolute one)."""

from __future__ import annotations

from bot.service.tournament.standings import Played
from bot.service.tournament.swiss import pair_round
from bot.service.tournament.swiss_next import next_bracket
from bot.service.tournament.swiss_players import PastRound, Strength, SwissPlayer

_RESULTS = {"1-0": "1-0", "0-1": "0-1", "=": "1/2-1/2"}


def _history(*rounds: str) -> list[PastRound]:
    """Rounds written as ``"1-5 1-0, 6-2 =, bye 7"``."""
    played = []
    for text in rounds:
        games, bye = [], None
        for part in (part.strip() for part in text.split(",")):
            if part.startswith("bye "):
                bye = int(part.removeprefix("bye "))
                continue
            pair, result = part.split()
            white, black = (int(number) for number in pair.split("-"))
            games.append(Played(white, black, _RESULTS[result]))
        played.append(PastRound(tuple(games), bye))
    return played


def _pairing(players: int, *rounds: str) -> set[tuple[int, int]]:
    """The next round's games as (white, black), and (bye, 0)."""
    found = pair_round(range(1, players + 1), _history(*rounds))
    games = {(game.white, game.black) for game in found.pairings}
    return games | ({(found.bye, 0)} if found.bye else set())


def test_a3_the_scoregroups_are_paired_from_the_top_moving_the_odd_player_down() -> None:
    """A.3: after round 1, 1, 2 and 3 have 1 point, 4 and 8 half a point, 5, 6 and 7
    none. The top scoregroup pairs 1-2 (S1 = 1, S2 = 2, 3; 2 had black, so white) and
    3 is left over: moved down, an MDP, it is paired first in the ½-point bracket, with
    4 (S2 = 4, 8; 4 wants white, 3 black). 8 is left over there and moves down to the
    zeros, paired first again: 8-5 gives 5 the white it wants, and 7-6 remains."""
    found = _pairing(8, "1-5 1-0, 6-2 0-1, 3-7 1-0, 8-4 =")
    assert found == {(2, 1), (4, 3), (5, 8), (7, 6)}


def test_a8_a_downfloaters_difference_counts_from_one_point_below_the_bracket() -> None:
    """A.8: 3 alone has 2 points and moves down into the 1-point bracket, the last one
    (1, 2, 4, 5), where someone takes the bye: only 1, 4 or 3 may (2 and 5 had it). The
    bye counts as a downfloat whose score difference is taken from an artificial score
    one point below the bracket's lowest, 0: giving it to 3 costs [2], pairing 3 and
    giving it to a 1-point player costs [1, 1] (the pair's difference, the bye's), the
    smaller PSD (C6). So 3 meets 2 (1 and 5 it has met; 3 has a mild preference for
    black, 2 a strong one for white), 1 meets 5 (1 has met 4) and 4 takes the bye."""
    found = _pairing(5, "1-3 0-1, 4-2 1-0, bye 5", "3-5 1-0, 1-4 1-0, bye 2")
    assert found == {(2, 3), (5, 1), (4, 0)}


def test_c5_the_most_pairs_come_before_every_colour() -> None:
    """C5: after round 1, 3, 4 and 5 (the bye) have 1 point, 1 and 2 none. The top
    bracket makes one pair, not none: 3-5 (3-4 would float 5, whose bye was a downfloat
    the round before: C12), and 4 moves down,
    where it has met 2: 4 meets 1, both wanting black (4 gets it, E.4: the higher
    ranked), and 2 takes the bye. Floating all three would have granted every colour
    (3-4, 5-1 and the bye to 2), but with fewer pairs in the top bracket."""
    found = _pairing(5, "1-3 0-1, 4-2 1-0, bye 5")
    assert found == {(3, 5), (1, 4), (2, 0)}


def test_c6_the_higher_mdp_is_paired_though_the_next_bracket_would_do_better() -> None:
    """C6: after round 3, 5 has 2½ points, 3 two, 1 and 2 one and a half, 6 one and 4
    half a point. 5 and 3 have met: both move down into 1 and 2's bracket, where 1 and 2
    have met and 2 has met both MDPs, so one pair is made, with 1 (C5). 5-1 gives the
    PSD [1½, 1, 1] (3 floats: 2 points against an artificial ½; 2 floats: 1½), 3-1 gives
    [2, 1, ½]: 5-1, 5 white (it has had black twice). C7 would rather have 3-1: 5 could
    meet 6 in the next bracket (PSD [1½, 1½] there) where 3, who has met 6, cannot
    ([2, ½]); but C6 comes first. Then 2-6, and 3 floats on to 4: 4-3."""
    found = _pairing(
        6,
        "1-4 =, 5-2 =, 3-6 1-0",
        "2-3 0-1, 4-5 0-1, 6-1 0-1",
        "3-5 0-1, 1-2 0-1, 6-4 1-0",
    )
    assert found == {(5, 1), (2, 6), (4, 3)}


def test_c7_the_downfloater_is_one_the_next_bracket_can_pair() -> None:
    """C7: after round 2, 3, 4 and 5 have 1½ points, 2 has 1, 1 has ½ and 6 none. In the
    top bracket 3 and 5 have met: 3-4 (every colour granted) floats 5, 4-5 (5's absolute
    black leaves 4 without the black it wants) floats 3. The next bracket is 2 alone, who
    has met 5: floating 5 leaves it no pair, floating 3 one (3-2). C7 comes before the
    colours (C10): 4-5, then 3-2, then 6-1 (6 has had black twice)."""
    found = _pairing(6, "1-4 =, 5-2 1-0, 3-6 1-0", "5-3 =, 2-1 1-0, 4-6 1-0")
    assert found == {(4, 5), (3, 2), (6, 1)}


def test_c7_then_the_downfloater_whose_next_bracket_has_the_smaller_psd() -> None:
    """C7, its second half: after round 2, 3 has 2 points, 1 and 5 one and a half, 2 and
    4 half a point, 6 none. 3 moves down to 1 and 5 and is paired (C6), with either: all
    three want white, so each pair misses a colour. 3-1 floats 5, who has met both 2 and
    4: the next bracket pairs 2-4 and 5 floats on, PSD [2, 0] (5's 1½ against an
    artificial -½). 3-5 floats 1, who meets 2 there, 4 floating on: one pair as well,
    PSD [1, 1]. The smaller: 3-5 (3 white, E.4), 1-2, and 6-4 below (both want black:
    4, the higher ranked, gets it)."""
    found = _pairing(6, "1-4 =, 5-2 =, 3-6 1-0", "2-3 0-1, 4-5 0-1, 6-1 0-1")
    assert found == {(3, 5), (1, 2), (6, 4)}


def test_d3_of_mdps_alike_the_lowest_numbered_is_paired() -> None:
    """D.3: after round 2, 3 and 5 have 1½ points and have met: both move down into the
    1-point bracket (2 and 6), and only 1 and 4 (½ point), who have met, are left below.
    3 can meet only 2 there (it has met 6), 5 only 6 (it has met 2); pairing both would
    leave 1 and 4 without a game (C4), so one MDP is paired and the other floats on with
    a resident. The MDPs have one score, so the PSDs are equal ([1½, 1, ½]); either pair
    grants both colours, the pairs below miss two colours either way, and the floats
    weigh the same (2 and 6 each rose a bracket in round 2). D.3 (b): the MDP with the
    lower number, 3: 3-2, then 4-5 and 6-1 below (5 and 6 must have black, white)."""
    found = _pairing(6, "1-4 =, 5-2 1-0, 3-6 1-0", "5-3 =, 2-1 1-0, 4-6 0-1")
    assert found == {(3, 2), (4, 5), (6, 1)}


def test_c7_the_next_brackets_psd_pairs_every_mdp_some_maximum_matching_can() -> None:
    """C7's PSD below, on its own: MDPs 1 and 2 (2 points) come down to 3, 4 and 5 (1
    point); 1 may meet 3 or 4, 2 only 3, and 4 may meet 5. A maximum matching built from
    the top (1-3, 4-5) leaves 2 floating on, PSD [2, 1, 0]; 1-4 and 2-3 pair both MDPs,
    leaving 5 (a resident, a point above the artificial score): [1, 1, 1], the smaller."""
    partners = {1: {3, 4}, 2: {3}, 3: {1, 2}, 4: {1, 5}, 5: {4}}
    players = [
        SwissPlayer(
            number,
            4 if number < 3 else 2,
            frozenset(),
            (),
            True,
            (),
            None,
            Strength.NONE,
            partners=frozenset(partners[number]),
        )
        for number in range(1, 6)
    ]
    adjacency = [sorted(n - 1 for n in partners[number]) for number in range(1, 6)]
    found = next_bracket(players[:2], players[2:], adjacency)
    assert found.left == 1
    assert sorted(found.differences) == [2, 2, 2]  # half points: [1, 1, 1]
