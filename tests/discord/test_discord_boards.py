"""Board images as a player receives them through Discord: decoded attachments."""

from __future__ import annotations

import io

from PIL import Image

from bot.render.chess_board import Layout
from bot.render.themes import WOOD, blend
from rules import Color, get_variant
from tests.discord.harness import Harness, command, start_game
from tests.render.render_pixels import close, pixel

CHESS = get_variant("chess")


def attachment(message: object) -> Image.Image:
    """The message's one PNG attachment, decoded."""
    files = message.files  # type: ignore[attr-defined]
    assert len(files) == 1 and files[0].filename.endswith(".png")
    with Image.open(io.BytesIO(files[0].content)) as image:
        assert image.format == "PNG"
        return image.convert("RGB")


def corner(image: Image.Image, name: str) -> tuple[int, ...]:
    """A pixel just inside a square's corner (white at the bottom, 512 px, coordinates)."""
    x, y = Layout.of(image.width, coordinates=True).corner(CHESS.parse_square(name), Color.WHITE)
    return pixel(image, (x + 2, y + 2))


async def test_moves_marks_the_chosen_piece_and_board_does_not(running: Harness) -> None:
    """/moves g1 sends a board with the knight's square tinted and its destinations marked;
    /board sends the same position with neither."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    moves = attachment(await command(fake, alice, "moves", {"square": "g1"}, channel=thread))
    board = attachment(await command(fake, alice, "board", channel=thread))
    assert moves.size == board.size == (512, 512)
    assert close(corner(moves, "g1"), WOOD.square(False, selected=True), 14)  # g1 is dark
    assert close(corner(board, "g1"), WOOD.dark)
    layout = Layout.of(512, coordinates=True)
    for name in ("f3", "h3"):  # a dot in the middle of each destination, on /moves only
        x, y = layout.corner(CHESS.parse_square(name), Color.WHITE)
        middle = (x + layout.square // 2, y + layout.square // 2)
        assert close(pixel(moves, middle), blend(WOOD.light, WOOD.mark, 0.45), 20)
        assert close(pixel(board, middle), WOOD.light)  # both are light squares
