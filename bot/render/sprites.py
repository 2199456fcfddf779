"""Piece sprites, drawn once per (theme, size) at the target size and cached.

Chess pieces come from DejaVu Sans's chess glyphs: the outline glyph (♔) flood-filled from the
outside gives the piece's silhouette, which is painted in the piece colour before the glyph is
drawn on top — so a white piece is solid white inside its black contour, and a black piece
shows its inner lines in a light colour. Xiangqi pieces are discs with their character.
Everything is drawn four times larger and scaled down, for smooth edges at any size.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from bot.render.themes import RGB, Theme

FONTS = Path(__file__).parent / "fonts"
CHESS_FONT = FONTS / "DejaVuSans-Chess.ttf"
COORDINATE_FONT = FONTS / "DejaVuSans-Bold-Coordinates.ttf"
XIANGQI_FONT = FONTS / "DroidSansFallback-Xiangqi.ttf"
SUPERSAMPLE = 4
GLYPH_SCALE = 1.1  # of the square: the glyphs leave room of their own (measured: king ~78%)

OUTLINE_GLYPHS = {"k": "♔", "q": "♕", "r": "♖", "b": "♗", "n": "♘", "p": "♙"}
FILLED_GLYPHS = {"k": "♚", "q": "♛", "r": "♜", "b": "♝", "n": "♞", "p": "♟"}
# Traditional characters as on most boards; red and black pieces have different names.
XIANGQI_NAMES = {
    ("k", True): "帥", ("a", True): "仕", ("b", True): "相", ("n", True): "傌",
    ("r", True): "俥", ("c", True): "炮", ("p", True): "兵",
    ("k", False): "將", ("a", False): "士", ("b", False): "象", ("n", False): "馬",
    ("r", False): "車", ("c", False): "砲", ("p", False): "卒",
}  # fmt: skip

_lock = threading.Lock()


@lru_cache(maxsize=32)
def font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


def _glyph_mask(glyph: str, canvas: int, glyph_size: int, stroke: int = 0) -> Image.Image:
    mask = Image.new("L", (canvas, canvas), 0)
    ImageDraw.Draw(mask).text(
        (canvas / 2, canvas / 2),
        glyph,
        font=font(CHESS_FONT, glyph_size),
        fill=255,
        anchor="mm",
        stroke_width=stroke,
        stroke_fill=255,
    )
    return mask


@lru_cache(maxsize=64)  # white and black pieces of a kind share them
def _silhouettes(kind: str, square: int) -> tuple[Image.Image, Image.Image]:
    """The piece's inside with holes closed, and the same shrunk a little, at 4x ``square``.

    The filled glyph drawn with a stroke closes its thin inner lines; eroding by the stroke
    width brings the outer edge back; what holes remain are flood-filled at 1x. Done
    at 2x and enlarged, since these masks only ever lie under the contour's stroke.
    """
    small = square * 2
    glyph_size = round(small * GLYPH_SCALE)
    stroke = max(1, round(glyph_size * 0.03))
    grown = _glyph_mask(FILLED_GLYPHS[kind], small, glyph_size, stroke)
    inside = _holes_closed(grown.filter(ImageFilter.MinFilter(2 * stroke + 1)), square)
    shrunk = inside.filter(ImageFilter.MinFilter(5))
    big = (square * SUPERSAMPLE,) * 2
    return (
        inside.resize(big, Image.Resampling.BILINEAR),
        shrunk.resize(big, Image.Resampling.BILINEAR),
    )


def _holes_closed(mask: Image.Image, square: int) -> Image.Image:
    """``mask`` with the holes it fully encloses filled in (the ring under the king's cross,
    too wide for the stroke to close), so no square colour shows through a piece.

    The flood fill runs at 1x, where it is cheap; the filled area is eroded by a pixel so it
    never reaches past the mask's own edge.
    """
    small = mask.resize((square, square), Image.Resampling.BILINEAR)
    small = small.point(lambda value: 255 if value >= 128 else 0)
    ImageDraw.floodfill(small, (0, 0), 128)  # the corner is always outside the piece
    filled = small.point(lambda value: 0 if value == 128 else 255).filter(ImageFilter.MinFilter(3))
    return ImageChops.lighter(mask, filled.resize(mask.size, Image.Resampling.BILINEAR))


def _chess_sprite(kind: str, white: bool, square: int, theme: Theme) -> Image.Image:
    big = square * SUPERSAMPLE
    glyph_size = round(big * GLYPH_SCALE)
    inside, shrunk = _silhouettes(kind, square)
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    if white:
        outline = _glyph_mask(OUTLINE_GLYPHS[kind], big, glyph_size)
        sprite.paste(theme.white_piece, (0, 0), inside)
        sprite.paste(theme.black_piece, (0, 0), outline)
    else:
        # The shrunk underlay never peeks out as a light halo around the dark piece.
        filled = _glyph_mask(FILLED_GLYPHS[kind], big, glyph_size)
        sprite.paste(theme.piece_detail, (0, 0), shrunk)
        sprite.paste(theme.black_piece, (0, 0), filled)
    return sprite.resize((square, square), Image.Resampling.LANCZOS)


def _xiangqi_sprite(kind: str, red: bool, cell: int, theme: Theme) -> Image.Image:
    big = cell * SUPERSAMPLE
    ink: RGB = theme.white_piece if red else theme.black_piece
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    radius = big * 0.45
    centre = big / 2
    shadow = round(big * 0.02)
    draw.ellipse(
        (centre - radius + shadow, centre - radius + shadow, centre + radius + shadow,
         centre + radius + shadow), fill=(0, 0, 0, 90)
    )  # fmt: skip
    draw.ellipse(
        (centre - radius, centre - radius, centre + radius, centre + radius),
        fill=theme.piece_detail,
        outline=ink,
        width=round(big * 0.035),
    )
    inner = radius * 0.82
    draw.ellipse(
        (centre - inner, centre - inner, centre + inner, centre + inner),
        outline=ink,
        width=max(1, round(big * 0.015)),
    )
    draw.text(
        (centre, centre),
        XIANGQI_NAMES[(kind, red)],
        font=font(XIANGQI_FONT, round(big * 0.5)),
        fill=ink,
        anchor="mm",
    )
    return sprite.resize((cell, cell), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def _sprites(theme: Theme, square: int) -> dict[tuple[str, bool], Image.Image]:
    if theme.variant == "xiangqi":
        return {
            (kind, red): _xiangqi_sprite(kind, red, square, theme)
            for kind in "kabnrcp"
            for red in (True, False)
        }
    return {
        (kind, white): _chess_sprite(kind, white, square, theme)
        for kind in "kqrbnp"
        for white in (True, False)
    }


def sprites(theme: Theme, square: int) -> dict[tuple[str, bool], Image.Image]:
    """RGBA sprites by (piece kind, is white/red) for squares of ``square`` pixels.

    Built once per (theme, size) under a lock, so renders in worker threads share them.
    """
    with _lock:
        return _sprites(theme, square)
