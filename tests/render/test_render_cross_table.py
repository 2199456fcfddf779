"""The cross-table PNG: decoded by Pillow, and names of every script drawn in one weight
(the CJK fallback, which has no bold face, emboldened to match DejaVu Sans Bold)."""

from __future__ import annotations

import io
import math
from dataclasses import replace

import pytest
from PIL import Image, ImageDraw

from bot.render.cross_table import (
    GAIN,
    LOSS,
    MAX_PAGES,
    NUMBER,
    PAD,
    PAGE_ROWS,
    ROW,
    SCORE,
    TEXT,
    CrossTable,
    heading,
    pages,
    render_cross_table,
)
from bot.render.sprites import font
from bot.render.strip import NAME_FONTS, draw_words, words_width

SIZE = 18


def _ink(draw_text: str, *, plain: bool) -> int:
    """The ink (darkness summed over pixels) of ``draw_text`` on white: through
    ``draw_words``, or (``plain``) straight in the font that has its characters."""
    image = Image.new("RGB", (400, 40), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    if plain:
        path = NAME_FONTS[1] if any(ord(c) > 0x2E80 for c in draw_text) else NAME_FONTS[0]
        draw.text((5, 20), draw_text, (0, 0, 0), font(path, SIZE), "lm")
    else:
        draw_words(draw, (5, 20), draw_text, SIZE, (0, 0, 0))
    histogram = image.convert("L").histogram()
    return sum((255 - value) * count for value, count in enumerate(histogram))


def test_cjk_names_are_emboldened_and_latin_ones_left_bold() -> None:
    """A Chinese, a Japanese and a Korean name come out at least a quarter heavier than
    the regular fallback face draws them, so they stand beside DejaVu Sans Bold's Latin,
    which is drawn exactly as before."""
    for name in ("王小明", "たなか", "김민준"):
        assert _ink(name, plain=False) > 1.25 * _ink(name, plain=True), name
    assert _ink("alice", plain=False) == _ink("alice", plain=True)


def test_a_cross_table_of_mixed_scripts_decodes() -> None:
    """Four players, Latin and CJK names and headings: a PNG of a title row, a heading
    row and a row each, as wide as its columns."""
    table = CrossTable(
        "秋季杯 Autumn cup",
        ("選手", "得点", "S-B"),
        (1, 2, 3, 4),
        ("alice", "王小明", "김민준", "たなか bob"),
        (("", "1", "½", "1"), ("0", "", "1", "1"), ("½", "0", "", "1"), ("0", "0", "0", "")),
        ("2.5", "2", "1.5", "0"),
        ("3.25", "2", "1.5", "0"),
    )
    with Image.open(io.BytesIO(render_cross_table(table))) as image:
        assert image.format == "PNG"
        image.load()
        assert image.height == ROW * 6


def _inks(png: bytes, box: tuple[int, int, int, int] | None = None) -> set[tuple[int, ...]]:
    """The colours of the PNG's pixels (inside ``box``, if given)."""
    with Image.open(io.BytesIO(png)) as image:
        shown = image.convert("RGB")
        pixels = (shown.crop(box) if box else shown).get_flattened_data()
        return {pixel for pixel in pixels if isinstance(pixel, tuple)}  # RGB: each a tuple


def test_a_rated_cross_table_shows_each_rating_change() -> None:
    """A rated table's rating changes get a column of their own at the right, one column
    wider than the same table unrated: a gain in green, a loss in red, none in plain ink
    (and no green or red anywhere else)."""
    casual = CrossTable(
        "Autumn cup",
        ("Player", "Points", "S-B"),
        (1, 2, 3),
        ("alice", "bob", "carol"),
        (("", "1", "1"), ("0", "", "½"), ("0", "½", "")),
        ("2", "0.5", "0.5"),
        ("1", "0.25", "0.25"),
    )
    rated = replace(casual, changes=("+12", "-8", "+0"), changes_heading="Rating")
    plain, coloured = render_cross_table(casual), render_cross_table(rated)
    with Image.open(io.BytesIO(plain)) as before, Image.open(io.BytesIO(coloured)) as after:
        assert after.height == before.height and after.width >= before.width + SCORE
        width, added = after.width, after.width - before.width

    def column(row: int) -> tuple[int, int, int, int]:
        return (width - added, (row + 2) * ROW, width, (row + 3) * ROW)

    assert GAIN in _inks(coloured, column(0)) and LOSS not in _inks(coloured, column(0))
    assert LOSS in _inks(coloured, column(1)) and GAIN not in _inks(coloured, column(1))
    assert not {GAIN, LOSS} & _inks(coloured, column(2))
    assert not {GAIN, LOSS} & _inks(coloured, (0, 0, width - added, 5 * ROW))


def _gaps(text: str, size: int) -> list[int]:
    """The widths of the blank columns between the letters of ``text`` drawn by
    ``draw_words`` at ``size``."""
    image = Image.new("RGB", (400, 60), (0, 0, 0))
    draw_words(ImageDraw.Draw(image), (5, 30), text, size, (255, 255, 255))
    grey = image.convert("L").tobytes()  # row by row, a byte a pixel
    inked = [any(grey[y * 400 + x] > 96 for y in range(60)) for x in range(400)]
    first, last = inked.index(True), len(inked) - inked[::-1].index(True)
    gaps, blank = [], 0
    for column in inked[first:last]:
        if column and blank:
            gaps.append(blank)
        blank = 0 if column else blank + 1
    return gaps


def test_names_letters_are_evenly_spaced() -> None:
    """ "mnmnmn" (the "mn" of "Autumn") comes out with its letters evenly spaced at the sizes
    the images use: no "m" drawn narrower than its advance, standing apart from the "n"
    after it (the names font keeps DejaVu's hinting, so FreeType's auto-hinter does not
    redraw its glyphs)."""
    for size in (14, 18, 24):
        gaps = _gaps("mnmnmn", size)
        assert len(gaps) == 5 and max(gaps) - min(gaps) <= 1, (size, gaps)


# A phone shows an image at the chat's width, about 400 CSS pixels (Discord scales a wider
# image down to it); text whose digits stand 7 px tall there (a 10 px font) is read unzoomed.
PHONE = 400
LEGIBLE_DIGITS = 7
NAMES = ("alice", "bob_the_builder", "Eleonora Vasquez", "王小明", "김민준", "たなか")


def _round_robin(count: int) -> CrossTable:
    """A rated round robin of ``count`` with long and CJK names, every game played."""
    cells = tuple(
        tuple("" if i == j else "1" if i < j else "0" for j in range(count)) for i in range(count)
    )
    return CrossTable(
        "Autumn cup 2026",
        ("Player", "Points", "S-B"),
        tuple(range(1, count + 1)),
        tuple(f"{NAMES[i % len(NAMES)]}{i}" for i in range(count)),
        cells,
        tuple(str(count - 1 - i) for i in range(count)),
        tuple(f"{(count - i) * 1.25:g}" for i in range(count)),
        tuple("+12" if i % 2 else "-8" for i in range(count)),
        "Rating",
    )


def _swiss(count: int) -> CrossTable:
    """A rated Swiss' table of ``count`` (no grid)."""
    return replace(_round_robin(count), cells=(), headings=("Player", "Points", "BH-C1"))


def _digit_height(png: bytes) -> tuple[int, int, float]:
    """The image's size and how tall the first row's rank digit stands, in CSS pixels, at a
    phone's width: its inked rows counted, scaled by 400 / width (images are not enlarged)."""
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        cell = image.convert("L").crop((2, 2 * ROW + 2, NUMBER - 2, 3 * ROW - 2))
        width, height = image.size
    grey = cell.tobytes()  # row by row, a byte a pixel
    rows = [y for y in range(cell.height) if min(grey[y * cell.width : (y + 1) * cell.width]) < 128]
    return width, height, (rows[-1] - rows[0] + 1) * min(1.0, PHONE / width)


@pytest.mark.parametrize(
    ("table", "images", "grid"),
    [
        (_round_robin(4), 1, True),
        (_round_robin(8), 1, True),
        (_round_robin(16), 1, False),
        (_swiss(16), 1, False),
        (_swiss(50), 4, False),
        (_swiss(200), MAX_PAGES, False),
    ],
    ids=["rr4", "rr8", "rr16", "swiss16", "swiss50", "swiss200"],
)
def test_standings_are_legible_on_a_phone(table: CrossTable, images: int, grid: bool) -> None:
    """Each image, shown 400 px wide on a phone, has its digits 7 px tall or more (a 10 px
    font) and is not taller than 1.5 times its width (else a phone shrinks it to the
    screen's height): up to 8 players a grid, more a list without it, a big field in even
    pages of at most 16 rows (its first 64 players)."""
    drawn = pages(table)
    assert len(drawn) == images and all(page.grid is grid for page in drawn)
    rows = [len(page.names) for page in drawn]
    assert max(rows) <= PAGE_ROWS and max(rows) - min(rows) <= 1
    assert sum(rows) == min(len(table.names), PAGE_ROWS * MAX_PAGES)
    for page in drawn:
        width, height, digits = _digit_height(render_cross_table(page))
        assert digits >= LEGIBLE_DIGITS, (width, digits)
        assert height <= 1.5 * width, (width, height)


def test_pages_say_which_rows_they_hold() -> None:
    """A Swiss of 50 in four pages: ranks 1-12, 13-25, 26-37, 38-50, each page saying so."""
    drawn = pages(_swiss(50))
    assert [page.part for page in drawn] == ["1–12 / 50", "13–25 / 50", "26–37 / 50", "38–50 / 50"]
    assert [page.ranks[0] for page in drawn] == [1, 13, 26, 38]
    assert pages(_swiss(16))[0].part == ""


def test_a_later_page_starts_where_asked_and_says_its_rows_first() -> None:
    """From row 193 of 200 (the standings' page 4): one image of ranks 193-200, its heading
    saying so before the title, which a narrow image cuts (players 1-64 were all a table
    showed before, and a long title hid which rows an image held)."""
    (last,) = pages(_swiss(200), 192)
    assert last.part == "193–200 / 200" and last.ranks == tuple(range(193, 201))
    assert heading(last).startswith("193–200 / 200 · ")
    assert pages(_swiss(200), 64)[0].part == "65–80 / 200"


def test_a_sixteen_player_grid_was_illegible(monkeypatch: pytest.MonkeyPatch) -> None:
    """The grid of 16 as it was drawn before (forced here): over 1,000 px wide, its digits
    under 7 px at a phone's width, so the legibility test above fails on it."""
    monkeypatch.setattr("bot.render.cross_table.GRID_LIMIT", 16)
    width, _, digits = _digit_height(render_cross_table(_round_robin(16)))
    assert width > 1000 and digits < LEGIBLE_DIGITS


def test_the_widest_name_is_drawn_whole() -> None:
    """The name column is as wide as its widest name (up to its limit): that name is drawn
    whole, not cut with an ellipsis (its cell holds the ink the name alone has)."""
    table = replace(_round_robin(4), names=("bob_the_builder", "al", "cy", "di"))
    with Image.open(io.BytesIO(render_cross_table(table))) as image:
        right = NUMBER + math.ceil(words_width("bob_the_builder", TEXT)) + 2 * PAD - 2
        cell = image.convert("L").crop((NUMBER + 2, 2 * ROW + 2, right, 3 * ROW - 2))
    drawn = Image.new("RGB", (400, 40), (255, 255, 255))
    draw_words(ImageDraw.Draw(drawn), (8, 20), "bob_the_builder", TEXT, (32, 32, 32))

    def ink(image: Image.Image) -> int:
        histogram = image.convert("L").histogram()
        return sum((255 - value) * count for value, count in enumerate(histogram))

    assert abs(ink(cell) - ink(drawn)) < 0.02 * ink(drawn), (ink(cell), ink(drawn))
