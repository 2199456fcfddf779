"""The optional strips above and below a board: each player's name and rating, and whose turn.

The player at the bottom of the board gets the bottom strip. The side to move's strip is
tinted in the theme's last-move colour, with a triangle pointing at the board; the strips
carry no words of their own, only the names and ratings given, so they need no translation.
Names are drawn in DejaVu Sans Bold (Latin, Greek, Cyrillic); a character the font lacks is
drawn as "?" rather than as an empty box.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.render.drawing import to_palette
from bot.render.sprites import FONTS, font
from bot.render.themes import RGB, Theme, blend
from rules import Color

NAMES_FONT = FONTS / "DejaVuSans-Bold-Names.ttf"
BAND = 0.075  # of the board's width: the height of each strip
MIN_BAND = 14
MAX_NAME = 64  # characters kept of a name before measuring (Discord allows 32)


@dataclass(frozen=True, slots=True)
class PlayerLabel:
    """A player as the strip shows them: a name and, if rated, a rating."""

    name: str
    rating: int | None = None


@dataclass(frozen=True, slots=True)
class Strip:
    """Who plays white (red in xiangqi) and black, and whose turn it is (None: the game is
    over, no strip is tinted)."""

    white: PlayerLabel
    black: PlayerLabel
    to_move: Color | None


def band_height(width: int) -> int:
    """The height of one strip on a board ``width`` pixels wide."""
    return max(MIN_BAND, round(width * BAND))


def _colours(theme: Theme, to_move: bool) -> tuple[RGB, RGB, RGB]:
    """(background, name, rating) colours of a strip; all are colours the board's palette
    already holds (margin and coordinates; a last-move square and a piece's outline)."""
    if theme.variant == "xiangqi":
        background = blend(theme.light, theme.last_move, 0.35) if to_move else theme.light
        return background, theme.dark, blend(background, theme.dark, 0.7)
    if to_move:
        background = theme.square(True, last_move=True)
        return background, theme.black_piece, blend(background, theme.black_piece, 0.7)
    return theme.margin, theme.coordinates, blend(theme.margin, theme.coordinates, 0.7)


@lru_cache(maxsize=1024)
def _has_glyph(character: str, size: int) -> bool:
    """Whether the names font draws ``character`` (rather than its empty-box glyph)."""
    names = font(NAMES_FONT, size)
    missing = names.getmask("\ue000")  # a private-use character: never in the font
    mask = names.getmask(character)
    return mask.size != missing.size or bytes(mask) != bytes(missing)


def _drawable(text: str, size: int) -> str:
    text = " ".join(text[:MAX_NAME].split())  # no line breaks, tabs or runs of spaces
    return "".join(c if c == " " or _has_glyph(c, size) else "?" for c in text)


def _fitted(text: str, typeface: ImageFont.FreeTypeFont, room: float) -> str:
    """``text``, cut with an ellipsis where it would pass ``room`` pixels."""
    if typeface.getlength(text) <= room:
        return text
    while text and typeface.getlength(text + "…") > room:
        text = text[:-1]
    return text.rstrip() + "…"


def draw_band(
    theme: Theme, width: int, player: PlayerLabel, side: Color, to_move: bool
) -> Image.Image:
    """One strip as an RGB image ``width`` wide."""
    height = band_height(width)
    background, ink, dim = _colours(theme, to_move)
    band = Image.new("RGB", (width, height), background)
    draw = ImageDraw.Draw(band)
    middle = height / 2
    pad = round(height * 0.3)
    x = pad
    if to_move:  # a triangle pointing right, at the player whose turn it is
        tip = height * 0.28
        draw.polygon([(x, middle - tip), (x + tip * 1.3, middle), (x, middle + tip)], fill=ink)
    x += round(height * 0.5)
    radius = height * 0.24
    disc = theme.white_piece if side is Color.WHITE else theme.black_piece
    rim = theme.black_piece if side is Color.WHITE else theme.white_piece
    draw.ellipse((x, middle - radius, x + 2 * radius, middle + radius), fill=disc, outline=rim,
                 width=max(1, round(height / 18)))  # fmt: skip
    x += round(2 * radius + pad)
    size = max(8, round(height * 0.46))
    typeface = font(NAMES_FONT, size)
    rating = f"  {player.rating}" if player.rating is not None else ""
    room = width - x - pad - typeface.getlength(rating)
    name = _fitted(_drawable(player.name, size), typeface, room)
    draw.text((x, middle), name, ink, typeface, "lm")
    if rating:
        draw.text((x + typeface.getlength(name), middle), rating, dim, typeface, "lm")
    return band


def with_strips(board: Image.Image, strip: Strip, orientation: Color, theme: Theme) -> Image.Image:
    """``board`` (a palette image) with the top player's strip above and the bottom player's
    below, in the board's palette."""
    width = board.width
    height = band_height(width)
    framed = Image.new("P", (width, board.height + 2 * height))
    framed.putpalette(board.getpalette() or [])
    top_side = orientation.other
    for side, y in ((top_side, 0), (orientation, height + board.height)):
        player = strip.white if side is Color.WHITE else strip.black
        band = draw_band(theme, width, player, side, strip.to_move is side)
        framed.paste(to_palette(band, board), (0, y))
    framed.paste(board, (0, height))
    return framed


def palette_sample(theme: Theme, width: int) -> Image.Image:
    """Both kinds of strip with some text, for a kit's palette to hold their colours."""
    sample = Image.new("RGB", (width, 2 * band_height(width)))
    label = PlayerLabel("Sample Player", 1500)
    sample.paste(draw_band(theme, width, label, Color.WHITE, True), (0, 0))
    sample.paste(draw_band(theme, width, label, Color.BLACK, False), (0, band_height(width)))
    return sample
