"""How a xiangqi game ends by rule (the simplified Asian rules; see the package docstring)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Color, Outcome, Position, Termination

REPETITIONS_TO_END = 3


def outcome(history: Sequence[Position]) -> Outcome | None:
    """The result the rules impose on the last position of ``history``, or None.

    In order: a side with no legal move loses (checkmate if in check, otherwise
    "stalemate", which in xiangqi is also a loss); neither side having a piece able to
    cross the river is a draw; the third occurrence of a position ends the game, lost by a
    side that gave check with every one of its moves since the first of those occurrences
    (perpetual check), drawn otherwise (or when both sides checked perpetually).
    """
    if not history:
        raise ValueError("a game has at least its start position")
    position = history[-1]
    mover = position.side_to_move
    if not position.legal_moves():
        termination = Termination.CHECKMATE if position.is_check() else Termination.STALEMATE
        return Outcome(termination, mover.other)
    if not has_attackers(position, Color.WHITE) and not has_attackers(position, Color.BLACK):
        return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
    return _repetition(history)


def has_attackers(position: Position, color: Color) -> bool:
    """Whether ``color`` has a piece that can cross the river: chariot, horse, cannon, soldier."""
    return any(
        piece.color is color and piece.kind in "rncp" for piece in position.pieces().values()
    )


def _repetition(history: Sequence[Position]) -> Outcome | None:
    key = history[-1].repetition_key()
    occurrences = [i for i, p in enumerate(history) if p.repetition_key() == key]
    if len(occurrences) < REPETITIONS_TO_END:
        return None
    first = occurrences[-REPETITIONS_TO_END]
    # history[i] arose from a move by history[i - 1]'s side to move; it was a check when the
    # side to move in history[i] is in check.
    always_checked: dict[Color, bool] = {Color.WHITE: True, Color.BLACK: True}
    moved: dict[Color, bool] = {Color.WHITE: False, Color.BLACK: False}
    for i in range(first + 1, len(history)):
        mover = history[i - 1].side_to_move
        moved[mover] = True
        if not history[i].is_check():
            always_checked[mover] = False
    perpetual = [c for c in (Color.WHITE, Color.BLACK) if moved[c] and always_checked[c]]
    if len(perpetual) == 1:
        return Outcome(Termination.PERPETUAL_CHECK, perpetual[0].other)
    return Outcome(Termination.REPETITION, None)
