"""The optional strips above and below a board: each player's name and rating, and whose turn.

The player at the bottom of the board gets the bottom strip. The side to move's strip is
tinted in the theme's last-move colour, with a triangle pointing at the board; the strips
carry no words of their own, only the names and ratings given, so they need no translation.
Names are drawn in DejaVu Sans Bold (Latin, Greek, Cyrillic) and Droid Sans Fallback (common
Chinese characters, Japanese kanji and kana, Hangul; a regular face, emboldened to match);
a character neither has is drawn as "?", never as an empty box. Both fonts also hold every
character of the translation catalogs, for words drawn in images (``tools/subset_fonts.py``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from bot.render.drawing import to_palette
from bot.render.sprites import FONTS, font
from bot.render.themes import RGB, Theme, blend
from rules import Color

# Names are drawn in the first of these that has the character: DejaVu Sans Bold for Latin,
# Greek and Cyrillic, then Droid Sans Fallback for Chinese (GB2312 and Big5's common
# characters), Japanese (JIS X 0208's kanji, kana) and Korean (KS X 1001's Hangul).
NAME_FONTS = (FONTS / "DejaVuSans-Bold-Names.ttf", FONTS / "DroidSansFallback-Names.ttf")
# The outline that makes the regular CJK fallback as heavy as DejaVu Sans Bold, of the
# font size (DejaVu Bold's stems are about 0.13 em, Droid Sans Fallback's about 0.08).
EMBOLDEN = 0.03
BAND = 0.075  # of the board's width: the height of each strip
MIN_BAND = 14
MAX_NAME = 64  # characters kept of a name before measuring (Discord allows 32)
_fonts_lock = threading.Lock()


@dataclass(frozen=True, slots=True)
class PlayerLabel:
    """A player as the strip shows them: a name and, if rated, a rating."""

    name: str
    rating: int | None = None


@dataclass(frozen=True, slots=True)
class Strip:
    """Who plays white (red in xiangqi) and black, and whose turn it is (None: the game is
    over, no strip is tinted). ``note``: a word shown in a badge at the right end of the
    bottom strip, such as "Preview" for a move not yet played (the caller's language)."""

    white: PlayerLabel
    black: PlayerLabel
    to_move: Color | None
    note: str = ""


def band_height(width: int) -> int:
    """The height of one strip on a board ``width`` pixels wide."""
    return max(MIN_BAND, round(width * BAND))


def _colours(theme: Theme, to_move: bool) -> tuple[RGB, RGB, RGB]:
    """(background, name, rating) colours of a strip; all are colours the board's palette
    already holds (margin and coordinates; a last-move square and a piece's outline)."""
    if theme.variant != "chess":  # xiangqi's and janggi's wood, names in its ink
        background = blend(theme.light, theme.last_move, 0.35) if to_move else theme.light
        return background, theme.dark, blend(background, theme.dark, 0.7)
    if to_move:
        background = theme.square(True, last_move=True)
        return background, theme.black_piece, blend(background, theme.black_piece, 0.7)
    return theme.margin, theme.coordinates, blend(theme.margin, theme.coordinates, 0.7)


@lru_cache(maxsize=4096)
def _has_glyph(path: Path, character: str, size: int) -> bool:
    """Whether the font at ``path`` draws ``character`` (rather than its empty-box glyph)."""
    typeface = font(path, size)
    missing = typeface.getmask("\ue000")  # a private-use character: in neither font
    mask = typeface.getmask(character)
    return mask.size != missing.size or bytes(mask) != bytes(missing)


def _characters(text: str, size: int) -> list[tuple[str, Path]]:
    """Each character of ``text`` with the first names font that draws it; one neither
    draws becomes "?". Line breaks, tabs and runs of spaces become one space."""
    drawn = []
    for character in " ".join(text[:MAX_NAME].split()):
        path = next((p for p in NAME_FONTS if _has_glyph(p, character, size)), None)
        drawn.append((character, path) if path is not None else ("?", NAME_FONTS[0]))
    return drawn


def _runs(characters: list[tuple[str, Path]]) -> list[tuple[str, Path]]:
    """Neighbouring characters of one font joined into one run."""
    runs: list[tuple[str, Path]] = []
    for character, path in characters:
        if runs and runs[-1][1] == path:
            runs[-1] = (runs[-1][0] + character, path)
        else:
            runs.append((character, path))
    return runs


def draw_words(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: RGB,
    room: float | None = None,
) -> float:  # fmt: skip
    """``text`` drawn from ``xy`` (its left end, vertically centred) in the names fonts,
    each character in the first that has it ("?" for none), cut with an ellipsis at
    ``room`` pixels; returns the width drawn."""
    characters = _characters(text, size)
    if room is not None:
        characters = _fitted(characters, size, room)
    x, y = xy
    for run, path in _runs(characters):
        typeface = font(path, size)
        # The CJK fallback has no bold face: its runs are emboldened by a thin outline in
        # the same ink (synthetic bold, as FreeType's FT_Outline_Embolden does), so a name
        # or heading mixing scripts is of one weight.
        stroke = size * EMBOLDEN if path != NAME_FONTS[0] else 0
        draw.text((x, y), run, fill, typeface, "lm", stroke_width=stroke, stroke_fill=fill)
        x += round(typeface.getlength(run))
    return x - xy[0]


def words_width(text: str, size: int) -> float:
    """The width ``draw_words`` gives ``text`` at ``size``, uncut."""
    return _width(_characters(text, size), size)


def _width(characters: list[tuple[str, Path]], size: int) -> float:
    return sum(font(path, size).getlength(text) for text, path in _runs(characters))


def _fitted(characters: list[tuple[str, Path]], size: int, room: float) -> list[tuple[str, Path]]:
    """The characters, cut with an ellipsis where they would pass ``room`` pixels."""
    if _width(characters, size) <= room:
        return characters
    ellipsis = ("…", NAME_FONTS[0])
    while characters and _width([*characters, ellipsis], size) > room:
        characters = characters[:-1]
    while characters and characters[-1][0] == " ":
        characters = characters[:-1]
    return [*characters, ellipsis]


def draw_band(
    theme: Theme, width: int, player: PlayerLabel, side: Color, to_move: bool, note: str = ""
) -> Image.Image:
    """One strip as an RGB image ``width`` wide, ``note`` in a badge at its right end."""
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
    rating = f"  {player.rating}" if player.rating is not None else ""
    right = _badge(draw, theme, width, height, note) if note else width
    room = right - x - pad - font(NAME_FONTS[0], size).getlength(rating)
    x += round(draw_words(draw, (x, middle), player.name, size, ink, room))
    if rating:
        draw.text((x, middle), rating, dim, font(NAME_FONTS[0], size), "lm")
    return band


def _badge(draw: ImageDraw.ImageDraw, theme: Theme, width: int, height: int, note: str) -> int:
    """``note`` (cut to a third of the strip) in a rounded badge of the last-move colour at
    the strip's right end; returns the badge's left edge."""
    size = max(8, round(height * 0.46))
    pad = round(height * 0.3)
    inner = min(words_width(note, size), width / 3)
    left = round(width - pad - inner - 2 * pad)
    top, bottom = round(height * 0.14), round(height * 0.86)
    draw.rounded_rectangle((left, top, width - pad, bottom), radius=(bottom - top) // 2,
                           fill=theme.last_move)  # fmt: skip
    draw_words(draw, (left + pad, height / 2), note, size, theme.black_piece, width / 3)
    return left


@lru_cache(maxsize=256)
def _mapped_band(
    theme: Theme, width: int, player: PlayerLabel, side: Color, to_move: bool,
    palette: tuple[int, ...], note: str = "",
) -> Image.Image:  # fmt: skip
    """A strip in a board's palette. Cached: a game's strips change only with the turn, so
    most renders reuse both."""
    with _fonts_lock:  # FreeType faces are shared between the rendering threads
        band = draw_band(theme, width, player, side, to_move, note)
    reference = Image.new("P", (1, 1))
    reference.putpalette(palette)
    return to_palette(band, reference)


def with_strips(board: Image.Image, strip: Strip, orientation: Color, theme: Theme) -> Image.Image:
    """``board`` (a palette image) with the top player's strip above and the bottom player's
    below, in the board's palette."""
    width = board.width
    height = band_height(width)
    palette = tuple(board.getpalette() or ())
    framed = Image.new("P", (width, board.height + 2 * height))
    framed.putpalette(palette)
    for side, y in ((orientation.other, 0), (orientation, height + board.height)):
        player = strip.white if side is Color.WHITE else strip.black
        note = strip.note if side is orientation else ""
        band = _mapped_band(theme, width, player, side, strip.to_move is side, palette, note)
        framed.paste(band, (0, y))
    framed.paste(board, (0, height))
    return framed


def palette_sample(theme: Theme, width: int) -> Image.Image:
    """Both kinds of strip with some text, for a kit's palette to hold their colours."""
    sample = Image.new("RGB", (width, 2 * band_height(width)))
    label = PlayerLabel("Sample Player", 1500)
    sample.paste(draw_band(theme, width, label, Color.WHITE, True, "Preview"), (0, 0))
    sample.paste(draw_band(theme, width, label, Color.BLACK, False), (0, band_height(width)))
    return sample
