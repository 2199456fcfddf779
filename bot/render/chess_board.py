"""The chess board: 8×8 squares, coordinates in a margin, pieces, highlights and marks.

Every square is one of a few hundred possible tiles (piece × square colour × highlight ×
mark). Tiles are drawn once per (theme, size), mapped to one shared palette, and a render only
pastes 64 of them onto a cached frame and encodes a palette PNG: a few milliseconds, tens of KB.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.drawing import palette_of, paste_ellipse, paste_glow, to_palette
from bot.render.piece_sets import PieceSet
from bot.render.scene import Scene
from bot.render.sprites import COORDINATE_FONT, font, sprites
from bot.render.strip import palette_sample
from bot.render.themes import Theme, blend
from rules import Color, Square

MARGIN = 0.045  # of the image, each side, when coordinates are shown
# The check glow's radius, of a square: solid red to a quarter of it, then fading, so it is
# gone just past the corners (0.71) and the square's own colour frames it.
CHECK_GLOW = 0.75


class Highlight(Enum):
    NONE = 0
    LAST_MOVE = 1
    CHECK = 2
    SELECTED = 3  # the piece whose moves are marked


class Mark(Enum):
    NONE = 0
    DOT = 1  # a legal destination that is empty
    RING = 2  # a legal capture


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the squares are: ``origin`` pixels of margin, then 8 squares of ``square``."""

    size: int
    square: int
    origin: int

    @classmethod
    def of(cls, size: int, coordinates: bool) -> Layout:
        margin = round(size * MARGIN) if coordinates else 0
        square = (size - 2 * margin) // 8
        return cls(size, square, (size - 8 * square) // 2)

    def corner(self, square: Square, orientation: Color) -> tuple[int, int]:
        """The top-left pixel of a square as seen from ``orientation``'s side."""
        file, rank = square % 8, square // 8
        column, row = (file, 7 - rank) if orientation is Color.WHITE else (7 - file, rank)
        return self.origin + column * self.square, self.origin + row * self.square


@dataclass
class Kit:
    """Everything drawn once for a (theme, size, coordinates): palette, frames, tiles."""

    theme: Theme
    pieces: PieceSet
    layout: Layout
    palette: Image.Image
    frames: dict[Color, Image.Image]
    tiles: dict[tuple[str, bool, Highlight, Mark], Image.Image] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def tile(self, letter: str, light: bool, highlight: Highlight, mark: Mark) -> Image.Image:
        key = (letter, light, highlight, mark)
        tile = self.tiles.get(key)
        if tile is None:
            with self.lock:
                tile = self.tiles.get(key)
                if tile is None:
                    rgb = _draw_tile(self.theme, self.pieces, self.layout.square, *key)
                    tile = self.tiles[key] = to_palette(rgb, self.palette)
        return tile


def _draw_tile(
    theme: Theme,
    pieces: PieceSet,
    square: int,
    letter: str,
    light: bool,
    highlight: Highlight,
    mark: Mark,
) -> Image.Image:
    background = theme.square(
        light, highlight is Highlight.LAST_MOVE, highlight is Highlight.SELECTED
    )
    tile = Image.new("RGB", (square, square), background)
    mark_colour = blend(background, theme.mark, 0.45)
    centre = (square / 2, square / 2)
    if highlight is Highlight.CHECK:
        # As lichess draws it: red under the king, fading out just before the corners.
        paste_glow(tile, centre, square * CHECK_GLOW, theme.check)
    if mark is Mark.DOT:
        paste_ellipse(tile, centre, square * 0.16, mark_colour)
    elif mark is Mark.RING:
        paste_ellipse(tile, centre, square * 0.47, mark_colour, width=square * 0.07)
    if letter != ".":
        sprite = sprites(theme, pieces, square)[(letter.lower(), letter.isupper())]
        tile.paste(sprite, (0, 0), sprite)
    return tile


def _frame(theme: Theme, layout: Layout, orientation: Color, coordinates: bool) -> Image.Image:
    frame = Image.new("RGB", (layout.size, layout.size), theme.margin)
    if not coordinates:
        return frame
    draw = ImageDraw.Draw(frame)
    label_font = font(COORDINATE_FONT, max(8, round(layout.origin * 0.62)))
    board_end = layout.origin + 8 * layout.square
    for index in range(8):
        file_square = index if orientation is Color.WHITE else 7 - index
        x = layout.origin + (index + 0.5) * layout.square
        letter = "abcdefgh"[file_square]
        draw.text((x, (board_end + layout.size) / 2), letter, theme.coordinates, label_font, "mm")
        rank = 8 - index if orientation is Color.WHITE else index + 1
        y = layout.origin + (index + 0.5) * layout.square
        draw.text((layout.origin / 2, y), str(rank), theme.coordinates, label_font, "mm")
    return frame


@lru_cache(maxsize=32)
def _kit(theme: Theme, pieces: PieceSet, size: int, coordinates: bool) -> Kit:
    layout = Layout.of(size, coordinates)
    frames = {c: _frame(theme, layout, c, coordinates) for c in (Color.WHITE, Color.BLACK)}
    # The palette comes from a sample of the tiles a game shows most, plus the frame.
    keys = [
        (letter, light, highlight, Mark.NONE)
        for letter in ".KQRBNPkqrbnp"
        for light in (True, False)
        for highlight in Highlight
    ]
    keys += [(".", light, Highlight.NONE, Mark.DOT) for light in (True, False)]
    keys += [("p", light, Highlight.NONE, Mark.RING) for light in (True, False)]
    drawn = {key: _draw_tile(theme, pieces, layout.square, *key) for key in keys}
    frame = frames[Color.WHITE]
    band = layout.origin  # the margin with the coordinates, bottom and left
    columns = 10
    rows = -(-len(drawn) // columns)
    strips = palette_sample(theme, size)  # below the rest: quantizing time grows with area
    height = max(rows * layout.square, size)
    sample = Image.new("RGB", (columns * layout.square + 2 * band, height + strips.height))
    for index, tile in enumerate(drawn.values()):
        sample.paste(tile, (index % columns * layout.square, index // columns * layout.square))
    sample.paste(frame.crop((0, 0, band, size)), (columns * layout.square, 0))
    bottom = frame.crop((0, size - band, size, size)).rotate(90, expand=True)
    sample.paste(bottom, (columns * layout.square + band, 0))
    sample.paste(strips, (0, height))  # the players' strips
    palette = palette_of(sample)
    mapped = {c: to_palette(f, palette) for c, f in frames.items()}
    kit = Kit(theme, pieces, layout, palette, mapped)
    kit.tiles.update({key: to_palette(tile, palette) for key, tile in drawn.items()})
    return kit


_kits_lock = threading.Lock()


def kit(theme: Theme, pieces: PieceSet, size: int, coordinates: bool) -> Kit:
    """The cached drawing kit; built once under a lock so worker threads share it."""
    with _kits_lock:
        return _kit(theme, pieces, size, coordinates)


def draw_chess(scene: Scene) -> Image.Image:
    """The board as a palette image."""
    board_kit = kit(scene.theme, scene.pieces, scene.size, scene.coordinates)
    orientation, check, marks = scene.orientation, scene.check, scene.marks
    canvas = board_kit.frames[orientation].copy()
    pieces = scene.position.pieces()
    highlighted = scene.last_move or ()
    for square in range(64):
        piece = pieces.get(square)
        letter = piece.symbol if piece is not None else "."
        if square == check:
            highlight = Highlight.CHECK
        elif square == scene.selected:
            highlight = Highlight.SELECTED
        elif square in highlighted:
            highlight = Highlight.LAST_MOVE
        else:
            highlight = Highlight.NONE
        mark = Mark.NONE
        if square in marks:
            mark = Mark.RING if piece is not None else Mark.DOT
        light = (square % 8 + square // 8) % 2 == 1
        tile = board_kit.tile(letter, light, highlight, mark)
        canvas.paste(tile, board_kit.layout.corner(square, orientation))
    return canvas
