"""Chess960 (Fischer random chess): chess from 960 start positions, with castling as the
Laws of Chess' Chess960 guidelines define it. See ``rules.chess960.position``."""

from __future__ import annotations

from rules.chess960.position import Chess960Position
from rules.chess960.starts import STANDARD_START, START_COUNT, back_rank, start_fen, start_number
from rules.chess960.variant import CHESS960, Chess960Variant

__all__ = [
    "CHESS960",
    "STANDARD_START",
    "START_COUNT",
    "Chess960Position",
    "Chess960Variant",
    "back_rank",
    "start_fen",
    "start_number",
]
