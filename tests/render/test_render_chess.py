"""Chess board images, checked the way a person looks at them: decoded pixels per square."""

from __future__ import annotations

import io
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.render import band_height, render_board
from bot.render.__main__ import main as render_main
from bot.render.chess_board import Layout
from bot.render.themes import GREEN, WOOD, Theme
from rules import Color, Move, Position, get_variant
from tests.render.render_pixels import close, decode, near, pixel

CHESS = get_variant("chess")
SCHOLAR_MATE = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"


def square_of(name: str) -> int:
    return CHESS.parse_square(name)


def corner_pixel(
    image: Image.Image, name: str, orientation: Color, size: int = 512
) -> tuple[int, ...]:
    """A pixel just inside a square's corner: pieces never reach it, highlights do."""
    layout = Layout.of(size, coordinates=True)
    x, y = layout.corner(square_of(name), orientation)
    return pixel(image, (x + 2, y + 2))


def centre_pixel(
    image: Image.Image, name: str, orientation: Color, size: int = 512
) -> tuple[int, ...]:
    layout = Layout.of(size, coordinates=True)
    x, y = layout.corner(square_of(name), orientation)
    return pixel(image, (x + layout.square // 2, y + layout.square // 2))


def ink_share(image: Image.Image, name: str, orientation: Color, theme: Theme) -> float:
    """The share of a square's pixels that are not its background colour."""
    layout = Layout.of(512, coordinates=True)
    x, y = layout.corner(square_of(name), orientation)
    tile = image.crop((x, y, x + layout.square, y + layout.square))
    background = pixel(tile, (2, 2))
    colours = tile.getcolors(tile.width * tile.height) or []
    inked = sum(count for count, colour in colours if not close(colour, background, 30))
    return inked / (tile.width * tile.height)


def bright_share(image: Image.Image, name: str) -> float:
    """The share of near-white pixels on a square (seen from white's side)."""
    layout = Layout.of(512, coordinates=True)
    x, y = layout.corner(square_of(name), Color.WHITE)
    tile = image.crop((x, y, x + layout.square, y + layout.square))
    colours = tile.getcolors(tile.width * tile.height) or []
    bright = sum(n for n, colour in colours if isinstance(colour, tuple) and sum(colour) > 700)
    return bright / (layout.square**2)


@pytest.mark.parametrize("size", [256, 512, 777, 1024])
def test_image_is_a_png_of_the_requested_size(size: int) -> None:
    """The PNG decodes and is exactly size × size pixels."""
    assert decode(render_board(CHESS.start(), size=size)).size == (size, size)


@pytest.mark.parametrize("size", [100, 5000])
def test_a_size_out_of_range_is_refused(size: int) -> None:
    """Sizes outside 128–2048 raise ValueError instead of drawing nonsense."""
    with pytest.raises(ValueError, match="size"):
        render_board(CHESS.start(), size=size)


def test_a1_is_dark_and_bottom_left_for_white() -> None:
    """From white's side a1 is the dark square at the bottom left, h8 (dark too) top right."""
    image = decode(render_board(CHESS.from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")))
    layout = Layout.of(512, coordinates=True)
    bottom_left = pixel(image, (layout.origin + 5, layout.origin + 8 * layout.square - 5))
    top_right = pixel(image, (layout.origin + 8 * layout.square - 5, layout.origin + 5))
    top_left = pixel(image, (layout.origin + 5, layout.origin + 5))
    assert close(bottom_left, WOOD.dark)
    assert close(top_right, WOOD.dark)
    assert close(top_left, WOOD.light)
    assert close(centre_pixel(image, "a1", Color.WHITE), WOOD.dark)
    assert close(centre_pixel(image, "h8", Color.WHITE), WOOD.dark)


def test_black_orientation_puts_a1_top_right() -> None:
    """Turned for black, a1 is at the top right (still dark) and h1 at the top left."""
    image = decode(render_board(CHESS.start(), orientation=Color.BLACK))
    layout = Layout.of(512, coordinates=True)
    assert layout.corner(square_of("a1"), Color.BLACK) == (
        layout.origin + 7 * layout.square,
        layout.origin,
    )
    assert close(corner_pixel(image, "a1", Color.BLACK), WOOD.dark)
    assert close(corner_pixel(image, "h1", Color.BLACK), WOOD.light)


def test_orientation_defaults_to_the_side_to_move() -> None:
    """With black to move and no orientation given, the board is drawn from black's side."""
    position = CHESS.start().play(CHESS.start().parse_move("e4"))
    assert render_board(position) == render_board(position, orientation=Color.BLACK)
    assert render_board(position) != render_board(position, orientation=Color.WHITE)


def test_pieces_are_drawn_on_occupied_squares_only() -> None:
    """Every occupied square carries ink; every empty square is plain."""
    position = CHESS.from_fen(SCHOLAR_MATE)
    image = decode(render_board(position, orientation=Color.WHITE, check=None, coordinates=False))
    for square in range(64):
        name = CHESS.square_name(square)
        share = ink_share(image, name, Color.WHITE, WOOD)
        if position.piece_at(square) is None:
            assert share < 0.01, name
        else:
            assert share > 0.08, name


@pytest.mark.parametrize("pieces", ["cburnett", "simple"])
def test_white_and_black_pieces_look_different(pieces: str) -> None:
    """A white piece is filled white inside its contour; a black piece is not."""
    image = decode(render_board(CHESS.start(), orientation=Color.WHITE, pieces=pieces))
    assert bright_share(image, "e1") > 0.10  # white king on a dark square
    assert bright_share(image, "d8") < 0.05  # black queen
    assert bright_share(image, "e7") < 0.01  # black pawn


def test_last_move_squares_are_highlighted_and_others_not() -> None:
    """The from- and to-squares of the last move take the highlight colour."""
    start = CHESS.start()
    move = start.parse_move("Nf3")
    image = decode(render_board(start.play(move), last_move=move, orientation=Color.WHITE))
    assert close(corner_pixel(image, "g1", Color.WHITE), WOOD.square(False, last_move=True))
    assert close(corner_pixel(image, "f3", Color.WHITE), WOOD.square(True, last_move=True))
    assert close(corner_pixel(image, "e4", Color.WHITE), WOOD.light)
    assert close(corner_pixel(image, "g2", Color.WHITE), WOOD.light)


def test_king_in_check_glows_red() -> None:
    """The side to move's king in check glows red around it; no other square is red."""
    position = CHESS.from_fen(SCHOLAR_MATE)
    image = decode(render_board(position, orientation=Color.WHITE))
    layout = Layout.of(512, coordinates=True)
    x, y = layout.corner(square_of("e8"), Color.WHITE)
    red, green, blue = pixel(image, (x + 3, y + layout.square // 2))  # left edge, halfway
    assert red > 200 and red - green > 80 and red - blue > 80  # e8 is light: 240, 217, 181
    for name in ("d8", "f8", "e1"):
        red, green, _ = corner_pixel(image, name, Color.WHITE)
        assert red - green < 120, name


def test_no_red_square_without_check() -> None:
    """A king not in check is drawn on its normal square colour."""
    image = decode(render_board(CHESS.start(), orientation=Color.WHITE))
    assert close(corner_pixel(image, "e1", Color.WHITE), WOOD.dark)


def test_marks_are_dots_on_empty_squares_and_rings_on_captures() -> None:
    """Destinations show a dot in the middle of an empty square and a ring around a piece."""
    position = CHESS.from_fen("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1")
    marks = [square_of("d3"), square_of("d5")]
    plain = decode(render_board(position, orientation=Color.WHITE))
    marked = decode(render_board(position, orientation=Color.WHITE, marks=marks))
    layout = Layout.of(512, coordinates=True)
    # dot: the centre of d3 changes, its corner does not
    assert not close(
        centre_pixel(marked, "d3", Color.WHITE), centre_pixel(plain, "d3", Color.WHITE)
    )
    assert close(corner_pixel(marked, "d3", Color.WHITE), corner_pixel(plain, "d3", Color.WHITE))
    # ring: a point near the edge of d5, halfway along, changes; the piece stays
    x, y = layout.corner(square_of("d5"), Color.WHITE)
    edge = (x + layout.square // 2, y + round(layout.square * 0.06))
    assert not close(pixel(marked, edge), pixel(plain, edge))
    assert close(centre_pixel(marked, "d5", Color.WHITE), centre_pixel(plain, "d5", Color.WHITE))


@pytest.mark.parametrize("theme", ["wood", "green", "blue"])
def test_themes_by_name(theme: str) -> None:
    """Every chess theme renders, and each looks different from the others."""
    png = render_board(CHESS.start(), theme=theme)
    assert decode(png).size == (512, 512)
    if theme != "wood":
        assert png != render_board(CHESS.start(), theme="wood")


def test_green_theme_colours_the_squares() -> None:
    """A theme object's square colours are the ones drawn."""
    image = decode(render_board(CHESS.start(), theme=GREEN, orientation=Color.WHITE))
    assert close(corner_pixel(image, "a3", Color.WHITE), GREEN.dark)


def test_an_unknown_theme_is_refused() -> None:
    """An unknown theme name raises ValueError naming the choices."""
    with pytest.raises(ValueError, match="wood"):
        render_board(CHESS.start(), theme="neon")


def test_without_coordinates_the_board_fills_the_image() -> None:
    """coordinates=False leaves no margin: a1's corner is the image's bottom-left pixel."""
    image = decode(render_board(CHESS.start(), coordinates=False, orientation=Color.WHITE))
    assert close(pixel(image, (1, 510)), WOOD.dark)


def test_png_is_small() -> None:
    """A 512 px board is a palette PNG of well under 40 KB."""
    png = render_board(CHESS.from_fen(SCHOLAR_MATE))
    assert Image.open(io.BytesIO(png)).mode == "P"
    assert len(png) < 40_000


def test_rendering_in_threads_gives_the_same_image() -> None:
    """Renders running in parallel threads (as asyncio.to_thread does) agree byte for byte."""
    positions: list[Position] = [CHESS.start(), CHESS.from_fen(SCHOLAR_MATE)] * 8
    sizes = [300, 301, 302, 303] * 4
    jobs = list(zip(positions, sizes, strict=True))
    with ThreadPoolExecutor(max_workers=8) as pool:
        parallel = list(pool.map(lambda job: render_board(job[0], size=job[1]), jobs))
    serial = [render_board(p, size=s) for p, s in zip(positions, sizes, strict=True)]
    assert parallel == serial


def test_cli_writes_a_png(tmp_path: Path) -> None:
    """python -m bot.render writes the board it is asked for."""
    out = tmp_path / "board.png"
    result = subprocess.run(
        [sys.executable, "-m", "bot.render", "startpos", "--last-move", "e2e4",
         "--marks", "e4,e5", "--orientation", "black", "--size", "300", "-o", str(out)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert Image.open(out).size == (300, 300)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["not a fen"], "invalid FEN"),
        (["startpos", "--last-move", "e2"], "coordinates"),
        (["startpos", "--marks", "z9"], "--marks: 'z9' is not a square of a chess board"),
        (["startpos", "--variant", "xiangqi", "--selected", "j0"], "(a0 to i9)"),
        (["startpos", "--size", "9"], "size"),
        (["startpos", "--theme", "xiangqi"], "--theme xiangqi is made for xiangqi"),
        (["startpos", "--variant", "xiangqi", "--theme", "wood"], "made for chess"),
        (["startpos", "--pieces", "simplified"], "--pieces simplified is made for xiangqi"),
        (["startpos", "--white", "Alice:1500"], "--black: give a name"),
    ],
)
def test_cli_refuses_bad_input_with_one_line(
    tmp_path: Path, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad input gets one 'error:' line and status 2, no traceback and no file."""
    out = tmp_path / "board.png"
    status, stderr = render_cli([*args, "-o", str(out)], capsys)
    assert status == 2
    assert stderr.startswith("error:") and message in stderr
    assert "Traceback" not in stderr and "invalid move" not in stderr
    assert not out.exists()


def render_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``python -m bot.render ARGS`` run by its ``main`` in this process (a process costs a
    quarter of a CPU-second; ``test_cli_writes_a_png`` starts one): the exit status and
    what it wrote on stderr."""
    capsys.readouterr()
    try:
        status = render_main(args)
    except SystemExit as stop:  # argparse refusing an argument
        status = stop.code if isinstance(stop.code, int) else 1
    return status, capsys.readouterr().err


def test_cli_draws_piece_sets_selection_and_strips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--pieces, --selected and --white/--black reach the renderer: a taller image with the
    strips, and a different one for each piece set."""
    images = []
    for pieces in ("cburnett", "simple"):
        out = tmp_path / f"{pieces}.png"
        status, stderr = render_cli(
            ["startpos", "--pieces", pieces, "--selected", "e2", "--marks", "e3,e4", "--white",
             "Alice:1500", "--black", "Bob", "--size", "300", "-o", str(out)],
            capsys,
        )  # fmt: skip
        assert status == 0, stderr
        images.append(out.read_bytes())
        assert Image.open(out).size == (300, 300 + 2 * band_height(300))
    assert images[0] != images[1]


def test_last_move_of_a_move_object_is_drawn() -> None:
    """A Move given as last_move highlights exactly its two squares."""
    image = decode(render_board(CHESS.start(), last_move=Move(12, 28), orientation=Color.WHITE))
    assert close(corner_pixel(image, "e2", Color.WHITE), WOOD.square(True, last_move=True))
    assert close(corner_pixel(image, "e4", Color.WHITE), WOOD.square(True, last_move=True))


@pytest.mark.parametrize(
    "options",
    [
        {"last_move": Move(12, 64)},
        {"check": 64},
        {"marks": [-1]},
        {"orientation": "white"},
    ],
)
def test_squares_off_the_board_and_bad_orientations_are_refused(options: dict[str, Any]) -> None:
    """A square outside a1..h8 or an orientation that is not a Color raises ValueError."""
    with pytest.raises(ValueError, match=r"square|orientation"):
        render_board(CHESS.start(), **options)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["startpos", "--last-move", "e2e9"], "--last-move"),
        (["startpos", "--marks", "e4,,z9"], "--marks"),
        (["startpos", "--variant", "xiangqi", "--last-move", "h2e2x"], "coordinates"),
    ],
)
def test_cli_names_the_option_that_is_wrong(
    tmp_path: Path, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad square in an option is reported with the option's name, status 2."""
    status, stderr = render_cli([*args, "-o", str(tmp_path / "b.png")], capsys)
    assert status == 2
    assert stderr.startswith("error:") and message in stderr


def test_check_glows_brightest_near_the_king() -> None:
    """The check square is red throughout, deepest towards the middle, fading to the corners."""
    image = decode(render_board(CHESS.from_fen(SCHOLAR_MATE), orientation=Color.WHITE))
    layout = Layout.of(512, coordinates=True)
    x, y = layout.corner(square_of("e8"), Color.WHITE)
    side = pixel(image, (x + 2, y + layout.square // 2))
    corner = pixel(image, (x + 2, y + 2))
    assert side[0] > 200 and side[1] < corner[1] and side[2] < corner[2]


# Some pieces close off bits of the square between their outlines by design (Cburnett's
# queens' crown points, the white knight's mane), so they are not asked.
@pytest.mark.parametrize(
    ("pieces", "kind"),
    [("cburnett", kind) for kind in "KRBPkrbnp"] + [("simple", kind) for kind in "KQRBNPkqrbnp"],
)
def test_no_square_colour_shows_inside_a_piece(pieces: str, kind: str) -> None:
    """No bare square colour is enclosed by a piece: the king's ring and the bishop's cross
    are filled, so a piece looks the same on light and dark squares."""
    # The other king(s) on b8 and h2, out of reach of any piece on d4 or e4.
    kings = {"K": ("1k6", "8"), "k": ("1K6", "8")}.get(kind, ("1k6", "7K"))
    tiles = []
    for square_name, row in (("d4", f"3{kind}4"), ("e4", f"4{kind}3")):
        fen = f"{kings[0]}/8/8/8/{row}/8/{kings[1]}/8"
        board = CHESS.from_fen(f"{fen} w - - 0 1")
        # At the sprites' own 256 px (2048 px boards): scaled down, the narrow notch where
        # two of the simple king's lobes meet pinches off into a pixel that looks enclosed.
        image = decode(render_board(board, orientation=Color.WHITE, size=2048, pieces=pieces))
        layout = Layout.of(2048, coordinates=True)
        x, y = layout.corner(square_of(square_name), Color.WHITE)
        tiles.append(image.crop((x, y, x + layout.square, y + layout.square)))
    # Pixels where each tile shows its bare square colour: the outside, and any hole.
    bare = ImageChops.darker(near(tiles[0], WOOD.dark, 10), near(tiles[1], WOOD.light, 10))
    ImageDraw.floodfill(bare, (0, 0), 128)  # the outside, reached from the corner
    enclosed = bare.histogram()[255]
    assert enclosed == 0
