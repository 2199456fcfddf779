"""/gif within limits: one GIF per player in the queue, others queued behind the one being
drawn (and told so), a full queue refused, a GIF asked again served without drawing it."""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import Iterator

import pytest
from PIL import GifImagePlugin, Image

from bot.render.animation import Animation
from bot.service.after_game import GameAnimation
from tests.discord.harness import Harness, command, start_game
from tests.fakediscord import FakeInteraction, FakeMessage

DRAW_TIMEOUT = 30.0


class Gate:
    """Holds every GIF drawing until opened, and counts the drawings started."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.started = 0

    async def reached(self, count: int) -> None:
        """Wait until ``count`` drawings have started (on the GIF thread: the fake's
        ``wait_until`` would not look again without a change of its own)."""
        async with asyncio.timeout(DRAW_TIMEOUT):
            while self.started < count:
                await asyncio.sleep(0.01)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    held = Gate()
    draw = GameAnimation.render

    def held_render(self: GameAnimation, limit_bytes: int) -> Animation:
        held.started += 1
        held.open.wait(DRAW_TIMEOUT)
        return draw(self, limit_bytes)

    monkeypatch.setattr(GameAnimation, "render", held_render)
    yield held
    held.open.set()  # never leave a worker thread waiting


def frames(message: FakeMessage) -> int:
    with Image.open(io.BytesIO(message.files[0].content)) as image:
        assert isinstance(image, GifImagePlugin.GifImageFile)
        return int(image.n_frames)


async def test_one_gif_per_player_the_rest_queued_then_refused(
    running: Harness, gate: Gate
) -> None:
    """While alice's GIF is drawn: her second /gif is refused, saying why; bob's (another
    side at the bottom: another GIF) waits and is told it is queued; past the waiting limit
    carol's is refused; when the drawing is let go both GIFs arrive, and a spectator asking
    for alice's GIF shares its drawing."""
    fake = running.fake
    assert running.bot is not None
    running.bot.service.animations._waiting_limit = 1
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob)
    await command(fake, alice, "move", {"move": "e4"}, channel=thread)
    first = await fake.slash(alice, "gif", {}, channel=thread)
    await fake.acknowledged(first)
    await gate.reached(1)
    again = await command(fake, alice, "gif", {"frame_ms": 500}, channel=thread)
    assert again.ephemeral and "Your previous GIF is still being made" in again.text()
    queued = await fake.slash(bob, "gif", {}, channel=thread)
    told = await fake.reply(queued)
    assert told.ephemeral and told.text() == (
        "Your GIF is in the queue: 1 GIF is being made before it."
    )
    # carol's own frame time: the same GIF as alice's would share its drawing instead.
    full = await command(fake, carol, "gif", {"frame_ms": 250}, channel=thread)
    assert full.ephemeral and "Too many GIFs are being made right now" in full.text()
    shared = await fake.slash(carol, "gif", {}, channel=thread)
    gate.open.set()
    for interaction in (first, queued, shared):

        def drawn(i: FakeInteraction = interaction) -> bool:
            return bool(i.messages() and i.reply().files)

        await fake.wait_until(drawn, DRAW_TIMEOUT)
        assert frames(interaction.reply()) == 2
    assert gate.started == 2  # carol's and alice's second were never drawn


async def test_the_same_gif_again_is_not_drawn_again(running: Harness, gate: Gate) -> None:
    """A GIF asked again for the same moves and looks comes from the cache; after a move
    it is drawn anew."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await command(fake, alice, "move", {"move": "e4"}, channel=thread)
    gate.open.set()
    for _ in range(2):
        gif = await command(fake, alice, "gif", {}, channel=thread)
        assert frames(gif) == 2
    assert gate.started == 1
    await command(fake, bob, "move", {"move": "e5"}, channel=thread)
    assert frames(await command(fake, alice, "gif", {}, channel=thread)) == 3
    assert gate.started == 2


async def test_a_gif_being_drawn_when_the_bot_stops_is_answered_at_once(
    running: Harness, gate: Gate, caplog: pytest.LogCaptureFixture
) -> None:
    """Stopping the bot does not wait for a GIF being drawn (it used to hold the shutdown
    for the grace time, then be cancelled as a command still running, and then hold the
    process exit): its asker is told at once that Postal is restarting."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await command(fake, alice, "move", {"move": "e4"}, channel=thread)
    asked = await fake.slash(alice, "gif", {}, channel=thread)
    await fake.acknowledged(asked)
    await gate.reached(1)
    await running.stop()
    told = await fake.reply(asked)
    assert not gate.open.is_set() and not told.files
    assert told.ephemeral and told.text() == "Postal is restarting: send that again in a minute."
    assert "cancelling a command still running" not in caplog.text
