"""/settings on Discord: every preference offered, shown privately, applied to boards."""

from __future__ import annotations

from tests.discord.harness import Harness, command, play, start_game


async def test_orientation_turns_the_board_image(running: Harness) -> None:
    """With the side to move at the bottom, white's /board while black is to move is the
    very image black sees; with their own side (the default) it is not."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    own = (await command(fake, alice, "board", channel=thread)).file("board.png").content
    blacks = (await command(fake, bob, "board", channel=thread)).file("board.png").content
    assert own != blacks
    chosen = await command(fake, alice, "settings", {"orientation": "turn"})
    assert chosen.ephemeral and "the side to move at the bottom" in chosen.text()
    turned = (await command(fake, alice, "board", channel=thread)).file("board.png").content
    assert turned == blacks
    shown = await command(fake, alice, "settings")
    assert "the side to move at the bottom" in shown.text()
