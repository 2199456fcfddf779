"""Chess under the FIDE Laws: positions, moves, notation, FEN, endings and PGN."""

from __future__ import annotations

from rules.chess.fen import START_FEN
from rules.chess.position import ChessPosition
from rules.chess.variant import CHESS, ChessVariant

__all__ = ["CHESS", "START_FEN", "ChessPosition", "ChessVariant"]
