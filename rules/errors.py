"""The errors the rules engine raises; all are ``ValueError`` subclasses.

Messages are short and precise (they quote the input and the position); the bot turns the
structured fields into friendly sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.core import Move


class RulesError(ValueError):
    """Base class of every error the rules engine raises."""


class InvalidFenError(RulesError):
    """A FEN string that does not describe a valid position; ``reason`` says why."""

    def __init__(self, fen: str, reason: str) -> None:
        super().__init__(f"invalid FEN {fen!r}: {reason}")
        self.fen = fen
        self.reason = reason


class InvalidMoveError(RulesError):
    """Text that is not a move in any accepted notation (``"Nf9"``)."""

    def __init__(self, text: str, reason: str = "not a move") -> None:
        super().__init__(f"invalid move {text!r}: {reason}")
        self.text = text
        self.reason = reason


class IllegalReason(Enum):
    """Why a well-formed move cannot be played in a position."""

    NO_PIECE = "there is no piece on that square"
    NOT_YOUR_PIECE = "that piece belongs to your opponent"
    NO_SUCH_PIECE = "you have no piece that can make that move"
    CANNOT_REACH = "that piece cannot move there"
    BLOCKED = "the path is blocked"
    OWN_PIECE = "one of your own pieces is on that square"
    IN_CHECK = "your king is in check"
    PINNED = "that piece is pinned to your king"
    INTO_CHECK = "it would put your king in check"
    NO_CASTLING_RIGHTS = "you no longer have the right to castle on that side"
    CASTLING_BLOCKED = "the squares between king and rook are not empty"
    CASTLING_OUT_OF_CHECK = "you cannot castle out of check"
    CASTLING_THROUGH_CHECK = "the king would pass through an attacked square"
    BAD_PROMOTION = "that promotion piece is not allowed"
    MISSING_PROMOTION = "a pawn reaching the last rank must promote"
    GENERALS_FACE = "the two generals would face each other"
    GAME_OVER = "the game is over"


class IllegalMoveError(RulesError):
    """A well-formed move that is not legal here.

    ``reason`` explains why, ``in_check`` says whether the mover's king is in check, and
    ``move`` is the parsed move when the text named one square-to-square move.
    """

    def __init__(
        self,
        text: str,
        fen: str,
        reason: IllegalReason,
        *,
        in_check: bool = False,
        move: Move | None = None,
    ) -> None:
        super().__init__(f"illegal move {text!r} in {fen}: {reason.value}")
        self.text = text
        self.fen = fen
        self.reason = reason
        self.in_check = in_check
        self.move = move


class AmbiguousMoveError(RulesError):
    """Text that names more than one legal move; ``candidates`` lists them (in notation too)."""

    def __init__(
        self, text: str, fen: str, candidates: Sequence[Move], candidate_names: Sequence[str]
    ) -> None:
        names = " or ".join(candidate_names)
        super().__init__(f"ambiguous move {text!r} in {fen}: {names}")
        self.text = text
        self.fen = fen
        self.candidates = tuple(candidates)
        self.candidate_names = tuple(candidate_names)


class InvalidRecordError(RulesError):
    """A game record (PGN) that cannot be read.

    ``ply`` and ``move`` name the bad move; ``game`` (counted from 1) and ``line`` say where
    in a file of several games it stands, when known.
    """

    def __init__(
        self,
        reason: str,
        *,
        ply: int | None = None,
        move: str | None = None,
        game: int | None = None,
        line: int | None = None,
    ) -> None:
        place = ", ".join(
            f"{name} {value}" for name, value in (("game", game), ("line", line)) if value
        )
        where = f" ({place})" if place else ""
        where += f" at ply {ply} ({move!r})" if ply is not None else ""
        super().__init__(f"invalid game record{where}: {reason}")
        self.reason = reason
        self.ply = ply
        self.move = move
        self.game = game
        self.line = line
