"""The chess board: 8×8 squares, coordinates, pieces, highlights and marks.

Every square is one of a few hundred possible tiles (piece × square colour × highlight ×
mark × coordinate label). Tiles are drawn once per (theme, size), mapped to one shared
palette, and a render only pastes 64 of them onto a cached frame and encodes a palette PNG:
a few milliseconds, tens of KB.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.coordinates import Coordinates
from bot.render.drawing import palette_of, paste_ellipse, paste_glow, to_palette
from bot.render.piece_sets import PieceSet
from bot.render.scene import Scene
from bot.render.sprites import COORDINATE_FONT, font, sprites
from bot.render.strip import palette_sample
from bot.render.themes import RGB, Theme, blend
from rules import Color, Square

MARGIN = 0.045  # of the image, each side, when coordinates are in a frame
# Coordinates inside the edge squares, as lichess draws them: a small bold label in the
# square's corner (files bottom left, ranks top right), in the other square colour.
LABEL_FONT, LABEL_PAD = 0.24, 0.04  # of a square
NO_LABEL = ("", "")  # (file letter, rank number) drawn in a tile
PREVIEW_TINT = 0.25  # a previewed move's squares: a ghost of the last move's 0.5
# The check glow's radius, of a square: solid red to a quarter of it, then fading, so it is
# gone just past the corners (0.71) and the square's own colour frames it.
CHECK_GLOW = 0.75


class Highlight(Enum):
    NONE = 0
    LAST_MOVE = 1
    CHECK = 2
    SELECTED = 3  # the piece whose moves are marked
    PREVIEW = 4  # a move not yet played (Confirm moves): a ghosted tint in a dashed outline


class Mark(Enum):
    NONE = 0
    DOT = 1  # a legal destination that is empty
    RING = 2  # a legal capture


TileKey = tuple[str, bool, Highlight, Mark, tuple[str, str]]


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the squares are: ``origin`` pixels of margin, then 8 squares of ``square``."""

    size: int
    square: int
    origin: int

    @classmethod
    def of(cls, size: int, coordinates: Coordinates | bool) -> Layout:
        """The layout of a ``size`` px board; only coordinates in a frame take a margin."""
        framed = Coordinates.of(coordinates) is Coordinates.FRAME
        margin = round(size * MARGIN) if framed else 0
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
    tiles: dict[TileKey, Image.Image] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def tile(self, key: TileKey) -> Image.Image:
        """The tile (piece letter, light square, highlight, mark, label), drawn once."""
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
    label: tuple[str, str] = NO_LABEL,
) -> Image.Image:
    background = theme.square(
        light, highlight is Highlight.LAST_MOVE, highlight is Highlight.SELECTED
    )
    if highlight is Highlight.PREVIEW:
        background = blend(background, theme.last_move, PREVIEW_TINT)
    tile = Image.new("RGB", (square, square), background)
    if highlight is Highlight.PREVIEW:
        _dashed_outline(tile, blend(background, theme.last_move, 0.9))
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
    if label != NO_LABEL:
        _label(tile, theme, light, label)
    return tile


def _dashed_outline(tile: Image.Image, colour: RGB) -> None:
    """Four dashes to a side around a tile's edge (a side cut in sevenths: dash, gap, ...,
    dash, so the corners are drawn): a preview's mark."""
    square = tile.width
    width = max(2, round(square * 0.07))
    draw = ImageDraw.Draw(tile)
    for seventh in range(0, 7, 2):
        a, b = round(seventh * square / 7), round((seventh + 1) * square / 7) - 1
        for box in ((a, 0, b, width - 1), (a, square - width, b, square - 1),
                    (0, a, width - 1, b), (square - width, a, square - 1, b)):  # fmt: skip
            draw.rectangle(box, fill=colour)


def _label(tile: Image.Image, theme: Theme, light: bool, label: tuple[str, str]) -> None:
    """The file letter in the bottom-left corner, the rank number in the top-right one, over
    the piece (so a wide queen never hides them), in the other square colour."""
    square = tile.width
    draw = ImageDraw.Draw(tile)
    ink = theme.dark if light else theme.light
    label_font = font(COORDINATE_FONT, max(8, round(square * LABEL_FONT)))
    pad = max(1, round(square * LABEL_PAD))
    file_letter, rank_number = label
    if file_letter:
        draw.text((pad, square - pad), file_letter, ink, label_font, "ld")
    if rank_number:
        draw.text((square - pad, pad), rank_number, ink, label_font, "ra")


def _frame(
    theme: Theme, layout: Layout, orientation: Color, coordinates: Coordinates
) -> Image.Image:
    frame = Image.new("RGB", (layout.size, layout.size), theme.margin)
    if coordinates is not Coordinates.FRAME:
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


def _sample_keys(coordinates: Coordinates) -> list[TileKey]:
    """The tiles whose colours the palette must hold: each background bare and with a white
    and a black queen. A set's pieces share their colours (fill, outline and the blends of
    their edges with each background), so the other ten add no colour worth a slot, while
    drawing and quantizing them cost a fresh process's first render a fifth of its time;
    the palette's error per pixel stays the same within 0.2 of 255."""
    keys = [
        (letter, light, highlight, Mark.NONE, NO_LABEL)
        for letter in ".Qq"
        for light in (True, False)
        for highlight in Highlight
    ]
    keys += [(".", light, Highlight.NONE, Mark.DOT, NO_LABEL) for light in (True, False)]
    keys += [("p", light, Highlight.NONE, Mark.RING, NO_LABEL) for light in (True, False)]
    if coordinates is Coordinates.INSIDE:  # the labels' anti-aliased edges
        keys += [
            (".", light, highlight, Mark.NONE, ("a", "8"))
            for light in (True, False)
            for highlight in (Highlight.NONE, Highlight.LAST_MOVE)
        ]
    return keys


@lru_cache(maxsize=32)
def _kit(theme: Theme, pieces: PieceSet, size: int, coordinates: Coordinates) -> Kit:
    layout = Layout.of(size, coordinates)
    frames = {c: _frame(theme, layout, c, coordinates) for c in (Color.WHITE, Color.BLACK)}
    # The palette comes from a sample of the tiles a game shows most, plus the frame.
    keys = _sample_keys(coordinates)
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


def kit(theme: Theme, pieces: PieceSet, size: int, coordinates: Coordinates) -> Kit:
    """The cached drawing kit; built once under a lock so worker threads share it."""
    with _kits_lock:
        return _kit(theme, pieces, size, coordinates)


def _labels(orientation: Color, coordinates: Coordinates) -> dict[Square, tuple[str, str]]:
    """The coordinate labels drawn inside squares: each file's letter on the bottom row,
    each rank's number on the right-hand column, as seen from ``orientation``."""
    if coordinates is not Coordinates.INSIDE:
        return {}
    bottom_rank, right_file = (0, 7) if orientation is Color.WHITE else (7, 0)
    labels: dict[Square, tuple[str, str]] = {}
    for index in range(8):
        labels[bottom_rank * 8 + index] = ("abcdefgh"[index], "")
    for index in range(8):
        square = index * 8 + right_file
        labels[square] = (labels.get(square, NO_LABEL)[0], str(index + 1))
    return labels


def _highlight(scene: Scene, square: Square) -> Highlight:
    if square == scene.check:
        return Highlight.CHECK
    if square == scene.selected:
        return Highlight.SELECTED
    if square in (scene.last_move or ()):
        return Highlight.PREVIEW if scene.preview else Highlight.LAST_MOVE
    return Highlight.NONE


def draw_chess(scene: Scene) -> Image.Image:
    """The board as a palette image."""
    board_kit = kit(scene.theme, scene.pieces, scene.size, scene.coordinates)
    orientation, marks = scene.orientation, scene.marks
    canvas = board_kit.frames[orientation].copy()
    pieces = scene.position.pieces()
    labels = _labels(orientation, scene.coordinates)
    for square in range(64):
        piece = pieces.get(square)
        letter = piece.symbol if piece is not None else "."
        mark = Mark.NONE
        if square in marks:
            mark = Mark.RING if piece is not None else Mark.DOT
        light = (square % 8 + square // 8) % 2 == 1
        label = labels.get(square, NO_LABEL)
        tile = board_kit.tile((letter, light, _highlight(scene, square), mark, label))
        canvas.paste(tile, board_kit.layout.corner(square, orientation))
    return canvas
