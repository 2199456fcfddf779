"""Janggi board images, checked on decoded pixels: no river, palace diagonals, octagonal
pieces in three sizes, Cho green and Han red, legible at 360 px, rows numbered as Korean
notation reads them."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from bot.render import render_board
from bot.render.__main__ import main
from bot.render.piece_sets import HANJA
from bot.render.sprites import sprites
from bot.render.themes import JANGGI
from bot.render.xiangqi_board import Layout
from rules import Color, Game, get_variant
from tests.render.render_pixels import close, decode, near, pixel

VARIANT = get_variant("janggi")
EMPTY = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"


def point(name: str, size: int = 360, orientation: Color = Color.WHITE) -> tuple[int, int]:
    return Layout.of(size).point(VARIANT.parse_square(name), orientation)


def test_inner_files_cross_the_middle_no_river() -> None:
    """Between the fifth and sixth ranks the inner files run on: janggi has no river."""
    image = decode(render_board(VARIANT.from_fen(EMPTY), size=360))
    x = point("b5")[0]
    y = (point("b5")[1] + point("b6")[1]) // 2
    assert close(pixel(image, (x, y)), JANGGI.dark, 60)


def test_palace_diagonals_are_drawn() -> None:
    """Between a palace corner and its centre the diagonal line shows on an empty board."""
    image = decode(render_board(VARIANT.from_fen(EMPTY), size=360))
    (x1, y1), (x2, y2) = point("f1"), point("e2")  # the general stands on e1, not there
    assert close(pixel(image, ((x1 + x2) // 2, (y1 + y2) // 2)), JANGGI.dark, 60)


def test_pieces_are_octagons_in_three_sizes() -> None:
    """The general's sprite is wider than a chariot's, which is wider than a soldier's."""
    of = sprites(JANGGI, HANJA, 36)

    def width(kind: str) -> int:
        box = of[(kind, True)].getchannel("A").point(lambda a: 255 if a > 128 else 0).getbbox()
        assert box is not None
        return box[2] - box[0]

    assert width("k") > width("r") > width("p")
    assert width("r") == width("c") == width("n") == width("b")
    assert width("a") == width("p")


def test_cho_is_green_and_han_red_at_360_px() -> None:
    """At 360 px the start shows both sides' inks around their generals' points."""
    game = Game("janggi")
    image = decode(render_board(game.position, size=360, orientation=Color.WHITE))
    cell = Layout.of(360).cell
    for square, ink in (("e2", JANGGI.white_piece), ("e9", JANGGI.black_piece)):
        x, y = point(square)
        around = image.crop((x - cell // 2, y - cell // 2, x + cell // 2, y + cell // 2))
        assert near(around, ink, 40).getbbox() is not None
    assert image.size[0] == 360


def test_render_cli_draws_janggi(tmp_path: Path) -> None:
    """`python -m bot.render --variant janggi` reads a janggi FEN and a ten-rank move."""
    out = tmp_path / "janggi.png"
    fen = "r1ba1abnr/4k4/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 1 2"
    assert main([fen, "--variant", "janggi", "--last-move", "b10c8", "-o", str(out)]) == 0
    assert decode(out.read_bytes()).size[0] == 512


def test_render_cli_turns_the_board_to_cho_or_han(tmp_path: Path) -> None:
    """`--orientation han` puts Han at the bottom (its general's red ink low, at e9's
    point seen from Han), `cho` Cho: the janggi sides are named as janggi names them, and
    the same image as the render of that ``Color``."""
    game = Game("janggi")
    for side, color in (("cho", Color.WHITE), ("han", Color.BLACK)):
        out = tmp_path / f"{side}.png"
        assert main(["startpos", "--variant", "janggi", "--orientation", side, "--size",
                     "360", "-o", str(out)]) == 0  # fmt: skip
        image = decode(out.read_bytes())
        assert out.read_bytes() == render_board(game.position, size=360, orientation=color)
        cell = Layout.of(360).cell
        x, y = point("e9", 360, color)  # Han's general
        assert (y > 180) is (color is Color.BLACK)
        around = image.crop((x - cell // 2, y - cell // 2, x + cell // 2, y + cell // 2))
        assert near(around, JANGGI.black_piece, 40).getbbox() is not None


def test_render_cli_refuses_another_variants_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """red is xiangqi's, cho chess's nowhere: one line naming the variant's own sides."""
    for args, sides in (
        (["--variant", "janggi", "--orientation", "red"], "use cho or han"),
        (["--orientation", "cho"], "use white or black"),
        (["--variant", "xiangqi", "--orientation", "han"], "use red or black"),
    ):
        out = tmp_path / "b.png"
        assert main(["startpos", *args, "-o", str(out)]) == 2
        error = capsys.readouterr().err
        assert error.startswith("error: --orientation ") and sides in error
        assert not out.exists()


def _row_label(image: Image.Image, name: str, orientation: Color) -> Image.Image:
    """The pixels left of the board at ``name``'s row (360 px), between the image's edge
    and the pieces of the outer column."""
    layout = Layout.of(360)
    y = point(name, 360, orientation)[1]
    reach = round(layout.left - layout.cell * 0.48)
    return image.crop((0, y - layout.cell // 3, reach, y + layout.cell // 3))


def test_rows_are_numbered_as_korean_notation_reads_them() -> None:
    """Left of each row its number as Korean notation counts it from Han's edge: Han's home
    row (a10) reads the same (1) whichever side is at the bottom, and Cho's (a1, 0) too;
    a soldier's row (a4, 7) reads otherwise; nothing there without coordinates."""
    empty = VARIANT.from_fen(EMPTY)
    boards = {
        side: decode(render_board(empty, size=360, orientation=side))
        for side in (Color.WHITE, Color.BLACK)
    }
    labels = {
        (side, name): _row_label(image, name, side)
        for side, image in boards.items()
        for name in ("a1", "a4", "a10")
    }
    assert all(near(label, JANGGI.dark, 60).getbbox() for label in labels.values())
    pixels = {key: label.tobytes() for key, label in labels.items()}
    for name in ("a1", "a4", "a10"):
        assert pixels[(Color.WHITE, name)] == pixels[(Color.BLACK, name)]
    assert len({pixels[(Color.WHITE, name)] for name in ("a1", "a4", "a10")}) == 3
    bare = decode(render_board(empty, size=360, coordinates=False))
    assert near(_row_label(bare, "a4", Color.WHITE), JANGGI.dark, 60).getbbox() is None
