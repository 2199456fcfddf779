"""C.04.3 A.9 (2016/2017 text): the penultimate pairing bracket and the collapsed last
bracket, on a small tournament where they decide the pairing. The expected pairing is
worked out by hand from the text and is the one bbpPairings v5.0.1 gives."""

from __future__ import annotations

from tests.service.test_swiss_rules_floats import _history, _pairing


def test_a9_a_bracket_whose_downfloaters_leave_the_rest_unpairable_collapses_the_rest() -> None:
    """The last round (4) of 7 players. 7 (2.5) floats to the 2.0 bracket {2, 4, 5}; it
    has met 2 and 4, so 7-5, and 2-4 would complete the bracket. But that leaves 6 (1.5),
    1 and 3 (1.0): 6 has met 1 and 3 and had the bye in round 3, so the round could not be
    completed. The 2.0 bracket is the penultimate pairing bracket: paired again under C4,
    it keeps 7-5 and sends 2 and 4 down, and 2, 4, 6, 1 and 3 form the collapsed last
    bracket, paired as one. 4 has met 1 and 3, 6 has met 1 and 3, 2 has met 3: either
    2-1 and 4-6 with the bye to 3 (score differences 1, 0.5 and the bye's 1 against an
    artificial zero), or 2-6 and 1-3 with the bye to 4 (0.5, 0, and 2 for the bye). C6
    takes the first. Pairing 1.5 and 1.0 as brackets of their own instead (C4 checked
    bracket by bracket) pairs 2-6 in the 1.5 bracket and gives 4, on 2 points, the bye."""
    rounds = _history(
        "1-4 =, 5-2 0, 3-6 1, bye 7", "2-7 0, 4-3 1, 6-1 =, bye 5", "7-4 =, 1-5 0, 3-2 0, bye 6"
    )
    assert _pairing(7, rounds, 4) == {(5, 7), (2, 1), (4, 6), (3, 0)}
