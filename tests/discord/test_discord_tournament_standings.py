"""A tournament's standings message on Discord, end to end: the first result posts it in
the tournament's channel (a component layout, its title the heading), each later result
edits that one message (never a second), the table right at every step, and delivering
again changes nothing."""

from __future__ import annotations

from tests.discord.harness import Harness, command
from tests.discord.tournament_play import (
    announced,
    draw,
    opened_games,
    points,
    resign,
    signed_up,
)
from tests.fakediscord import FakeDiscord, FakeMessage


def _standings(fake: FakeDiscord) -> list[FakeMessage]:
    """Postal's standings messages in the channel (not the end's announcement)."""
    said = announced(fake, fake.channel, "Standings of Club")
    return [m for m in said if "is over" not in m.text()]


async def test_one_standings_message_follows_every_result(running: Harness) -> None:
    """Three players, three games: after the first result one standings message is posted
    in the channel; each later result edits it (one edit each), its points right; a clock
    round delivering again posts and edits nothing more."""
    fake = running.fake
    players = await signed_up(fake)
    users = {user.id: user for user in players.values()}
    await command(fake, players["alice"], "tournament start")
    games = await opened_games(fake, users, 3)
    await running.delivered()
    assert _standings(fake) == []  # no result yet: no table
    expected = dict.fromkeys(players, 0.0)
    for done, game in enumerate(games, 1):
        if done == 2:
            await draw(fake, game)
            expected[game.white.name] += 0.5
            expected[game.black.name] += 0.5
        else:
            await resign(fake, game.black, game.thread)
            expected[game.white.name] += 1
        await running.delivered()
        (message,) = _standings(fake)
        assert message.edits == done - 1 and message.layout and not message.content
        heading = f"### Standings of Club after {done} of 3 games\n"
        assert message.text().count("Standings of Club") == 1, message.text()  # said once
        assert heading in message.text(), message.text()
        assert points(message.text()) == {n: f"{p:g}" for n, p in expected.items()}
    assert "is over" not in message.text()  # the end's own announcement says the winner
    await running.clock_round()
    (message,) = _standings(fake)
    assert message.edits == 2


async def test_a_table_posted_as_text_becomes_the_layout(running: Harness) -> None:
    """A standings message an older Postal posted as text is edited into the layout at
    the next result: its content reset in the same edit (Discord refuses the layout flag
    set on a message that keeps its content), the heading and table in its place."""
    fake = running.fake
    players = await signed_up(fake)
    users = {user.id: user for user in players.values()}
    await command(fake, players["alice"], "tournament start")
    games = await opened_games(fake, users, 3)
    await resign(fake, games[0].black, games[0].thread)
    await running.delivered()
    (message,) = _standings(fake)
    message.flags, message.components = 0, []  # as an older Postal posted it
    message.content = "Standings of Club after 1 of 3 games:\n1. someone — points: 1"
    await resign(fake, games[1].black, games[1].thread)
    await running.delivered()
    (message,) = _standings(fake)
    assert message.layout and not message.content and message.edits == 1
    assert "### Standings of Club after 2 of 3 games\n" in message.text()
    assert fake.violations == []
