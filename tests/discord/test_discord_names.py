"""Names on Discord: a player's own global name, never a nickname someone else's command
carried; user text escaped wherever it is shown."""

from __future__ import annotations

from tests.discord.harness import Harness, command, play, start_game
from tests.discord.test_discord_refusals import game_id_of


async def test_a_nickname_never_renames_a_player(running: Harness) -> None:
    """A server nickname (set by moderators) carried by /stats user:bob, a challenge or bob's
    own commands is not stored: his games, PGN and the leaderboard keep his global name."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob)
    game_id = game_id_of(fake, thread)
    bob.nick = "Bobby Tables"
    await command(fake, carol, "stats", {"user": bob})
    await command(fake, carol, "challenge", {"opponent": bob})
    await command(fake, bob, "games")
    for mover, move in [(alice, "f3"), (bob, "e5"), (alice, "g4"), (bob, "Qh4#")]:
        await play(fake, mover, move, thread)
    board = await command(fake, carol, "board", {"game": game_id}, channel=thread)
    assert "alice vs bob" in board.embeds[0]["title"]
    pgn = await command(fake, alice, "pgn", {"game": game_id}, channel=thread)
    assert '[Black "bob"]' in pgn.files[0].content.decode()
    table = await command(fake, carol, "leaderboard")
    assert "bob" in table.text() and "Bobby" not in table.text()
