"""Round-robin pairings: the Berger tables of FIDE Handbook C.05 Annex 1, and their
properties over every field size from 3 to 16."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from bot.service.tournament.berger import berger_rounds, pairings, round_robin

# The published tables (FIDE Handbook C.05 Annex 1), one line a round, "white-black" pairs
# (16's as two pairing programs' sources transcribe it, letter for letter).
PUBLISHED = {
    4: """1-4 2-3
          4-3 1-2
          2-4 3-1""",
    6: """1-6 2-5 3-4
          6-4 5-3 1-2
          2-6 3-1 4-5
          6-5 1-4 2-3
          3-6 4-2 5-1""",
    8: """1-8 2-7 3-6 4-5
          8-5 6-4 7-3 1-2
          2-8 3-1 4-7 5-6
          8-6 7-5 1-4 2-3
          3-8 4-2 5-1 6-7
          8-7 1-6 2-5 3-4
          4-8 5-3 6-2 7-1""",
    10: """1-10 2-9 3-8 4-7 5-6
           10-6 7-5 8-4 9-3 1-2
           2-10 3-1 4-9 5-8 6-7
           10-7 8-6 9-5 1-4 2-3
           3-10 4-2 5-1 6-9 7-8
           10-8 9-7 1-6 2-5 3-4
           4-10 5-3 6-2 7-1 8-9
           10-9 1-8 2-7 3-6 4-5
           5-10 6-4 7-3 8-2 9-1""",
    12: """1-12 2-11 3-10 4-9 5-8 6-7
           12-7 8-6 9-5 10-4 11-3 1-2
           2-12 3-1 4-11 5-10 6-9 7-8
           12-8 9-7 10-6 11-5 1-4 2-3
           3-12 4-2 5-1 6-11 7-10 8-9
           12-9 10-8 11-7 1-6 2-5 3-4
           4-12 5-3 6-2 7-1 8-11 9-10
           12-10 11-9 1-8 2-7 3-6 4-5
           5-12 6-4 7-3 8-2 9-1 10-11
           12-11 1-10 2-9 3-8 4-7 5-6
           6-12 7-5 8-4 9-3 10-2 11-1""",
    14: """1-14 2-13 3-12 4-11 5-10 6-9 7-8
           14-8 9-7 10-6 11-5 12-4 13-3 1-2
           2-14 3-1 4-13 5-12 6-11 7-10 8-9
           14-9 10-8 11-7 12-6 13-5 1-4 2-3
           3-14 4-2 5-1 6-13 7-12 8-11 9-10
           14-10 11-9 12-8 13-7 1-6 2-5 3-4
           4-14 5-3 6-2 7-1 8-13 9-12 10-11
           14-11 12-10 13-9 1-8 2-7 3-6 4-5
           5-14 6-4 7-3 8-2 9-1 10-13 11-12
           14-12 13-11 1-10 2-9 3-8 4-7 5-6
           6-14 7-5 8-4 9-3 10-2 11-1 12-13
           14-13 1-12 2-11 3-10 4-9 5-8 6-7
           7-14 8-6 9-5 10-4 11-3 12-2 13-1""",
    16: """1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9
           16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2
           2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10
           16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3
           3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11
           16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4
           4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12
           16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5
           5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13
           16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6
           6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14
           16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7
           7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15
           16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8
           8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1""",
}


def _table(text: str) -> list[list[tuple[int, int]]]:
    return [
        [(int(pair.split("-")[0]), int(pair.split("-")[1])) for pair in line.split()]
        for line in text.splitlines()
    ]


def _played(players: int) -> list[list[tuple[int, int]]]:
    return [[(p.white, p.black) for p in r.pairings] for r in berger_rounds(players)]


@pytest.mark.parametrize("players", sorted(PUBLISHED))
def test_even_fields_follow_the_published_table(players: int) -> None:
    """Each round of an even field is the FIDE table's round, board by board."""
    assert _played(players) == _table(PUBLISHED[players])


@pytest.mark.parametrize("players", [3, 5, 7, 9, 11, 13, 15])
def test_odd_fields_use_the_next_table_with_the_highest_number_a_bye(players: int) -> None:
    """An odd field plays the next even table; whoever meets the highest number sits out."""
    table = _table(PUBLISHED[players + 1])
    for played, published in zip(berger_rounds(players), table, strict=True):
        byes = [w if b == players + 1 else b for w, b in published if players + 1 in (w, b)]
        assert played.bye == byes[0]
        assert [(p.white, p.black) for p in played.pairings] == [
            game for game in published if players + 1 not in game
        ]


@pytest.mark.parametrize("players", range(3, 17))
def test_every_pair_meets_once_and_colours_balance(players: int) -> None:
    """Single cycle: each pair meets exactly once; everyone plays each round but at most one
    bye; whites and blacks differ by at most one; nobody has three same colours in a row."""
    rounds = berger_rounds(players)
    assert len(rounds) == players - 1 + players % 2
    met = Counter(frozenset((p.white, p.black)) for r in rounds for p in r.pairings)
    assert set(met) == {frozenset(pair) for pair in combinations(range(1, players + 1), 2)}
    assert set(met.values()) == {1}
    for played in rounds:
        seated = [n for p in played.pairings for n in (p.white, p.black)]
        seated += [played.bye] if played.bye is not None else []
        assert sorted(seated) == list(range(1, players + 1))
    byes = Counter(r.bye for r in rounds if r.bye is not None)
    assert set(byes.values()) <= {1}
    for player in range(1, players + 1):
        colours = [
            "w" if p.white == player else "b"
            for r in rounds
            for p in r.pairings
            if player in (p.white, p.black)
        ]
        assert abs(colours.count("w") - colours.count("b")) <= 1
        assert "www" not in "".join(colours) and "bbb" not in "".join(colours)


@pytest.mark.parametrize("players", range(3, 17))
def test_double_round_robin_plays_each_pair_with_both_colours(players: int) -> None:
    """Double cycle: each ordered pair (white, black) once, so each pair meets twice with
    the colours reversed, and everyone has as many whites as blacks."""
    games = pairings(players, 2)
    ordered = Counter((p.white, p.black) for p in games)
    assert set(ordered.values()) == {1}
    assert len(ordered) == players * (players - 1)
    assert all((black, white) in ordered for white, black in ordered)
    whites = Counter(p.white for p in games)
    blacks = Counter(p.black for p in games)
    assert whites == blacks
    numbers = [r.number for r in round_robin(players, 2)]
    assert numbers == list(range(1, len(numbers) + 1))


@pytest.mark.parametrize(("players", "cycles"), [(1, 1), (0, 1), (4, 3), (4, 0)])
def test_impossible_tables_are_refused(players: int, cycles: int) -> None:
    """Fewer than two players or a cycle count other than one or two raise ValueError."""
    with pytest.raises(ValueError):
        round_robin(players, cycles)
