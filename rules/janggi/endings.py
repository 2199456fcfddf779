"""How a janggi game ends by rule, as Fairy-Stockfish's ``janggi`` variant ends it (the
package docstring gives the choices and their sources)."""

from __future__ import annotations

from rules.core import Color, Outcome, Position, Repetition, Termination
from rules.janggi.position import JanggiPosition

REPETITIONS_TO_END = 3
# Fairy-Stockfish's n-move rule for janggi (its default of 50 moves a side): 100 plies
# without a capture end the game, decided by counting.
MOVE_LIMIT_PLIES = 100


def outcome_after(position: Position, repetition: Repetition) -> Outcome | None:
    """The result the rules impose on ``position``, whose earlier occurrences ``repetition``
    describes, or None.

    In order: a pass answered by a pass, or a pass while the generals face each other
    (bikjang), ends the game by counting; a side with no legal move loses (checkmate; out of
    check a side can always pass); 100 plies without a capture end it by counting; the
    third occurrence of a position is lost by a side that gave check with every one of its
    moves since the first (perpetual check) and otherwise decided by counting.
    """
    assert isinstance(position, JanggiPosition)
    ended = _immediate_ending(position)
    if ended is not None:
        return ended
    if not position.has_legal_move():
        termination = Termination.CHECKMATE if position.is_check() else Termination.STALEMATE
        return Outcome(termination, position.side_to_move.other)
    return _optional_ending(position, repetition)


def ending_before_move(position: Position, repetition: Repetition) -> Outcome | None:
    """``outcome_after`` for a position in which a move is known to follow (a record that
    goes on): every ending except a side having no legal move."""
    assert isinstance(position, JanggiPosition)
    return _immediate_ending(position) or _optional_ending(position, repetition)


def counted_winner(position: JanggiPosition) -> Color:
    """Who wins by counting: the side with more points, Han's 1.5 included (no tie)."""
    cho, han = position.points(Color.WHITE), position.points(Color.BLACK)
    return Color.WHITE if cho > han else Color.BLACK


def counted(termination: Termination, position: JanggiPosition) -> Outcome:
    """The ending ``termination`` decided by counting ``position``: its winner and both
    sides' points (Cho's, Han's), which the bot shows."""
    points = (position.points(Color.WHITE), position.points(Color.BLACK))
    return Outcome(termination, counted_winner(position), points)


def _immediate_ending(position: JanggiPosition) -> Outcome | None:
    if not position.has_ended_by_passing():
        return None
    termination = Termination.DOUBLE_PASS if position.passes >= 2 else Termination.BIKJANG
    return counted(termination, position)


def _optional_ending(position: JanggiPosition, repetition: Repetition) -> Outcome | None:
    if position.halfmove_clock >= MOVE_LIMIT_PLIES:
        return counted(Termination.MOVE_LIMIT, position)
    if repetition.count >= REPETITIONS_TO_END:
        perpetual = repetition.checkers_since(REPETITIONS_TO_END - 1)
        if len(perpetual) == 1:
            (checker,) = perpetual
            return Outcome(Termination.PERPETUAL_CHECK, checker.other)
        return counted(Termination.REPETITION, position)
    return None


def has_mating_material(position: Position, color: Color) -> bool:
    """Whether ``color`` has a piece that can leave its palace (all but general and guards)."""
    assert isinstance(position, JanggiPosition)
    sign = 1 if color is Color.WHITE else -1
    return any(code * sign > 2 for code in position.board)
