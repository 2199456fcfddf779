"""The outbox on Discord: what the bot says on its own reaches the game, once, whatever
Discord answers (each test names the failure it guards against)."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord import outbox_messages
from bot.store import OutboxKind, OutboxState, OutboxTarget, TurnFacts
from tests.discord.harness import OPENED, Harness, command, play, start_game
from tests.fakediscord import (
    CREATE_PUBLIC_THREADS,
    DM,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    FakeChannel,
    FakeDiscord,
)

pytestmark = pytest.mark.store


def posts_to(fake: FakeDiscord, channel_id: int) -> int:
    """How many times the bot tried to post in ``channel_id``."""
    path = f"/api/v10/channels/{channel_id}/messages"
    return len([c for c in fake.calls if c.method == "POST" and c.path == path])


def said(fake: FakeDiscord, channel_id: int, text: str) -> list[str]:
    return [m.text() for m in fake.channel_messages(channel_id) if text in m.text()]


async def test_a_refused_reminder_is_not_retried_in_a_storm(running: Harness) -> None:
    """A reminder Discord refuses (503) is retried after a backoff stored in its row, not
    every half second: the scheduler no longer reports it due once the outbox has it."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=3)
    await play(fake, alice, "e4", thread)
    fake.fail_next("POST", f"/channels/{thread.id}/messages", "503", times=1000)
    running.clock.advance(days=2, hours=1)
    await running.clock_round()
    await asyncio.sleep(1.6)  # real time passes; the bot's clock does not
    assert posts_to(fake, thread.id) - 1 == 1  # one attempt (the move's board was the other)
    assert running.bot is not None
    assert await running.bot.service.deadlines.next_wakeup() != running.clock()
    (row,) = [
        r
        for r in await running.bot.service.deliveries.deliveries_of(1)
        if r.kind is OutboxKind.REMINDER
    ]
    assert row.state is OutboxState.PENDING and row.attempts == 1
    assert row.next_attempt_at > running.clock().timestamp() and "503" in (row.last_error or "")
    fake._scripted.clear()
    running.clock.advance(minutes=10)
    await running.clock_round()
    assert len(said(fake, thread.id, "Reminder")) == 1


async def test_a_time_out_survives_a_transient_failure(running: Harness) -> None:
    """The one announcement of a time-out meets a 503: it is posted on the next attempt,
    once, instead of being lost."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=1, moves=OPENED)
    fake.fail_next("POST", f"/channels/{thread.id}/messages", "503")
    running.clock.advance(days=1, minutes=1)
    await running.clock_round()
    assert said(fake, thread.id, "ran out of time") == []
    running.clock.advance(minutes=5)
    await running.clock_round()
    assert len(said(fake, thread.id, "alice ran out of time — black wins")) == 1
    running.clock.advance(hours=1)
    await running.clock_round()
    assert len(said(fake, thread.id, "ran out of time")) == 1


async def test_a_thread_the_bot_may_not_post_in_falls_back_to_its_channel(
    running: Harness,
) -> None:
    """Without Send Messages in Threads the time-out goes to the thread's channel, and the
    players hear at their next command which permission Postal lacks there."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=1, moves=OPENED)
    fake.set_channel_permissions(fake.channel, deny=SEND_MESSAGES_IN_THREADS)
    running.clock.advance(days=1, minutes=1)
    await running.clock_round()
    assert said(fake, thread.id, "ran out of time") == []
    assert len(said(fake, fake.channel.id, "alice ran out of time")) == 1
    interaction = await fake.slash(bob, "games", {})
    await fake.wait_until(lambda: len(interaction.messages()) == 2)
    notice = interaction.messages()[1]
    assert notice.ephemeral and "Send Messages in Threads" in notice.text()
    again = await fake.slash(bob, "games", {})
    await fake.reply(again)
    await asyncio.sleep(0.2)
    assert len(again.messages()) == 1  # told once


async def test_a_channel_the_bot_may_not_post_in_is_not_silent(running: Harness) -> None:
    """A game in a channel where Postal lost Send Messages: the time-out cannot be posted;
    that is recorded (not logged as delivered), and the players are told why at their next
    command."""
    fake = running.fake
    fake.set_channel_permissions(fake.channel, deny=CREATE_PUBLIC_THREADS)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    place, _ = await start_game(fake, alice, bob, days=1)
    assert place.id == fake.channel.id  # no thread: the game lives in the channel
    fake.set_channel_permissions(fake.channel, deny=CREATE_PUBLIC_THREADS | SEND_MESSAGES)
    running.clock.advance(days=1, minutes=1)
    await running.clock_round()
    assert running.bot is not None
    rows = await running.bot.service.deliveries.deliveries_of(1)
    (ending,) = [r for r in rows if r.kind is OutboxKind.ENDING]
    assert ending.state is OutboxState.FAILED
    assert ending.reason is not None and "missing permissions" in ending.reason
    assert running.bot.outbox.stats.failed["missing permissions"] == 1
    interaction = await fake.slash(alice, "games", {}, channel=fake.add_channel("lobby"))
    await fake.wait_until(lambda: len(interaction.messages()) == 2)
    assert "lacks Send Messages" in interaction.messages()[1].text()


async def test_a_deleted_thread_moves_the_game_to_its_channel(running: Harness) -> None:
    """A thread Discord no longer knows (10003): the reminder goes to the parent channel."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=2)
    fake.delete_channel(thread)
    running.clock.advance(days=1, hours=1)
    await running.clock_round()
    assert len(said(fake, fake.channel.id, "Reminder")) == 1


async def test_a_deleted_channel_marks_the_game_unreachable(running: Harness) -> None:
    """A channel Discord no longer knows: the game is marked unreachable, nothing more is
    tried there, and its players are told where they next use Postal."""
    fake = running.fake
    room = fake.add_channel("room")
    fake.set_channel_permissions(room, deny=CREATE_PUBLIC_THREADS)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    challenge = await command(fake, alice, "challenge", {"opponent": bob}, channel=room)
    await fake.acknowledged(await fake.click(bob, challenge, "Accept"))
    fake.delete_channel(room)
    running.clock.advance(days=2, hours=1)
    await running.clock_round()
    running.clock.advance(days=1)
    await running.clock_round()
    assert running.bot is not None
    rows = await running.bot.service.deliveries.deliveries_of(1)
    assert [r.state for r in rows] == [OutboxState.FAILED, OutboxState.FAILED]
    assert rows[0].reason is not None and "unknown channel" in rows[0].reason
    assert rows[1].reason is not None and rows[1].reason.startswith("unreachable")
    assert posts_to(fake, room.id) == 1
    interaction = await fake.slash(bob, "games", {})
    await fake.wait_until(lambda: len(interaction.messages()) == 2)
    assert "is gone" in interaction.messages()[1].text()


async def test_closed_dms_are_not_retried_every_turn(running: Harness) -> None:
    """A player with closed DMs (50007) is DMed once; then mentioned, turn after turn,
    without another DM attempt (refused requests count toward Discord's ban limit)."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob", accepts_dms=False)
    await command(fake, bob, "settings", {"notify": "dm"})
    thread, _ = await start_game(fake, alice, bob)
    for white, black in (("e4", "e5"), ("Nf3", "Nc6"), ("Bc4", "Bc5")):
        reply = await play(fake, alice, white, thread)
        await running.delivered()
        await play(fake, bob, black, thread)
    dms = [c for c in fake.channels.values() if c.type == DM and c.recipient is bob]
    assert len(dms) == 1 and posts_to(fake, dms[0].id) == 1
    assert reply.mentions == [bob.id]  # the last turn: a mention at once
    assert len(said(fake, thread.id, "DMs are closed")) == 1


async def test_dm_notice_lost_answer_is_not_sent_twice(running: Harness) -> None:
    """The DM was created but Discord's answer was lost (connection reset): the retry with
    the same nonce returns the first message instead of posting a second."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await command(fake, bob, "settings", {"notify": "dm"})
    thread, _ = await start_game(fake, alice, bob)
    fake.fail_next("POST", "/channels/", "reset-after")  # the DM: the move's reply is no POST
    await play(fake, alice, "e4", thread)
    await running.delivered()
    running.clock.advance(minutes=5)
    await running.delivered()
    dm: FakeChannel = next(c for c in fake.channels.values() if c.type == DM)
    notices = [m for m in fake.channel_messages(dm.id) if "played 1. e4" in m.text()]
    assert len(notices) == 1 and fake.nonce_repeats == 1
    assert running.bot is not None
    (row,) = [
        r
        for r in await running.bot.service.deliveries.deliveries_of(1)
        if r.target is OutboxTarget.DM and r.facts == TurnFacts(1)
    ]
    assert row.state is OutboxState.SENT and row.message_id == notices[0].id


async def test_a_row_that_trips_a_bug_backs_off_instead_of_spinning(
    running: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug while building a message (here: a broken messages function) is logged, and the
    row waits its backoff like any failure, then goes out once the bug is gone."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=2)

    def broken(delivery: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(outbox_messages, "delivery_post", broken)  # the sender words through it
    running.clock.advance(days=1, hours=1)
    await running.clock_round()
    await asyncio.sleep(0.5)
    assert running.bot is not None
    (row,) = await running.bot.service.deliveries.deliveries_of(1)
    assert row.state is OutboxState.PENDING and row.attempts == 1
    assert "RuntimeError: a bug" in (row.last_error or "")
    assert row.next_attempt_at > running.clock().timestamp()
    assert [r.getMessage() for r in running.errors.records] == [
        "delivering outbox row 1 failed unexpectedly"
    ]
    running.errors.records.clear()
    monkeypatch.undo()
    running.clock.advance(minutes=5)
    await running.clock_round()
    assert len(said(fake, thread.id, "Reminder")) == 1
