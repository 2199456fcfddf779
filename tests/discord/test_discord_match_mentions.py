"""Whom a club match's game between two servers pings, through the fake Discord (issue 26:
"privacy rules holding"): each player is pinged in their own server's thread only, and
named without a ping in the other's, where they are no member — whatever Postal posts
there: the opening board, the boards after moves (answers and outbox rows), offers and
their answers, a takeback, the reminders and the ending."""

from __future__ import annotations

from functools import partial

import pytest

from tests.discord.harness import Harness, command
from tests.discord.test_discord_match_places import (
    MatchGame,
    boards_saying,
    one_board_match,
    said,
)
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.store


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production: both servers have them."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


def pings(fake: FakeDiscord, thread: FakeChannel) -> list[tuple[str, list[int]]]:
    """Each message in ``thread`` that pings someone: its first words and whom."""
    return [(m.text()[:60], m.mentions) for m in fake.channel_messages(thread.id) if m.mentions]


def assert_each_pinged_at_home(fake: FakeDiscord, game: MatchGame) -> None:
    """Nobody is pinged where they are no member, and nobody but the thread's own server's
    player is pinged in either thread (the other is named there, without a ping)."""
    stray = [(m.text()[:60], user) for m, user in fake.stray_mentions()]
    assert stray == []
    for thread, player, other in (
        (game.thread_a, game.lion, game.tiger),
        (game.thread_b, game.tiger, game.lion),
    ):
        others = [(text, ids) for text, ids in pings(fake, thread) if ids != [player.id]]
        assert others == []
        # Not even written as a mention, which shows as an unknown user there.
        everything = fake.channel_messages(thread.id, include_ephemeral=True)
        assert [m.text()[:60] for m in everything if other.mention in m.text()] == []


def pinging(
    fake: FakeDiscord, thread: FakeChannel, words: str, user: FakeUser
) -> list[FakeMessage]:
    """The messages in ``thread`` saying ``words`` that ping ``user``."""
    return [m for m in said(fake, thread, words) if user.id in m.mentions]


async def test_a_whole_game_pings_each_player_in_their_own_server(running: Harness) -> None:
    """Moves, an offer typed in A and declined by a press in B, one pressed in B and
    declined in A, a takeback asked by typing in B and granted by a press in A, more time
    given from A, and a resignation typed and confirmed in A: the Lions' player (A) is
    pinged only in A's thread, the Tigers' player (B) only in B's, each where it is their
    turn, offer or ending. Before, A's thread pinged B's player (the opening, A's answers,
    the ending)."""
    fake = running.fake
    game = await one_board_match(fake)
    lion, tiger, a, b = game.lion, game.tiger, game.thread_a, game.thread_b
    await command(fake, lion, "move", {"move": "e4"}, channel=a)  # answered in A
    await fake.wait_until(partial(boards_saying, fake, b, "e4"))
    await command(fake, tiger, "move", {"move": "e5"}, channel=b)  # an outbox row in A
    await fake.wait_until(partial(boards_saying, fake, a, "e5"))

    offered = await command(fake, lion, "draw", channel=a)
    assert lion.name in offered.text() and tiger.name in offered.text(), offered.text()
    (copy,) = await fake.wait_until(lambda: pinging(fake, b, "offers a draw", tiger))
    await fake.acknowledged(await fake.click(tiger, copy, "Decline"))
    await fake.wait_until(lambda: said(fake, a, "declined"))

    await running.delivered()
    (board,) = [m for m in boards_saying(fake, b, "e5") if m.buttons()]
    await fake.acknowledged(await fake.click(tiger, board, "Draw"))
    # No delivery under way (the sender idle): the press itself wakes it for A's copy.
    (copy,) = await fake.wait_until(lambda: pinging(fake, a, "offers a draw", lion))
    await fake.acknowledged(await fake.click(lion, copy, "Decline"))
    await fake.wait_until(lambda: said(fake, b, "declined"))

    await command(fake, tiger, "takeback", channel=b)
    (request,) = await fake.wait_until(lambda: pinging(fake, a, "asks to take back", lion))
    await fake.acknowledged(await fake.click(lion, request, "Accept"))
    await fake.wait_until(lambda: pinging(fake, b, "Move taken back", tiger))
    await command(fake, tiger, "move", {"move": "c5"}, channel=b)
    await fake.wait_until(lambda: pinging(fake, a, "c5", lion))
    await command(fake, lion, "move", {"move": "Nf3"}, channel=a)
    await fake.wait_until(lambda: pinging(fake, b, "Nf3", tiger))
    given = await command(fake, lion, "moretime", {"days": 1}, channel=a)
    assert "More time." in given.text() and given.mentions == [], given.text()

    confirm = await command(fake, lion, "resign", channel=a)
    await fake.acknowledged(await fake.click(lion, confirm, "Resign"))
    for thread, player in ((a, lion), (b, tiger)):
        await fake.wait_until(partial(pinging, fake, thread, "resigned", player))
    await running.delivered()
    for thread, player in ((a, lion), (b, tiger)):
        assert pinging(fake, thread, "New game!", player)
    assert pinging(fake, b, "e4", tiger) and pinging(fake, a, "e5", lion)
    assert_each_pinged_at_home(fake, game)


async def test_the_clock_pings_the_player_to_move_in_their_own_server(
    running: Harness,
) -> None:
    """The reminders to the Tigers' player (24 hours, then 1 hour before the deadline) are
    said in B's thread with a ping, and not in A's; the time-out that ends the game is said
    in both, pinging each server's own player."""
    fake = running.fake
    game = await one_board_match(fake)
    lion, tiger, a, b = game.lion, game.tiger, game.thread_a, game.thread_b
    for player, thread, move in ((lion, a, "e4"), (tiger, b, "e5"), (lion, a, "Nf3")):
        await command(fake, player, "move", {"move": move}, channel=thread)
        await fake.wait_until(partial(boards_saying, fake, b, move))
    await running.delivered()
    running.clock.advance(days=2, hours=1)  # 23 hours left for the Tigers' player
    await running.clock_round()
    running.clock.advance(hours=22, minutes=30)  # 30 minutes left
    await running.clock_round()
    reminders = [m.mentions for m in said(fake, b, "Reminder")]
    assert reminders == [[tiger.id], [tiger.id]]
    assert said(fake, a, "Reminder") == []
    running.clock.advance(hours=1)
    await running.clock_round()
    assert pinging(fake, b, "ran out of time", tiger)
    assert pinging(fake, a, "ran out of time", lion)
    assert_each_pinged_at_home(fake, game)
