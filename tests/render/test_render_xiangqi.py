"""Xiangqi board images and game GIFs, checked on decoded pixels."""

from __future__ import annotations

import io

from PIL import Image

from bot.render import render_board
from bot.render.themes import XIANGQI
from bot.render.xiangqi_board import Layout
from rules import Color, Move, get_variant
from tests.render.render_pixels import close, decode, pixel

VARIANT = get_variant("xiangqi")


def point(name: str, orientation: Color = Color.WHITE) -> tuple[int, int]:
    return Layout.of(512).point(VARIANT.parse_square(name), orientation)


def test_board_has_room_for_ten_ranks() -> None:
    """A 512 px wide xiangqi board is taller than wide: nine files by ten ranks."""
    layout = Layout.of(512)
    image = decode(render_board(VARIANT.start()))
    assert image.size == (512, layout.height)
    assert layout.height > 512


def test_river_has_no_inner_file_lines() -> None:
    """Between ranks 4 and 5 the inner files stop: the river crossing is clear."""
    image = decode(render_board(VARIANT.start(), orientation=Color.WHITE))
    layout = Layout.of(512)
    x = point("b4")[0]
    y = (point("b4")[1] + point("b5")[1]) // 2 - layout.cell // 3
    assert close(pixel(image, (x, y)), XIANGQI.light)
    # on the same height the edge file's line runs on
    assert close(pixel(image, (point("a4")[0], y)), XIANGQI.dark, 60)


def test_palace_diagonals_are_drawn_only_in_the_palace() -> None:
    """The diagonal d0–f2 passes through the point between d0 and e1; a0–b1 has none."""
    image = decode(render_board(VARIANT.from_fen("4k4/9/9/9/9/9/9/9/9/5K3 w - - 0 1")))
    (x1, y1), (x2, y2) = point("d0"), point("e1")
    on_diagonal = pixel(image, ((x1 + x2) // 2, (y1 + y2) // 2))
    (x3, y3), (x4, y4) = point("a2"), point("b3")
    off_palace = pixel(image, ((x3 + x4) // 2, (y3 + y4) // 2))
    assert close(on_diagonal, XIANGQI.dark, 60)
    assert close(off_palace, XIANGQI.light)


def test_pieces_stand_on_intersections() -> None:
    """An occupied point shows a disc (light face); an empty point shows crossing lines."""
    image = decode(render_board(VARIANT.start(), orientation=Color.WHITE))
    layout = Layout.of(512)
    face_offset = round(layout.cell * 0.3)
    x, y = point("a0")
    assert close(pixel(image, (x + face_offset, y)), XIANGQI.piece_detail)
    x, y = point("b1")
    assert close(pixel(image, (x, y)), XIANGQI.dark, 60)
    assert close(pixel(image, (x + face_offset, y + face_offset)), XIANGQI.light)


def test_red_pieces_are_red_and_black_pieces_black() -> None:
    """The character on a red piece is red, on a black piece dark."""
    image = decode(render_board(VARIANT.start(), orientation=Color.WHITE))
    layout = Layout.of(512)

    def ink(name: str) -> tuple[int, ...]:
        x, y = point(name)
        box = image.crop((x - layout.cell // 4, y - layout.cell // 4, x + layout.cell // 4,
                          y + layout.cell // 4))  # fmt: skip
        colours = sorted(box.getcolors(box.width * box.height) or [], key=lambda c: sum(c[1]))
        darkest = colours[0][1]  # the brush stroke
        assert isinstance(darkest, tuple)
        return darkest

    r, g, b = ink("e0")
    assert r > 120 and g < 80 and b < 80
    assert sum(ink("e9")) < 150


def test_orientation_turns_the_board() -> None:
    """From black's side the black general is at the bottom of the image."""
    assert point("e9", Color.BLACK)[1] > point("e0", Color.BLACK)[1]
    assert point("e9", Color.WHITE)[1] < point("e0", Color.WHITE)[1]
    start = VARIANT.start()
    assert render_board(start, orientation=Color.BLACK) != render_board(start)


def test_last_move_brackets_and_check_glow() -> None:
    """The last move's points get coloured brackets; a general in check glows red."""
    position = VARIANT.from_fen("4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1")
    move = Move(VARIANT.parse_square("a5"), VARIANT.parse_square("e5"))
    assert position.is_check()
    image = decode(render_board(position, last_move=move, orientation=Color.WHITE))
    layout = Layout.of(512)
    x, y = point("a5")
    reach = round(layout.cell * 0.48)
    corner = image.crop((x - reach - 3, y - reach - 3, x - reach + 6, y - reach + 6))
    colours = [colour for _, colour in corner.getcolors(100) or []]
    assert any(close(colour, XIANGQI.last_move, 20) for colour in colours)
    x, y = point("c2")  # no move touched c2: no bracket colour there
    far = image.crop((x - reach - 3, y - reach - 3, x - reach + 6, y - reach + 6))
    assert not any(close(c, XIANGQI.last_move, 20) for _, c in far.getcolors(100) or [])
    gx, gy = point("e9")
    red = pixel(image, (gx, gy - round(layout.cell * 0.5)))
    assert red[0] > 180 and red[1] < 110


def test_marks_on_points() -> None:
    """Marked empty points get a dot in the mark colour."""
    image = decode(render_board(VARIANT.start(), marks=[VARIANT.parse_square("e4")],
                                orientation=Color.WHITE))  # fmt: skip
    assert close(pixel(image, point("e4")), XIANGQI.mark, 30)


def test_png_is_small_and_a_palette_image() -> None:
    """A 512 px xiangqi board is a palette PNG under 40 KB."""
    png = render_board(VARIANT.start())
    assert Image.open(io.BytesIO(png)).mode == "P"
    assert len(png) < 40_000


def red_share(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    """The share of clearly red pixels in a region."""
    region = image.crop(box)
    colours = region.getcolors(region.width * region.height) or []
    red = sum(
        n
        for n, colour in colours
        if isinstance(colour, tuple) and colour[0] > 120 and colour[1] < 90 and colour[2] < 90
    )
    return red / (region.width * region.height)


def test_file_numbers_sit_clear_of_the_pieces_in_each_sides_ink() -> None:
    """The red side's numbers are red and on red's edge; the pieces never cover them."""
    layout = Layout.of(512)
    band = round((layout.top - layout.cell * 0.45) / 2) * 2  # above the top pieces' discs
    for orientation in (Color.WHITE, Color.BLACK):
        image = decode(render_board(VARIANT.start(), orientation=orientation))
        top = red_share(image, (0, 0, 512, band))
        bottom = red_share(image, (0, layout.height - band, 512, layout.height))
        red_band, black_band = (bottom, top) if orientation is Color.WHITE else (top, bottom)
        assert red_band > 0.005
        assert black_band == 0


def test_without_coordinates_the_board_is_shorter() -> None:
    """coordinates=False drops the number bands: the image is two bands shorter."""
    with_numbers = decode(render_board(VARIANT.start()))
    without = decode(render_board(VARIANT.start(), coordinates=False))
    assert without.size == (512, Layout.of(512, coordinates=False).height)
    assert without.height < with_numbers.height


def test_the_river_is_written_in_the_pieces_characters() -> None:
    """楚河 漢界 beside traditional pieces, 楚河 汉界 beside simplified ones: only the right
    half of the river differs (each image's palette is its own, so colours are compared
    within a tolerance)."""
    layout = Layout.of(512)
    empty = VARIANT.from_fen("4k4/9/9/9/9/9/9/9/9/5K3 w - - 0 1")
    traditional = decode(render_board(empty, pieces="traditional"))
    simplified = decode(render_board(empty, pieces="simplified"))
    river_y = (point("a4")[1] + point("a5")[1]) // 2
    half = layout.cell // 2

    def differs(left: int, right: int) -> int:
        return sum(
            not close(pixel(traditional, (x, y)), pixel(simplified, (x, y)), 40)
            for x in range(left, right)
            for y in range(river_y - half, river_y + half)
        )

    assert differs(point("b4")[0], point("d4")[0]) == 0  # 楚河: the same characters
    assert differs(point("f4")[0], point("h4")[0]) > 20  # 漢 / 汉
