"""A board with arrows drawn over it, as lichess shows a critical moment: the move played
and the engine's better move, each an arrow from its piece to where it went."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from PIL import Image, ImageDraw

from bot.render import PNG_COMPRESSION, chess_board, draw_board, xiangqi_board
from bot.render.choice import board_kind
from bot.render.coordinates import Coordinates
from bot.render.piece_sets import PieceSet
from bot.render.themes import Theme
from rules import Color, Position, Square

SCALE = 2  # drawn twice as large, then reduced: smooth edges


class ArrowKind(Enum):
    """Lichess's arrow colours: red for the move played (a mistake), green for the best."""

    PLAYED = (200, 40, 40, 190)
    BEST = (21, 120, 27, 190)


@dataclass(frozen=True, slots=True)
class Arrow:
    from_square: Square
    to_square: Square
    kind: ArrowKind


def square_centre(
    position: Position,
    square: Square,
    orientation: Color,
    size: int,
    coordinates: Coordinates | bool = True,
) -> tuple[float, float]:
    """The pixel at the middle of ``square`` (chess) or on its point (xiangqi, janggi) in a
    board ``render_board`` draws with these arguments and no strip."""
    if board_kind(position.variant.name) != "chess":
        x, y = xiangqi_board.Layout.of(size, coordinates).point(square, orientation)
        return float(x), float(y)
    layout = chess_board.Layout.of(size, coordinates)
    left, top = layout.corner(square, orientation)
    return left + layout.square / 2, top + layout.square / 2


def cell_size(position: Position, size: int, coordinates: Coordinates | bool = True) -> int:
    """The distance between two neighbouring squares' centres (points in xiangqi, janggi)."""
    if board_kind(position.variant.name) != "chess":
        return xiangqi_board.Layout.of(size, coordinates).cell
    return chess_board.Layout.of(size, coordinates).square


def render_arrows(
    position: Position,
    arrows: Sequence[Arrow],
    *,
    orientation: Color | None = None,
    size: int = 512,
    theme: Theme | str | None = None,
    pieces: PieceSet | str | None = None,
) -> bytes:
    """A PNG of ``position`` (see ``render_board``) with ``arrows`` over it, the later ones
    on top. Raises ValueError as ``render_board`` does, and for an arrow whose squares are
    not on the board or are the same."""
    side = orientation or position.side_to_move
    squares = position.variant.files * position.variant.ranks
    for arrow in arrows:
        for square in (arrow.from_square, arrow.to_square):
            if not 0 <= square < squares:
                raise ValueError(f"{square!r} is not a square of a {position.variant.name} board")
        if arrow.from_square == arrow.to_square:
            raise ValueError("an arrow needs two different squares")
    board = draw_board(position, orientation=side, size=size, theme=theme, pieces=pieces)
    canvas = board.convert("RGBA")
    overlay = Image.new("RGBA", (canvas.width * SCALE, canvas.height * SCALE), (0, 0, 0, 0))
    cell = cell_size(position, size) * SCALE
    for arrow in arrows:
        start = _scaled(square_centre(position, arrow.from_square, side, size))
        end = _scaled(square_centre(position, arrow.to_square, side, size))
        # Each arrow on its own layer, so where two cross they do not double their shade.
        layer = Image.new("RGBA", overlay.size, (0, 0, 0, 0))
        _arrow(ImageDraw.Draw(layer), start, end, cell, arrow.kind.value)
        overlay = Image.alpha_composite(overlay, layer)
    overlay = overlay.resize(canvas.size, Image.Resampling.LANCZOS)
    picture = Image.alpha_composite(canvas, overlay).convert("RGB")
    buffer = io.BytesIO()
    picture.save(buffer, "PNG", compress_level=PNG_COMPRESSION)
    return buffer.getvalue()


def _scaled(point: tuple[float, float]) -> tuple[float, float]:
    return point[0] * SCALE, point[1] * SCALE


def _arrow(
    draw: ImageDraw.ImageDraw,
    start: tuple[float, float],
    end: tuple[float, float],
    cell: float,
    colour: tuple[int, int, int, int],
) -> None:
    """A shaft from ``start`` and a head whose point stops short of ``end``'s centre."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    px, py = -uy, ux  # perpendicular
    shaft = cell * 0.2
    head_length, head_width = cell * 0.45, cell * 0.5
    tip = (end[0] - ux * cell * 0.12, end[1] - uy * cell * 0.12)
    base = (tip[0] - ux * head_length, tip[1] - uy * head_length)
    begin = (start[0] + ux * cell * 0.2, start[1] + uy * cell * 0.2)
    draw.polygon(
        [
            (begin[0] + px * shaft / 2, begin[1] + py * shaft / 2),
            (base[0] + px * shaft / 2, base[1] + py * shaft / 2),
            (base[0] + px * head_width / 2, base[1] + py * head_width / 2),
            tip,
            (base[0] - px * head_width / 2, base[1] - py * head_width / 2),
            (base[0] - px * shaft / 2, base[1] - py * shaft / 2),
            (begin[0] - px * shaft / 2, begin[1] - py * shaft / 2),
        ],
        fill=colour,
    )
