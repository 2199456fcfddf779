"""Pause by agreement through the fake Discord: /pause asks with buttons for the opponent
only, Accept stops the clocks, the game is not timed out during the pause and is the second
the time left runs out after it; nonsense is refused privately."""

from __future__ import annotations

from tests.discord.harness import Harness, command, play, start_game


async def test_a_pause_agreed_with_buttons_holds_the_clock(running: Harness) -> None:
    """bob has 2 of his 3 days left when the game pauses for 5: no time-out in the pause,
    none a second before his 2 days run out after it, and one at that second."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=3)
    for player, text in ((alice, "e4"), (bob, "e5"), (alice, "Nf3")):
        await play(fake, player, text, thread)
    running.clock.advance(days=1)
    asked = await command(fake, alice, "pause", {"days": 5}, channel=thread)
    assert not asked.ephemeral and asked.mentions == [bob.id]
    assert "alice asks to pause the clocks for 5 days. bob, accept or decline." in asked.text()
    refused = await fake.reply(await fake.click(alice, asked, "Accept"))
    assert refused.ephemeral  # only bob may answer
    press = await fake.click(bob, asked, "Accept")
    (agreed,) = await fake.wait_until(
        lambda: [m for m in press.messages() if "Clocks paused." in m.text()]
    )
    assert agreed.mentions == [alice.id] and not agreed.ephemeral
    until = int(running.clock.now.timestamp()) + 5 * 86400
    said = f"bob agreed to pause the clocks until <t:{until}:f>; they run again then."
    assert said in agreed.text() and "9 days of pause left in this game." in agreed.text()
    answered = fake.messages[asked.id]
    assert answered.buttons() == [] and said in answered.text()

    def ended() -> list[str]:
        return [m.text() for m in fake.channel_messages(thread.id) if "ran out" in m.text()]

    running.clock.advance(days=5)
    await running.clock_round()
    running.clock.advance(days=2, seconds=-1)
    await running.clock_round()
    assert ended() == []
    running.clock.advance(seconds=1)
    await running.clock_round()
    assert "bob ran out of time — white wins" in ended()[0]


async def test_nonsense_is_refused_privately(running: Harness) -> None:
    """A second pause while one runs is refused privately, saying until when."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=3)
    asked = await command(fake, alice, "pause", {"days": 2}, channel=thread)
    await fake.reply(await fake.click(bob, asked, "Accept"))
    again = await command(fake, bob, "pause", {"days": 1}, channel=thread)
    assert again.ephemeral and "paused already, until" in again.text()
