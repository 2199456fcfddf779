"""The reader's sentence for a move refused (unreadable, mistyped, illegal, ambiguous) or a
square not understood, worded from the facts its error carries: what was typed, the rules'
reason code, the suggestions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.i18n.text import Joined, Sentences, Text, TextIn
from bot.service.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    MistypedMoveError,
    UnknownSquareError,
    UnreadableMoveError,
    UserError,
    WrongNotationError,
)
from bot.service.move_hints import MoveSlip
from rules import IllegalReason

# Between listed moves: the reader's list separator (、 in Chinese and Japanese).
LIST_SEPARATOR = TextIn("list separator", ", ")


def _did_you_mean(suggestions: Sequence[str]) -> str:
    """The question naming ``suggestions``, to end a sentence (a leading space); none:
    empty."""
    if not suggestions:
        return ""
    if len(suggestions) == 1:
        return Text(" Did you mean {move}?", move=suggestions[0])
    return Text(
        " Did you mean {moves} or {last}?",
        moves=Joined(LIST_SEPARATOR, suggestions[:-1]),
        last=suggestions[-1],
    )


def did_you_mean(suggestions: Sequence[str]) -> str:
    """The question naming ``suggestions`` as a sentence of its own (none: empty), to say
    after another in ``Sentences`` (which spaces sentences as each language does)."""
    if not suggestions:
        return ""
    if len(suggestions) == 1:
        return Text("Did you mean {move}?", move=suggestions[0])
    return Text(
        "Did you mean {moves} or {move}?",
        moves=Joined(LIST_SEPARATOR, suggestions[:-1]),
        move=suggestions[-1],
    )


# Why the rules refuse a move (their stable codes), as a clause; in xiangqi and janggi the
# king is the general.
_KING = {
    IllegalReason.IN_CHECK: Text("your king is in check"),
    IllegalReason.PINNED: Text("that piece is pinned to your king"),
    IllegalReason.INTO_CHECK: Text("it would put your king in check"),
}
_GENERAL = {
    IllegalReason.IN_CHECK: Text("your general is in check"),
    IllegalReason.PINNED: Text("that piece is pinned to your general"),
    IllegalReason.INTO_CHECK: Text("it would leave your general in check"),
}
_ILLEGAL = {
    IllegalReason.NO_PIECE: Text("there is no piece on that square"),
    IllegalReason.NOT_YOUR_PIECE: Text("that piece belongs to your opponent"),
    IllegalReason.NO_SUCH_PIECE: Text("you have no piece that can make that move"),
    IllegalReason.CANNOT_REACH: Text("that piece cannot move there"),
    IllegalReason.PATH_BLOCKED: Text("the path is blocked"),
    IllegalReason.OWN_PIECE: Text("one of your own pieces is on that square"),
    IllegalReason.NO_CASTLING_RIGHTS: Text("you no longer have the right to castle on that side"),
    IllegalReason.CASTLING_BLOCKED: Text("the squares between king and rook are not empty"),
    IllegalReason.CASTLING_OUT_OF_CHECK: Text("you cannot castle out of check"),
    IllegalReason.CASTLING_THROUGH_CHECK: Text("the king would pass through an attacked square"),
    IllegalReason.BAD_PROMOTION: Text("that promotion piece is not allowed"),
    IllegalReason.MISSING_PROMOTION: Text("a pawn reaching the last rank must promote"),
    IllegalReason.GENERALS_FACE: Text("the two generals would face each other"),
    IllegalReason.GAME_OVER: Text("the game is over"),
}


def illegal_text(reason: IllegalReason, variant_name: str = "chess") -> Text:
    """Why a move is illegal, as a clause (``that piece is pinned to your king``) that the
    adapters say in the reader's language."""
    royal = _GENERAL if variant_name in ("xiangqi", "janggi") else _KING
    return royal.get(reason) or _ILLEGAL[reason]


def _unreadable(error: UnreadableMoveError) -> Text:
    return Text(
        '"{move}" is not a move.{hint}', move=error.text, hint=_did_you_mean(error.suggestions)
    )


def _wrong_notation(error: WrongNotationError) -> Text:
    if error.variant_name == "xiangqi":
        return Text(
            '"{move}" is written in chess notation: xiangqi moves are written like '
            "h2e2, C2.5 or 炮二平五.{hint}",
            move=error.text,
            hint=_did_you_mean(error.suggestions),
        )
    return Text(
        '"{move}" is written in xiangqi notation: chess moves are written like '
        "Nf3, exd5 or g1f3.{hint}",
        move=error.text,
        hint=_did_you_mean(error.suggestions),
    )


def _advice(slip: MoveSlip, instead: str) -> Text:
    """What to change in a mistyped move, as a clause."""
    return {
        MoveSlip.FIGURINE: lambda: Text(
            "write pieces as letters (K, Q, R, B, N), e.g. {move}", move=instead
        ),
        MoveSlip.PAWN_LETTER: lambda: Text(
            "write {move} without the P (a pawn move names only its square)", move=instead
        ),
        MoveSlip.MOVE_NUMBER: lambda: Text(
            "move numbers are not needed, write just {move}", move=instead
        ),
        MoveSlip.PROMOTION_FORM: lambda: Text("write a promotion as {move}", move=instead),
        MoveSlip.PROMOTION_TO_KING: lambda: Text(
            "a pawn cannot become a king; it promotes to a queen, rook, bishop or knight"
        ),
        MoveSlip.PROMOTION_TO_PAWN: lambda: Text(
            "a pawn must promote to a queen, rook, bishop or knight"
        ),
    }[slip]()


def _mistyped(error: MistypedMoveError) -> Text:
    problem = (
        # The rewrite's problem in the reader's words, as /move says it (the rules'
        # describe() is English for developers).
        Text(
            " {move} is illegal here: {reason}.",
            move=error.instead,
            reason=illegal_text(error.rewrite_problem),
        )
        if error.rewrite_problem
        else ""
    )
    return Text(
        '"{typed}": {advice}.{problem}{hint}',
        typed=error.text,
        advice=_advice(error.slip, error.instead),
        problem=problem,
        hint=_did_you_mean(error.suggestions),
    )


def _illegal(error: IllegalMoveError) -> Text:
    return Sentences(
        Text(
            "{move} is illegal: {reason}.",
            move=error.text,
            reason=illegal_text(error.reason, error.variant_name),
        ),
        did_you_mean(error.suggestions),
    )


def _ambiguous(error: AmbiguousMoveError) -> Text:
    candidates = error.candidates
    if len(candidates) > 1:
        return Text(
            "{move}: did you mean {moves} or {last}?",
            move=error.text,
            moves=Joined(LIST_SEPARATOR, candidates[:-1]),
            last=candidates[-1],
        )
    return Text("{move}: did you mean {last}?", move=error.text, last=candidates[-1])


def move_error_message(error: UserError) -> Text | None:
    """``error``'s sentence when it is a move error (the nearest of its own classes words
    it), else None."""
    for kind in type(error).__mro__:
        wording = MOVE_WORDED.get(kind)
        if wording is not None:
            return wording(error)
    return None


# Each move error and its sentence (the nearest of an error's own classes words it).
MOVE_WORDED: dict[type[UserError], Callable[[Any], Text]] = {
    UnreadableMoveError: _unreadable,
    WrongNotationError: _wrong_notation,
    MistypedMoveError: _mistyped,
    IllegalMoveError: _illegal,
    AmbiguousMoveError: _ambiguous,
    UnknownSquareError: lambda error: Text(
        '"{square}" is not a square (squares look like {example}).',
        square=error.text,
        example=error.example,
    ),
}
