"""A tournament's cross-table as a PNG: one row per player in rank order, their result
against each opponent (by the opponent's rank number), their points and a tie-break. Names
and headings come worded by the caller (any language: names fonts hold Latin, Greek,
Cyrillic, Chinese, Japanese and Korean)."""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.strip import draw_words, words_width

ROW = 34  # pixels a row
TEXT = 18  # font size
PAD = 10
CELL = 46  # an opponent's column
NUMBER = 44  # the rank column
SCORE = 80  # the points and tie-break columns
MAX_NAME = 280
INK, PAPER, RULE, HEAD = (32, 32, 32), (255, 255, 255), (200, 200, 200), (236, 240, 245)
# A rating change's ink: a gain green, a loss red (dark enough to read on white), none plain.
GAIN, LOSS = (0, 120, 60), (190, 30, 30)


@dataclass(frozen=True, slots=True)
class CrossTable:
    """What the image shows: a title, the headings of the name, points and tie-break
    columns, and per player (best first) rank, name, results against each (``cells[i][j]``,
    "" against themself), points and tie-break, all as text; a rated tournament's rating
    changes (signed: ``+12``, ``-8``) under ``changes_heading`` (none: no such column)."""

    title: str
    headings: tuple[str, str, str]
    ranks: tuple[int, ...]
    names: tuple[str, ...]
    cells: tuple[tuple[str, ...], ...]
    points: tuple[str, ...]
    tiebreaks: tuple[str, ...]
    changes: tuple[str, ...] = ()
    changes_heading: str = ""


def render_cross_table(table: CrossTable) -> bytes:
    """The cross-table as PNG bytes."""
    count = len(table.names)
    widest = max([words_width(n, TEXT) for n in (*table.names, table.headings[0])] or [0])
    name_width = min(MAX_NAME, int(widest) + 2 * PAD)
    scored = 3 if table.changes else 2  # points, tie-break, and the rating change
    width = NUMBER + name_width + count * CELL + scored * SCORE
    height = ROW * (count + 2)
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw_words(draw, (PAD, ROW / 2), table.title, TEXT, INK, room=width - 2 * PAD)
    draw.rectangle((0, ROW, width, 2 * ROW), fill=HEAD)
    left = NUMBER + name_width
    scores = left + count * CELL
    _centred(draw, NUMBER / 2, 1.5 * ROW, "#")
    draw_words(draw, (NUMBER + PAD, 1.5 * ROW), table.headings[0], TEXT, INK, name_width - PAD)
    for column in range(count):
        _centred(draw, left + (column + 0.5) * CELL, 1.5 * ROW, str(column + 1))
    headings = (*table.headings[1:], table.changes_heading)[:scored]
    for index, heading in enumerate(headings):
        _centred(draw, scores + (index + 0.5) * SCORE, 1.5 * ROW, heading)
    for row in range(count):
        middle = (row + 2.5) * ROW
        if row == 0 or table.ranks[row] != table.ranks[row - 1]:
            _centred(draw, NUMBER / 2, middle, str(table.ranks[row]))
        draw_words(draw, (NUMBER + PAD, middle), table.names[row], TEXT, INK, name_width - PAD)
        for column, cell in enumerate(table.cells[row]):
            x = left + column * CELL
            if column == row:
                draw.rectangle((x, middle - ROW / 2, x + CELL, middle + ROW / 2), fill=RULE)
            _centred(draw, x + CELL / 2, middle, cell)
        _centred(draw, scores + SCORE / 2, middle, table.points[row])
        _centred(draw, scores + 1.5 * SCORE, middle, table.tiebreaks[row])
        if table.changes:
            change = table.changes[row]
            _centred(draw, scores + 2.5 * SCORE, middle, change, _change_ink(change))
    for y in range(ROW, height + 1, ROW):
        draw.line((0, y, width, y), fill=RULE)
    columns = (left + c * CELL for c in range(1, count + 1))
    for x in (NUMBER, left, *columns, *(scores + n * SCORE for n in range(1, scored))):
        draw.line((x, ROW, x, height), fill=RULE)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


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
