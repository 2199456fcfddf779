"""What one board image shows: the resolved arguments of a render."""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.coordinates import Coordinates
from bot.render.piece_sets import PieceSet
from bot.render.themes import Theme
from rules import Color, Position, Square


@dataclass(frozen=True, slots=True)
class Scene:
    """A position seen from ``orientation``, with its highlights, at a size in a theme.

    ``selected``: the square of the piece whose moves ``marks`` shows (``/moves``).
    ``preview``: ``last_move`` is a move not yet played, marked as such.
    """

    position: Position
    orientation: Color
    last_move: tuple[Square, Square] | None
    check: Square | None
    marks: frozenset[Square]
    coordinates: Coordinates
    size: int
    theme: Theme
    pieces: PieceSet
    selected: Square | None = None
    preview: bool = False
