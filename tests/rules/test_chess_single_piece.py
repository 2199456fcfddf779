"""The moves of one piece, generated alone, are the legal moves from its square."""

from __future__ import annotations

import random

from rules import Move
from rules.chess import CHESS
from rules.chess.fen import parse_fen


def test_moves_of_one_piece_agree_with_all_legal_moves() -> None:
    """Along random games (checks, pins, castling, en passant, promotions), each square's
    moves generated alone equal the legal moves from it, and a move tested alone is legal
    exactly when it is among them."""
    rng = random.Random(9)
    fens = [CHESS.start_fen, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"]
    checked = 0
    for fen in fens * 4:
        position = parse_fen(fen)
        for _ in range(rng.randrange(5, 60)):
            legal = position.legal_moves()
            if not legal:
                break
            for square in range(64):
                alone = parse_fen(position.fen())  # nothing generated yet
                assert sorted(alone.moves_from(square)) == sorted(
                    m for m in legal if m.from_square == square
                ), (position.fen(), square)
            for move in [*legal, *(Move(m.to_square, m.from_square) for m in legal)]:
                assert parse_fen(position.fen()).is_legal(move) == (move in legal)
            checked += position.is_check()
            position = position.play(rng.choice(legal))
    assert checked > 0
