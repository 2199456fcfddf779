"""How a xiangqi game ends by rule (the simplified Asian rules; see the package docstring)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Color, Outcome, Position, Repetition, Termination
from rules.repetition import HistoryRepetition
from rules.xiangqi.chase import chasers
from rules.xiangqi.position import XiangqiPosition

REPETITIONS_TO_END = 3
# The natural move limit (自然限着) of the Chinese Xiangqi Association's rules: 60 moves by
# each side without a capture. Plies, as the FEN half-move clock counts them.
MOVE_LIMIT_PLIES = 120


def outcome(history: Sequence[Position]) -> Outcome | None:
    """The result the rules impose on the last position of ``history``, or None."""
    if not history:
        raise ValueError("a game has at least its start position")
    return outcome_after(history[-1], HistoryRepetition(history))


def outcome_after(position: Position, repetition: Repetition) -> Outcome | None:
    """The result the rules impose on ``position``, whose earlier occurrences ``repetition``
    describes, or None.

    In order: a side with no legal move loses (checkmate if in check, otherwise
    "stalemate", which in xiangqi is also a loss); neither side having a piece able to
    cross the river is a draw; the third occurrence of a position ends the game, lost by a
    side that gave check with every one of its moves since the first of those occurrences
    (perpetual check), else by a side that chased one same piece with every one of its moves
    (perpetual chase, ``rules.xiangqi.chase``), drawn otherwise (or when both sides checked,
    or both chased, perpetually); then 60 moves
    by each side without a capture draw. Repetition is judged before the move limit, so a
    perpetual check completed on the last move the limit allows still loses.
    """
    mover = position.side_to_move
    if not position.has_legal_move():
        termination = Termination.CHECKMATE if position.is_check() else Termination.STALEMATE
        return Outcome(termination, mover.other)
    return ending_before_move(position, repetition)


def ending_before_move(position: Position, repetition: Repetition) -> Outcome | None:
    """``outcome_after`` for a position in which a move is known to follow (a record that
    goes on): every ending except a side having no legal move."""
    if not has_attackers(position, Color.WHITE) and not has_attackers(position, Color.BLACK):
        return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
    if repetition.count >= REPETITIONS_TO_END:
        return _repetition_outcome(position, repetition)
    if position.halfmove_clock >= MOVE_LIMIT_PLIES:
        return Outcome(Termination.SIXTY_MOVES, None)
    return None


def _repetition_outcome(position: Position, repetition: Repetition) -> Outcome:
    """The third occurrence: perpetual check first, then perpetual chase (``chase``)."""
    perpetual = repetition.checkers_since(REPETITIONS_TO_END - 1)
    if len(perpetual) == 1:
        (checker,) = perpetual
        return Outcome(Termination.PERPETUAL_CHECK, checker.other)
    if not perpetual:
        assert isinstance(position, XiangqiPosition)
        chasing = chasers(position, repetition.moves_since(REPETITIONS_TO_END - 1))
        if len(chasing) == 1:
            (chaser,) = chasing
            return Outcome(Termination.PERPETUAL_CHASE, chaser.other)
    return Outcome(Termination.REPETITION, None)


def has_attackers(position: Position, color: Color) -> bool:
    """Whether ``color`` has a piece that can cross the river: chariot, horse, cannon, soldier."""
    assert isinstance(position, XiangqiPosition)
    return position.has_attacking_material(color)
