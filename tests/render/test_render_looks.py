"""The renderer's looks: piece sets, the selected piece, glows, marks at phone size, the
players' strip. Checked on decoded PNG pixels."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image

from bot.render import (
    PlayerLabel,
    Strip,
    band_height,
    chess_board,
    get_piece_set,
    piece_set_names,
    render_board,
    xiangqi_board,
)
from bot.render.themes import JANGGI, WOOD, XIANGQI
from rules import Color, Position, get_variant
from tests.render.render_pixels import close, decode, near, pixel

CHESS = get_variant("chess")
XQ = get_variant("xiangqi")
SCHOLAR_MATE = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"


def chess_tile(image: Image.Image, name: str, size: int, top: int = 0) -> Image.Image:
    layout = chess_board.Layout.of(size, coordinates=True)
    x, y = layout.corner(CHESS.parse_square(name), Color.WHITE)
    return image.crop((x, y + top, x + layout.square, y + top + layout.square))


def test_there_are_two_chess_piece_sets_and_they_look_different() -> None:
    """cburnett (the default) and simple both draw, and differently."""
    assert piece_set_names("chess") == ["cburnett", "simple"]
    start = CHESS.start()
    default = render_board(start)
    assert render_board(start, pieces="cburnett") == default
    assert render_board(start, pieces="simple") != default


def test_xiangqi_has_traditional_and_simplified_characters() -> None:
    """The simplified set changes the chariots' and horses' characters, not the soldiers'."""
    assert piece_set_names("xiangqi") == ["traditional", "simplified"]
    start = XQ.start()
    traditional = decode(render_board(start, orientation=Color.WHITE))
    simplified = decode(render_board(start, orientation=Color.WHITE, pieces="simplified"))
    layout = xiangqi_board.Layout.of(512)

    def differing(name: str) -> int:
        """Pixels of the piece on ``name`` that differ between the two sets."""
        x, y = layout.point(XQ.parse_square(name), Color.WHITE)
        box = (x - 15, y - 15, x + 15, y + 15)
        first, second = traditional.crop(box), simplified.crop(box)
        pixels = [(x, y) for x in range(first.width) for y in range(first.height)]
        return sum(not close(pixel(first, p), pixel(second, p), 40) for p in pixels)

    assert differing("a0") > 50  # 俥 / 车
    assert differing("a3") == 0  # 兵 both


def test_a_set_of_the_other_variant_falls_back_and_an_unknown_one_is_refused() -> None:
    """A player's one choice serves both variants; a name that is no set is an error."""
    assert get_piece_set("simplified", "chess").name == "cburnett"
    assert render_board(CHESS.start(), pieces="simplified") == render_board(CHESS.start())
    with pytest.raises(ValueError, match="cburnett"):
        render_board(CHESS.start(), pieces="plastic")


def transition_widths(row: list[tuple[int, ...]], background: tuple[int, ...]) -> float:
    """The mean number of in-between pixels per edge along a row of pixels: pixels neither
    the square's colour nor near white or black (the pieces' fill and outline)."""

    def plain(colour: tuple[int, ...]) -> bool:
        return close(colour, background, 30) or min(colour) > 225 or max(colour) < 40

    between, edges, previous = 0, 0, True
    for colour in row:
        is_plain = plain(colour)
        between += not is_plain
        edges += is_plain and not previous
        previous = is_plain
    return between / max(1, edges)


@pytest.mark.parametrize("pieces", ["cburnett", "simple"])
def test_pieces_are_crisp_on_the_largest_board(pieces: str) -> None:
    """At 2048 px an edge of a piece is a couple of pixels wide, as drawn from vectors: a
    sprite enlarged from a small bitmap would smear it over many."""
    position = CHESS.from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    image = decode(render_board(position, orientation=Color.WHITE, size=2048, pieces=pieces))
    tile = chess_tile(image, "a1", 2048)
    background = pixel(tile, (2, 2))
    # Rows across the piece, some of which may run along a horizontal stroke's edge.
    heights = [round(tile.height * share / 20) for share in range(4, 17)]
    widths = sorted(
        transition_widths([pixel(tile, (x, y)) for x in range(tile.width)], background)
        for y in heights
    )
    assert widths[len(widths) // 2] <= 3


@pytest.mark.parametrize("pieces", ["cburnett", "simple"])
def test_pieces_stay_apart_on_the_smallest_board(pieces: str) -> None:
    """At 128 px every piece kind still draws differently, and white from black."""
    kinds = "KQRBNPkqrbnp"
    position = CHESS.from_fen("8/8/8/KQRBNPkq/rbnp4/8/8/8 w - - 0 1")
    image = decode(render_board(position, orientation=Color.WHITE, size=128,
                                coordinates=False, pieces=pieces))  # fmt: skip
    layout = chess_board.Layout.of(128, coordinates=False)
    signatures = set()
    for index in range(len(kinds)):
        name = "abcdefgh"[index % 8] + "54"[index // 8]
        x, y = layout.corner(CHESS.parse_square(name), Color.WHITE)
        tile = image.crop((x, y, x + layout.square, y + layout.square)).convert("L")
        # Only the pieces' white fill and dark ink count: both square colours read as 0.
        signatures.add(tuple(2 if v > 225 else 1 if v < 70 else 0 for v in tile.tobytes()))
    assert len(signatures) == len(kinds)


def test_the_selected_piece_is_tinted() -> None:
    """The /moves piece's square takes the selection tint; the marks stay as they were."""
    position = CHESS.start()
    e2, e3, e4 = (CHESS.parse_square(n) for n in ("e2", "e3", "e4"))
    plain = decode(render_board(position, orientation=Color.WHITE, marks=[e3, e4]))
    image = decode(render_board(position, orientation=Color.WHITE, marks=[e3, e4], selected=e2))
    assert close(pixel(chess_tile(image, "e2", 512), (2, 2)), WOOD.square(True, selected=True))
    assert close(pixel(chess_tile(plain, "e2", 512), (2, 2)), WOOD.light)
    assert chess_tile(image, "e3", 512).tobytes() == chess_tile(plain, "e3", 512).tobytes()


def test_xiangqi_general_in_check_glows_and_fades() -> None:
    """A general in check has a red glow around its disc that fades into the board."""
    position = XQ.from_fen("4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1")
    image = decode(render_board(position, orientation=Color.WHITE))
    layout = xiangqi_board.Layout.of(512)
    x, y = layout.point(XQ.parse_square("e9"), Color.WHITE)
    near = pixel(image, (x - round(layout.cell * 0.48), y))  # just outside the disc
    farther = pixel(image, (x - round(layout.cell * 0.56), y))
    beyond = pixel(image, (x - round(layout.cell * 0.7), y - round(layout.cell * 0.3)))
    assert near[0] > 180 and near[1] < 120
    assert near[1] < farther[1]  # fading: less red further out
    assert close(beyond, XIANGQI.light, 20)


def test_xiangqi_selected_piece_glows_blue() -> None:
    """The /moves piece in xiangqi has a blue glow around its disc."""
    image = decode(render_board(XQ.start(), orientation=Color.WHITE,
                                selected=XQ.parse_square("b2")))  # fmt: skip
    layout = xiangqi_board.Layout.of(512)
    x, y = layout.point(XQ.parse_square("b2"), Color.WHITE)
    r, _, b = pixel(image, (x, y - round(layout.cell * 0.48)))
    assert b > r + 40


def test_xiangqi_marks_are_readable_on_a_phone() -> None:
    """At 360 px a destination dot is at least 10 px across, rimmed in light; a capture
    ring stands out around the disc in the mark colour."""
    size = 360
    e4, e6 = XQ.parse_square("e4"), XQ.parse_square("e6")
    image = decode(render_board(XQ.start(), orientation=Color.WHITE, size=size, marks=[e4, e6]))
    layout = xiangqi_board.Layout.of(size)
    x, y = layout.point(e4, Color.WHITE)
    across = [pixel(image, (x + dx, y)) for dx in range(-10, 11)]
    dot = [dx for dx, pixel in zip(range(-10, 11), across, strict=True)
           if close(pixel, XIANGQI.mark, 30)]  # fmt: skip
    assert max(dot) - min(dot) + 1 >= 10
    board = sum(XIANGQI.light)
    assert any(sum(pixel) > board + 60 for pixel in across)  # the light rim
    x, y = layout.point(e6, Color.WHITE)
    ring = pixel(image, (x, y - round(layout.cell * 0.5)))
    assert close(ring, XIANGQI.mark, 30)


def test_strip_shows_both_players_and_whose_turn() -> None:
    """Strips above and below: the bottom one is the side at the bottom; the side to move's
    is tinted; the image is two strips taller."""
    strip = Strip(PlayerLabel("Alice", 1500), PlayerLabel("Bob", 1480), Color.BLACK)
    position = CHESS.start().play(CHESS.start().parse_move("e4"))
    image = decode(render_board(position, orientation=Color.WHITE, strip=strip))
    band = band_height(512)
    assert image.size == (512, 512 + 2 * band)
    top_right, bottom_right = pixel(image, (508, band // 2)), pixel(image, (508, 512 + band))
    assert close(top_right, WOOD.square(True, last_move=True))  # black, to move, at the top
    assert close(bottom_right, WOOD.margin)
    # The board itself sits between the strips, unchanged.
    plain = decode(render_board(position, orientation=Color.WHITE))
    assert image.crop((0, band, 512, band + 512)).tobytes() == plain.tobytes()


def strip_ink(image: Image.Image, top: int, height: int) -> int:
    region = image.crop((0, top, image.width, top + height))
    background = pixel(region, (region.width - 2, height // 2))
    colours = region.getcolors(region.width * region.height) or []
    return sum(n for n, colour in colours if not close(colour, background, 40))


def test_strip_draws_names_and_ratings_and_no_turn_when_over() -> None:
    """A rating adds ink; a finished game tints neither strip; turned for black, black's
    strip is at the bottom."""
    band = band_height(512)
    start = CHESS.start()
    rated = Strip(PlayerLabel("Alice", 1500), PlayerLabel("Bob", 1480), None)
    unrated = Strip(PlayerLabel("Alice"), PlayerLabel("Bob"), None)
    with_rating = decode(render_board(start, orientation=Color.BLACK, strip=rated))
    without = decode(render_board(start, orientation=Color.BLACK, strip=unrated))
    bottom = 512 + band
    assert strip_ink(with_rating, bottom, band) > strip_ink(without, bottom, band) > 0
    assert close(pixel(with_rating, (508, band // 2)), WOOD.margin)
    assert close(pixel(with_rating, (508, bottom + band // 2)), WOOD.margin)
    swapped = Strip(PlayerLabel("Bob", 1480), PlayerLabel("Alice", 1500), None)
    assert render_board(start, orientation=Color.BLACK, strip=swapped) != render_board(
        start, orientation=Color.BLACK, strip=rated
    )


def test_a_long_name_is_cut_and_a_missing_character_is_a_question_mark() -> None:
    """A name too long for the strip ends before its right edge; Greek and Chinese are drawn;
    a character no bundled font has is drawn as '?', never as an empty box."""
    band = band_height(360)
    long = Strip(PlayerLabel("W" * 60, 2900), PlayerLabel("B"), Color.WHITE)
    image = decode(render_board(CHESS.start(), orientation=Color.WHITE, size=360, strip=long))
    bottom = image.crop((360 - 6, 360 + band, 360, 360 + 2 * band))
    assert len(bottom.getcolors(10_000) or []) == 1  # the right edge is bare

    def drawn(name: str) -> bytes:
        strip = Strip(PlayerLabel(name), PlayerLabel("B"), None)
        return render_board(CHESS.start(), orientation=Color.WHITE, size=360, strip=strip)

    assert drawn("a\U0001f600b") == drawn("a?b")  # an emoji: not in the font
    assert drawn("Ωmega") != drawn("?mega")  # Greek is
    assert drawn("王 Wang") != drawn("? Wang")  # so is Chinese, in the fallback font
    assert drawn("王 Wang") != drawn("玉 Wang")


def test_a_strip_that_is_not_a_strip_is_refused() -> None:
    with pytest.raises(ValueError, match="strip"):
        render_board(CHESS.start(), strip=("Alice", "Bob"))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "position", [CHESS.from_fen(SCHOLAR_MATE), XQ.from_fen("4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1")]
)
def test_boards_with_strips_stay_small_palette_pngs(position: Position) -> None:
    """With strips, marks, selection and check, a 512 px board is still a palette PNG under
    40 KB."""
    strip = Strip(PlayerLabel("Alice", 1500), PlayerLabel("Bob", 1480), Color.BLACK)
    png = render_board(position, strip=strip, marks=[3], selected=4)
    assert Image.open(io.BytesIO(png)).mode == "P"
    assert len(png) < 40_000


def test_every_chess_set_ships_its_sprites_with_licence_and_credit() -> None:
    """Each chess set's folder holds 12 sprites of 256 px (only ever scaled down), its
    licence and source note; NOTICE at the root names the folder."""
    notice = (Path(__file__).parents[2] / "NOTICE").read_text(encoding="utf-8")
    for name in piece_set_names("chess"):
        folder = get_piece_set(name, "chess").folder
        for colour in "wb":
            for kind in "KQRBNP":
                with Image.open(folder / f"{colour}{kind}.png") as sprite:
                    assert (sprite.mode, sprite.size) == ("RGBA", (256, 256))
        assert "Licen" in (folder / "LICENSE.txt").read_text(encoding="utf-8")
        assert (folder / "SOURCE.txt").exists()
        assert f"bot/render/pieces/{name}/" in notice


def test_strips_drawn_in_threads_agree_with_serial_ones() -> None:
    """Boards with strips rendered in parallel threads (as asyncio.to_thread does) are the
    same bytes as rendered one by one: the shared fonts and cached strips are safe."""
    names = ["Ann", "Ωmega", "王芳", "Zoë", "Bob", "Li"]
    jobs = [
        Strip(PlayerLabel(names[i % 6], 1400 + i), PlayerLabel(names[(i + 1) % 6]), Color.WHITE)
        for i in range(12)
    ]

    def draw(strip: Strip) -> bytes:
        return render_board(CHESS.start(), size=300 + len(strip.white.name), strip=strip)

    with ThreadPoolExecutor(max_workers=6) as pool:
        parallel = list(pool.map(draw, jobs))
    assert parallel == [draw(strip) for strip in jobs]


def test_a_janggi_strip_is_the_board_s_wood_with_names_in_its_ink() -> None:
    """A janggi board's strips are its wood (tinted for the side to move) with the names in
    the board's ink, as xiangqi's: not a chess strip, which wrote Cho's name in Han's red."""
    janggi = get_variant("janggi")
    strip = Strip(PlayerLabel("Alice", 1500), PlayerLabel("Bob", 1480), Color.WHITE)
    image = decode(render_board(janggi.start(), orientation=Color.WHITE, strip=strip))
    band = band_height(512)
    width, height = image.size
    assert close(pixel(image, (width - 4, band // 2)), JANGGI.light)  # Han, waiting, on top
    # Right of the side's disc (Cho's green, ringed), the name: in the board's ink, no red.
    name = image.crop((2 * band, height - band, width, height))
    assert near(name, JANGGI.black_piece, 30).getbbox() is None
    assert near(name, JANGGI.dark, 30).getbbox() is not None
