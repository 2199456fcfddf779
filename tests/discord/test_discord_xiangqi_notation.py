"""The moves under a xiangqi board, each reader's in their own notation on Discord."""

from __future__ import annotations

from tests.discord.harness import Harness, command, start_game
from tests.fakediscord import FakeMessage


async def test_each_reader_reads_the_moves_under_the_board_in_their_notation(
    running: Harness,
) -> None:
    """alice's app is in Simplified Chinese, bob's in English: each board a command of
    theirs posts lists every move, both players', in their own notation (not as each mover
    typed it), the board that /move answers and the one /board shows alike."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, game="xiangqi")
    alice.locale = "zh-CN"  # (after the challenge: its buttons would be in Chinese to bob)
    await command(fake, alice, "move", {"move": "炮二平五"}, channel=thread)
    answered = await command(fake, bob, "move", {"move": "h9g7"}, channel=thread)
    assert "1. C2.5 H8+7" in answered.text(), answered.text()
    played = await command(fake, alice, "move", {"move": "马二进三"}, channel=thread)
    assert "1. 炮二平五 马８进７ 2. 马二进三" in played.text(), played.text()
    shown = await command(fake, bob, "board", channel=thread)
    assert "1. C2.5 H8+7 2. H2+3" in shown.text(), shown.text()
    shown = await command(fake, alice, "board", channel=thread)
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
