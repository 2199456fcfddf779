"""Weekends off through the fake Discord: ``/challenge weekends:off`` says so in the clock's
phrase, and the game does not time out over the weekend, only on the weekday its clock runs
out (time injected)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.discord.harness import Harness, command, play

pytestmark = pytest.mark.store


async def test_no_time_out_over_the_weekend(running: Harness) -> None:
    """Two days from Friday noon (UTC, no zone chosen) with weekends off run out Tuesday
    noon: Sunday noon, four days of wall clock later, is no time-out."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    running.clock.now = datetime(2026, 1, 9, 12, tzinfo=UTC)  # a Friday
    options = {"opponent": bob, "color": "white", "days": 2, "weekends": "off"}
    challenge = await command(fake, alice, "challenge", options)
    assert "2 days per move, weekends off" in challenge.text()
    await fake.acknowledged(await fake.click(bob, challenge, "Accept"))
    thread = await fake.wait_until(lambda: next(iter(fake.threads()), None))
    for player, move in ((alice, "e4"), (bob, "e5")):  # rated from ply 2
        await play(fake, player, move, thread)

    running.clock.now = datetime(2026, 1, 11, 12, tzinfo=UTC)  # Sunday noon
    await running.clock_round()
    assert not any("ran out of time" in m.text() for m in fake.channel_messages(thread.id))

    running.clock.now = datetime(2026, 1, 13, 12, 0, 1, tzinfo=UTC)  # Tuesday, past noon
    await running.clock_round()
    ended = fake.channel_messages(thread.id)[-1]
    assert "alice ran out of time — black wins" in ended.text()
