"""Reading a typed move in a position: the move, the promotions to choose from, or the
``UserError`` that says what was wrong with suggestions (shared by ``/move`` and a
conditional line)."""

from __future__ import annotations

from functools import partial

import rules
from bot.service.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    MistypedMoveError,
    UnreadableMoveError,
    WrongNotationError,
)
from bot.service.move_hints import MoveHint, hint_for
from bot.service.notation import ChessMove, MoveNamer, move_name
from bot.service.reading import piece_letters
from bot.service.suggestions import moves_of_kind, moves_of_piece, near_misses
from rules import IllegalReason, Move
from rules.notations import parse_move as parse_any
from rules.xiangqi.position import XiangqiPosition


def parse_move(
    position: rules.Position, typed: str, name: MoveNamer | None = None
) -> Move | list[Move]:
    """The move ``typed`` names, or the promotion moves to choose from when it names a
    pawn reaching the last rank without a piece. Raises the move ``UserError``s, their
    suggestions and choices named by ``name`` (SAN by default)."""
    name = name or partial(move_name, position)
    try:
        return parse_any(position, typed, piece_letters())
    except rules.AmbiguousMoveError as error:
        raise AmbiguousMoveError(typed, [name(m) for m in error.candidates]) from error
    except rules.IllegalMoveError as error:
        if error.reason is IllegalReason.MISSING_PROMOTION:
            choices = _promotions(position, error.move)
            if choices:
                return choices
        suggestions = moves_of_piece(position, error.move, name) if error.move else []
        suggestions = suggestions or near_misses(typed, position, name)
        suggestions = suggestions or moves_of_kind(typed, position, name)
        raise IllegalMoveError(
            typed, error.reason, suggestions, variant_name=position.variant.name
        ) from error
    except rules.InvalidMoveError as error:
        hint = hint_for(typed, position.variant.name)
        if hint is not None:
            raise _mistyped(position, typed, hint, name) from error
        suggestions = near_misses(typed, position, name)
        if error.written_for is not None:
            variant = position.variant.name
            raise WrongNotationError(typed, variant, suggestions) from error
        raise UnreadableMoveError(typed, suggestions) from error


def _mistyped(
    position: rules.Position, typed: str, hint: MoveHint, name: MoveNamer
) -> MistypedMoveError:
    """What to change in ``typed``, with the moves the rewrite leads to (named by ``name``):
    itself when it is legal, the promotion choices, or the suggestions for an illegal move
    and why it is."""
    instead, problem = hint.instead, None
    chess = not isinstance(position, XiangqiPosition)
    if chess:  # a French player's rewrite (1. Rf1 → Rf1, the roi) read in their letters
        instead = piece_letters().to_english(instead)
    try:
        suggestions = [name(position.parse_move(instead))]
    except rules.AmbiguousMoveError as error:
        suggestions = [name(move) for move in error.candidates]
    except rules.IllegalMoveError as error:
        if error.reason is IllegalReason.MISSING_PROMOTION and error.move is not None:
            suggestions = [name(move) for move in _promotions(position, error.move)]
        else:
            problem = error.reason
            suggestions = moves_of_piece(position, error.move, name) if error.move else []
            suggestions = suggestions or moves_of_kind(instead, position, name)
    except rules.InvalidMoveError:
        suggestions = near_misses(instead, position, name)
    # The rewrite in the reader's piece letters too (« écrivez seulement Cf3 »).
    shown = ChessMove(instead) if chess else instead
    return MistypedMoveError(typed, hint.slip, shown, suggestions, problem)


def _promotions(position: rules.Position, move: Move | None) -> list[Move]:
    if move is None:
        return []
    found = [
        m
        for m in position.legal_moves()
        if m.from_square == move.from_square and m.to_square == move.to_square and m.promotion
    ]
    order = "qrbn"
    found.sort(key=lambda m: order.find(m.promotion or "") % 10)
    return found
