"""Records through Discord: /games, /history, /stats and /leaderboard after a rated game."""

from __future__ import annotations

from tests.discord.harness import Harness, command, play, start_game


async def test_records_after_a_rated_game(running: Harness) -> None:
    """A finished rated game shows in history, stats and the server's leaderboard."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    games = await command(fake, bob, "games")
    assert games.ephemeral and "vs alice" in games.text() and "<t:" in games.text()
    for mover, move in [(alice, "f3"), (bob, "e5"), (alice, "g4"), (bob, "Qh4#")]:
        await play(fake, mover, move, thread)

    history = await command(fake, alice, "history")
    assert history.ephemeral and "vs bob" in history.text() and "loss" in history.text()
    stats = await command(fake, bob, "stats")
    assert "chess: 1 won, 0 drawn, 0 lost" in stats.text() and "rating" in stats.text()
    board = await command(fake, alice, "leaderboard", {"game": "chess"})
    assert not board.ephemeral
    lines = board.text().splitlines()
    assert lines.index(next(x for x in lines if "bob" in x)) < lines.index(
        next(x for x in lines if "alice" in x)
    )
    empty = await command(fake, alice, "leaderboard", {"game": "xiangqi"})
    assert "No rated xiangqi games" in empty.text()
    games = await command(fake, bob, "games")
    assert "no active games" in games.text()
