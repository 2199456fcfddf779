"""Knockout brackets: seeding with byes to the top seeds, two-game matches with the
colours swapped, a tied match's tie-break pair then the higher seed, and the next match
started as soon as both matches feeding it are decided."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.tournament.knockout import (
    Decider,
    Decision,
    KnockoutGame,
    LevelRule,
    bracket,
    champion,
    games_to_start,
    lot,
    rounds_for,
    seed_order,
)
from tests.examples import examples


def _finish(games: list[KnockoutGame], starting: tuple[KnockoutGame, ...], *results: str) -> None:
    """Add ``starting`` to ``games`` with ``results`` in order."""
    games.extend(
        replace(game, result=result) for game, result in zip(starting, results, strict=True)
    )


def test_the_seeding_meets_one_and_two_only_in_the_final() -> None:
    """The standard order: 1-8, 4-5, 2-7, 3-6 (and the 16-player one)."""
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16)[:4] == [1, 16, 8, 9]
    assert rounds_for(8) == 3 and rounds_for(9) == 4 and rounds_for(2) == 1


def test_byes_go_to_the_top_seeds() -> None:
    """Six players in a bracket of eight: seeds 1 and 2 go straight to round 2, and the
    first games are 4-5 and 3-6, each a pair with the colours swapped."""
    first = [match for match in bracket(6, []) if match.round == 1]
    assert [(m.high, m.low, m.decision) for m in first] == [
        (1, None, Decision.BYE),
        (4, 5, None),
        (2, None, Decision.BYE),
        (3, 6, None),
    ]
    starting = games_to_start(6, [])
    assert [(g.round, g.match, g.white, g.black) for g in starting] == [
        (1, 2, 4, 5),
        (1, 2, 5, 4),
        (1, 4, 3, 6),
        (1, 4, 6, 3),
    ]


def test_the_next_match_starts_when_both_feeding_matches_are_decided() -> None:
    """4 beats 5 while 3-6 goes on: 1 (a bye) meets 4 at once, 2's opponent waits."""
    games: list[KnockoutGame] = []
    starting = games_to_start(6, games)
    _finish(games, starting[:2], "1-0", "1/2-1/2")
    games.extend(starting[2:])  # 3-6 still going on
    assert [(g.round, g.match, g.white, g.black) for g in games_to_start(6, games)] == [
        (2, 1, 1, 4),
        (2, 1, 4, 1),
    ]


def test_a_tied_match_plays_a_tiebreak_pair_then_the_higher_seed_goes_through() -> None:
    """1-1 after two games: two more, one with each colour; level again: seed 1 wins."""
    games: list[KnockoutGame] = []
    _finish(games, games_to_start(2, games), "1-0", "1-0")  # each won with white
    assert bracket(2, games)[0].winner is None
    tiebreak = games_to_start(2, games)
    assert [(g.white, g.black) for g in tiebreak] == [(1, 2), (2, 1)]
    _finish(games, tiebreak, "1/2-1/2", "1/2-1/2")
    final = bracket(2, games)[0]
    assert (final.winner, final.decision, final.high_points, final.low_points) == (
        1,
        Decision.SEED,
        2.0,
        2.0,
    )
    assert games_to_start(2, games) == ()
    assert champion(2, games) == 1


def test_a_tiebreak_pair_can_decide() -> None:
    """The lower seed wins the tie-break pair: through, by tie-break."""
    games: list[KnockoutGame] = []
    _finish(games, games_to_start(2, games), "1/2-1/2", "1/2-1/2")
    _finish(games, games_to_start(2, games), "0-1", "1/2-1/2")
    assert (bracket(2, games)[0].winner, bracket(2, games)[0].decision) == (2, Decision.TIEBREAK)


def test_the_organiser_may_allow_more_tiebreak_pairs() -> None:
    """With two tie-break pairs, a second level pair still does not decide."""
    games: list[KnockoutGame] = []
    for _ in range(2):
        _finish(games, games_to_start(2, games, LevelRule(2)), "1-0", "1-0")
    assert bracket(2, games, LevelRule(2))[0].winner is None
    assert len(games_to_start(2, games, LevelRule(2))) == 2


def test_one_player_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        bracket(1, [])


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(2, 20), st.integers(0, 10_000))
def test_every_knockout_ends_with_one_champion(players: int, seed: int) -> None:
    """Random results until nothing starts: every match decided, each player loses at
    most once, the champion lost none, each pair of games swaps the colours."""
    rng = random.Random(seed)
    games: list[KnockoutGame] = []
    while starting := games_to_start(players, games):
        _finish(games, starting, *(rng.choice(["1-0", "0-1", "1/2-1/2"]) for _ in starting))
    matches = bracket(players, games)
    assert all(match.winner is not None for match in matches)
    losers = [m.low if m.winner == m.high else m.high for m in matches if m.low is not None]
    assert len(losers) == len(set(losers)) == players - 1
    assert champion(players, games) not in losers
    for first, second in zip(games[::2], games[1::2], strict=True):
        assert (first.white, first.black) == (second.black, second.white)


def test_lots_are_fair_and_drawn_again_alike() -> None:
    """A lot is a fair coin: over 4,000 tournaments' seeds the higher seed wins it 48-52%
    of the time, for a match's lots and an Armageddon game's colours alike, and the same
    seed and place always draw the same (it is recorded by its seed)."""
    for drawn in ("lots", "armageddon"):
        wins = sum(lot(seed, 1, 1, drawn) for seed in range(4000))
        assert 1920 <= wins <= 2080, (drawn, wins)
    places = [(r, m) for r in range(1, 9) for m in range(1, 129)]  # one seed, every place
    assert 480 <= sum(lot(12345, r, m, "lots") for r, m in places) <= 544
    assert [lot(77, 2, 3, "lots") for _ in range(5)] == [lot(77, 2, 3, "lots")] * 5
    assert lot(0, 1, 1, "lots") is True and lot(1, 1, 1, "lots") is False  # pinned: no drift


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_level_match_goes_by_lot_or_plays_an_armageddon_game(seed: int) -> None:
    """Level after its pairs: by lot, the winner is the lot's (a different seed may draw the
    other); by Armageddon, one more game (colours by lot), then its White wins it only by
    winning, and it counts in no match points."""
    games: list[KnockoutGame] = []
    _finish(games, games_to_start(2, games, LevelRule(0)), "1-0", "1-0")
    by_lot = bracket(2, games, LevelRule(0, Decider.LOTS, seed))[0]
    assert (by_lot.winner, by_lot.decision) == (1 if lot(seed, 1, 1, "lots") else 2, Decision.LOTS)
    rule = LevelRule(0, Decider.ARMAGEDDON, seed)
    assert bracket(2, games, rule)[0].winner is None
    (armageddon,) = games_to_start(2, games, rule)
    high_white = lot(seed, 1, 1, "armageddon")
    assert (armageddon.white, armageddon.black, armageddon.armageddon) == (
        (1, 2, True) if high_white else (2, 1, True)
    )
    for result, through in (("1/2-1/2", armageddon.black), ("0-1", armageddon.black)):
        decided = bracket(2, [*games, replace(armageddon, result=result)], rule)[0]
        assert (decided.winner, decided.decision) == (through, Decision.ARMAGEDDON)
        assert (decided.high_points, decided.low_points) == (1.0, 1.0)
    won = bracket(2, [*games, replace(armageddon, result="1-0")], rule)[0]
    assert won.winner == armageddon.white


def test_the_armageddon_game_is_the_one_marked_so_wherever_it_is_listed() -> None:
    """A match level after its pair, then its Armageddon game won by Black's draw: listed
    first (a reorder), or after an extra game of the pair's, the decider is the game marked
    Armageddon, never the one in its place; its result counts in no match points."""
    rule = LevelRule(0, Decider.ARMAGEDDON, 0)
    pair = [KnockoutGame(1, 1, 1, 2, "1-0"), KnockoutGame(1, 1, 2, 1, "1-0")]
    decider = KnockoutGame(1, 1, 1, 2, "1/2-1/2", armageddon=True)
    for games in ([decider, *pair], [pair[0], decider, pair[1]]):
        match = bracket(2, games, rule)[0]
        assert (match.winner, match.decision) == (2, Decision.ARMAGEDDON), games
        assert (match.high_points, match.low_points) == (1.0, 1.0)
    unmarked = replace(decider, armageddon=False)  # a third game of the pair: no decider
    assert bracket(2, [*pair, unmarked], rule)[0].winner is None
    assert games_to_start(2, pair, rule) == (
        KnockoutGame(1, 1, *((1, 2) if lot(0, 1, 1, "armageddon") else (2, 1)), armageddon=True),
    )
    assert games_to_start(2, [*pair, decider], rule) == ()  # decided: nothing more
