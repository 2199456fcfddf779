"""Which squares a board marks as the last move."""

from __future__ import annotations

from rules import Move, Position
from rules.chess960.position import Chess960Position


def marked_move(before: Position | None, move: Move | None) -> Move | None:
    """``move``, played from ``before``, as the last-move mark shows it: a Chess960 castling
    (stored king-takes-rook) from the king's square to where the king lands, so it marks
    as a standard castling does; every other move as it is."""
    if move is None or not isinstance(before, Chess960Position):
        return move
    return before.marked_move(move)
