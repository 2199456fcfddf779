"""Confirm moves for a typed /move: the board after the move, shown to the mover only, with
Confirm / Cancel (on by default, as lichess does in correspondence games)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.render import band_height
from bot.render.themes import WOOD
from tests.discord.harness import Harness, command, start_game
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.usefixtures("confirming")


def labels(message: FakeMessage) -> list[str]:
    return [str(button.get("label")) for button in message.buttons()]


async def preview_of(
    fake: FakeDiscord, user: FakeUser, move: str, thread: FakeChannel
) -> FakeMessage:
    """``user`` types ``/move move`` in ``thread``: asserts the private preview, returns it."""
    message = await command(fake, user, "move", {"move": move}, channel=thread)
    assert message.ephemeral, message.text()
    assert "The board after it is shown; only you see this." in message.text()
    assert message.files and labels(message) == ["Confirm", "Cancel"]
    return message


async def test_typed_move_is_shown_first_then_confirmed(running: Harness) -> None:
    """/move e4 shows alice the board after it, privately, and plays nothing; Confirm plays
    it: the public board with the mention follows, and the preview says it was played."""
    assert running.bot is not None
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    public = len(fake.public_messages())
    preview = await preview_of(fake, alice, "e4", thread)
    assert "Play e4?" in preview.text()
    # Marked as a preview: the players' strips, "Preview" in a badge at the bottom right.
    image = Image.open(io.BytesIO(preview.files[0].content)).convert("RGB")
    band = band_height(512)
    assert image.size == (512, 512 + 2 * band)
    badge = image.crop((400, 512 + band, 512, 512 + 2 * band))
    counted = badge.getcolors(badge.width * badge.height) or []
    assert sum(n for n, c in counted if c == WOOD.last_move) > 100
    assert len(fake.public_messages()) == public
    assert (await running.bot.service.reports.game_view(1)).ply == 0
    press = await fake.click(alice, preview, "Confirm")
    await fake.acknowledged(press)

    def board() -> FakeMessage | None:
        new = [m for m in fake.public_messages()[public:] if m.files]
        return new[0] if new else None

    played = await fake.wait_until(board)
    assert "alice played e4" in played.text() and bob.id in played.mentions
    assert (await running.bot.service.reports.game_view(1)).ply == 1
    assert "You played e4." in fake.messages[preview.id].text()


async def test_typed_move_cancelled_plays_nothing(running: Harness) -> None:
    """Cancel on the preview: nothing is played, the preview says so, alice is still to
    move."""
    assert running.bot is not None
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    preview = await preview_of(fake, alice, "Nf3", thread)
    await fake.acknowledged(await fake.click(alice, preview, "Cancel"))
    await fake.wait_until(lambda: "nothing was played" in fake.messages[preview.id].text())
    view = await running.bot.service.reports.game_view(1)
    assert view.ply == 0 and view.to_move is not None and view.to_move.name == "alice"


async def test_a_stale_confirmation_is_refused(running: Harness) -> None:
    """Two previews, the second confirmed: the first's Confirm is refused privately (the
    game has moved on) and nothing more is played."""
    assert running.bot is not None
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    first = await preview_of(fake, alice, "d4", thread)
    second = await preview_of(fake, alice, "e4", thread)
    await fake.acknowledged(await fake.click(alice, second, "Confirm"))
    await fake.wait_until(lambda: "You played e4." in fake.messages[second.id].text())
    refused = await fake.reply(await fake.click(alice, first, "Confirm"))
    assert refused.ephemeral and "moved on" in refused.text()
    assert (await running.bot.service.reports.game_view(1)).ply == 1


async def test_confirm_moves_off_plays_a_typed_move_at_once(running: Harness) -> None:
    """With Confirm moves off, /move answers with the public board at once."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await command(fake, alice, "settings", {"confirm": "never"}, channel=thread)
    played = await command(fake, alice, "move", {"move": "e4"}, channel=thread)
    assert not played.ephemeral and played.files and "alice played e4" in played.text()
