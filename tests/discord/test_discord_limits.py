"""Spam limits through Discord: a player cannot ping another again and again."""

from __future__ import annotations

from tests.discord.harness import Harness, command


async def test_repeated_challenges_ping_the_target_three_times_an_hour(running: Harness) -> None:
    """Ten /challenge opponent:bob in a row: bob is pinged three times; the rest are refused
    ephemerally with a message that says why and when to try again."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    # Each one different: the same challenge again is refused before it could ping.
    answers = [
        await command(fake, alice, "challenge", {"opponent": bob, "days": days, "color": color})
        for days in (1, 2, 3, 5, 7)
        for color in ("white", "black")
    ]
    public = [a for a in answers if not a.ephemeral]
    assert len(public) == 3 and all(a.mentions == [bob.id] for a in public)
    refused = [a for a in answers if a.ephemeral]
    assert len(refused) == 7
    assert all(
        a.text().startswith("You have already pinged bob 3 times in the last hour")
        and "try again in 60 minutes" in a.text()
        for a in refused
    ), refused[0].text()
    pinged = [m for m in fake.messages.values() if bob.id in m.mentions]
    assert len(pinged) == 3

    running.clock.advance(minutes=61)
    again = await command(fake, alice, "challenge", {"opponent": bob, "days": 14})
    assert not again.ephemeral and again.mentions == [bob.id]
