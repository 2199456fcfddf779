"""A move asked about alone is judged exactly as generating every legal move judges it."""

from __future__ import annotations

import random

from rules import Move
from rules.xiangqi import XIANGQI, XiangqiPosition


def test_one_move_tested_alone_agrees_with_the_legal_moves() -> None:
    """For every from/to pair in positions along random games (checks, pins, facing generals
    and cannon screens among them), testing the move alone gives the generated answer."""
    rng = random.Random(2026)
    checked = 0
    for _ in range(8):
        position = XIANGQI.start()
        for _ in range(rng.randrange(10, 70)):
            legal = position.legal_moves()
            if not legal:
                break
            fresh = XiangqiPosition.from_fen(position.fen())  # nothing generated yet
            own = [sq for sq, p in position.pieces().items() if p.color is position.side_to_move]
            for f in own + rng.sample(range(90), 4):  # and a few squares of anything else
                for t in range(90):
                    move = Move(f, t)
                    assert fresh._is_legal_alone(move) == (move in legal), (
                        position.fen(),
                        XIANGQI.square_name(f) + XIANGQI.square_name(t),
                    )
            checked += bool(position.is_check())
            position = position.play(rng.choice(legal))
    assert checked > 0  # positions in check were among them
