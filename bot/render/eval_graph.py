"""The evaluation graph of an analysed game, as lichess draws it: the first player's winning
chances over the game, their advantage filled light above the middle line and the second
player's dark below, each inaccuracy, mistake and blunder a dot in its colour, and the
critical move a line across.

No words are drawn (only move numbers), so the image needs no translation.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.sprites import COORDINATE_FONT, font

# Lichess's colours for the three grades (its analysis board's glyph colours).
MARK_COLOURS = {
    "inaccuracy": (86, 180, 233),
    "mistake": (230, 159, 0),
    "blunder": (219, 48, 49),
}
CRITICAL_COLOUR = (219, 48, 49)
BACKGROUND = (178, 178, 178)
MIDDLE_LINE = (120, 120, 120)
CURVE = (60, 60, 60)
LABELS = (70, 70, 70)
# The first player's advantage (white, or red in xiangqi) and the second's.
UPPER_FILL = {"chess": (246, 246, 246), "xiangqi": (244, 222, 216)}
LOWER_FILL = {"chess": (40, 40, 40), "xiangqi": (40, 40, 40)}
MIN_WIDTH, MAX_WIDTH = 200, 2000
MIN_HEIGHT, MAX_HEIGHT = 80, 1000
SCALE = 2  # drawn twice as large, then reduced: smooth edges
LABEL_BAND = 0.1  # of the height: the move numbers below the graph


@dataclass(frozen=True, slots=True)
class GraphMark:
    """A judged move: the one that led to the position after ``ply`` plies; ``kind`` is
    ``inaccuracy``, ``mistake`` or ``blunder``."""

    ply: int
    kind: str


def render_eval_graph(
    advantages: Sequence[float],
    *,
    marks: Sequence[GraphMark] = (),
    critical: int | None = None,
    first_move_number: int = 1,
    black_first: bool = False,
    variant: str = "chess",
    width: int = 800,
    height: int = 240,
) -> bytes:
    """A PNG of the graph. ``advantages[ply]``: the first player's winning chances (-1..1)
    in the position after ``ply`` plies, the start included. ``critical``: the ply of the
    critical move's position. ``first_move_number``, ``black_first``: how the first move
    is numbered, for the move numbers below.

    Raises ValueError for fewer than two positions, an advantage outside -1..1, a mark or
    critical ply outside the game, an unknown mark kind or variant, or a size out of range.
    """
    if len(advantages) < 2:
        raise ValueError("a graph needs at least two positions")
    if any(not -1.0 <= value <= 1.0 for value in advantages):
        raise ValueError("advantages are winning chances, from -1 to 1")
    if not (MIN_WIDTH <= width <= MAX_WIDTH and MIN_HEIGHT <= height <= MAX_HEIGHT):
        raise ValueError(
            f"the graph is {MIN_WIDTH}-{MAX_WIDTH} by {MIN_HEIGHT}-{MAX_HEIGHT} pixels"
        )
    if variant not in UPPER_FILL:
        raise ValueError(f"no graph colours for {variant!r}")
    last = len(advantages) - 1
    for mark in marks:
        if mark.kind not in MARK_COLOURS:
            raise ValueError(f"unknown mark {mark.kind!r}")
        if not 1 <= mark.ply <= last:
            raise ValueError(f"mark at ply {mark.ply} outside the game's 1..{last}")
    if critical is not None and not 1 <= critical <= last:
        raise ValueError(f"critical ply {critical} outside the game's 1..{last}")

    big_w, big_h = width * SCALE, height * SCALE
    band = round(big_h * LABEL_BAND)
    plot_h = big_h - band
    middle = plot_h / 2
    margin = plot_h * 0.04  # the curve never touches the edges
    radius = max(3 * SCALE, round(plot_h * 0.025))
    # The first and last positions stand in by a dot's width (and the outline's), so a
    # mark or the critical line on the game's last move is drawn whole, not cut in half
    # by the image's edge (a game resigned after a blunder ends on its critical move).
    inset = radius + 2 * SCALE

    def x_of(ply: int) -> float:
        return inset + ply * (big_w - 1 - 2 * inset) / last

    def y_of(value: float) -> float:
        return middle - value * (middle - margin)

    image = Image.new("RGB", (big_w, big_h), BACKGROUND)
    curve = [(x_of(ply), y_of(value)) for ply, value in enumerate(advantages)]
    area = [(x_of(0), middle), *curve, (x_of(last), middle)]
    for fill, box in (
        (UPPER_FILL[variant], (0, 0, big_w, round(middle))),
        (LOWER_FILL[variant], (0, round(middle), big_w, plot_h)),
    ):
        layer = Image.new("RGB", (big_w, big_h), BACKGROUND)
        ImageDraw.Draw(layer).polygon(area, fill=fill)
        image.paste(layer.crop(box), box[:2])
    draw = ImageDraw.Draw(image)
    draw.line([(0, middle), (big_w, middle)], fill=MIDDLE_LINE, width=SCALE)
    if critical is not None:
        x = x_of(critical)
        draw.line([(x, 0), (x, plot_h)], fill=CRITICAL_COLOUR, width=2 * SCALE)
    draw.line(curve, fill=CURVE, width=2 * SCALE, joint="curve")
    for mark in sorted(marks, key=lambda m: list(MARK_COLOURS).index(m.kind)):
        x, y = curve[mark.ply]
        draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius),
            fill=MARK_COLOURS[mark.kind],
            outline=CURVE,
            width=SCALE,
        )
    draw.rectangle((0, plot_h, big_w, big_h), fill=BACKGROUND)
    _move_numbers(draw, last, x_of, plot_h, band, first_move_number, black_first)
    small = image.resize((width, height), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    small.save(buffer, "PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def _move_numbers(
    draw: ImageDraw.ImageDraw,
    last: int,
    x_of: Callable[[int], float],
    top: int,
    band: int,
    first_move_number: int,
    black_first: bool,
) -> None:
    """Each ``step``-th move number under the position after the first player's move of
    that number, ``step`` chosen so that the numbers never crowd."""
    moves = last // 2 + 1
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500) if moves / s <= 12)
    label_font = font(COORDINATE_FONT, max(8, round(band * 0.7)))
    number = first_move_number + (1 if black_first else 0)
    ply = 2 if black_first else 1
    while ply <= last:
        if number % step == 0 or step == 1:
            # Under its tick, moved in only as far as keeps its digits whole at an edge
            # (the picture's right edge is as far past the last position as the left is
            # before the first).
            half = draw.textlength(str(number), label_font) / 2 + SCALE
            x = min(max(x_of(ply), half), x_of(last) + x_of(0) - half)
            draw.line([(x_of(ply), top), (x_of(ply), top + band * 0.25)], fill=LABELS, width=SCALE)
            draw.text((x, top + band * 0.62), str(number), LABELS, label_font, "mm")
        ply += 2
        number += 1
