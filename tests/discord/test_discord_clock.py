"""The deadline scheduler: reminders and time-outs posted in the game's thread, time injected."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.discord import client
from bot.discord.client import SCHEDULE_SETTLE_SECONDS
from tests.dbtools import change_behind_the_bot
from tests.discord.harness import Harness, command, play, png_size, start_game

pytestmark = pytest.mark.store


async def test_reminder_then_time_out(running: Harness) -> None:
    """24 h before the deadline the player to move is reminded; after it, they lose on time."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=3)
    for player, move in ((alice, "e4"), (bob, "e5"), (alice, "Nf3")):  # rated from ply 2
        await play(fake, player, move, thread)
    posted = len(fake.channel_messages(thread.id))

    running.clock.advance(days=1, hours=23)
    await running.clock_round()
    assert len(fake.channel_messages(thread.id)) == posted  # nothing due yet

    running.clock.advance(hours=2)  # 23 hours left for bob
    await running.clock_round()
    reminder = fake.channel_messages(thread.id)[-1]
    assert "Reminder" in reminder.text() and reminder.mentions == [bob.id]
    assert "<t:" in reminder.text()

    await running.clock_round()  # a reminder is sent once
    assert len(fake.channel_messages(thread.id)) == posted + 1

    running.clock.advance(days=1, minutes=1)  # past the deadline
    await running.clock_round()
    ended = fake.channel_messages(thread.id)[-1]
    assert "bob ran out of time — white wins" in ended.text()
    assert png_size(ended)[0] >= 256
    late = await command(fake, bob, "move", {"move": "Nc6"}, channel=thread)
    assert late.ephemeral and "is over" in late.text()


async def test_time_out_fires_after_a_restart(running: Harness) -> None:
    """Deadlines live in the database: a bot restarted after the deadline still ends the game."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=1)
    for player, move in ((alice, "e4"), (bob, "e5")):  # before two plies it would be aborted
        await play(fake, player, move, thread)
    await running.stop()
    running.clock.advance(days=2)
    await running.start()  # the scheduler runs a round at start-up
    ended = await fake.wait_until(
        lambda: [m for m in fake.channel_messages(thread.id) if "ran out of time" in m.text()]
    )
    assert "alice ran out of time — black wins" in ended[0].text()


async def test_open_challenge_expires_and_loses_its_buttons(running: Harness) -> None:
    """An unanswered challenge expires after 48 hours; its buttons are removed."""
    fake = running.fake
    alice = fake.add_user("alice")
    challenge = await command(fake, alice, "challenge")
    assert [b["label"] for b in challenge.buttons()] == ["Accept", "Cancel"]
    running.clock.advance(hours=48, minutes=1)
    await running.clock_round()
    expired = fake.messages[challenge.id]
    assert expired.buttons() == [] and "expired" in expired.content


async def test_a_schedule_change_wakes_the_sleeping_scheduler(
    running: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scheduler sleeps until its next wake-up, but any change to the schedule (here a
    new challenge) wakes it early: a reminder already due is then sent without a nudge."""
    # Changes settle for a tenth of the shipped second: how long they settle is not the point.
    settle = SCHEDULE_SETTLE_SECONDS / 10
    monkeypatch.setattr(client, "SCHEDULE_SETTLE_SECONDS", settle)
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob, days=3)
    await asyncio.sleep(settle + 0.3)  # let the game's own changes settle
    await running.clock_round()
    running.clock.advance(days=2, hours=1)  # 23 hours left for alice: a reminder is due
    await asyncio.sleep(settle + 0.3)
    assert not [m for m in fake.channel_messages(thread.id) if "Reminder" in m.text()]
    await command(fake, carol, "challenge")  # changes the schedule; nobody calls wake()
    reminders = await fake.wait_until(
        lambda: [m for m in fake.channel_messages(thread.id) if "Reminder" in m.text()], 5
    )
    assert reminders[0].mentions == [alice.id]


async def test_a_damaged_game_never_stops_the_clock(running: Harness) -> None:
    """A game whose stored moves no longer replay is skipped (logged with its id): the other
    game still times out, the damaged one's players are told plainly when they use it."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    carol, dave = fake.add_user("carol"), fake.add_user("dave")
    broken_thread, _ = await start_game(fake, alice, bob, days=1)
    await play(fake, alice, "e4", broken_thread)
    healthy_thread, _ = await start_game(fake, carol, dave, days=2)
    for player, move in ((carol, "e4"), (dave, "e5")):  # before two plies it would be aborted
        await play(fake, player, move, healthy_thread)

    def damage(conn: Any) -> int:
        conn.execute(
            "UPDATE moves SET uci = 'e1e8' "
            "WHERE game_id = (SELECT id FROM games WHERE thread_id = ?)",
            (broken_thread.id,),
        )
        (game,) = conn.execute(
            "SELECT id FROM games WHERE thread_id = ?", (broken_thread.id,)
        ).fetchall()[0]
        return int(game)

    broken_id = await change_behind_the_bot(running.database, damage)
    broken_posts = len(fake.channel_messages(broken_thread.id))

    running.clock.advance(days=3)
    await running.clock_round()
    ended = fake.channel_messages(healthy_thread.id)[-1]
    assert "carol ran out of time — black wins" in ended.text()
    assert len(fake.channel_messages(broken_thread.id)) == broken_posts
    logged = running.errors.lines()
    assert any(f"game #{broken_id} is damaged" in line for line in logged), logged
    running.errors.records.clear()  # the one error this test expects

    told = await command(fake, bob, "board", channel=broken_thread)
    assert told.ephemeral
    assert f"Game #{broken_id} is damaged and cannot be played" in told.text()
    resign = await command(fake, bob, "resign", channel=broken_thread)
    assert resign.ephemeral and "is damaged" in resign.text()
    assert running.errors.lines() == []
