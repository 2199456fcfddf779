"""Postal on two servers at once, games really played on each: what one server asks about a
player shows only that server's games (/games user:X, /history, /stats, /leaderboard);
autocomplete offers players their own games only."""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness, command, play, start_game
from tests.discord.test_discord_refusals import game_id_of
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser

FOOLS_MATE = ("f3", "e5", "g4", "Qh4")


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production (DEV_GUILD_ID registers them on one
    server only)."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


async def checkmated(
    fake: FakeDiscord, white: FakeUser, black: FakeUser, where: FakeChannel
) -> int:
    """``white`` loses to ``black`` by the fool's mate in ``where``; returns the game's id."""
    thread, _ = await start_game(fake, white, black, channel=where)
    for ply, move in enumerate(FOOLS_MATE):
        await play(fake, (white, black)[ply % 2], move, thread)
    return game_id_of(fake, thread)


async def test_each_server_sees_only_its_own_games(running: Harness) -> None:
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    here = fake.channel
    there = fake.add_guild("Other Club")  # Postal joins a second server while running
    assert there.guild_id != here.guild_id

    # alice loses to bob here and beats carol there; one game goes on in each.
    lost = await checkmated(fake, alice, bob, here)
    won = await checkmated(fake, carol, alice, there)
    thread_here, _ = await start_game(fake, alice, bob, channel=here)
    thread_there, _ = await start_game(fake, alice, carol, channel=there)
    active_here, active_there = game_id_of(fake, thread_here), game_id_of(fake, thread_there)

    for where, mine, theirs in (
        (here, active_here, active_there),
        (there, active_there, active_here),
    ):
        listed = (await command(fake, carol, "games", {"user": alice}, channel=where)).text()
        assert f"#{mine} " in listed and f"#{theirs} " not in listed, listed

    history_here = (await command(fake, carol, "history", {"user": alice}, channel=here)).text()
    history_there = (await command(fake, bob, "history", {"user": alice}, channel=there)).text()
    assert f"#{lost}" in history_here and f"#{won}" not in history_here, history_here
    assert f"#{won}" in history_there and f"#{lost}" not in history_there, history_there
    assert "carol" not in history_here and "bob" not in history_there

    stats_here = (await command(fake, carol, "stats", {"user": alice}, channel=here)).text()
    stats_there = (await command(fake, bob, "stats", {"user": alice}, channel=there)).text()
    assert "0 won, 0 drawn, 1 lost" in stats_here, stats_here
    assert "1 won, 0 drawn, 0 lost" in stats_there, stats_there

    board_here = (await command(fake, carol, "leaderboard", channel=here)).text()
    board_there = (await command(fake, carol, "leaderboard", channel=there)).text()
    assert "bob" in board_here and "carol" not in board_here, board_here
    assert "carol" in board_there and "bob" not in board_there, board_there

    # Autocomplete offers a player their own games, from any server (only they see the
    # choices, and a move typed away from its game is played there); nobody else's.
    offered = await fake.autocomplete(bob, "board", "game", {"game": ""}, channel=there)
    assert [c["value"] for c in offered.choices] == [active_here]
    offered = await fake.autocomplete(carol, "board", "game", {"game": ""}, channel=here)
    assert [c["value"] for c in offered.choices] == [active_there]
    # From this server, another server's game (not one's own) is no game at all.
    peek = await command(fake, bob, "board", {"game": active_there}, channel=here)
    assert peek.ephemeral and "There is no game" in peek.text()
