"""Positions of random games that seek checks, captures and promotions, so that mates, pins,
en passant and promotions come up far more often than in uniform play."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from rules import Game, Move, Position, get_variant


def biased_games(
    variant: str,
    games: int,
    plies: int,
    seed: int,
    *,
    start: Callable[[random.Random], Position] | None = None,
) -> Iterator[Position]:
    """Each position of ``games`` random games of at most ``plies`` plies, in order, each
    yielded before anything about it is asked (nothing cached in it yet); a game stops at
    its end by rule. ``start`` draws a game's start (the variant's own by default)."""
    rng = random.Random(seed)
    for _ in range(games):
        rules = get_variant(variant)
        position = start(rng) if start is not None else rules.from_fen(rules.start_fen)
        for _ in range(plies):
            yield position
            moves = position.legal_moves()
            if not moves or Game(variant, position).outcome() is not None:
                break
            position = position.play(_biased(position, moves, rng))


def _biased(position: Position, moves: Sequence[Move], rng: random.Random) -> Move:
    """A check half the time there is one, else a capture or a pawn's move a third of the
    time, else any move."""
    shuffled = rng.sample(list(moves), len(moves))
    if rng.random() < 0.5:
        for move in shuffled:
            if move[0] != move[1] and position.play(move).is_check():
                return move
    if rng.random() < 0.33:
        for move in shuffled:
            piece = position.piece_at(move[0])
            if move[0] != move[1] and (
                position.is_capture(move) or (piece is not None and piece.kind == "p")
            ):
                return move
    return shuffled[0]
