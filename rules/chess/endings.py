"""How chess games end by rule: mate, stalemate, dead material, repetition, move counts.

Automatic endings (checkmate, stalemate, insufficient material, fivefold repetition, the
75-move rule) are kept apart from draws a player must claim (threefold, 50 moves), because in
correspondence play a claim is a deliberate act.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.chess.geometry import is_light
from rules.chess.position import EMPTY, ChessPosition
from rules.core import Color, Outcome, Position, Repetition, Termination
from rules.repetition import HistoryRepetition


def is_insufficient_material(position: ChessPosition) -> bool:
    """Neither side can ever mate: K v K, K+minor v K, or only kings and bishops all on one
    colour of square (any number, either side)."""
    return has_insufficient_material(position, Color.WHITE) and has_insufficient_material(
        position, Color.BLACK
    )


def has_insufficient_material(position: ChessPosition, color: Color) -> bool:
    """Whether ``color`` cannot mate by any series of legal moves, even with help.

    This is the test for a flag fall: the opponent's pieces count, since they could block
    their own king (a lone knight mates a king hemmed in by its own pawns).
    """
    board = position.board
    mine = "PNBRQ" if color is Color.WHITE else "pnbrq"
    theirs = "pnbrq" if color is Color.WHITE else "PNBRQ"
    my_pieces = [(sq, p.lower()) for sq, p in enumerate(board) if p in mine]
    their_pieces = [(sq, p.lower()) for sq, p in enumerate(board) if p in theirs]
    if any(kind in "prq" for _, kind in my_pieces):
        return False
    if not my_pieces:
        return True
    kinds = [kind for _, kind in my_pieces]
    if "n" in kinds:
        # One knight alone, against a king with at most queens (which cannot be used to block).
        return len(kinds) == 1 and all(kind == "q" for _, kind in their_pieces)
    # Only bishops: insufficient when all bishops on the board share a colour and the opponent
    # has nothing else that could block (pawns or knights).
    bishops = [sq for sq, p in enumerate(board) if p in "Bb"]
    one_colour = len({is_light(sq) for sq in bishops}) == 1
    return one_colour and not any(kind in "pn" for _, kind in their_pieces)


def is_dead_position(position: ChessPosition) -> bool:
    """The automatic draw: only kings, plus minor pieces that cannot mate."""
    board = position.board
    if "P" in board or "p" in board or "R" in board or "r" in board or "Q" in board or "q" in board:
        return False  # the common case, answered without building lists
    pieces = [(sq, p.lower()) for sq, p in enumerate(position.board) if p != EMPTY]
    others = [(sq, kind) for sq, kind in pieces if kind != "k"]
    if not others:
        return True
    if len(others) == 1 and others[0][1] in "nb":
        return True
    if all(kind == "b" for _, kind in others):
        return len({is_light(sq) for sq, _ in others}) == 1
    return False


def repetitions(history: Sequence[Position]) -> int:
    """How many times the current position has occurred, counting the current one."""
    return HistoryRepetition(history).count


def outcome(history: Sequence[Position]) -> Outcome | None:
    """The automatic ending of the last position of ``history``, or None."""
    return outcome_after(history[-1], HistoryRepetition(history))


def claimable_draws(history: Sequence[Position]) -> tuple[Termination, ...]:
    """The draws the side to move may claim in the last position of ``history``."""
    return claims_after(history[-1], HistoryRepetition(history))


def outcome_after(position: Position, repetition: Repetition) -> Outcome | None:
    """The automatic ending of ``position``, whose earlier occurrences ``repetition`` counts."""
    assert isinstance(position, ChessPosition)
    if not position.has_legal_move():
        if position.is_check():
            return Outcome(Termination.CHECKMATE, position.side_to_move.other)
        return Outcome(Termination.STALEMATE, None)
    if is_dead_position(position):
        return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
    if position.halfmove_clock >= 150:
        return Outcome(Termination.SEVENTYFIVE_MOVES, None)
    if position.halfmove_clock >= 16 and repetition.count >= 5:
        return Outcome(Termination.FIVEFOLD_REPETITION, None)
    return None


def ending_before_move(position: Position, repetition: Repetition) -> Outcome | None:
    """``outcome_after`` for a position in which a move is known to follow (a record that goes
    on): the side to move has a legal move, so only the draws by rule remain to test (a dead
    position, 75 moves, fivefold repetition), and the legal moves are never generated."""
    assert isinstance(position, ChessPosition)
    clock = position.halfmove_clock
    if clock == 0 and is_dead_position(position):
        return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
    if clock >= 150:
        return Outcome(Termination.SEVENTYFIVE_MOVES, None)
    if clock >= 16 and repetition.count >= 5:
        return Outcome(Termination.FIVEFOLD_REPETITION, None)
    return None


def claims_after(position: Position, repetition: Repetition) -> tuple[Termination, ...]:
    """The draws the side to move may claim in ``position`` (threefold, fifty moves)."""
    claims = []
    if position.halfmove_clock >= 8 and repetition.count >= 3:
        claims.append(Termination.THREEFOLD_REPETITION)
    if position.halfmove_clock >= 100:
        claims.append(Termination.FIFTY_MOVES)
    return tuple(claims)
