"""The float criteria of C.04.3 (2016/2017 text), C12 to C19, one test each: a small
tournament where that criterion, and no higher one, decides the round's pairing.

Each expected pairing is worked out by hand from the criterion's text (the docstring says
how) and is the pairing bbpPairings v5.0.1 (2017 rules, a FIDE-endorsed program) gives
for the same tournament written as TRF. Floats (A.4): after two players with different
scores meet, the higher-scored one has a downfloat, the lower one an upfloat; a player
who did not play (a bye) has a downfloat. Every history is written as it was played:
``"1-5 =, 6-2 1"`` is round one with 1 (white) drawing 5 and 6 beating 2.
"""

from __future__ import annotations

from bot.service.tournament.standings import Played
from bot.service.tournament.swiss import SwissRules, pair_round
from bot.service.tournament.swiss_players import PastRound

_RESULTS = {"1": "1-0", "0": "0-1", "=": "1/2-1/2"}


def _history(*rounds: str) -> list[PastRound]:
    """Rounds from ``"white-black result, …"`` lines (result: 1, 0 or = for white), a
    ``"bye N"`` entry for the pairing-allocated bye."""
    played = []
    for line in rounds:
        games, bye = [], None
        for entry in line.split(", "):
            seats, result = entry.split()
            if seats == "bye":
                bye = int(result)
                continue
            white, black = seats.split("-")
            games.append(Played(int(white), int(black), _RESULTS[result]))
        played.append(PastRound(tuple(games), bye))
    return played


def _pairing(players: int, rounds: list[PastRound], total: int) -> set[tuple[int, int]]:
    """The next round's (white, black) pairs, the bye as (player, 0)."""
    found = pair_round(range(1, players + 1), rounds, SwissRules(rounds=total))
    return {(game.white, game.black) for game in found.pairings} | (
        {(found.bye, 0)} if found.bye else set()
    )


def test_c12_a_player_who_floated_down_last_round_does_not_float_down_again() -> None:
    """Round 3 of 6 players. 1 (1.5) floats into the 1.0 bracket {3, 4, 5, 6}, having met 4 and
    6: 1 meets 3 or 5, and of the others one floats down to 2 (0.5), who has met 3 and 5, so the
    downfloater is 4 or 6. 1 misses its colour either way (1, 3 and 5 want white, mildly), the
    other pair gets both (4 and 6 want black): C10 and C11 tie. 6 floated down in round 2
    (beaten by 1 with a point against half a point), 4 did not: C12 floats 4 (1-3, 5-6, and 2-4
    below), although 3 floated up in round 2 and meets 1 from below again (C13, lower). Without
    C12, C13 would give 1-5, 3-4 and 6 down to 2."""
    rounds = _history("1-4 =, 5-2 =, 3-6 0", "6-1 0, 4-5 =, 2-3 0")
    assert _pairing(6, rounds, 5) == {(1, 3), (5, 6), (2, 4)}


def test_c12_a_player_paired_below_their_score_again_floats_down_again() -> None:
    """The last round (7) of 10. A downfloat is also what the higher-scored player of a pair
    gets (A.4.b), so C12 counts a player who floated down last round and is paired below
    their score again. 4 (5.0) meets 8 (3.5; it has met 7), and 7 floats to the 3.0 bracket
    {1, 3, 9}: 7-9 would leave 1 and 3 to pair, but then 5 (2.5),
    who has met 2, 6 and 10, could meet nobody: the 3.0 bracket is the penultimate one
    (A.9), 7-9, and 1 and 3 go down into the collapsed last bracket {1, 3, 2, 5, 6, 10}.
    5 meets 1 (it has met 3); 3 meets 2 or 6 and the other meets 10 (1.5): the same score
    differences (C6), one mild preference missed either way (3, 2 and 6 want white). 2
    floated down in round 6, 6 did not: 2-10 would float 2 down again, 6-10 does not, so
    C12 takes 3-2 and 6-10, though 2 floated up in round 5 and floats up to 3 now (C15,
    lower). Counting only the players left unpaired, C15 would give 3-6 and 2-10."""
    rounds = _history(
        "1-6 =, 7-2 =, 3-8 1, 9-4 0, 5-10 =",
        "4-3 1, 10-1 0, 2-5 1, 6-7 1, 8-9 0",
        "1-4 =, 6-2 =, 3-9 1, 7-10 1, 5-8 0",
        "4-6 1, 2-1 =, 7-3 1, 8-10 =, 9-5 0",
        "2-4 0, 1-7 =, 3-5 =, 6-8 0, 10-9 0",
        "4-7 =, 8-1 1, 9-2 1, 10-3 =, 5-6 =",
    )
    assert _pairing(10, rounds, 7) == {(8, 4), (7, 9), (1, 5), (3, 2), (6, 10)}


def test_c13_a_player_who_floated_up_last_round_does_not_float_up_again() -> None:
    """Round 4 of 8. 3 (3.0) has met 2, 4 and 7, the whole 2.0 bracket, and floats on to the 1.0
    bracket {6, 8} with 4 (2.0, left over from 2, 4, 7: 2-7 is paired). 4 may meet 6 only; 1 and
    5 (0.5) have met, so two players must float down from 1.0 to meet them: 4 (who meets 5) and
    6 or 8 (for 1). 3 therefore meets 6 or 8, both missing a strong colour with 3 (all three
    want black): C10 and C11 tie. 8 floated up in round 3 (0 points against 5's half point), 6
    in round 2 (the same against 5): C13 takes 3-6 over 3-8, though 6's upfloat two rounds ago
    counts on C15 (lower). Without C13, C15 would give 8-3, 1-6."""
    rounds = _history(
        "1-5 =, 6-2 0, 3-7 1, 8-4 0",
        "2-3 0, 4-1 1, 5-6 0, 7-8 1",
        "3-4 1, 6-7 0, 1-2 0, 8-5 1",
    )
    assert _pairing(8, rounds, 7) == {(6, 3), (2, 7), (4, 5), (1, 8)}


def test_c14_a_player_who_floated_down_two_rounds_ago_does_not_float_down_again() -> None:
    """Round 4 of 9 players. 5 (2.5) floats to 2.0, meets 3 (5 has met 1), and 1 floats on into
    the 1.5 bracket {2, 4, 6, 7, 9}. 8 (1.0) and 9 and 2 have had the bye, so two of the 1.5
    bracket float down: one meets 8, the other takes the bye. 1 (wanting black strongly) meets 2
    or 9 (it has met 4 and 7; 6 wants black strongly too), either missing one mild preference
    for black (C10, C11 tie). 6 floated down in round 2 (it beat 2 in round 1 and met 5 on 1.0
    against 0.5); 9's downfloat, a bye, was in round 1: C14 floats 7 and 9 (2-1, 4-6, 8-9, the
    bye to 7), though 2 floated up in round 2 and floats up to 1 again (C15, lower). Without
    C14: 9-1, 4-2 and 6 floating (8-6, the bye to 7)."""
    rounds = _history(
        "1-5 =, 6-2 1, 3-7 =, 8-4 0, bye 9",
        "4-9 =, 5-6 1, 7-1 =, 2-3 =, bye 8",
        "9-5 0, 1-4 1, 3-8 1, 6-7 =, bye 2",
    )
    assert _pairing(9, rounds, 7) == {(5, 3), (2, 1), (4, 6), (8, 9), (7, 0)}


def test_c15_a_player_who_floated_up_two_rounds_ago_does_not_float_up_again() -> None:
    """Round 4 of 10 (5 rounds). 3 (2.5) floats with 1 and 6 (2.0) into the 1.5 bracket
    {4, 7, 8}; 3-4, 1-8 and 6-7 would leave 2, 5, 9 and 10 (1.0), where 2 (who has met 5
    and 9) could meet only 10, both needing white absolutely (C3). So the 1.5 bracket is
    the penultimate one (A.9): 3-4, 1-8, and 6 and 7 go down into the collapsed last bracket
    {6, 7, 2, 5, 9, 10}. 6 (wanting black absolutely) meets 2 or 10, 7 (who has met 10)
    meets 2 or 9, the two left meet each other: 10-6, 2-7 and 9-5, or 2-6, 9-7 and 10-5.
    Both have the same score differences (C6), grant every colour, float 6 down again (C12,
    C14) and float up again one player who floated up in round 3 (10, or 9: C13). 9 floated
    up in round 2 too, 10 floated down then: C15 takes 10-6, 2-7 and 9-5, though 9-7 would
    float 9 up by half a point where 10 floats up by a point (C17, lower). Without C15:
    2-6, 9-7 and 10-5."""
    rounds = _history(
        "2-9 =, 6-8 1, 10-4 1, 7-3 0, 5-1 0",
        "7-10 1, 3-5 =, 6-9 1, 1-4 =, 8-2 1",
        "5-2 =, 3-10 1, 6-4 0, 1-7 =, 9-8 =",
    )
    assert _pairing(10, rounds, 5) == {(4, 3), (8, 1), (10, 6), (2, 7), (9, 5)}


def test_c16_the_smaller_score_difference_for_a_player_floating_down_again() -> None:
    """Round 4 of 7 players (5 rounds). 6 (3.0) floats to the 2.0 bracket {3, 5, 7}, where 6-7
    and 3-5 would leave 4 (1.5), 2 (1.0) and 1 (0.5): 1 has met 2 and 4, and 4 and 2 both need
    black absolutely (C3), so nothing completes. The 2.0 bracket is the penultimate one (A.9):
    6-3, and 5 and 7 go down into the collapsed last bracket {5, 7, 4, 2, 1}. 1 wants white
    absolutely, as 5 does, and 4 has had the bye: 5-4 and 7-2, or 5-2 and 7-4, the bye to 1 (7-1
    would give it to 2 with larger score differences); the same score differences (C6), every
    colour granted, 2 floating up again either way (C13, and the same difference on C17). 5
    floated down in round 3 (its bye), 7 did not: C16 weighs 5's difference, half a point
    against 4 rather than a point against 2: 5-4, 7-2. Without C16, D's order gives 5-2 and 7-4."""
    rounds = _history(
        "3-2 1, 7-5 0, 1-6 0, bye 4",
        "4-3 0, 2-1 1, 6-5 1, bye 7",
        "4-1 =, 2-6 0, 3-7 0, bye 5",
    )
    assert _pairing(7, rounds, 5) == {(6, 3), (5, 4), (7, 2), (1, 0)}


def test_c17_the_smaller_score_difference_for_a_player_floating_up_again() -> None:
    """Round 4 (the last) of 8. 1 (3.0) has met 5, 7 and 2 and floats to the 1.0 bracket; 2
    (1.5) goes with it, having met 1. 8 (0.5) has met 4, 2 and 3, so 6 floats down to 8, and the
    MDPs 1 and 2 take 3 and 4: 4-1 with 3-2, or 3-1 with 2-4. Either misses one strong colour
    (C10, C11); 3 floated up in round 3 and floats up again either way (C13 ties). C17 weighs
    its score difference: half a point against 2, two points against 1: 4-1 and 3-2. Without
    C17, D's order gives 3-1 and 2-4."""
    rounds = _history(
        "1-5 1, 6-2 =, 3-7 0, 8-4 =",
        "7-1 0, 2-8 1, 4-6 =, 5-3 1",
        "1-2 1, 7-4 1, 6-5 0, 8-3 0",
    )
    assert _pairing(8, rounds, 4) == {(4, 1), (5, 7), (3, 2), (8, 6)}


def test_c18_the_smaller_score_difference_for_a_player_who_floated_down_two_rounds_ago() -> None:
    """Round 3 of 7 players (4 rounds). 5 and 7 (2.0) could meet, but 2 and 6 (1.5) need white
    absolutely and 1, 3 and 4 (0.5 and 0) black absolutely (C3 keeps each three apart), and 2
    and 6 have met 1 and 3: the round cannot be completed below, so the 2.0 bracket is the
    penultimate one (A.9) and floats 5 and 7 into the collapsed last bracket. There 2 and 6 meet
    4 and one of 5 and 7; the other of 5 and 7 meets 1 or 3 (both have met 4), the bye to the
    one left. Every such pairing has the same score differences (C6), misses the same one strong
    colour, and floats 5 and 7 down again after their round-2 downfloats, one by a point and a
    half, one by half a point (C16). 7 also floated down in round 1 (its bye), 5 did not: C18
    weighs 7's difference, half a point against 2 rather than a point and a half against 1: 2-7
    and 5-1, 6-4, the bye to 3. Without C18, D's order gives 2-5 and 7-1."""
    rounds = _history("1-6 =, 3-2 =, 4-5 0, bye 7", "4-7 0, 3-6 0, 1-2 0, bye 5")
    assert _pairing(7, rounds, 4) == {(2, 7), (5, 1), (6, 4), (3, 0)}


def test_c19_the_smaller_score_difference_for_a_player_who_floated_up_two_rounds_ago() -> None:
    """Round 6 of 8 players (7 rounds). 2 and 8 (3.5) have met; 2 meets 5 (3.0); 8 (who has met
    4, 5 and 6) and 4 and 6 (2.5, who have met) all float to the 2.0 bracket, where 4 meets 7
    (who has met 8 and 6). In the 1.5 bracket the MDPs 8 (3.5) and 6 (2.5) take 1 and 3: 3-8
    with 6-1, or 1-8 with 6-3. Either misses one strong colour (C10, C11); 1 and 3 both floated
    up in round 5 and float up again either way (C13), with the same score differences, two
    points and one (C17). 1 also floated up in round 4, 3 did not (C15 counts 1 either way); C19
    weighs 1's difference: one point against 6 rather than two against 8, so 3-8 and 6-1.
    Without C19, D's order gives 1-8 and 6-3."""
    rounds = _history(
        "1-5 =, 6-2 0, 3-7 =, 8-4 =",
        "2-1 1, 4-3 =, 5-8 0, 7-6 0",
        "8-2 1, 6-4 =, 3-5 0, 1-7 0",
        "7-8 =, 2-4 =, 5-6 =, 1-3 =",
        "8-6 =, 3-2 0, 7-5 0, 4-1 =",
    )
    assert _pairing(8, rounds, 7) == {(2, 5), (3, 8), (4, 7), (6, 1)}
