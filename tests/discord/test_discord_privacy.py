"""A game is seen only where it belongs: its players anywhere, others where it lives; lists
about a player show only the server where they are asked."""

from __future__ import annotations

from typing import Any

from bot.store.copy import table_order
from tests.dbtools import change_behind_the_bot
from tests.discord.harness import Harness, command, play, start_game
from tests.discord.test_discord_refusals import game_id_of


async def test_a_game_is_no_such_game_outside_where_it_lives(running: Harness) -> None:
    """Carol, in another channel, gets for /board, /pgn and /moves of alice and bob's game
    exactly the ephemeral answer of a game that does not exist, and /games user:alice there
    leaves it out; in its thread (and the channel Postal opened it in) she may look, and the
    players may look from anywhere."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    game_id = game_id_of(fake, thread)
    staff = fake.add_channel("staff")
    public_before = len(fake.public_messages())

    missing = game_id + 1000
    for name, options in (("board", {}), ("pgn", {}), ("moves", {"square": "e7"})):
        answers = []
        for number in (game_id, missing):
            answer = await command(fake, carol, name, {**options, "game": number}, channel=staff)
            assert answer.ephemeral and answer.files == [], answer.text()
            answers.append(answer.text().replace(str(number), "N"))
        assert answers[0] == answers[1] == "There is no game #N."
    assert len(fake.public_messages()) == public_before
    choices = await fake.autocomplete(carol, "board", "game", {"game": ""}, channel=staff)
    assert choices.choices == []

    listed = await command(fake, carol, "games", {"user": alice}, channel=staff)
    assert f"#{game_id}" not in listed.text() and "no active games" in listed.text()
    listed_here = await command(fake, carol, "games", {"user": alice})  # the game's channel
    assert f"#{game_id} " in listed_here.text()

    seen = await command(fake, carol, "board", {"game": game_id}, channel=thread)
    assert not seen.ephemeral and seen.files
    own = await command(fake, bob, "pgn", {"game": game_id}, channel=staff)
    assert own.files and own.files[0].filename.endswith(".pgn")


async def test_lists_show_only_this_servers_games(running: Harness) -> None:
    """/games user:alice, /history and /stats on this server leave out her games on others."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob)
    game_id = game_id_of(fake, thread)

    def copy_to_another_server(conn: Any) -> None:
        # The same two players, on a server this one knows nothing about.
        columns = [name for name in dict(table_order())["games"] if name != "id"]
        picked = ", ".join(columns)
        copied = picked.replace("guild_id", "guild_id + 1").replace("thread_id", "NULL")
        for _ in range(2):
            conn.execute(
                f"INSERT INTO games ({picked}) SELECT {copied} FROM games WHERE id = ?",
                (game_id,),
            )
        conn.execute(
            "UPDATE games SET status = 'finished', result = '1-0', termination = 'resignation', "
            "to_move_id = NULL, deadline_at = NULL, finished_at = created_at WHERE id = ?",
            (game_id + 2,),
        )
        # Its result counted as the ending's write counts it (bot.store.tallies).
        conn.execute(
            "INSERT INTO player_results SELECT white_id, guild_id, variant, rated, 0, 1, 0, 0 "
            "FROM games WHERE id = ?",
            (game_id + 2,),
        )

    await change_behind_the_bot(running.database, copy_to_another_server)
    listing = await command(fake, carol, "games", {"user": alice})
    listed = listing.text()
    assert f"#{game_id} " in listed and f"#{game_id + 1} " not in listed
    history = await command(fake, carol, "history", {"user": alice})
    assert f"#{game_id + 2}" not in history.text() and "no finished games" in history.text()
    stats = await command(fake, carol, "stats", {"user": alice})
    assert "not finished a game" in stats.text()
