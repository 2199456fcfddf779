"""The xiangqi board: 9×10 intersections, river, palaces, start marks, pieces as discs; and
janggi's on the same grid: no river, no start marks, the palaces' diagonals, octagonal pieces.

Pieces stand on intersections, over lines that differ from point to point, so the board is
composed in RGB (a cached background plus sprites) and then mapped to the theme's palette.
Files are numbered as WXF counts them: each side from its own right, red in Chinese numerals,
black in Arabic digits, the side at the bottom of the image on the bottom edge. Janggi's
columns are numbered 1 to 9 from the left as Cho sees the board, above and below, and its
rows 1 to 9 and 0 from Han's edge, left and right, as its Korean notation reads points.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.coordinates import Coordinates
from bot.render.drawing import palette_of, paste_ellipse, paste_glow, to_palette
from bot.render.piece_sets import SIMPLIFIED, PieceSet
from bot.render.scene import Scene
from bot.render.sprites import COORDINATE_FONT, XIANGQI_FONT, font, sprites
from bot.render.strip import palette_sample
from bot.render.themes import Theme
from rules import Color, Square

RED_NUMERALS = "一二三四五六七八九"
# Cannon and soldier start points, marked with small corner brackets on real boards.
CANNON_POINTS = ((1, 2), (7, 2), (1, 7), (7, 7))
SOLDIER_POINTS = tuple((file, rank) for file in (0, 2, 4, 6, 8) for rank in (3, 6))
START_POINTS = CANNON_POINTS + SOLDIER_POINTS
NUMBER_BAND = 0.45  # of a cell: the height added above and below for the file numbers
# The check and selection glows: solid under the disc (radius 0.45 of a cell), fading out
# by 0.72, short of the next point's disc.
GLOW, GLOW_SOLID = 0.72, 0.6
MARK_EDGE = (250, 240, 215)  # the light rim around destination marks and last-move brackets
# The last move's corner brackets, of a cell: corners 0.5 from the point (just outside a
# disc's 0.45), arms 0.26 long, lines 0.1 thick.
BRACKET_REACH, BRACKET_ARM, BRACKET_WIDTH = 0.5, 0.26, 0.1


@dataclass(frozen=True, slots=True)
class Layout:
    """Intersections are ``cell`` apart; the top-left one is at (``left``, ``top``).

    A piece reaches about half a cell beyond its point, so the outer lines keep a cell of
    room to the image's edges; the file numbers get a band of their own above and below,
    where the pieces of the outer ranks cannot cover them.
    """

    width: int
    height: int
    cell: int
    left: int
    top: int

    @classmethod
    def of(cls, size: int, coordinates: Coordinates | bool = True) -> Layout:
        """The layout of a ``size`` px board; shown coordinates (inside or framed alike)
        take a band above and below."""
        shown = Coordinates.of(coordinates).shown
        cell = size // 10
        left = (size - 8 * cell) // 2
        top = left + (round(cell * NUMBER_BAND) if shown else 0)
        return cls(size, 9 * cell + 2 * top, cell, left, top)

    def point(self, square: Square, orientation: Color) -> tuple[int, int]:
        """The pixel of a square's intersection as seen from ``orientation``'s side."""
        file, rank = square % 9, square // 9
        column, row = (file, 9 - rank) if orientation is Color.WHITE else (8 - file, rank)
        return self.left + column * self.cell, self.top + row * self.cell


def _line(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float],
          theme: Theme, width: int) -> None:  # fmt: skip
    draw.line((a, b), fill=theme.dark, width=width)


def _background(
    theme: Theme, layout: Layout, orientation: Color, coordinates: bool, simplified: bool
) -> Image.Image:
    """The empty board; its river written in the pieces' characters (汉界 with simplified
    pieces, 漢界 with traditional ones). A janggi theme's board has no river."""
    janggi = theme.variant == "janggi"
    image = Image.new("RGB", (layout.width, layout.height), theme.light)
    draw = ImageDraw.Draw(image)
    cell = layout.cell
    thin = max(1, round(cell / 28))
    left, right = layout.left, layout.left + 8 * cell
    top, bottom = layout.top, layout.top + 9 * cell
    pad = round(cell * 0.12)
    draw.rectangle((left - pad, top - pad, right + pad, bottom + pad), outline=theme.dark,
                   width=max(2, round(cell / 14)))  # fmt: skip
    for row in range(10):
        _line(draw, (left, top + row * cell), (right, top + row * cell), theme, thin)
    for column in range(9):
        x = left + column * cell
        if column in (0, 8) or janggi:
            _line(draw, (x, top), (x, bottom), theme, thin)
        else:  # the river cuts the inner files
            _line(draw, (x, top), (x, top + 4 * cell), theme, thin)
            _line(draw, (x, top + 5 * cell), (x, bottom), theme, thin)
    for row in (0, 7):  # the two palaces
        y = top + row * cell
        _line(draw, (left + 3 * cell, y), (left + 5 * cell, y + 2 * cell), theme, thin)
        _line(draw, (left + 5 * cell, y), (left + 3 * cell, y + 2 * cell), theme, thin)
    if janggi:
        if coordinates:
            _column_numbers(draw, layout, orientation, theme)
            _row_numbers(draw, layout, orientation, theme)
        return image
    for file, rank in START_POINTS:
        _start_mark(draw, layout, file, rank, theme, thin)
    river_font = font(XIANGQI_FONT, round(cell * 0.62))
    river_y = top + 4.5 * cell
    draw.text((left + 2 * cell, river_y), "楚 河", theme.dark, river_font, "mm")
    draw.text((left + 6 * cell, river_y), "汉 界" if simplified else "漢 界", theme.dark,
              river_font, "mm")  # fmt: skip
    if coordinates:
        _file_numbers(draw, layout, orientation, theme)
    return image


def _column_numbers(
    draw: ImageDraw.ImageDraw, layout: Layout, orientation: Color, theme: Theme
) -> None:
    """Janggi's columns 1 to 9 from Cho's left, above and below the board."""
    number_font = font(COORDINATE_FONT, round(layout.cell * 0.36))
    y_top = (layout.top - layout.cell * 0.45) / 2
    for file in range(9):
        x = layout.point(file, orientation)[0]
        for y in (y_top, layout.height - y_top):
            draw.text((x, y), str(file + 1), theme.dark, number_font, "mm")


def _row_numbers(
    draw: ImageDraw.ImageDraw, layout: Layout, orientation: Color, theme: Theme
) -> None:
    """Janggi's rows as its Korean notation reads them, left and right of the board: 1 to 9
    from Han's edge, then 0 for Cho's home row (``79졸78`` leaves row 7)."""
    number_font = font(COORDINATE_FONT, round(layout.cell * 0.32))
    # Centred between the image's edge and the pieces of the outer columns.
    x_left = (layout.left - layout.cell * 0.48) / 2
    for rank in range(10):
        y = layout.point(rank * 9, orientation)[1]
        for x in (x_left, layout.width - x_left):
            draw.text((x, y), str((10 - rank) % 10), theme.dark, number_font, "mm")


def _start_mark(draw: ImageDraw.ImageDraw, layout: Layout, file: int, rank: int,
                theme: Theme, width: int) -> None:  # fmt: skip
    x = layout.left + file * layout.cell
    y = layout.top + (9 - rank) * layout.cell  # symmetric, so orientation does not matter
    gap, arm = layout.cell * 0.08, layout.cell * 0.2
    for dx in (-1, 1):
        if (file == 0 and dx < 0) or (file == 8 and dx > 0):
            continue
        for dy in (-1, 1):
            cx, cy = x + dx * gap, y + dy * gap
            _line(draw, (cx, cy), (cx + dx * arm, cy), theme, width)
            _line(draw, (cx, cy), (cx, cy + dy * arm), theme, width)


def _file_numbers(
    draw: ImageDraw.ImageDraw, layout: Layout, orientation: Color, theme: Theme
) -> None:
    """Each side numbers the files from its own right; the side at the bottom reads the
    bottom row. Red writes Chinese numerals, black Arabic digits."""
    size = round(layout.cell * 0.36)
    red_font, black_font = font(XIANGQI_FONT, size), font(COORDINATE_FONT, size)
    # Centred between the image's edge and the outer pieces (radius 0.45 cell).
    y_top = (layout.top - layout.cell * 0.45) / 2
    y_bottom = layout.height - y_top
    red_y, black_y = (y_bottom, y_top) if orientation is Color.WHITE else (y_top, y_bottom)
    for file in range(9):
        x = layout.point(file, orientation)[0]
        # Each side's numbers in its own ink, so a glance tells whose files they are.
        draw.text((x, red_y), RED_NUMERALS[8 - file], theme.white_piece, red_font, "mm")
        draw.text((x, black_y), str(file + 1), theme.black_piece, black_font, "mm")


@dataclass(frozen=True)
class Kit:
    theme: Theme
    layout: Layout
    palette: Image.Image
    backgrounds: dict[Color, Image.Image]


@lru_cache(maxsize=16)
def _kit(theme: Theme, pieces: PieceSet, size: int, coordinates: bool) -> Kit:
    layout = Layout.of(size, coordinates)
    backgrounds = {
        c: _background(theme, layout, c, coordinates, pieces is SIMPLIFIED)
        for c in (Color.WHITE, Color.BLACK)
    }
    board = backgrounds[Color.WHITE]
    strips = palette_sample(theme, size)
    sample = Image.new("RGB", (board.width, board.height + strips.height))
    sample.paste(board, (0, 0))
    sample.paste(strips, (0, board.height))  # the players' strips
    for index, sprite in enumerate(sprites(theme, pieces, layout.cell).values()):
        sample.paste(sprite, (index % 7 * layout.cell, index // 7 * layout.cell), sprite)
    swatches = (theme.last_move, theme.check, theme.mark, theme.selected, MARK_EDGE)
    for index, colour in enumerate(swatches):
        # Exact swatches, so highlights keep their colour in the palette.
        centre = (layout.cell * (index + 0.5), layout.cell * 2.5)
        paste_ellipse(sample, centre, layout.cell * 0.45, colour)
    # The glows' fades, so the palette holds their steps from board colour to full.
    for index, colour in enumerate((theme.check, theme.selected)):
        centre = (layout.cell * (2 * index + 1), layout.cell * 4)
        paste_glow(sample, centre, layout.cell * GLOW, colour, GLOW_SOLID)
    return Kit(theme, layout, palette_of(sample), backgrounds)


_lock = threading.Lock()


def kit(theme: Theme, pieces: PieceSet, size: int, coordinates: bool) -> Kit:
    with _lock:
        return _kit(theme, pieces, size, coordinates)


def _brackets(
    draw: ImageDraw.ImageDraw, centre: tuple[int, int], cell: int, theme: Theme, preview: bool
) -> None:
    """Corner brackets around a point, the last move's from- and to-points: thick, on a
    cream rim so they stand out from the lines and a disc's dark edge at 360 px. A preview's
    (a move not yet played) are dashed: each arm cut in two."""
    x, y = centre
    reach, arm = cell * BRACKET_REACH, cell * BRACKET_ARM
    width = max(3, round(cell * BRACKET_WIDTH))
    rim = width + max(2, round(cell / 18))
    pieces = ((0.0, 0.32), (0.68, 1.0)) if preview else ((0.0, 1.0),)
    for colour, thickness in ((MARK_EDGE, rim), (theme.last_move, width)):
        for dx in (-1, 1):
            for dy in (-1, 1):
                cx, cy = x + dx * reach, y + dy * reach
                for start, end in pieces:
                    a, b = arm * start, arm * end
                    draw.line(((cx - dx * a, cy), (cx - dx * b, cy)), fill=colour,
                              width=thickness)  # fmt: skip
                    draw.line(((cx, cy - dy * a), (cx, cy - dy * b)), fill=colour,
                              width=thickness)  # fmt: skip


def draw_xiangqi(scene: Scene) -> Image.Image:
    """The board as a palette image."""
    theme, orientation = scene.theme, scene.orientation
    board_kit = kit(theme, scene.pieces, scene.size, scene.coordinates.shown)
    layout = board_kit.layout
    canvas = board_kit.backgrounds[orientation].copy()
    draw = ImageDraw.Draw(canvas)
    pieces = scene.position.pieces()
    cell = layout.cell
    if scene.last_move is not None:
        for square in scene.last_move:
            _brackets(draw, layout.point(square, orientation), cell, theme, scene.preview)
    # Glows lie under the pieces: red around a general in check (as the chess king's),
    # blue around the piece whose moves are marked.
    for glowing, colour in ((scene.check, theme.check), (scene.selected, theme.selected)):
        if glowing is not None:
            centre = layout.point(glowing, orientation)
            paste_glow(canvas, centre, cell * GLOW, colour, GLOW_SOLID)
    sprite_of = sprites(theme, scene.pieces, cell)
    for square, piece in pieces.items():
        sprite = sprite_of[(piece.kind, piece.color is Color.WHITE)]
        x, y = layout.point(square, orientation)
        canvas.paste(sprite, (x - cell // 2, y - cell // 2), sprite)
    for square in scene.marks:
        centre = layout.point(square, orientation)
        # Rimmed in cream, lighter than the board, so a mark stands out from the lines it sits on
        # and from a disc's dark edge even at 360 px (a 36 px cell).
        if square in pieces:
            paste_ellipse(canvas, centre, cell * 0.5, MARK_EDGE, width=cell * 0.14)
            paste_ellipse(canvas, centre, cell * 0.5, theme.mark, width=cell * 0.09)
        else:
            paste_ellipse(canvas, centre, cell * 0.2, MARK_EDGE)
            paste_ellipse(canvas, centre, cell * 0.16, theme.mark)
    return to_palette(canvas, board_kit.palette)
