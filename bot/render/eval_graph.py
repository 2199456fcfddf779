"""The evaluation graph of an analysed game, as lichess draws it: the first player's winning
chances over the game, their advantage filled light above the middle line and the second
player's dark below, each inaccuracy, mistake and blunder a dot in its colour, and the
critical move a line across. Optionally, evaluations marked up the left edge (``axis``) and
a legend of the marks below the move numbers (``legend``, in the caller's words).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.choice import board_kind
from bot.render.sprites import COORDINATE_FONT, font
from bot.render.strip import draw_words, words_width

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
# The first side's advantage above the middle, the other's below: white and black, red and
# black (xiangqi), Cho's green and Han's red (janggi), each tinted light or dark.
UPPER_FILL = {"chess": (246, 246, 246), "xiangqi": (244, 222, 216), "janggi": (214, 236, 222)}
LOWER_FILL = {"chess": (40, 40, 40), "xiangqi": (40, 40, 40), "janggi": (96, 28, 28)}
MIN_WIDTH, MAX_WIDTH = 200, 2000
MIN_HEIGHT, MAX_HEIGHT = 80, 1000
SCALE = 2  # drawn twice as large, then reduced: smooth edges
LABEL_BAND = 0.1  # of the height: the move numbers below the graph
LEGEND_BAND = 0.1  # of the height: the legend below the move numbers, when there is one
GRID = (160, 160, 160)  # the axis values' lines across the graph


@dataclass(frozen=True, slots=True)
class AxisTick:
    """An evaluation marked on the left edge: ``label`` (``+2``) at ``value``, the first
    player's winning chances there (-1..1)."""

    label: str
    value: float


@dataclass(frozen=True, slots=True)
class GraphLegend:
    """The legend's words, in the reader's language: each grade of mark and the critical
    move's line."""

    inaccuracy: str
    mistake: str
    blunder: str
    critical: str


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
    axis: Sequence[AxisTick] = (),
    legend: GraphLegend | None = None,
) -> bytes:
    """A PNG of the graph. ``advantages[ply]``: the first player's winning chances (-1..1)
    in the position after ``ply`` plies, the start included. ``critical``: the ply of the
    critical move's position. ``first_move_number``, ``black_first``: how the first move
    is numbered, for the move numbers below. ``axis``: evaluations labelled up the left
    edge, each with a faint line across (those that would crowd their neighbour are left
    out). ``legend``: a row below the move numbers naming the marks' colours.

    Raises ValueError for fewer than two positions, an advantage or tick outside -1..1, a
    mark or critical ply outside the game, an unknown mark kind or variant, or a size out of
    range.
    """
    _check(advantages, marks, critical, variant, (width, height), axis)
    frame = _Frame.of(len(advantages) - 1, width, height, axis, legend is not None)
    image = Image.new("RGB", (frame.width, frame.height), BACKGROUND)
    curve = _fill(image, frame, advantages, variant)
    draw = ImageDraw.Draw(image)
    if axis:
        _axis(draw, axis, frame.y_of, frame.left, frame.width, frame.tick_size)
    _lines(draw, frame, curve, marks, critical)
    draw.rectangle((0, frame.plot_h, frame.width, frame.height), fill=BACKGROUND)
    numbers_area = (frame.plot_h, frame.band, frame.width)
    _move_numbers(draw, frame.last, frame.x_of, numbers_area, first_move_number, black_first)
    if legend is not None:
        legend_area = (frame.left + frame.inset, frame.plot_h + frame.band, frame.width)
        _legend(draw, legend, legend_area, frame.legend_band, frame.radius)
    small = image.resize((width, height), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    small.save(buffer, "PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def _check(
    advantages: Sequence[float],
    marks: Sequence[GraphMark],
    critical: int | None,
    variant: str,
    size: tuple[int, int],
    axis: Sequence[AxisTick],
) -> None:
    """Raises ValueError for what ``render_eval_graph`` cannot draw (see there)."""
    width, height = size
    if len(advantages) < 2:
        raise ValueError("a graph needs at least two positions")
    if any(not -1.0 <= value <= 1.0 for value in advantages):
        raise ValueError("advantages are winning chances, from -1 to 1")
    if not (MIN_WIDTH <= width <= MAX_WIDTH and MIN_HEIGHT <= height <= MAX_HEIGHT):
        raise ValueError(
            f"the graph is {MIN_WIDTH}-{MAX_WIDTH} by {MIN_HEIGHT}-{MAX_HEIGHT} pixels"
        )
    variant = board_kind(variant)
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
    if any(not -1.0 <= tick.value <= 1.0 for tick in axis):
        raise ValueError("axis ticks are winning chances, from -1 to 1")


@dataclass(frozen=True, slots=True)
class _Frame:
    """Where things go in the picture drawn ``SCALE`` times as large: the plot above the
    move numbers' ``band`` (and the legend's), the axis column at its ``left``."""

    last: int  # the last ply
    width: int
    height: int
    band: int
    legend_band: int
    plot_h: int
    tick_size: int
    left: int
    radius: int
    inset: int

    @classmethod
    def of(
        cls, last: int, width: int, height: int, axis: Sequence[AxisTick], legend: bool
    ) -> _Frame:
        big_w, big_h = width * SCALE, height * SCALE
        band = round(big_h * LABEL_BAND)
        legend_band = round(big_h * LEGEND_BAND) if legend else 0
        plot_h = big_h - band - legend_band
        tick_size = max(8 * SCALE, round(band * 0.6))
        radius = max(3 * SCALE, round(plot_h * 0.025))
        # The first and last positions stand in by a dot's width (and the outline's), so a
        # mark or the critical line on the game's last move is drawn whole, not cut in half
        # by the image's edge (a game resigned after a blunder ends on its critical move).
        inset = radius + 2 * SCALE
        # The axis values take a column at the left; the plot starts after it.
        left = _axis_width(axis, tick_size)
        return cls(last, big_w, big_h, band, legend_band, plot_h, tick_size, left, radius, inset)

    @property
    def middle(self) -> float:
        return self.plot_h / 2

    def x_of(self, ply: int) -> float:
        return (
            self.left + self.inset + ply * (self.width - 1 - self.left - 2 * self.inset) / self.last
        )

    def y_of(self, value: float) -> float:
        margin = self.plot_h * 0.04  # the curve never touches the edges
        return self.middle - value * (self.middle - margin)


def _fill(
    image: Image.Image, frame: _Frame, advantages: Sequence[float], variant: str
) -> list[tuple[float, float]]:
    """Fill the first player's advantage above the middle and the second's below; returns
    the curve's points."""
    curve = [(frame.x_of(ply), frame.y_of(value)) for ply, value in enumerate(advantages)]
    middle = frame.middle
    area = [(frame.x_of(0), middle), *curve, (frame.x_of(frame.last), middle)]
    for fill, box in (
        (UPPER_FILL[variant], (0, 0, frame.width, round(middle))),
        (LOWER_FILL[variant], (0, round(middle), frame.width, frame.plot_h)),
    ):
        layer = Image.new("RGB", (frame.width, frame.height), BACKGROUND)
        ImageDraw.Draw(layer).polygon(area, fill=fill)
        image.paste(layer.crop(box), box[:2])
    return curve


def _lines(
    draw: ImageDraw.ImageDraw,
    frame: _Frame,
    curve: list[tuple[float, float]],
    marks: Sequence[GraphMark],
    critical: int | None,
) -> None:
    """The middle line, the critical move's line, the curve and its marks' dots."""
    middle, radius = frame.middle, frame.radius
    draw.line([(frame.left, middle), (frame.width, middle)], fill=MIDDLE_LINE, width=SCALE)
    if critical is not None:
        x = frame.x_of(critical)
        draw.line([(x, 0), (x, frame.plot_h)], fill=CRITICAL_COLOUR, width=2 * SCALE)
    draw.line(curve, fill=CURVE, width=2 * SCALE, joint="curve")
    for mark in sorted(marks, key=lambda m: list(MARK_COLOURS).index(m.kind)):
        x, y = curve[mark.ply]
        draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius),
            fill=MARK_COLOURS[mark.kind],
            outline=CURVE,
            width=SCALE,
        )


def _move_numbers(
    draw: ImageDraw.ImageDraw,
    last: int,
    x_of: Callable[[int], float],
    area: tuple[int, int, int],
    first_move_number: int,
    black_first: bool,
) -> None:
    """Each ``step``-th move number under the position after the first player's move of
    that number, ``step`` chosen so that the numbers never crowd (``area``: the band's top,
    height and the picture's width)."""
    top, band, width = area
    moves = last // 2 + 1
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500) if moves / s <= 12)
    label_font = font(COORDINATE_FONT, max(8, round(band * 0.7)))
    number = first_move_number + (1 if black_first else 0)
    ply = 2 if black_first else 1
    while ply <= last:
        if number % step == 0 or step == 1:
            # Under its tick, moved in only as far as keeps its digits whole at an edge.
            half = draw.textlength(str(number), label_font) / 2 + SCALE
            x = min(max(x_of(ply), half), width - half)
            draw.line([(x_of(ply), top), (x_of(ply), top + band * 0.25)], fill=LABELS, width=SCALE)
            draw.text((x, top + band * 0.62), str(number), LABELS, label_font, "mm")
        ply += 2
        number += 1


def _axis_width(axis: Sequence[AxisTick], size: int) -> int:
    """The left column the axis values need: the widest label and a little room."""
    if not axis:
        return 0
    return round(max(words_width(tick.label, size) for tick in axis) + size * 0.8)


def _axis(
    draw: ImageDraw.ImageDraw,
    axis: Sequence[AxisTick],
    y_of: Callable[[float], float],
    left: int,
    right: int,
    size: int,
) -> None:
    """Each tick's label, right-aligned in the left column, and a faint line across the
    graph at its height; a tick closer than 1.4 labels' height to one drawn is left out."""
    drawn: list[float] = []
    for tick in sorted(axis, key=lambda t: abs(t.value)):  # 0 first, then outwards
        y = y_of(tick.value)
        if any(abs(y - other) < size * 1.4 for other in drawn):
            continue
        drawn.append(y)
        if tick.value != 0:
            draw.line([(left, y), (right, y)], fill=GRID, width=max(1, SCALE // 2))
        x = left - size * 0.4 - words_width(tick.label, size)
        draw_words(draw, (x, y), tick.label, size, LABELS)


def _legend(
    draw: ImageDraw.ImageDraw,
    legend: GraphLegend,
    area: tuple[int, int, int],
    band: int,
    radius: int,
) -> None:
    """A dot of each grade's colour and its word, then the critical line and its word, in
    a row from the plot's left edge (``area``: left, top, right), each word cut to fit."""
    x, top, right = area
    middle = top + band / 2
    size = max(8 * SCALE, round(band * 0.55))
    entries = (
        (MARK_COLOURS["inaccuracy"], legend.inaccuracy),
        (MARK_COLOURS["mistake"], legend.mistake),
        (MARK_COLOURS["blunder"], legend.blunder),
        (None, legend.critical),
    )
    room = (right - x) / len(entries) - 3 * radius
    for colour, word in entries:
        if colour is None:  # the critical move's line
            draw.line([(x + radius, middle - band * 0.35), (x + radius, middle + band * 0.35)],
                      fill=CRITICAL_COLOUR, width=2 * SCALE)  # fmt: skip
        else:
            draw.ellipse((x, middle - radius, x + 2 * radius, middle + radius), fill=colour,
                         outline=CURVE, width=SCALE)  # fmt: skip
        x += 3 * radius
        x += round(draw_words(draw, (x, middle), word, size, LABELS, room)) + 3 * radius
