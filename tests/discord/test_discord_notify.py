"""Notification settings: a mention, a DM (falling back to a mention), or nothing."""

from __future__ import annotations

from tests.discord.harness import OPENED, Harness, command, play, start_game
from tests.fakediscord import DM


async def test_dm_instead_of_mention(running: Harness) -> None:
    """A player who chose DMs gets one when it is their move, and is not mentioned."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    settings = await command(fake, bob, "settings", {"notify": "dm"})
    assert settings.ephemeral and "direct message" in settings.text()
    thread, _ = await start_game(fake, alice, bob)
    reply = await play(fake, alice, "e4", thread)
    assert reply.mentions == []
    await running.delivered()  # the DM is an outbox row of the move
    dms = [c for c in fake.channels.values() if c.type == DM and c.recipient is bob]
    assert len(dms) == 1
    sent = fake.channel_messages(dms[0].id)
    assert len(sent) == 1 and "alice played 1. e4" in sent[0].text()
    assert f"/{thread.id}" in sent[0].text()  # a link back to the game's thread


async def test_closed_dms_fall_back_to_a_mention(running: Harness) -> None:
    """When the DM cannot be delivered the player is mentioned in the game instead; the
    closed DMs are remembered, so the next turn mentions them at once without a DM."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob", accepts_dms=False)
    await command(fake, bob, "settings", {"notify": "dm"})
    thread, _ = await start_game(fake, alice, bob)
    reply = await play(fake, alice, "e4", thread)
    assert reply.mentions == []  # the DM is still on its way
    await running.delivered()
    fallback = fake.channel_messages(thread.id)[-1]
    assert fallback.mentions == [bob.id] and "DMs are closed" in fallback.text()
    assert "alice played 1. e4" in fallback.text()
    await play(fake, bob, "e5", thread)
    second = await play(fake, alice, "Nf3", thread)
    assert second.mentions == [bob.id]


async def test_notifications_off(running: Harness) -> None:
    """With notifications off the player is neither mentioned nor messaged."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await command(fake, bob, "settings", {"notify": "off"})
    thread, _ = await start_game(fake, alice, bob)
    reply = await play(fake, alice, "e4", thread)
    assert reply.mentions == []
    assert not [c for c in fake.channels.values() if c.type == DM]


async def test_reminder_by_dm(running: Harness) -> None:
    """A player who chose DMs is reminded of a deadline by DM, not by a mention."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await command(fake, bob, "settings", {"notify": "dm"})
    thread, _ = await start_game(fake, alice, bob, days=2)
    await play(fake, alice, "e4", thread)
    running.clock.advance(days=1, hours=1)
    await running.clock_round()
    reminder = fake.channel_messages(thread.id)[-1]
    assert "Reminder" in reminder.text() and reminder.mentions == []
    dm = next(c for c in fake.channels.values() if c.type == DM and c.recipient is bob)
    assert "left for your move" in fake.channel_messages(dm.id)[-1].text()


async def test_board_theme_setting(running: Harness) -> None:
    """/settings offers the renderer's themes by autocomplete and remembers the choice."""
    fake = running.fake
    alice = fake.add_user("alice")
    offered = await fake.autocomplete(alice, "settings", "theme", {"theme": ""})
    names = [c["value"] for c in offered.choices]
    assert names == ["wood", "green", "blue"]  # the default first; "default" is no look
    chosen = await command(fake, alice, "settings", {"theme": "blue"})
    assert chosen.ephemeral and "board theme blue" in chosen.text()
    unknown = await command(fake, alice, "settings", {"theme": "plaid"})
    assert unknown.ephemeral and 'Unknown theme "plaid"' in unknown.text()


async def test_the_end_of_a_game_reaches_players_their_way(running: Harness) -> None:
    """At a resignation the DM player gets a DM and no mention; the channel player a mention;
    the rating change is said once."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await command(fake, alice, "settings", {"notify": "dm"})
    thread, _ = await start_game(fake, alice, bob, moves=OPENED)
    confirm = await command(fake, bob, "resign", channel=thread)
    press = await fake.click(bob, confirm, "Resign")
    final = (await fake.wait_until(lambda: [m for m in press.messages() if m.files]))[0]
    assert final.mentions == [bob.id]
    assert final.text().count("Ratings:") == 1
    await running.delivered()
    dm = next(c for c in fake.channels.values() if c.type == DM and c.recipient is alice)
    assert "Game over: bob resigned — white wins" in fake.channel_messages(dm.id)[-1].text()


async def test_a_turn_dm_sums_up_the_other_games_waiting_in_games_order(
    running: Harness,
) -> None:
    """bob's turn DM in one game lists his other games where it is his move, the least
    time left first (as /games orders them), with the time left; none when none waits."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await command(fake, bob, "settings", {"notify": "dm"})
    slow, _ = await start_game(fake, alice, bob, days=7)
    quick, _ = await start_game(fake, alice, bob, days=2)
    last, _ = await start_game(fake, alice, bob, days=3)
    await play(fake, alice, "e4", slow)
    await running.delivered()
    dm = next(c for c in fake.channels.values() if c.type == DM and c.recipient is bob)
    assert "other game" not in fake.channel_messages(dm.id)[-1].text()
    await play(fake, alice, "e4", quick)
    await play(fake, alice, "e4", last)
    await running.delivered()
    told = fake.channel_messages(dm.id)[-1].text()
    assert "Your move in 2 other games too: #2 (2 days left), #1 (7 days left)." in told
