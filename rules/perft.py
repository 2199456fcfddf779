"""Perft: counting the leaf nodes of the legal move tree, the standard move-generator test."""

from __future__ import annotations

from rules.core import Position


def perft(position: Position, depth: int) -> int:
    """The number of move sequences of length ``depth`` (leaves counted in bulk at depth 1)."""
    if depth < 1:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(position.play(move), depth - 1) for move in moves)
