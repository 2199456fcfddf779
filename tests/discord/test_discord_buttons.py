"""Buttons: promotion, draw offers, resignation, takebacks, and buttons after a restart."""

from __future__ import annotations

import pytest

from tests.discord.harness import OPENED, Harness, command, play, png_size, start_game

PROMOTION_FEN = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"


async def test_promotion_chosen_with_buttons(running: Harness) -> None:
    """A pawn move to the last rank asks the mover (only) for the piece; Knight plays e8=N."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, fen=PROMOTION_FEN)
    prompt = await command(fake, alice, "move", {"move": "e8"}, channel=thread)
    assert prompt.ephemeral and prompt.visible_to == alice.id
    assert [b["label"] for b in prompt.buttons()] == ["Queen", "Rook", "Bishop", "Knight"]
    assert all(len(b["custom_id"]) <= 100 for b in prompt.buttons())

    press = await fake.click(alice, prompt, "Knight")
    announced = await fake.wait_until(lambda: [m for m in press.messages() if m.files])
    assert "e8=N" in announced[0].text() and not announced[0].ephemeral
    assert announced[0].mentions == [bob.id]
    assert png_size(announced[0])[0] >= 256
    assert fake.messages[prompt.id].buttons() == []  # the choice is made, buttons gone


async def test_promotion_button_refused_after_the_game_moved_on(running: Harness) -> None:
    """A stale promotion button (the game changed since) plays nothing."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, fen=PROMOTION_FEN)
    prompt = await command(fake, alice, "move", {"move": "e8"}, channel=thread)
    await play(fake, alice, "e8=Q+", thread)
    answer = await fake.reply(await fake.click(alice, prompt, "Rook"))
    assert answer.ephemeral and "not your turn" in answer.text().lower()


async def test_draw_offer_declined_then_accepted(running: Harness) -> None:
    """/draw offers a draw with buttons for the opponent; Decline keeps playing, Accept ends."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    offer = await command(fake, alice, "draw", channel=thread)
    assert not offer.ephemeral and offer.mentions == [bob.id]
    refused = await fake.reply(await fake.click(alice, offer, "Accept"))
    assert refused.ephemeral  # only bob may answer
    await fake.reply(await fake.click(bob, offer, "Decline"))
    declined = fake.messages[offer.id]
    assert declined.buttons() == [] and "declined" in declined.content
    await play(fake, bob, "e5", thread)

    offer = await command(fake, bob, "draw", channel=thread)
    press = await fake.click(alice, offer, "Accept")
    final = await fake.wait_until(lambda: [m for m in press.messages() if m.files])
    assert "Draw by agreement" in final[0].text()
    assert png_size(final[0])[0] >= 256


async def test_resign_with_confirmation(running: Harness) -> None:
    """/resign asks for confirmation ephemerally; confirming ends the game publicly."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, moves=OPENED)
    confirm = await command(fake, bob, "resign", channel=thread)
    assert confirm.ephemeral and [b["label"] for b in confirm.buttons()] == ["Resign"]
    press = await fake.click(bob, confirm, "Resign")
    final = await fake.wait_until(lambda: [m for m in press.messages() if m.files])
    assert "bob resigned — white wins" in final[0].text() and not final[0].ephemeral
    late = await command(fake, alice, "move", {"move": "Nf3"}, channel=thread)
    assert late.ephemeral and "is over" in late.text()


async def test_takeback_accepted(running: Harness) -> None:
    """/takeback asks the opponent; Accept takes the move back and shows the board."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    request = await command(fake, alice, "takeback", channel=thread)
    assert not request.ephemeral and [b["label"] for b in request.buttons()] == [
        "Accept",
        "Decline",
    ]
    press = await fake.click(bob, request, "Accept")
    board = await fake.wait_until(lambda: [m for m in press.messages() if m.files])
    assert "taken back" in board[0].text()
    assert png_size(board[0])[0] >= 256
    again = await play(fake, alice, "d4", thread)
    assert "d4" in again.text()


@pytest.mark.store
async def test_buttons_work_after_a_restart(running: Harness) -> None:
    """A challenge posted before a restart is accepted after it, and the game goes on."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    challenge = await command(fake, alice, "challenge", {"opponent": bob, "color": "white"})
    await running.restart()
    press = await fake.click(bob, challenge, "Accept")
    await fake.acknowledged(press)
    thread = (await fake.wait_until(lambda: fake.threads()))[0]
    await fake.wait_until(lambda: fake.channel_messages(thread.id))
    await play(fake, alice, "e4", thread)
    await running.restart()
    reply = await play(fake, bob, "e5", thread)
    assert "e5" in reply.text() and reply.mentions == [alice.id]
