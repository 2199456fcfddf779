"""Weekends off through the fake Discord: ``/challenge weekends:off`` says so in the clock's
phrase, the game does not time out over the weekend, only on the weekday its clock runs
out, and its reminders come on the player's clock, never over the weekend (time
injected)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.discord.harness import Harness, command, game_thread, play

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
    thread = await game_thread(fake)
    for player, move in ((alice, "e4"), (bob, "e5")):  # rated from ply 2
        await play(fake, player, move, thread)

    running.clock.now = datetime(2026, 1, 11, 12, tzinfo=UTC)  # Sunday noon
    await running.clock_round()
    assert not any("ran out of time" in m.text() for m in fake.channel_messages(thread.id))

    running.clock.now = datetime(2026, 1, 13, 12, 0, 1, tzinfo=UTC)  # Tuesday, past noon
    await running.clock_round()
    ended = fake.channel_messages(thread.id)[-1]
    assert "alice ran out of time — black wins" in ended.text()


async def test_a_reminder_before_a_monday_deadline_comes_on_friday(running: Harness) -> None:
    """Three days from Wednesday noon (UTC) with weekends off are due Monday noon: alice's
    24-hour reminder is posted on Friday at noon, with 24 hours of her clock left, once;
    nothing comes over the weekend, and the 1-hour one on Monday at 11:00."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    running.clock.now = datetime(2026, 1, 7, 12, tzinfo=UTC)  # a Wednesday
    options = {"opponent": bob, "color": "white", "days": 3, "weekends": "off"}
    challenge = await command(fake, alice, "challenge", options)
    await fake.acknowledged(await fake.click(bob, challenge, "Accept"))
    thread = await game_thread(fake)
    posted = len(await fake.wait_until(lambda: fake.channel_messages(thread.id)))  # the game

    running.clock.now = datetime(2026, 1, 9, 11, 59, tzinfo=UTC)
    await running.clock_round()
    assert len(fake.channel_messages(thread.id)) == posted  # nothing due yet

    running.clock.now = datetime(2026, 1, 9, 12, tzinfo=UTC)  # Friday noon
    await running.clock_round()
    reminder = fake.channel_messages(thread.id)[-1]
    assert "Reminder" in reminder.text() and reminder.mentions == [alice.id]
    assert "24 hours" in reminder.text()

    running.clock.now = datetime(2026, 1, 11, 12, tzinfo=UTC)  # Sunday noon
    await running.clock_round()
    assert len(fake.channel_messages(thread.id)) == posted + 1

    running.clock.now = datetime(2026, 1, 12, 11, tzinfo=UTC)  # Monday 11:00
    await running.clock_round()
    last = fake.channel_messages(thread.id)[-1]
    assert len(fake.channel_messages(thread.id)) == posted + 2
    assert "Reminder" in last.text() and "1 hour" in last.text()


async def test_games_and_the_board_say_the_clock_and_the_real_deadline(running: Harness) -> None:
    """Bob in Tokyo gets the move on Friday at noon there (03:00 UTC) in a 1-day game with
    weekends off: his /games says 24 hours left (his clock), the board message's deadline
    is Monday noon in Tokyo (03:00 UTC), when the game would really be lost."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await command(fake, bob, "settings", {"timezone": "Asia/Tokyo"})
    running.clock.now = datetime(2026, 1, 9, 3, tzinfo=UTC)  # Friday noon in Tokyo
    options = {"opponent": bob, "color": "white", "days": 1, "weekends": "off"}
    challenge = await command(fake, alice, "challenge", options)
    await fake.acknowledged(await fake.click(bob, challenge, "Accept"))
    thread = await game_thread(fake)
    moved = await play(fake, alice, "e4", thread)
    monday_noon = int(datetime(2026, 1, 12, 3, tzinfo=UTC).timestamp())
    assert f"<t:{monday_noon}:R>" in moved.text()
    listing = await command(fake, bob, "games")
    assert "1. e4 · 24 hours left" in listing.text(), listing.text()
