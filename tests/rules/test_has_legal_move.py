"""``Position.has_legal_move`` (the search that stops at the first legal move, which "is the
game over?" asks) against ``bool(legal_moves())``, on random games of every variant."""

from __future__ import annotations

import random

import pytest

from rules import Position, get_variant
from rules.chess960 import CHESS960
from tests.rules.random_games import biased_games


def _chess960_start(rng: random.Random) -> Position:
    return CHESS960.start_position(rng.randrange(960))


@pytest.mark.parametrize("variant", ["chess", "chess960", "xiangqi", "janggi"])
def test_has_legal_move_agrees_with_the_legal_moves(variant: str) -> None:
    """In every position of 60 random games that seek checks, ``has_legal_move`` (asked
    first, nothing cached) is ``bool(legal_moves())``; the games reach positions in check
    and positions without a legal move."""
    start = _chess960_start if variant == "chess960" else None
    seen = []
    for position in biased_games(variant, games=60, plies=160, seed=29, start=start):
        has = position.has_legal_move()
        assert has == bool(position.legal_moves()), position.fen()
        assert position.has_legal_move() == has  # again, from the legal moves now cached
        seen.append((position.is_check(), has))
    assert any(check for check, _ in seen)
    assert any(not has for _, has in seen), "no position without a legal move was reached"


@pytest.mark.parametrize(
    ("variant", "fen"),
    [
        ("chess", "R5k1/5pp1/8/8/8/8/8/6K1 b - - 0 1"),  # check, one flight square
        ("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),  # stalemate
        ("chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"),  # back-rank mate
        ("xiangqi", "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1"),  # no move, in check: lost
        ("janggi", "R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1"),  # in check: the pass is no answer
        ("janggi", "R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1"),  # mate
    ],
)
def test_has_legal_move_in_positions_without_one_or_nearly(variant: str, fen: str) -> None:
    """Mates, stalemates and near misses: ``has_legal_move`` agrees with the full list."""
    has = get_variant(variant).from_fen(fen).has_legal_move()
    assert has == bool(get_variant(variant).from_fen(fen).legal_moves())
