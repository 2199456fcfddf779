"""Piece sprites, made once per (theme, piece set, size) at the target size and cached.

Chess pieces are a piece set's 256 px sprites (vector art rasterised at development time,
see ``bot.render.piece_sets``) scaled down to the square. Xiangqi pieces are discs with their
character, drawn four times larger and scaled down, for smooth edges at any size; janggi
pieces are octagons in three sizes, drawn the same way.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.render.piece_sets import SIMPLIFIED, PieceSet
from bot.render.themes import RGB, Theme

FONTS = Path(__file__).parent / "fonts"
COORDINATE_FONT = FONTS / "DejaVuSans-Bold-Coordinates.ttf"
XIANGQI_FONT = FONTS / "DroidSansFallback-Xiangqi.ttf"
# The janggi Hanja (包 among them) are in the names font, whose subset keeps all CJK
# ideographs players' names need.
JANGGI_FONT = FONTS / "DroidSansFallback-Names.ttf"
SUPERSAMPLE = 4
# Traditional characters as on most boards; red and black pieces have different names.
XIANGQI_NAMES = {
    ("k", True): "帥", ("a", True): "仕", ("b", True): "相", ("n", True): "傌",
    ("r", True): "俥", ("c", True): "炮", ("p", True): "兵",
    ("k", False): "將", ("a", False): "士", ("b", False): "象", ("n", False): "馬",
    ("r", False): "車", ("c", False): "砲", ("p", False): "卒",
}  # fmt: skip
# Simplified characters, as mainland boards print them: both cannons 炮, 帅 将 马 车.
SIMPLIFIED_NAMES = {
    **XIANGQI_NAMES,
    ("k", True): "帅", ("k", False): "将", ("n", True): "马", ("n", False): "马",
    ("r", True): "车", ("r", False): "车", ("c", False): "炮",
}  # fmt: skip

# Janggi: Cho's general 楚 and soldier 卒, Han's 漢 and 兵; the other names are shared.
JANGGI_NAMES = {
    ("k", True): "楚", ("k", False): "漢", ("p", True): "卒", ("p", False): "兵",
    **{(kind, side): name for kind, name in zip("abnrc", "士象馬車包", strict=True)
       for side in (True, False)},
}  # fmt: skip
# Octagons in three sizes by rank, as real janggi pieces: the general largest, guards and
# soldiers smallest (radius as a fraction of a cell).
JANGGI_RADII = {"k": 0.49, "r": 0.42, "c": 0.42, "n": 0.42, "b": 0.42, "a": 0.33, "p": 0.33}

_lock = threading.Lock()


@lru_cache(maxsize=32)
def font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


@lru_cache(maxsize=32)
def _master(folder: Path, name: str) -> Image.Image:
    """A chess piece's 256 px RGBA sprite, read once."""
    with Image.open(folder / f"{name}.png") as image:
        return image.convert("RGBA")


def _chess_sprite(piece_set: PieceSet, kind: str, white: bool, square: int) -> Image.Image:
    master = _master(piece_set.folder, ("w" if white else "b") + kind.upper())
    # Only ever scaled down (squares are at most 256 px), which LANCZOS keeps crisp; a
    # reducing gap of 3 halves the time and is, as Pillow documents, indistinguishable.
    return master.resize((square, square), Image.Resampling.LANCZOS, reducing_gap=3.0)


def _xiangqi_sprite(
    piece_set: PieceSet, kind: str, red: bool, cell: int, theme: Theme
) -> Image.Image:
    big = cell * SUPERSAMPLE
    ink: RGB = theme.white_piece if red else theme.black_piece
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    names = SIMPLIFIED_NAMES if piece_set is SIMPLIFIED else XIANGQI_NAMES
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
        names[(kind, red)],
        font=font(XIANGQI_FONT, round(big * 0.5)),
        fill=ink,
        anchor="mm",
    )
    return sprite.resize((cell, cell), Image.Resampling.LANCZOS)


def _janggi_sprite(kind: str, cho: bool, cell: int, theme: Theme) -> Image.Image:
    """An octagon (flat sides up, down and across) with the piece's Hanja in its side's ink."""
    big = cell * SUPERSAMPLE
    ink: RGB = theme.white_piece if cho else theme.black_piece
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    radius = big * JANGGI_RADII[kind]
    centre = big / 2
    shadow = round(big * 0.02)
    for offset, fill in ((shadow, (0, 0, 0, 90)), (0, theme.piece_detail)):
        draw.regular_polygon((centre + offset, centre + offset, radius), 8, 22.5, fill=fill)
    outline = [(centre, centre, radius), (centre, centre, radius * 0.84)]
    for index, circle in enumerate(outline):
        width = round(big * (0.035 if index == 0 else 0.015))
        draw.regular_polygon(circle, 8, 22.5, outline=ink, width=max(1, width))
    draw.text(
        (centre, centre),
        JANGGI_NAMES[(kind, cho)],
        font=font(JANGGI_FONT, round(radius * 1.1)),
        fill=ink,
        anchor="mm",
    )
    return sprite.resize((cell, cell), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def _sprites(theme: Theme, piece_set: PieceSet, square: int) -> dict[tuple[str, bool], Image.Image]:
    if theme.variant == "janggi":
        return {
            (kind, cho): _janggi_sprite(kind, cho, square, theme)
            for kind in "kabnrcp"
            for cho in (True, False)
        }
    if theme.variant == "xiangqi":
        return {
            (kind, red): _xiangqi_sprite(piece_set, kind, red, square, theme)
            for kind in "kabnrcp"
            for red in (True, False)
        }
    return {
        (kind, white): _chess_sprite(piece_set, kind, white, square)
        for kind in "kqrbnp"
        for white in (True, False)
    }


def sprites(theme: Theme, piece_set: PieceSet, square: int) -> dict[tuple[str, bool], Image.Image]:
    """RGBA sprites by (piece kind, is white/red) for squares of ``square`` pixels.

    Built once per (theme, piece set, size) under a lock, so renders in worker threads
    share them. Chess pieces are the set's art (the theme's piece colours are xiangqi's).
    """
    with _lock:
        return _sprites(theme, piece_set, square)
