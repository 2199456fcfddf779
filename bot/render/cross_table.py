"""A tournament's standings as PNGs legible on a phone: one row per player in rank order,
their points, a tie-break and rating change, and in a small round robin (a grid) their result
against each opponent (by the opponent's rank number); a big field in pages. Names
and headings come worded by the caller (any language: names fonts hold Latin, Greek,
Cyrillic, Chinese, Japanese and Korean)."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, replace
from itertools import pairwise

from PIL import Image, ImageDraw

from bot.render.strip import draw_words, words_width

# Sizes for a phone: Discord shows an image at the chat's width, about 400 CSS pixels on a
# phone, so an image W pixels wide shows its text at TEXT * 400 / W. A grid of 8 players is
# at most ~770 px wide (text at 10 px or more there); a bigger field is drawn as a list.
ROW = 36  # pixels a row
TEXT = 20  # font size
PAD = 10
CELL = 34  # an opponent's column
NUMBER = 40  # the rank column
SCORE = 68  # the points, tie-break and rating columns at least
MAX_NAME = 200
GRID_LIMIT = 8  # players a grid shows; more are listed without the grid
PAGE_ROWS = 16  # a list's rows per image at most (taller would be shrunk to fit a screen)
MAX_PAGES = 4  # images drawn at once at most (64 players: a page of the standings)
INK, PAPER, RULE, HEAD = (32, 32, 32), (255, 255, 255), (200, 200, 200), (236, 240, 245)
# A rating change's ink: a gain green, a loss red (dark enough to read on white), none plain.
GAIN, LOSS = (0, 120, 60), (190, 30, 30)


@dataclass(frozen=True, slots=True)
class CrossTable:
    """What the image shows: a title, the headings of the name, points and tie-break
    columns, and per player (best first) rank, name, results against each (``cells[i][j]``,
    "" against themself; none for a Swiss), points and tie-break, all as text; a rated
    tournament's rating changes (signed: ``+12``, ``-8``) under ``changes_heading`` (none:
    no such column). ``part``: which rows of how many a page holds (``17–32 / 50``)."""

    title: str
    headings: tuple[str, str, str]
    ranks: tuple[int, ...]
    names: tuple[str, ...]
    cells: tuple[tuple[str, ...], ...]
    points: tuple[str, ...]
    tiebreaks: tuple[str, ...]
    changes: tuple[str, ...] = ()
    changes_heading: str = ""
    part: str = ""

    @property
    def grid(self) -> bool:
        """Whether it is drawn with each result against each opponent."""
        return bool(self.cells) and len(self.names) <= GRID_LIMIT


def pages(table: CrossTable, first: int = 0) -> tuple[CrossTable, ...]:
    """The images ``table`` is drawn in from its row ``first`` (0: the top): itself when it
    fits one (a grid, or a short list), else up to ``MAX_PAGES`` even pages of at most
    ``PAGE_ROWS`` rows (the rest left to the next call, from the row after), each saying
    which rows it holds of how many."""
    count = len(table.names)
    if table.grid or count <= PAGE_ROWS:
        return (table,)
    shown = min(count - first, PAGE_ROWS * MAX_PAGES)
    split = -(-shown // PAGE_ROWS)
    bounds = [first + shown * n // split for n in range(split + 1)]
    return tuple(
        replace(
            table,
            ranks=table.ranks[start:end],
            names=table.names[start:end],
            cells=(),
            points=table.points[start:end],
            tiebreaks=table.tiebreaks[start:end],
            changes=table.changes[start:end],
            part=f"{start + 1}–{end} / {count}",
        )
        for start, end in pairwise(bounds)
    )


def heading(table: CrossTable) -> str:
    """The image's heading: which rows a page holds, then the title (a long title is cut
    at the image's width, so the rows come first)."""
    return f"{table.part} · {table.title}" if table.part else table.title


def render_cross_table(table: CrossTable) -> bytes:
    """One image of the table as PNG bytes: the grid (``table.grid``), else the list of its
    rows with their points, tie-break and rating change."""
    count = len(table.names)
    columns = count if table.grid else 0
    widest = max([words_width(n, TEXT) for n in (*table.names, table.headings[0])] or [0])
    name_width = min(MAX_NAME, math.ceil(widest)) + 2 * PAD
    scored = [(table.headings[1], table.points), (table.headings[2], table.tiebreaks)]
    if table.changes:
        scored.append((table.changes_heading, table.changes))
    widths = [_column_width(heading, values) for heading, values in scored]
    left = NUMBER + name_width
    scores = left + columns * CELL
    width = scores + sum(widths)
    height = ROW * (count + 2)
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw_words(draw, (PAD, ROW / 2), heading(table), TEXT, INK, room=width - 2 * PAD)
    draw.rectangle((0, ROW, width, 2 * ROW), fill=HEAD)
    _centred(draw, NUMBER / 2, 1.5 * ROW, "#")
    room = name_width - 2 * PAD
    draw_words(draw, (NUMBER + PAD, 1.5 * ROW), table.headings[0], TEXT, INK, room)
    for column in range(columns):
        _centred(draw, left + (column + 0.5) * CELL, 1.5 * ROW, str(column + 1))
    for row in range(count):
        middle = (row + 2.5) * ROW
        if row == 0 or table.ranks[row] != table.ranks[row - 1]:
            _centred(draw, NUMBER / 2, middle, str(table.ranks[row]))
        draw_words(draw, (NUMBER + PAD, middle), table.names[row], TEXT, INK, room)
        for column, cell in enumerate(table.cells[row] if columns else ()):
            x = left + column * CELL
            if column == row:
                draw.rectangle((x, middle - ROW / 2, x + CELL, middle + ROW / 2), fill=RULE)
            _centred(draw, x + CELL / 2, middle, cell)
    x = scores
    for index, ((title, values), column_width) in enumerate(zip(scored, widths, strict=True)):
        _centred(draw, x + column_width / 2, 1.5 * ROW, title)
        for row, value in enumerate(values):
            ink = _change_ink(value) if index == 2 else INK  # the rating changes
            _centred(draw, x + column_width / 2, (row + 2.5) * ROW, value, ink)
        if x > scores:
            draw.line((x, ROW, x, height), fill=RULE)
        x += column_width
    for y in range(ROW, height + 1, ROW):
        draw.line((0, y, width, y), fill=RULE)
    for x in (NUMBER, left, *(left + c * CELL for c in range(1, columns + 1))):
        draw.line((x, ROW, x, height), fill=RULE)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def _column_width(heading: str, values: tuple[str, ...]) -> int:
    """A score column's width: ``SCORE``, or its heading's or widest value's with a margin."""
    widest = max(words_width(text, TEXT) for text in (heading, *values))
    return max(SCORE, math.ceil(widest) + 2 * PAD)


def _change_ink(change: str) -> tuple[int, int, int]:
    """A gain green, a loss red, no change (``+0``) in plain ink."""
    if change.startswith("+") and change.strip("+0"):
        return GAIN
    if change.startswith(("-", "−")):
        return LOSS
    return INK


def _centred(
    draw: ImageDraw.ImageDraw, x: float, y: float, text: str, ink: tuple[int, int, int] = INK
) -> None:
    draw_words(draw, (x - words_width(text, TEXT) / 2, y), text, TEXT, ink)
