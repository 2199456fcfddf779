"""The moves under a xiangqi board, each reader's in their own notation on Discord."""

from __future__ import annotations

from tests.discord.harness import Harness, command, start_game
from tests.fakediscord import FakeMessage


async def test_the_moves_under_a_shared_board_are_in_the_servers_notation(
    running: Harness,
) -> None:
    """alice's app is in Simplified Chinese, bob's in English: a board the channel reads
    lists every move, both players' (not as each mover typed it), in the server's language's
    notation whoever asked for it — WXF on an English server, Chinese on a Chinese one.
    (A move typed in Chinese is still answered in Chinese, as typed.)"""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, game="xiangqi")
    alice.locale = "zh-CN"
    await command(fake, alice, "move", {"move": "炮二平五"}, channel=thread)
    answered = await command(fake, bob, "move", {"move": "h9g7"}, channel=thread)
    assert "1. C2.5 H8+7" in answered.text(), answered.text()
    await command(fake, alice, "move", {"move": "马二进三"}, channel=thread)
    shown = await command(fake, alice, "board", channel=thread)
    assert "1. C2.5 H8+7 2. H2+3" in shown.text(), shown.text()
    fake.set_guild_locale("zh-CN")
    for reader in (bob, alice):
        shown = await command(fake, reader, "board", channel=thread)
        assert "1. 炮二平五 马８进７ 2. 马二进三" in shown.text(), shown.text()


async def test_a_board_posted_for_one_player_lists_the_moves_in_their_notation(
    running: Harness,
) -> None:
    """bob moves from another channel: the board Postal posts in the game's thread on its
    own, telling alice it is her move, lists the moves in her notation (Chinese, chosen in
    /settings; the message is in English, her language), not in bob's WXF."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, game="xiangqi")
    game_id = 1  # the first game of the test's database
    await command(fake, alice, "settings", {"notation": "chinese"}, channel=thread)
    await command(fake, alice, "move", {"move": "炮二平五"}, channel=thread)
    posted = len(fake.channel_messages(thread.id))
    await command(fake, bob, "move", {"move": "H8+7", "game": game_id})

    def notice() -> FakeMessage | None:
        new = [m for m in fake.channel_messages(thread.id)[posted:] if m.layout and m.files]
        return new[-1] if new else None

    board: FakeMessage = await fake.wait_until(notice)
    assert alice.id in board.mentions
    assert "bob played 1... 马８进７." in board.text(), board.text()
    assert "Moves: 1. 炮二平五 马８进７" in board.text(), board.text()
