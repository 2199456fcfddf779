"""The levels' strength settings: the lowest levels' share of random moves."""

from __future__ import annotations

import random

import pytest

from bot.engine.levels import LEVELS, Level, blend

LEGAL = [f"{file}2{file}3" for file in "abcdefgh"]


class Drawn(random.Random):
    """A random source that says how often it was drawn from."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws = 0

    def random(self) -> float:
        self.draws += 1
        return super().random()


def test_a_share_of_random_moves_is_played_at_the_lowest_level() -> None:
    """Level 1 plays a random legal move in about its share of turns, the engine's otherwise."""
    chosen = LEVELS[1]
    rng = random.Random(12)
    played = [blend(chosen, "e2e4", LEGAL, rng) for _ in range(4000)]
    others = sum(move != "e2e4" for move in played)
    # a uniform draw among 8 moves none of which is the best one: every draw shows
    assert 0.8 * chosen.random_share * 4000 < others < 1.2 * chosen.random_share * 4000
    assert set(played) <= {"e2e4", *LEGAL}
    assert len(set(played)) == 9  # every legal move comes up


def test_the_shares_fall_as_the_levels_rise() -> None:
    """Only the lowest levels blunder on purpose, level 1 most; from level 4 up never."""
    shares = [LEVELS[number].random_share for number in sorted(LEVELS)]
    assert shares[0] > shares[1] > shares[2] > 0
    assert all(share == 0 for share in shares[3:])


@pytest.mark.parametrize("chosen", [None, LEVELS[8], Level(9, 20, None, 100, 0.0)])
def test_full_strength_always_plays_the_engine_move_and_draws_nothing(
    chosen: Level | None,
) -> None:
    """Full strength and levels without a share play the engine's move, without a draw."""
    rng = Drawn(1)
    assert all(blend(chosen, "e2e4", LEGAL, rng) == "e2e4" for _ in range(100))
    assert rng.draws == 0


def test_a_random_move_due_with_no_legal_move_is_refused() -> None:
    """A random move cannot come from an empty list: ValueError, not an IndexError."""
    always = Level(1, 0, 1, 50, random_share=1.0)
    with pytest.raises(ValueError, match="no legal move"):
        blend(always, "e2e4", [], random.Random(1))
