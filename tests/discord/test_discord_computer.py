"""Playing the computer on Discord: /challenge opponent:@Postal (or just level:), the
computer's reply posted in the game's place through the outbox, across a restart too."""

from __future__ import annotations

import asyncio

import pytest

from tests.discord.harness import Harness, command, play, start_game
from tests.fake_engines import FakeEngines
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser


def bot_posts(fake: FakeDiscord, channel_id: int, text: str) -> list[FakeMessage]:
    """Messages the bot posted on its own (not interaction answers) in the channel."""
    return [
        m
        for m in fake.channel_messages(channel_id)
        if text in m.text() and m.interaction_id is None
    ]


async def started_with(
    harness: Harness, engines: FakeEngines
) -> tuple[FakeDiscord, FakeUser, FakeChannel]:
    """The bot started with ``engines``; alice, and the channel she plays in."""
    harness.engines = engines
    await harness.start()
    return harness.fake, harness.fake.add_user("alice"), harness.fake.channel


async def test_challenging_postal_starts_a_game_it_answers_in_the_channel(
    harness: Harness,
) -> None:
    """@Postal accepts at once; after alice's move the computer's move is posted in the
    channel with the board, mentioning alice; her /stats count the game apart."""
    fake, alice, channel = await started_with(harness, FakeEngines())
    started = await command(
        fake,
        alice,
        "challenge",
        {"opponent": fake.bot_user, "level": 2, "color": "white"},
        channel=channel,
    )
    assert not started.ephemeral
    assert "New game against Postal (level 2)! Your move." in started.text()
    assert started.files, "the first board is shown"
    await play(fake, alice, "e4", channel)
    replies = await fake.wait_until(
        lambda: bot_posts(fake, channel.id, "Postal played 1... ") or None
    )
    (reply,) = replies
    assert alice.id in reply.mentions and reply.files
    assert "alice to move" in reply.text()
    assert harness.engines.requests[0].level == 2  # type: ignore[union-attr]
    await play(fake, alice, "d4", channel)
    await fake.wait_until(lambda: bot_posts(fake, channel.id, "Postal played 2... ") or None)
    resign = await command(fake, alice, "resign", channel=channel)
    press = await fake.click(alice, resign, "Resign")
    await fake.acknowledged(press)
    stats = await command(fake, alice, "stats", channel=channel)
    assert "Against the computer (unrated):" in stats.text()
    assert "chess level 2: 0 won, 0 drawn, 1 lost" in stats.text()


async def test_a_level_alone_means_the_computer_and_it_may_move_first(harness: Harness) -> None:
    """/challenge level:1 color:black: the computer moves first, on its own."""
    fake, alice, channel = await started_with(harness, FakeEngines())
    started = await command(
        fake, alice, "challenge", {"level": 1, "color": "black"}, channel=channel
    )
    assert "It moves first." in started.text()
    await fake.wait_until(lambda: bot_posts(fake, channel.id, "Postal played 1. ") or None)


async def test_refusals_are_clear_and_private(harness: Harness) -> None:
    """A level with a person, or a game whose engine is missing, is refused privately with
    what to do."""
    harness.engines = FakeEngines(["chess"])
    await harness.start()
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    channel = fake.channel
    refused = await command(
        fake, alice, "challenge", {"opponent": bob, "level": 3}, channel=channel
    )
    assert refused.ephemeral and "level is the computer's strength" in refused.text()
    missing = await command(
        fake, alice, "challenge", {"opponent": fake.bot_user, "game": "xiangqi"}, channel=channel
    )
    assert missing.ephemeral and "apt-get install fairy-stockfish" in missing.text()
    rated = await command(
        fake, alice, "challenge", {"opponent": fake.bot_user, "rated": True}, channel=channel
    )
    assert rated.ephemeral and "never rated" in rated.text()


@pytest.mark.store
async def test_a_restart_answers_the_move_the_computer_owed(harness: Harness) -> None:
    """The bot stops while the computer thinks; started again, it plays and posts the move."""
    engines = FakeEngines()
    engines.gate = asyncio.Event()  # the engine never answers before the restart
    harness.engines = engines
    await harness.start()
    fake = harness.fake
    alice = fake.add_user("alice")
    channel = fake.channel
    await command(
        fake, alice, "challenge", {"opponent": fake.bot_user, "color": "white"}, channel=channel
    )
    await play(fake, alice, "e4", channel)
    await engines.wait_until(lambda: engines.thinking == 1)
    await harness.stop()
    assert bot_posts(fake, channel.id, "Postal played") == []
    harness.engines = FakeEngines()
    await harness.start()
    await fake.wait_until(lambda: bot_posts(fake, channel.id, "Postal played 1... ") or None)


async def test_moves_between_people_never_wake_the_computers_queue(harness: Harness) -> None:
    """alice and bob's moves leave the computer's queue asleep (each wake-up costs it a
    read of the store); alice's move against the computer wakes it, and it answers."""
    fake, alice, _ = await started_with(harness, FakeEngines())
    channel = fake.add_channel("computer")
    assert harness.bot is not None and harness.bot.computer_replies is not None
    queue = harness.bot.computer_replies
    wakes: list[int] = []
    wake = queue.wake

    def counted() -> None:
        wakes.append(1)
        wake()

    queue.wake = counted  # type: ignore[method-assign]
    bob = fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    for mover, move in ((alice, "e4"), (bob, "e5"), (alice, "Nf3")):
        await play(fake, mover, move, thread)
    assert wakes == []
    await command(
        fake, alice, "challenge", {"opponent": fake.bot_user, "color": "white"}, channel=channel
    )
    assert wakes == []
    await play(fake, alice, "e4", channel)
    assert wakes == [1]
    await fake.wait_until(lambda: bot_posts(fake, channel.id, "Postal played 1... ") or None)


async def test_right_clicking_postal_starts_a_game_against_it(harness: Harness) -> None:
    """Apps → Challenge to xiangqi on Postal itself: a game against the computer (level 3)."""
    fake, alice, _ = await started_with(harness, FakeEngines())
    answer = await fake.reply(await fake.user_command(alice, "Challenge to xiangqi", fake.bot_user))
    assert not answer.ephemeral
    assert "New game against Postal (level 3)!" in answer.text() and answer.files


async def test_the_rematch_button_plays_the_computer_again(harness: Harness) -> None:
    """After resigning to Postal, Rematch on the final board starts the next game at once."""
    fake, alice, channel = await started_with(harness, FakeEngines())
    await command(fake, alice, "challenge", {"level": 4, "color": "white"}, channel=channel)
    resign = await command(fake, alice, "resign", channel=channel)
    press = await fake.click(alice, resign, "Resign")
    await fake.acknowledged(press)
    final = await fake.wait_until(lambda: next((m for m in press.messages() if m.files), None))
    rematch = await fake.click(alice, final, "Rematch")
    await fake.acknowledged(rematch)
    again = await fake.wait_until(
        lambda: next((m for m in rematch.messages() if "level 4" in m.text()), None)
    )
    assert "It moves first." in again.text()


async def test_an_engine_gone_missing_is_told_to_the_player_once_in_the_channel(
    harness: Harness,
) -> None:
    """The engine is uninstalled mid-game: alice's move gets no reply, and the bot says so
    in the channel, mentioning her, with how to install it (once: the service's tests)."""
    engines = FakeEngines()
    fake, alice, channel = await started_with(harness, engines)
    await command(fake, alice, "challenge", {"level": 2, "color": "white"}, channel=channel)
    engines.variants = ()
    await play(fake, alice, "e4", channel)
    (told,) = await fake.wait_until(
        lambda: bot_posts(fake, channel.id, "The computer has not been able to move") or None
    )
    assert alice.id in told.mentions
    assert "apt-get install stockfish" in told.text()
