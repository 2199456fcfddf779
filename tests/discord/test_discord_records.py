"""Records through Discord: /games, /history, /stats and /leaderboard after a rated game."""

from __future__ import annotations

from typing import Any

from bot.store.copy import table_order
from tests.dbtools import change_behind_the_bot
from tests.discord.harness import Harness, command, play, start_game
from tests.discord.test_discord_refusals import game_id_of


async def test_records_after_a_rated_game(running: Harness) -> None:
    """A finished rated game shows in history, stats and the server's leaderboard."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    games = await command(fake, bob, "games")
    assert games.ephemeral and "vs alice" in games.text() and "3 days left" in games.text()
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


async def test_games_comes_in_pages_with_a_next_page_button(running: Harness) -> None:
    """/games of a player with eleven games shows ten and a Next page button, which only the
    asker sees (the list is private); pressing it answers, privately, with the eleventh."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    first = game_id_of(fake, thread)

    def ten_more_games(conn: Any) -> None:
        # Ten more games like the first, each an hour later (the list's order is theirs).
        columns = [name for name in dict(table_order())["games"] if name != "id"]
        picked = ", ".join(columns)
        copied = picked.replace("deadline_at", "deadline_at + 3600 * ?").replace(
            "thread_id", "NULL"
        )
        for hours in range(1, 11):
            conn.execute(
                f"INSERT INTO games ({picked}) SELECT {copied} FROM games WHERE id = ?",
                (hours, first),
            )

    await change_behind_the_bot(running.database, ten_more_games)
    listing = await command(fake, alice, "games")
    assert listing.ephemeral and listing.text().count("· no move yet ·") == 10
    assert f"#{first} " in listing.text() and f"#{first + 10} " not in listing.text()
    pressed = await fake.click(alice, listing, "Next page")
    page = await fake.reply(pressed)
    assert page.ephemeral and page.visible_to == alice.id
    assert f"#{first + 10} " in page.text() and page.text().count("· no move yet ·") == 1
    assert page.buttons() == []
