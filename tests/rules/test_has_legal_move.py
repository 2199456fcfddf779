"""``Position.has_legal_move`` (the search that stops at the first legal move, which "is the
game over?" asks) against ``bool(legal_moves())``, on random games of every variant."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from rules import Game, Move, Position, get_variant

# Random games that prefer checks and captures: they end in mate far more often than
# uniform play, so positions without a legal move (and in check) are among those tried.
GAMES = 60
PLIES = 160


def _walk(variant: str, seed: int) -> list[tuple[Position, bool]]:
    """Each position of ``GAMES`` random games with what ``has_legal_move`` said of it,
    asked before anything else was (nothing cached)."""
    rng = random.Random(seed)
    seen: list[tuple[Position, bool]] = []
    for _ in range(GAMES):
        position = get_variant(variant).start()
        for _ in range(PLIES):
            seen.append((position, position.has_legal_move()))
            moves = position.legal_moves()
            if not moves or Game(variant, position).outcome() is not None:
                break
            position = position.play(_biased(position, moves, rng))
    return seen


def _biased(position: Position, moves: Sequence[Move], rng: random.Random) -> Move:
    """A check half the time there is one, else a capture a third of the time, else any."""
    shuffled = rng.sample(list(moves), len(moves))
    if rng.random() < 0.5:
        for move in shuffled:
            if move[0] != move[1] and position.play(move).is_check():
                return move
    captures = [m for m in shuffled if m[0] != m[1] and position.is_capture(m)]
    if captures and rng.random() < 0.33:
        return captures[0]
    return shuffled[0]


@pytest.mark.parametrize("variant", ["chess", "chess960", "xiangqi", "janggi"])
def test_has_legal_move_agrees_with_the_legal_moves(variant: str) -> None:
    """In every position of random games, in check or not, ``has_legal_move`` is
    ``bool(legal_moves())``; the games reach positions without a legal move."""
    seen = _walk(variant, seed=29)
    for position, has in seen:
        assert has == bool(position.legal_moves()), position.fen()
        assert position.has_legal_move() == has  # again, from the legal moves now cached
    assert any(position.is_check() for position, _ in seen)
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
    fresh = get_variant(variant).from_fen(fen)
    has = fresh.has_legal_move()
    assert has == bool(get_variant(variant).from_fen(fen).legal_moves())
