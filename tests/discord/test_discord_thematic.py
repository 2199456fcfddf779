"""Thematic starts through the real discord.py and the fake Discord: a game that begins
after a line of moves, and a bad line refused privately."""

from __future__ import annotations

from tests.discord.harness import Harness, command, play


async def test_a_game_begins_after_the_line(running: Harness) -> None:
    """``start:"Sicilian Defense"``: the challenge says it by its line and name; accepted,
    white's first move is the third ply (Nf3 after 1. e4 c5)."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    challenge = await command(
        fake,
        alice,
        "challenge",
        {"opponent": bob, "color": "white", "start": "Sicilian Defense"},
    )
    said = challenge.text()
    assert not challenge.ephemeral and "after 1. e4 c5 (B20 Sicilian Defense)" in said
    press = await fake.click(bob, challenge, "Accept")
    await fake.acknowledged(press)
    (thread,) = await fake.wait_until(lambda: fake.threads())
    reply = await play(fake, alice, "Nf3", thread)
    assert "2. Nf3" in reply.text()


async def test_an_illegal_move_in_the_line_is_refused(running: Harness) -> None:
    """``start:"1. e4 e4"`` is answered privately, naming the move and its place; no
    challenge is posted."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    refused = await command(fake, alice, "challenge", {"opponent": bob, "start": "1. e4 e4"})
    assert refused.ephemeral and 'Move 2 of start, "e4", cannot be played there.' in (
        refused.text()
    )
    assert not refused.buttons()
