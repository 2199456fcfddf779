"""Postal's rules engine for chess, xiangqi, Chess960 and janggi: pure Python, no
third-party imports, no I/O but reading its own data (the chess opening names,
``rules.chess.openings``).

Start with ``get_variant("chess")`` (or "xiangqi", "chess960", "janggi"); see ``Game`` for
records.
"""

from __future__ import annotations

from rules.core import (
    Color,
    Move,
    Outcome,
    Piece,
    PieceLetters,
    Position,
    Square,
    Termination,
    Variant,
)
from rules.errors import (
    AmbiguousMoveError,
    FenProblem,
    IllegalMoveError,
    IllegalReason,
    InvalidFenError,
    InvalidMoveError,
    InvalidRecordError,
    RulesError,
)
from rules.game import Game
from rules.pgn import Annotations

# The games the bot offers (its ``game`` option); ``get_variant`` knows every name of
# ``KNOWN_VARIANT_NAMES`` (the rules CLI offers them all).
VARIANT_NAMES = ("chess", "xiangqi", "chess960", "janggi")
KNOWN_VARIANT_NAMES = VARIANT_NAMES
# The variants played on a chess board with chess pieces and chess notation (SAN, UCI, PGN):
# what the board, the menus, records and engines share; the start and castling may differ.
CHESS_FAMILY = ("chess", "chess960")


def is_chess_family(name: str) -> bool:
    """Whether the variant called ``name`` is chess or one of its start-position variants."""
    return name in CHESS_FAMILY


def get_variant(name: str) -> Variant:
    """The variant called ``name`` ("chess", "xiangqi", "chess960" or "janggi"). Raises
    ValueError for others."""
    if name == "chess":
        from rules.chess import CHESS

        return CHESS
    if name == "xiangqi":
        from rules.xiangqi import XIANGQI

        return XIANGQI
    if name == "chess960":
        from rules.chess960 import CHESS960

        return CHESS960
    if name == "janggi":
        from rules.janggi import JANGGI

        return JANGGI
    known = ", ".join(KNOWN_VARIANT_NAMES)
    raise ValueError(f"unknown variant {name!r}: expected one of {known}")


__all__ = [
    "CHESS_FAMILY",
    "KNOWN_VARIANT_NAMES",
    "VARIANT_NAMES",
    "AmbiguousMoveError",
    "Annotations",
    "Color",
    "FenProblem",
    "Game",
    "IllegalMoveError",
    "IllegalReason",
    "InvalidFenError",
    "InvalidMoveError",
    "InvalidRecordError",
    "Move",
    "Outcome",
    "Piece",
    "PieceLetters",
    "Position",
    "RulesError",
    "Square",
    "Termination",
    "Variant",
    "get_variant",
    "is_chess_family",
]
