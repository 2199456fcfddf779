"""Boards as big and clean as lichess's: pieces at their artwork's own scale, coordinates
inside the edge squares, a previewed move marked as one. Checked on decoded PNG pixels."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from bot.render import (
    Coordinates,
    PlayerLabel,
    Strip,
    band_height,
    get_piece_set,
    piece_set_names,
    render_board,
)
from bot.render.chess_board import Layout
from bot.render.measure import piece_box
from bot.render.themes import WOOD, XIANGQI, blend
from rules import Color, Move, get_variant
from tests.render.render_pixels import close, decode, pixel

CHESS = get_variant("chess")
XQ = get_variant("xiangqi")


@pytest.mark.parametrize("piece", ["B", "Q", "b", "q"])
def test_cburnett_queen_and_bishop_stand_as_tall_as_on_lichess(piece: str) -> None:
    """Lichess draws cburnett's artwork over the whole square: its queen and bishop are
    78 % of the square's height, centred on it. So are Postal's."""
    box = piece_box("cburnett", piece)
    assert 0.76 <= box.height <= 0.82, box
    assert abs(box.dx) <= 0.02 and abs(box.dy) <= 0.02, box


@pytest.mark.parametrize("pieces", piece_set_names("chess"))
@pytest.mark.parametrize("piece", ["B", "Q", "N"])
def test_every_set_is_drawn_at_its_artworks_own_box(pieces: str, piece: str) -> None:
    """A piece covers as much of its square, and sits where, as it covers of its sprite
    (the artwork's own box): no set is shrunk to leave a margin of Postal's own."""
    with Image.open(get_piece_set(pieces, "chess").folder / f"w{piece}.png") as sprite:
        alpha = sprite.getchannel("A").point(lambda v: 255 if v > 128 else 0)
        left, top, right, bottom = alpha.getbbox() or (0, 0, 0, 0)
        side = sprite.width
    box = piece_box(pieces, piece)
    assert box.height == pytest.approx((bottom - top) / side, abs=0.03)
    assert box.width == pytest.approx((right - left) / side, abs=0.03)
    assert box.dx == pytest.approx(((left + right) / 2 - side / 2) / side, abs=0.02)


def tile(image: Image.Image, name: str, orientation: Color = Color.WHITE) -> Image.Image:
    layout = Layout.of(image.width, Coordinates.INSIDE)
    x, y = layout.corner(CHESS.parse_square(name), orientation)
    return image.crop((x, y, x + layout.square, y + layout.square))


def same(a: Image.Image, b: Image.Image) -> bool:
    """Whether two tiles agree but for a palette's rounding (boards with and without
    coordinates have palettes of their own): no pixel differs by more than 40 in grey."""
    strong = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 40 else 0)
    return strong.getbbox() is None


def inked(image: Image.Image, colour: tuple[int, int, int]) -> int:
    """How many of the image's pixels are close to ``colour``."""
    return sum(n for n, c in image.getcolors(image.width * image.height) or [] if close(c, colour))


def test_coordinates_are_drawn_inside_the_edge_squares_by_default() -> None:
    """As lichess: the board fills the image, file letters sit in the bottom row's
    bottom-left corners and rank numbers in the right column's top-right corners, in the
    other square's colour; the inner squares carry none."""
    start = CHESS.start()
    image = decode(render_board(start, orientation=Color.WHITE))
    bare = decode(render_board(start, orientation=Color.WHITE, coordinates=Coordinates.NONE))
    assert close(pixel(image, (0, 0)), WOOD.light) and close(pixel(image, (511, 511)), WOOD.light)
    a1, bare_a1 = tile(image, "a1"), tile(bare, "a1")  # dark: its letter is light
    corner = (0, 40, 24, 64)
    assert inked(a1.crop(corner), WOOD.light) > 20
    assert inked(bare_a1.crop(corner), WOOD.light) == 0
    h5, bare_h5 = tile(image, "h5"), tile(bare, "h5")  # light: its number is dark
    assert inked(h5.crop((40, 0, 64, 24)), WOOD.dark) > 20
    assert inked(bare_h5.crop((40, 0, 64, 24)), WOOD.dark) == 0
    for name in ("e4", "b7", "g2"):
        assert same(tile(image, name), tile(bare, name)), name


def test_coordinates_turn_with_the_board() -> None:
    """From black's side the letters run h..a along the bottom (rank 8's row) and the
    numbers down the a-file on the right."""
    start = CHESS.start()
    black = decode(render_board(start, orientation=Color.BLACK))
    bare = decode(render_board(start, orientation=Color.BLACK, coordinates=False))
    assert not same(tile(black, "h8", Color.BLACK), tile(bare, "h8", Color.BLACK))
    assert not same(tile(black, "a1", Color.BLACK), tile(bare, "a1", Color.BLACK))
    assert same(tile(black, "h1", Color.BLACK), tile(bare, "h1", Color.BLACK))


def test_the_frame_stays_a_choice_and_a_bad_placement_is_refused() -> None:
    """``Coordinates.FRAME`` draws them in a margin of the theme's frame colour; an unknown
    placement raises ValueError naming the choices."""
    image = decode(render_board(CHESS.start(), coordinates=Coordinates.FRAME))
    assert close(pixel(image, (2, 2)), WOOD.margin)
    assert decode(render_board(CHESS.start(), coordinates="frame")).tobytes() == image.tobytes()
    with pytest.raises(ValueError, match="inside, frame, none"):
        render_board(CHESS.start(), coordinates="sideways")


def test_a_previewed_move_is_marked_as_a_ghost_of_a_played_one() -> None:
    """A preview's squares carry a fainter tint than a played move's, framed by dashes:
    an edge's first seventh is drawn, its second is not."""
    start = CHESS.start()
    move = start.parse_move("e4")
    after = start.play(move)
    played = decode(render_board(after, last_move=move, orientation=Color.WHITE))
    preview = decode(render_board(after, last_move=move, orientation=Color.WHITE, preview=True))
    square = tile(preview, "e2")  # light, empty
    ghost = blend(WOOD.light, WOOD.last_move, 0.25)
    assert close(pixel(square, (32, 32)), ghost, 4)
    assert close(pixel(tile(played, "e2"), (32, 32)), WOOD.square(True, last_move=True), 4)
    assert close(pixel(square, (4, 1)), blend(ghost, WOOD.last_move, 0.9), 4)
    assert close(pixel(square, (13, 1)), ghost, 4)  # 64 px: the gap runs from 9 to 18
    assert render_board(start, preview=True) == render_board(start)  # no move, no mark


def test_a_strip_note_is_a_badge_on_the_bottom_strip() -> None:
    """``Strip.note`` ("Preview") is drawn at the right end of the bottom strip only."""
    start = CHESS.start()
    plain = Strip(PlayerLabel("Alice"), PlayerLabel("Bob"), Color.WHITE)
    noted = Strip(PlayerLabel("Alice"), PlayerLabel("Bob"), Color.WHITE, note="Preview")
    without = decode(render_board(start, strip=plain, orientation=Color.WHITE))
    badge = decode(render_board(start, strip=noted, orientation=Color.WHITE))
    band = band_height(512)
    top, bottom = (0, 0, 512, band), (352, 512 + band, 512, 512 + 2 * band)
    assert badge.crop(top).tobytes() == without.crop(top).tobytes()
    assert inked(badge.crop(bottom), WOOD.last_move) > 200
    assert inked(without.crop(bottom), WOOD.last_move) == 0


def bracket_ink(image: Image.Image, name: str) -> int:
    """Pixels of the last-move colour in the cell around a xiangqi point (seen from red)."""
    from bot.render.xiangqi_board import Layout as XiangqiLayout

    layout = XiangqiLayout.of(image.width)
    x, y = layout.point(XQ.parse_square(name), Color.WHITE)
    cell = layout.cell
    return inked(image.crop((x - cell // 2 - 4, y - cell // 2 - 4, x + cell // 2 + 5,
                             y + cell // 2 + 5)), XIANGQI.last_move)  # fmt: skip


def test_xiangqi_last_move_brackets_are_bold_and_a_preview_dashed() -> None:
    """At 360 px the last move's brackets hold over 200 pixels of their colour around each
    point (the faint thin ones held 118); a preview's dashed ones fewer, not none."""
    start = XQ.start()
    move = start.parse_move("h2e2")
    after = start.play(move)
    played = decode(render_board(after, last_move=move, orientation=Color.WHITE, size=360))
    preview = decode(
        render_board(after, last_move=move, orientation=Color.WHITE, size=360, preview=True)
    )
    assert bracket_ink(played, "h2") > 200
    assert 40 < bracket_ink(preview, "h2") < bracket_ink(played, "h2") * 0.85


def test_move_identity_survives_the_preview_flag() -> None:
    """A preview only changes the mark: the squares it marks are the move's."""
    start = CHESS.start()
    move = Move(CHESS.parse_square("g1"), CHESS.parse_square("f3"))
    after = start.play(move)
    preview = decode(render_board(after, last_move=move, orientation=Color.WHITE, preview=True))
    plain = decode(render_board(after, orientation=Color.WHITE))
    for name in ("g1", "f3"):
        assert tile(preview, name).tobytes() != tile(plain, name).tobytes()
    assert tile(preview, "e2").tobytes() == tile(plain, "e2").tobytes()
