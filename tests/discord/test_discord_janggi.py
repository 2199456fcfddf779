"""A janggi game through the real discord.py and the fake Discord: a challenge as Cho, moves
in Korean notation and coordinates, boards, a pass answered by a pass ending the game by
counting, worded with both counts; /pgn as pychess PGN."""

from __future__ import annotations

import io

from PIL import Image

import rules
from rules.janggi import Setup, start_fen
from tests.discord.harness import Harness, command, play, start_game
from tests.discord.test_discord_board import answer


async def test_a_janggi_game_ends_by_counting(running: Harness) -> None:
    """/challenge game:janggi color:cho → Accept → a janggi board per move; 79졸78, c7c6,
    then two passes end the game: Han wins on points; /pgn reads back."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, first = await start_game(fake, alice, bob, game="janggi")
    assert thread.name == "alice vs bob · janggi"
    with Image.open(io.BytesIO(first.file("board.png").content)) as image:
        assert image.format == "PNG" and image.height > image.width
    moved = await play(fake, alice, "79졸78", thread)
    assert "alice played 1. 79졸78. bob to move." in moved.text()
    await play(fake, bob, "c7c6", thread)
    await play(fake, alice, "한수쉼", thread)
    final = await play(fake, bob, "pass", thread)
    assert "Both sides passed — Han wins on points, 73½ to 72." in final.text()
    answer = await command(fake, alice, "pgn", channel=thread)
    (pgn,) = [f for f in answer.files if f.filename.endswith(".pgn")]
    tags, game = rules.get_variant("janggi").read_record(pgn.content.decode())
    assert tags["Variant"] == "janggi" and tags["Result"] == "0-1"
    assert game.uci_moves() == ["i4h4", "c7c6", "e2e2", "e9e9"]


async def test_a_chess_colour_for_janggi_is_refused(running: Harness) -> None:
    """color:white with game:janggi is refused privately; no challenge is posted."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    refused = await command(
        fake, alice, "challenge", {"opponent": bob, "game": "janggi", "color": "white"}
    )
    assert refused.ephemeral and not refused.buttons()
    assert "cho" in refused.text() and "han" in refused.text()


async def test_a_setup_with_a_random_side_is_refused(running: Harness) -> None:
    """setup: needs the challenger's side: with color random it is refused privately, and
    the message names the options; no challenge is posted."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    refused = await command(
        fake, alice, "challenge", {"opponent": bob, "game": "janggi", "setup": "상마상마"}
    )
    assert refused.ephemeral and not refused.buttons()
    assert "Choose your side" in refused.text()
    posted = await command(
        fake,
        alice,
        "challenge",
        {"opponent": bob, "game": "janggi", "color": "han", "setup": "상마상마"},
    )
    assert not posted.ephemeral, posted.text()
    assert posted.buttons()


async def test_the_opponent_accepts_with_their_own_setup(running: Harness) -> None:
    """A janggi challenge carries a menu of the four setups beside Accept: the challenger
    cannot use it, the opponent's choice starts the game with their setup on their side
    (the challenger's kept) and the challenge message loses its controls."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    terms = {"opponent": bob, "game": "janggi", "color": "cho", "setup": "상마상마"}
    challenge = await command(fake, alice, "challenge", terms)
    assert "alice's setup 상마상마" in challenge.text()
    (menu,) = challenge.selects()
    assert [option["value"] for option in menu["options"]] == [
        "마상마상",
        "마상상마",
        "상마마상",
        "상마상마",
    ]
    assert menu["placeholder"] == "Accept with your setup…"
    own = await answer(fake, await fake.choose(alice, challenge, ["마상마상"]))
    assert own.ephemeral and "your own challenge" in own.text()
    await fake.acknowledged(await fake.choose(bob, challenge, ["상마마상"]))
    (thread,) = await fake.wait_until(lambda: fake.threads())
    # The challenge message is rewritten without its menu and buttons.
    await fake.wait_until(lambda: "accepted" in fake.messages[challenge.id].text())
    rewritten = fake.messages[challenge.id]
    assert not rewritten.selects() and not rewritten.buttons()
    # It names both setups: the challenger's (Cho) and the one bob chose (Han).
    assert (
        "setups: Cho 상마상마 (left elephant), Han 상마마상 (outer elephants)"
    ) in rewritten.text()
    record = await command(fake, alice, "pgn", channel=thread)
    (pgn,) = [f for f in record.files if f.filename.endswith(".pgn")]
    # Han's 상마마상, read from Han's own left (the i-file), is b, n, n, b from i to a.
    fen = start_fen(Setup.SANG_MA_SANG_MA, Setup.SANG_MA_MA_SANG)
    assert f'[FEN "{fen}"]' in pgn.content.decode()


async def test_a_janggi_check_is_janggun_on_a_korean_server(running: Harness) -> None:
    """On a Korean server a move giving check in janggi is announced with 장군, the game's own
    word (as xiangqi's), not chess's 체크."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(
        fake, alice, bob, game="janggi", fen="4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
    )
    fake.set_guild_locale("ko")  # after the challenge, whose buttons the harness presses
    checked = await play(fake, alice, "a1a10", thread)
    assert "01차11 수를 두었어요. 장군!" in checked.text() and "체크" not in checked.text()
