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


class FenProblem(Enum):
    """Why a FEN does not describe a valid position: a stable code the bot words in each
    reader's language. ``InvalidFenError.details`` holds the facts each code's sentence
    names (the field, square, colour, counts …), as listed beside each member."""

    NOT_TEXT = "NOT_TEXT"
    EMPTY = "EMPTY"
    FIELD_COUNT = "FIELD_COUNT"  # details: minimum, maximum, found
    SIDE_TO_MOVE = "SIDE_TO_MOVE"  # details: found
    FIELD_MUST_BE_EMPTY = "FIELD_MUST_BE_EMPTY"  # details: field ("castling", "en passant")
    RANK_COUNT = "RANK_COUNT"  # details: expected, found
    BAD_CHARACTER = "BAD_CHARACTER"  # details: character, rank
    RANK_LENGTH = "RANK_LENGTH"  # details: rank, found, expected
    PAWN_ON_BACK_RANK = "PAWN_ON_BACK_RANK"  # details: square
    KING_COUNT = "KING_COUNT"  # details: white, black (how many kings each side has)
    NO_GENERAL = "NO_GENERAL"  # details: side
    BAD_CASTLING_FIELD = "BAD_CASTLING_FIELD"  # details: found
    # details: right (K, Q, k or q), king_square, rook_square
    CASTLING_WITHOUT_PIECES = "CASTLING_WITHOUT_PIECES"
    BAD_EN_PASSANT_SQUARE = "BAD_EN_PASSANT_SQUARE"  # details: found
    EN_PASSANT_WITHOUT_DOUBLE_STEP = "EN_PASSANT_WITHOUT_DOUBLE_STEP"  # details: square
    # details: field ("halfmove clock", "fullmove number" or "move number"), found, minimum
    BAD_COUNTER = "BAD_COUNTER"
    COUNTER_OUT_OF_RANGE = "COUNTER_OUT_OF_RANGE"  # details: field, found
    GENERAL_OUTSIDE_PALACE = "GENERAL_OUTSIDE_PALACE"  # details: side, square
    ADVISOR_OFF_POINT = "ADVISOR_OFF_POINT"  # details: side, square
    ELEPHANT_OFF_POINT = "ELEPHANT_OFF_POINT"  # details: side, square
    SOLDIER_BEHIND_START = "SOLDIER_BEHIND_START"  # details: side, square
    SOLDIER_OFF_FILE = "SOLDIER_OFF_FILE"  # details: side, square
    TOO_MANY_PIECES = "TOO_MANY_PIECES"  # details: side, piece, found, limit
    GENERALS_FACE = "GENERALS_FACE"
    OPPONENT_IN_CHECK = "OPPONENT_IN_CHECK"  # details: side (in check), to_move


# For developers (the rules CLI, logs, exception text); the bot words the codes itself.
_FEN_TEXT = {
    FenProblem.NOT_TEXT: "a FEN must be text",
    FenProblem.EMPTY: "empty FEN",
    FenProblem.FIELD_COUNT: "expected {minimum} to {maximum} fields, found {found}",
    FenProblem.SIDE_TO_MOVE: "side to move must be 'w' or 'b', not {found!r}",
    FenProblem.FIELD_MUST_BE_EMPTY: "xiangqi has no {field}: that field must be '-'",
    FenProblem.RANK_COUNT: "expected {expected} ranks separated by '/', found {found}",
    FenProblem.BAD_CHARACTER: "unexpected character {character!r} in rank {rank}: "
    "not a piece letter",
    FenProblem.RANK_LENGTH: "rank {rank} has {found} files, not {expected} files",
    FenProblem.PAWN_ON_BACK_RANK: "pawn on {square}, a first or last rank",
    FenProblem.KING_COUNT: "need exactly one king per side, found {white} white and {black} black",
    FenProblem.NO_GENERAL: "{side} has no general",
    FenProblem.BAD_CASTLING_FIELD: "bad castling field {found!r}",
    FenProblem.CASTLING_WITHOUT_PIECES: "castling right {right!r} needs the king on "
    "{king_square} and a rook on {rook_square}",
    FenProblem.BAD_EN_PASSANT_SQUARE: "{found!r} is not a square",
    FenProblem.EN_PASSANT_WITHOUT_DOUBLE_STEP: "en passant square {square} does not follow "
    "a double pawn step",
    FenProblem.BAD_COUNTER: "{field} must be a whole number >= {minimum}, not {found!r}",
    FenProblem.COUNTER_OUT_OF_RANGE: "{field} {found} is out of range",
    FenProblem.GENERAL_OUTSIDE_PALACE: "the {side} general on {square} is outside its palace",
    FenProblem.ADVISOR_OFF_POINT: "a {side} advisor cannot stand on {square}",
    FenProblem.ELEPHANT_OFF_POINT: "a {side} elephant cannot stand on {square}",
    FenProblem.SOLDIER_BEHIND_START: "a {side} soldier cannot stand on {square}, behind its "
    "start rank",
    FenProblem.SOLDIER_OFF_FILE: "a {side} soldier cannot stand on {square}: it has not "
    "crossed the river, so it cannot have left its starting file",
    FenProblem.TOO_MANY_PIECES: "{side} has {found} {piece}s (at most {limit})",
    FenProblem.GENERALS_FACE: "the generals face each other on an open file",
    FenProblem.OPPONENT_IN_CHECK: "{side} is in check but it is {to_move} to move",
}


class InvalidFenError(RulesError):
    """A FEN string that does not describe a valid position. ``problem`` is the stable code
    of why, ``details`` the facts it names (see ``FenProblem``), ``reason`` the same in
    English for developers."""

    def __init__(self, fen: str, problem: FenProblem, **details: str | int) -> None:
        reason = _FEN_TEXT[problem].format(**details)
        super().__init__(f"invalid FEN {fen!r}: {reason}")
        self.fen = fen
        self.problem = problem
        self.details: dict[str, str | int] = details
        self.reason = reason


class InvalidMoveError(RulesError):
    """Text that is not a move in any notation this game accepts (``"Nf9"``).
    ``written_for`` names the other game whose notation the text is written in (``"chess"``
    for ``e4`` typed in xiangqi), or is None."""

    def __init__(
        self, text: str, reason: str = "not a move", *, written_for: str | None = None
    ) -> None:
        if written_for is not None:
            reason = f"{reason}: that is {written_for} notation"
        super().__init__(f"invalid move {text!r}: {reason}")
        self.text = text
        self.reason = reason
        self.written_for = written_for


class IllegalReason(Enum):
    """Why a well-formed move cannot be played in a position: a stable code the bot words
    in each reader's language (never match the English text below)."""

    NO_PIECE = "NO_PIECE"
    NOT_YOUR_PIECE = "NOT_YOUR_PIECE"
    NO_SUCH_PIECE = "NO_SUCH_PIECE"
    CANNOT_REACH = "CANNOT_REACH"
    PATH_BLOCKED = "PATH_BLOCKED"
    OWN_PIECE = "OWN_PIECE"
    IN_CHECK = "IN_CHECK"
    PINNED = "PINNED"
    INTO_CHECK = "INTO_CHECK"
    NO_CASTLING_RIGHTS = "NO_CASTLING_RIGHTS"
    CASTLING_BLOCKED = "CASTLING_BLOCKED"
    CASTLING_OUT_OF_CHECK = "CASTLING_OUT_OF_CHECK"
    CASTLING_THROUGH_CHECK = "CASTLING_THROUGH_CHECK"
    BAD_PROMOTION = "BAD_PROMOTION"
    MISSING_PROMOTION = "MISSING_PROMOTION"
    GENERALS_FACE = "GENERALS_FACE"
    GAME_OVER = "GAME_OVER"


# For developers (the rules CLI, logs, exception text); the bot words the codes itself.
_ILLEGAL_TEXT = {
    IllegalReason.NO_PIECE: "there is no piece on that square",
    IllegalReason.NOT_YOUR_PIECE: "that piece belongs to your opponent",
    IllegalReason.NO_SUCH_PIECE: "you have no piece that can make that move",
    IllegalReason.CANNOT_REACH: "that piece cannot move there",
    IllegalReason.PATH_BLOCKED: "the path is blocked",
    IllegalReason.OWN_PIECE: "one of your own pieces is on that square",
    IllegalReason.IN_CHECK: "your king is in check",
    IllegalReason.PINNED: "that piece is pinned to your king",
    IllegalReason.INTO_CHECK: "it would put your king in check",
    IllegalReason.NO_CASTLING_RIGHTS: "you no longer have the right to castle on that side",
    IllegalReason.CASTLING_BLOCKED: "the squares between king and rook are not empty",
    IllegalReason.CASTLING_OUT_OF_CHECK: "you cannot castle out of check",
    IllegalReason.CASTLING_THROUGH_CHECK: "the king would pass through an attacked square",
    IllegalReason.BAD_PROMOTION: "that promotion piece is not allowed",
    IllegalReason.MISSING_PROMOTION: "a pawn reaching the last rank must promote",
    IllegalReason.GENERALS_FACE: "the two generals would face each other",
    IllegalReason.GAME_OVER: "the game is over",
}


def describe(reason: IllegalReason) -> str:
    """``reason`` in English, for developers (the bot has its own words for each code)."""
    return _ILLEGAL_TEXT[reason]


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
        super().__init__(f"illegal move {text!r} in {fen}: {describe(reason)}")
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
