"""/stats after a club match's game between two servers (issue 26), through the fake: the
game is counted apart, on the club matches' line, in both servers of the match, and never
among the players' games against people of either server."""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness, command, start_game
from tests.discord.test_discord_match_places import one_board_match, told_once_in_each


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production: both servers have them."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


async def test_a_club_game_between_servers_counts_apart_in_both(running: Harness) -> None:
    """leo (server A) and tom (server B) play the match's one game; tom resigns from B.
    Beside it leo lost an ordinary rated game in A. In A, leo's /stats has the club line
    1 won and a chess row with the ordinary game alone; in B, tom's has the club line
    1 lost and no chess row; a member of each server reads the other player's the same
    there (the match has a side in both), and nothing of the ordinary game in B."""
    fake = running.fake
    game = await one_board_match(fake)
    assert game.there.guild_id is not None and fake.channel.guild_id is not None
    zoe = fake.add_user("zoe", guild_ids=[fake.channel.guild_id])
    await start_game(fake, game.lion, zoe, moves=("f3", "e5", "g4", "Qh4"))
    confirm = await command(fake, game.tiger, "resign", channel=game.thread_b)
    await fake.acknowledged(await fake.click(game.tiger, confirm, "Resign"))
    await told_once_in_each(running, game, "resigned")

    fan_a = fake.add_user("ann", guild_ids=[fake.channel.guild_id])
    fan_b = fake.add_user("fay", guild_ids=[game.there.guild_id])
    leo_in_a = (
        "leo\nchess: 0 won, 0 drawn, 1 lost, rating 1338 ± 290\n"
        "Club matches (unrated): 1 won, 0 drawn, 0 lost"
    )
    for asker in (game.lion, fan_a):
        shown = await command(fake, asker, "stats", {"user": game.lion})
        assert shown.text() == leo_in_a, shown.text()
    shown = await command(fake, fan_b, "stats", {"user": game.lion}, channel=game.there)
    assert shown.text() == "leo\nClub matches (unrated): 1 won, 0 drawn, 0 lost", shown.text()
    tom = "tom\nClub matches (unrated): 0 won, 0 drawn, 1 lost"
    shown = await command(fake, game.tiger, "stats", channel=game.there)
    assert shown.text() == tom, shown.text()
    shown = await command(fake, fan_a, "stats", {"user": game.tiger})
    assert shown.text() == tom, shown.text()
