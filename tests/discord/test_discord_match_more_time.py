"""/moretime in a club match's game between two servers (issue 26): the more time given
from one server's thread is said in the other's too, with the new deadline, pinging the
player given it only in the server they play from; and typed away from a game of one
server, it is said in the game's thread."""

from __future__ import annotations

import re
from functools import partial

import pytest

from tests.discord.harness import Harness, command, start_game
from tests.discord.test_discord_match_mentions import assert_each_pinged_at_home
from tests.discord.test_discord_match_places import one_board_match, said
from tests.fakediscord import FakeMessage

pytestmark = pytest.mark.store


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production: both servers have them."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


def deadline(message: FakeMessage) -> str:
    """The deadline ``message`` shows (a Discord timestamp)."""
    found = re.search(r"<t:(\d+)", message.text())
    assert found is not None, message.text()
    return found.group(1)


@pytest.mark.parametrize("from_b", [False, True], ids=["given-in-a", "given-in-b"])
async def test_more_time_is_said_in_both_servers_threads(running: Harness, from_b: bool) -> None:
    """The player waiting gives the player to move 2 more days from their own server's
    thread: the answer there and a notice in the other server's thread, once each, both
    showing the new deadline; the notice pings the player given it, who plays there."""
    fake = running.fake
    game = await one_board_match(fake)
    lion, tiger, a, b = game.lion, game.tiger, game.thread_a, game.thread_b
    moves = [(lion, a, "e4"), (tiger, b, "e5")] + ([] if from_b else [(lion, a, "Nf3")])
    for player, thread, move in moves:
        await command(fake, player, "move", {"move": move}, channel=thread)
    giver, here, given, there = (tiger, b, lion, a) if from_b else (lion, a, tiger, b)
    answer = await command(fake, giver, "moretime", {"days": 2}, channel=here)
    assert "More time." in answer.text() and not answer.ephemeral, answer.text()
    assert f"{giver.name} gave {given.name} 2 more days" in answer.text(), answer.text()
    (notice,) = await fake.wait_until(partial(said, fake, there, "More time."))
    assert f"{giver.name} gave {given.name} 2 more days" in notice.text(), notice.text()
    assert deadline(notice) == deadline(answer)
    assert notice.mentions == [given.id], notice.text()
    await running.delivered()
    assert [m.id for m in said(fake, here, "More time.")] == [answer.id]
    assert [m.id for m in said(fake, there, "More time.")] == [notice.id]
    assert_each_pinged_at_home(fake, game)


async def test_more_time_typed_away_from_a_game_of_one_server_is_said_in_its_thread(
    running: Harness,
) -> None:
    """ann gives bob more time from the server's channel: the game's thread says it too,
    pinging bob there, with the deadline the answer shows."""
    fake = running.fake
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    place, _ = await start_game(fake, ann, bob, moves=("e4",))
    answer = await command(fake, ann, "moretime", {"days": 3}, channel=fake.channel)
    assert "More time." in answer.text(), answer.text()
    (notice,) = await fake.wait_until(partial(said, fake, place, "More time."))
    assert notice.mentions == [bob.id] and deadline(notice) == deadline(answer), notice.text()
