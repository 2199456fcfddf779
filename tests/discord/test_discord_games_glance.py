"""/games at a glance through the fake Discord, for a player with 30 games: where they must
move and how urgently, in one private message within Discord's limits (the fake refuses
what Discord refuses), with menus to see a board privately or to play."""

from __future__ import annotations

import re
from typing import Any

from bot.store.copy import table_order
from tests.dbtools import change_behind_the_bot
from tests.discord.harness import Harness, command, start_game
from tests.discord.test_discord_refusals import game_id_of
from tests.fakediscord import FakeMessage

HOUR = 3600


async def test_thirty_games_at_a_glance(running: Harness) -> None:
    """Alice has 30 games (half her move, half her opponent's, deadlines an hour apart and
    not in the order of the ids) and a challenge from carol: the first page lists her move
    first, most urgent first, each line with its time left and a link to its board; the
    message has a board menu, a play menu (her move only) and Next page; the last page
    ends with the challenge. Choosing in the menus answers privately."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, board = await start_game(fake, alice, bob, moves=("e4", "e5"))
    first = game_id_of(fake, thread)

    def twenty_nine_more(conn: Any) -> None:
        columns = [name for name in dict(table_order())["games"] if name != "id"]
        changed = {
            "deadline_at": "deadline_at + ?",
            "to_move_id": "CASE WHEN ? THEN black_id ELSE white_id END",
            "message_id": "NULL",
        }
        copied = ", ".join(changed.get(name, name) for name in columns)
        for number in range(1, 30):
            shift = ((number * 7) % 30) * HOUR  # deadlines not in the order of the ids
            values = {"deadline_at": shift, "to_move_id": number % 2 == 1}
            conn.execute(
                f"INSERT INTO games ({', '.join(columns)}) SELECT {copied} FROM games WHERE id = ?",
                (*[values[name] for name in columns if name in values], first),
            )

    await change_behind_the_bot(running.database, twenty_nine_more)
    await command(fake, carol, "challenge", {"opponent": alice})
    listing = await command(fake, alice, "games")
    assert listing.ephemeral and listing.visible_to == alice.id
    # Her move (the first game, and the copies with an even number), least time left first;
    # then the games waiting for bob, the same way.
    mine = sorted(((n * 7) % 30, first + n) for n in range(0, 30, 2))
    theirs = sorted(((n * 7) % 30, first + n) for n in range(1, 30, 2))
    expected = [game for _shift, game in mine + theirs]
    pages, page = [listing], listing
    while page.buttons():
        page = await fake.reply(await fake.click(alice, page, "Next page"))
        assert page.ephemeral and page.visible_to == alice.id
        pages.append(page)
    assert len(pages) == 3
    shown = [_listed(page) for page in pages]
    assert [game for ids in shown for game in ids] == expected
    texts = [page.text() for page in pages]
    assert "Your move:" in texts[0] and "Waiting for the opponent:" not in texts[0]
    second = texts[1]
    assert second.index("Your move:") < second.index("Waiting for the opponent:")
    assert "Challenges to you:" in texts[2] and "from carol" in texts[2]
    assert texts[2].index("Waiting for the opponent:") < texts[2].index("Challenges to you:")
    lines = [line for line in texts[0].splitlines() if line.startswith("\\#")]
    assert all(" left · https://" in line for line in lines) and "· 1... e5 ·" in lines[0]
    link = f"https://discord.com/channels/{thread.guild_id}/{thread.id}/{board.id}"
    assert lines[0].startswith(f"\\#{first} vs bob") and lines[0].endswith(link)
    boards, plays = listing.selects()
    assert [o["value"] for o in boards["options"]] == [str(i) for i in shown[0]]
    assert [o["value"] for o in plays["options"]] == [str(i) for i in shown[0]]
    waiting_only = pages[2].selects()
    assert len(waiting_only) == 1  # no game of that page is hers to play
    seen = await fake.reply(await fake.choose(alice, listing, [str(first)], menu=0))
    assert seen.ephemeral and seen.visible_to == alice.id and seen.files
    menu = await fake.reply(await fake.choose(alice, listing, [str(first)], menu=1))
    assert menu.ephemeral and "Which piece?" in menu.text() and menu.selects()


def _listed(page: FakeMessage) -> list[int]:
    """The game ids a list's page shows, in its order."""
    return [int(found) for found in re.findall(r"^\\#(\d+) vs ", page.text(), re.MULTILINE)]


async def test_a_spectator_lists_the_games_running_where_they_ask(running: Harness) -> None:
    """Carol, with no game, asks /games: in the channel alice and bob's game was opened in
    (its thread is Postal's, public there) it is listed under Running here, with its board
    in the menu; in another channel it is not (the privacy rules of
    tests/discord/test_discord_privacy.py)."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob, moves=("e4",))
    game_id = game_id_of(fake, thread)
    staff = fake.add_channel("staff")
    here = await command(fake, carol, "games")
    assert here.ephemeral and "Running here:" in here.text()
    assert f"#{game_id} alice vs bob · chess · 1. e4 · 3 days left" in here.text()
    (boards,) = here.selects()
    assert [o["value"] for o in boards["options"]] == [str(game_id)]
    shown = await fake.reply(await fake.choose(carol, here, [str(game_id)]))
    assert shown.ephemeral and shown.visible_to == carol.id and shown.files
    there = await command(fake, carol, "games", channel=staff)
    assert f"#{game_id}" not in there.text() and "Running here:" not in there.text()
