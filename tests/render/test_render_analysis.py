"""The analysis pictures: the evaluation graph (areas, marks, the critical line) and the
board with the played and best moves as arrows, in both variants and orientations."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import rules
from bot.render.arrows import Arrow, ArrowKind, render_arrows, square_centre
from bot.render.eval_graph import (
    BACKGROUND,
    CRITICAL_COLOUR,
    LABELS,
    LOWER_FILL,
    MARK_COLOURS,
    UPPER_FILL,
    AxisTick,
    GraphLegend,
    GraphMark,
    render_eval_graph,
)
from bot.render.xiangqi_board import Layout
from rules import Color, get_variant
from tests.render.render_pixels import pixel


def image(png: bytes) -> Image.Image:
    picture = Image.open(io.BytesIO(png))
    assert picture.format == "PNG"
    return picture.convert("RGB")


def near(colour: tuple[int, ...], expected: tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=False))


def test_graph_fills_each_side_and_marks_the_moves() -> None:
    """White ahead: light fill above the middle; black ahead: dark fill below; marks are
    dots of their grade's colour on the curve; the critical ply is a red line."""
    advantages = [0.0, 0.8, 0.8, 0.8, -0.8, -0.8, -0.8, 0.0]
    png = render_eval_graph(
        advantages, marks=[GraphMark(4, "blunder")], critical=4, width=700, height=200
    )
    picture = image(png)
    assert picture.size == (700, 200)
    plot = 200 * 0.9

    def x_of(ply: int) -> int:
        return round(ply * 699 / 7)

    assert near(pixel(picture, (x_of(2), round(plot * 0.3))), UPPER_FILL["chess"])
    assert near(pixel(picture, (x_of(6), round(plot * 0.7))), LOWER_FILL["chess"])
    assert near(pixel(picture, (x_of(2), round(plot * 0.8))), BACKGROUND)
    blunder_y = plot / 2 + 0.8 * (plot / 2 - plot * 0.04)
    assert near(pixel(picture, (x_of(4), round(blunder_y))), MARK_COLOURS["blunder"], 30)
    # the positions stand in from the edges by a dot's width: a pixel or two off x_of's
    assert any(near(pixel(picture, (x_of(4) + dx, 5)), CRITICAL_COLOUR, 40) for dx in (-1, 0, 1))


def test_a_mark_and_the_critical_line_on_the_last_move_are_drawn_whole() -> None:
    """The game's last move judged and critical (a resignation right after a blunder): its
    dot and the red line stand inside the picture, not half cut off by its right edge."""
    advantages = [0.0, 0.1, 0.2, -0.9]
    picture = image(
        render_eval_graph(
            advantages, marks=[GraphMark(3, "mistake")], critical=3, width=400, height=120
        )
    )
    plot = 120 * 0.9
    y = round(plot / 2 + 0.9 * (plot / 2 - plot * 0.04))
    reds = [x for x in range(380, 400) if near(pixel(picture, (x, 3)), CRITICAL_COLOUR, 40)]
    assert reds and max(reds) < 399  # the line has background on its right
    dot = [x for x in range(360, 400) if near(pixel(picture, (x, y)), MARK_COLOURS["mistake"], 30)]
    assert dot and min(dot) < min(reds) <= max(reds) < max(dot)  # the dot on both sides of it


def test_the_last_move_number_stands_under_its_tick() -> None:
    """A game of 16 moves numbers every second one: 16, under the last position at the
    right edge, is drawn over its tick, not a label's width to the left of it."""
    picture = image(render_eval_graph([0.0] * 32, width=800, height=240))
    plot = round(240 * 0.9)
    band = 240 - plot

    def dark_columns(top: int, bottom: int) -> list[int]:
        return [
            x
            for x in range(700, 800)
            if any(near(pixel(picture, (x, y)), LABELS, 40) for y in range(top, bottom))
        ]

    tick = max(dark_columns(plot + 1, plot + band // 5))
    digits = dark_columns(plot + band * 2 // 5, 240)
    first = max(x for x in digits if x - 1 not in digits)  # the rightmost label's start
    assert first <= tick <= max(digits)


AXIS = [AxisTick("+5", 0.73), AxisTick("0", 0.0), AxisTick("–5", -0.73)]
LEGEND = GraphLegend("inaccuracy", "mistake", "blunder", "critical move")


def label_pixels(picture: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels of ``box`` are in the labels' ink."""
    crop = picture.crop(box)
    counted = crop.getcolors(crop.width * crop.height) or []
    return sum(n for n, c in counted if isinstance(c, tuple) and near(c, LABELS, 8))


def test_graph_axis_labels_evaluations_on_the_left() -> None:
    """With ``axis``, each tick's label stands in a column at the left at its height (the
    +5 one up in the white player's half, -5 down in the black's); without, none do."""
    advantages = [0.0, 0.2, -0.1, 0.3]
    plain = image(render_eval_graph(advantages, width=800, height=240))
    labelled = image(render_eval_graph(advantages, width=800, height=240, axis=AXIS))
    plot = 240 * 0.9
    for value in (0.73, -0.73):
        y = round(plot / 2 - value * (plot / 2 - plot * 0.04))
        box = (0, y - 6, 30, y + 6)
        assert label_pixels(labelled, box) > 10, value
        assert label_pixels(plain, box) == 0, value
    mid = round(plot / 2 - 0.36 * (plot / 2 - plot * 0.04))  # between +5 and 0: no label
    assert label_pixels(labelled, (0, mid - 4, 30, mid + 4)) == 0


def test_graph_legend_names_each_marks_colour() -> None:
    """With ``legend``, a row below the move numbers shows each grade's dot colour and the
    critical line's red beside their words; without, that row does not exist."""
    advantages = [0.0, 0.2, -0.1, 0.3]
    plain = image(render_eval_graph(advantages, width=800, height=240))
    legend = image(render_eval_graph(advantages, width=800, height=240, legend=LEGEND))
    row = (0, 216, 800, 240)
    colours = [c for _, c in legend.crop(row).getcolors(800 * 24) or [] if isinstance(c, tuple)]
    for colour in (*MARK_COLOURS.values(), CRITICAL_COLOUR):
        assert any(near(c, colour, 10) for c in colours), colour
    assert label_pixels(legend, row) > 100
    plain_colours = [
        c for _, c in plain.crop(row).getcolors(800 * 24) or [] if isinstance(c, tuple)
    ]
    assert not any(near(c, MARK_COLOURS["inaccuracy"], 10) for c in plain_colours)


def test_xiangqi_graph_tints_reds_advantage() -> None:
    picture = image(render_eval_graph([0.0, 0.9, 0.9], variant="xiangqi"))
    assert near(pixel(picture, (600, 60)), UPPER_FILL["xiangqi"])


def test_janggi_graph_tints_chos_and_hans_advantages() -> None:
    """Janggi has its own colours: Cho's green tint above, Han's dark red below."""
    picture = image(render_eval_graph([0.0, 0.9, -0.9], variant="janggi"))
    assert near(pixel(picture, (400, 40)), UPPER_FILL["janggi"])
    assert near(pixel(picture, (790, 190)), LOWER_FILL["janggi"])


@pytest.mark.parametrize(
    ("advantages", "kwargs"),
    [
        ([0.1], {}),
        ([0.0, 1.5], {}),
        ([0.0, 0.1], {"marks": [GraphMark(2, "blunder")]}),
        ([0.0, 0.1], {"marks": [GraphMark(1, "oops")]}),
        ([0.0, 0.1], {"critical": 0}),
        ([0.0, 0.1], {"variant": "shogi"}),
        ([0.0, 0.1], {"width": 50}),
        ([0.0, 0.1], {"axis": [AxisTick("+9", 1.2)]}),
    ],
)
def test_graph_refuses_bad_input(advantages: list[float], kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        render_eval_graph(advantages, **kwargs)  # type: ignore[arg-type]


def test_square_centres_follow_the_board() -> None:
    """e2 from white's side is the fifth column, seventh row; from black's the fourth and
    second; a xiangqi point is on the lines."""
    chess = rules.get_variant("chess").start()
    e2 = chess.variant.parse_square("e2")
    x, y = square_centre(chess, e2, Color.WHITE, 512)
    x2, y2 = square_centre(chess, e2, Color.BLACK, 512)
    assert x > 256 > x2 and y > 256 > y2
    assert x + x2 == pytest.approx(512, abs=2) and y + y2 == pytest.approx(512, abs=2)
    xiangqi = rules.get_variant("xiangqi").start()
    e0 = xiangqi.variant.parse_square("e0")
    assert square_centre(xiangqi, e0, Color.WHITE, 512)[0] == pytest.approx(256, abs=1)


@pytest.mark.parametrize("orientation", [Color.WHITE, Color.BLACK])
def test_arrows_are_drawn_between_their_squares(orientation: Color) -> None:
    """Between the squares of each arrow the board takes the arrow's colour; elsewhere
    the board is as ``render_board`` draws it."""
    position = rules.get_variant("chess").start()
    square = position.variant.parse_square
    played = Arrow(square("g1"), square("f3"), ArrowKind.PLAYED)
    best = Arrow(square("d2"), square("d4"), ArrowKind.BEST)
    plain = image(render_arrows(position, [], orientation=orientation))
    drawn = image(render_arrows(position, [played, best], orientation=orientation))
    for arrow, reddish in ((played, True), (best, False)):
        a = square_centre(position, arrow.from_square, orientation, 512)
        b = square_centre(position, arrow.to_square, orientation, 512)
        middle = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
        r, g, _ = pixel(drawn, middle)[:3]
        assert (r > g) == reddish and pixel(drawn, middle) != pixel(plain, middle)
    corner = square_centre(position, square("a8"), orientation, 512)
    spot = (round(corner[0]), round(corner[1]))
    assert pixel(drawn, spot) == pixel(plain, spot)


def test_arrows_refuse_squares_off_the_board() -> None:
    position = rules.get_variant("xiangqi").start()
    with pytest.raises(ValueError):
        render_arrows(position, [Arrow(0, 90, ArrowKind.BEST)])
    with pytest.raises(ValueError):
        render_arrows(position, [Arrow(4, 4, ArrowKind.BEST)])


def test_janggi_arrows_start_and_end_on_points() -> None:
    """A janggi arrow runs between the board's points as xiangqi's do (it was placed on a
    chess board's squares, starting off the picture), whichever side is at the bottom."""
    janggi = get_variant("janggi")
    position = janggi.start()
    for name in ("b10", "c8", "e2"):
        square = janggi.parse_square(name)
        for side in (Color.WHITE, Color.BLACK):
            expected = Layout.of(512).point(square, side)
            assert square_centre(position, square, side, 512) == expected
