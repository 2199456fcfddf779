"""/vacation on Discord: ended by hand or by a move."""

from __future__ import annotations

from tests.discord.harness import Harness, command, play, start_game


async def test_a_vacation_ended_by_hand_and_by_a_move(running: Harness) -> None:
    """/vacation end:True brings the player back; so does their next move."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    started = await command(fake, alice, "vacation", {"days": 5})
    # Its end is a timestamp each reader's client writes, never escaped into raw text.
    assert "<t:" in started.text() and "\\<t:" not in started.text()
    running.clock.advance(hours=5)
    back = await command(fake, alice, "vacation", {"end": True})
    assert "alice is back from vacation" in back.text() and "29 vacation days left" in back.text()
    again = await command(fake, alice, "vacation", {"end": True})
    assert again.ephemeral and "You are not on vacation." in again.text()
    await command(fake, alice, "vacation", {"days": 3})
    moved = await play(fake, alice, "e4", thread)
    assert "alice is back from vacation: clocks run again." in moved.text()
    neither = await command(fake, alice, "vacation")
    assert neither.ephemeral and "Say how many days" in neither.text()
