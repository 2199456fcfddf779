"""The rules engine's reason codes in the reader's language: why a move is illegal
(``IllegalReason``) and why a start position is refused (``FenProblem``, the service's
``StartProblem``), with the facts each names. Used by both adapters' text layers."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.engine.api import UnavailableReason
from bot.i18n import _, pgettext
from bot.i18n.text import say
from bot.service.analysis import NoEngineError
from bot.service.computer import ComputerUnavailableError
from bot.service.errors import (
    InvalidPositionError,
    StartProblem,
    UserError,
)
from bot.text.move_errors import illegal_text
from bot.text.words import engine_unavailable
from rules import FenProblem, IllegalReason


def illegal_reason(reason: IllegalReason, variant_name: str = "chess") -> str:
    """Why a move is illegal, as a clause (``that piece is pinned to your king``); in
    xiangqi the king is the general."""
    return say(illegal_text(reason, variant_name))


def _side(name: object) -> str:
    """A side as the subject of a sentence (``white``, ``red``, janggi's ``cho``): in French
    ``les blancs``."""
    return {
        "white": lambda: pgettext("side", "white"),
        "black": lambda: pgettext("side", "black"),
        "red": lambda: pgettext("side", "red"),
        # Janggi's sides are named, not coloured: 초/楚 (Cho) and 한/漢 (Han).
        "cho": lambda: pgettext("side", "Cho"),
        "han": lambda: pgettext("side", "Han"),
    }[str(name)]()


def _colour(name: object) -> str:
    """A side's colour describing a piece (``a red advisor``): in French ``rouge``."""
    return {
        "white": lambda: pgettext("piece colour", "white"),
        "black": lambda: pgettext("piece colour", "black"),
        "red": lambda: pgettext("piece colour", "red"),
        "cho": lambda: pgettext("piece colour", "Cho"),
        "han": lambda: pgettext("piece colour", "Han"),
    }[str(name)]()


_PIECES = {
    "general": lambda: pgettext("pieces", "generals"),
    "advisor": lambda: pgettext("pieces", "advisors"),
    "elephant": lambda: pgettext("pieces", "elephants"),
    "horse": lambda: pgettext("pieces", "horses"),
    "chariot": lambda: pgettext("pieces", "chariots"),
    "cannon": lambda: pgettext("pieces", "cannons"),
    "soldier": lambda: pgettext("pieces", "soldiers"),
}


def _counter(field: object, found: object, minimum: object) -> str:
    if field == "halfmove clock":
        return _("the halfmove clock must be a whole number of at least {minimum}, not {found}")
    return _("the move number must be a whole number of at least {minimum}, not {found}")


def _out_of_range(field: object) -> str:
    if field == "halfmove clock":
        return _("the halfmove clock {found} is out of range")
    return _("the move number {found} is out of range")


def _must_be_empty(field: object) -> str:
    if field == "castling":
        return _("xiangqi has no castling: that field must be -")
    return _("xiangqi has no en passant: that field must be -")


_FEN: dict[FenProblem, Callable[[Mapping[str, str | int]], str]] = {
    FenProblem.NOT_TEXT: lambda d: _("a FEN must be text"),
    FenProblem.EMPTY: lambda d: _("the FEN is empty"),
    FenProblem.FIELD_COUNT: lambda d: _(
        "a FEN has {minimum} to {maximum} fields separated by spaces; this one has {found}"
    ),
    FenProblem.SIDE_TO_MOVE: lambda d: _("the side to move must be w or b, not {found}"),
    FenProblem.FIELD_MUST_BE_EMPTY: lambda d: _must_be_empty(d.get("field")),
    FenProblem.RANK_COUNT: lambda d: _(
        "the board needs {expected} ranks separated by /, not {found}"
    ),
    FenProblem.BAD_CHARACTER: lambda d: _("{character} (rank {rank}) is not a piece letter"),
    FenProblem.RANK_LENGTH: lambda d: _("rank {rank} has {found} files instead of {expected}"),
    FenProblem.PAWN_ON_BACK_RANK: lambda d: _("a pawn stands on {square}, a first or last rank"),
    FenProblem.KING_COUNT: lambda d: _(
        "each side needs exactly one king (white has {white}, black has {black})"
    ),
    FenProblem.NO_GENERAL: lambda d: _("{side} has no general"),
    FenProblem.BAD_CASTLING_FIELD: lambda d: _("the castling field {found} is not valid"),
    FenProblem.CASTLING_WITHOUT_PIECES: lambda d: _(
        "castling right {right} needs the king on {king_square} and a rook on {rook_square}"
    ),
    FenProblem.BAD_EN_PASSANT_SQUARE: lambda d: _("the en passant field {found} is not a square"),
    FenProblem.EN_PASSANT_WITHOUT_DOUBLE_STEP: lambda d: _(
        "the en passant square {square} does not follow a pawn's double step"
    ),
    FenProblem.BAD_COUNTER: lambda d: _counter(d.get("field"), d.get("found"), d.get("minimum")),
    FenProblem.COUNTER_OUT_OF_RANGE: lambda d: _out_of_range(d.get("field")),
    FenProblem.GENERAL_OUTSIDE_PALACE: lambda d: _(
        "the {colour} general on {square} is outside its palace"
    ),
    FenProblem.ADVISOR_OFF_POINT: lambda d: _("a {colour} advisor cannot stand on {square}"),
    FenProblem.ELEPHANT_OFF_POINT: lambda d: _("a {colour} elephant cannot stand on {square}"),
    FenProblem.SOLDIER_BEHIND_START: lambda d: _(
        "a {colour} soldier cannot stand on {square}, behind its starting rank"
    ),
    FenProblem.SOLDIER_OFF_FILE: lambda d: _(
        "a {colour} soldier cannot stand on {square}: it has not crossed the river, so it "
        "cannot have left its file"
    ),
    FenProblem.TOO_MANY_PIECES: lambda d: _("{side} has {found} {pieces}; at most {limit}"),
    FenProblem.GENERALS_FACE: lambda d: _("the two generals face each other on an open file"),
    FenProblem.OPPONENT_IN_CHECK: lambda d: _("{side} is in check, but it is {to_move} to move"),
}
_START: dict[StartProblem, Callable[[Mapping[str, str | int]], str]] = {
    StartProblem.TOO_LONG: lambda d: _("the FEN is far too long (at most {limit} characters)"),
    StartProblem.ALREADY_OVER: lambda d: _("the game would already be over"),
}


def position_problem(problem: FenProblem | StartProblem, details: Mapping[str, str | int]) -> str:
    """Why a start position is refused, as a clause naming its facts (``a red advisor
    cannot stand on e2``)."""
    if isinstance(problem, StartProblem):
        template = _START[problem](details)
    else:
        template = _FEN[problem](details)
    facts: dict[str, object] = dict(details)
    if "side" in details:
        facts["colour"] = _colour(details["side"])
        facts["side"] = _side(details["side"])
    if "to_move" in details:
        facts["to_move"] = _side(details["to_move"])
    if "piece" in details:
        facts["pieces"] = _PIECES[str(details["piece"])]()
    return template.format(**facts)


def refusal(error: UserError) -> str | None:
    """The reader's sentence for a refusal the rules explained with a code (a start position
    refused) or a computer or an analysis whose engine is missing, or None for any other
    error (an illegal move says itself: its ``Text`` names the reason's)."""
    if isinstance(error, ComputerUnavailableError):
        return engine_unavailable(error.variant, error.reason or UnavailableReason.MISSING)
    if isinstance(error, NoEngineError):
        return engine_unavailable(error.variant, error.reason, analyse=True)
    if isinstance(error, InvalidPositionError):
        reason = position_problem(error.problem, error.details)
        return _("That start position is not valid: {reason}.").format(reason=reason)
    return None
