"""A Chess960 game through the real discord.py and the fake Discord: a numbered start,
castling both ways (O-O typed, and the king taking its rook), boards, resignation, PGN."""

from __future__ import annotations

import io

from PIL import Image

import rules
from rules.chess960 import start_fen
from tests.discord.harness import Harness, command, play, png_size, start_game

# Start 195 (BQNRKNRB): king e1 between rooks d1 and g1 (tests/service/test_service_chess960.py).
START = 195


async def test_a_chess960_game_castles_both_ways_to_a_result(running: Harness) -> None:
    """/challenge game:chess960 position:195 → Accept → a board per move; O-O and e8d8
    (king takes rook, O-O-O) castle; autocomplete offers O-O; resignation ends it; /pgn
    names the variant and the start."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, first = await start_game(fake, alice, bob, game="chess960", position=START)
    assert thread.name == "alice vs bob · Chess960"
    assert png_size(first)[0] >= 256
    await play(fake, alice, "Ne3", thread)
    await play(fake, bob, "Nd6", thread)
    offered = await fake.autocomplete(alice, "move", "move", {"move": "O"}, channel=thread)
    assert [choice["value"] for choice in offered.choices] == ["O-O"]
    short = await play(fake, alice, "O-O", thread)
    assert "O-O" in short.text()
    long = await play(fake, bob, "e8d8", thread)
    assert "O-O-O" in long.text()
    with Image.open(io.BytesIO(long.file("board.png").content)) as image:
        assert image.format == "PNG" and image.size[0] >= 256
    confirm = await command(fake, bob, "resign", channel=thread)
    press = await fake.click(bob, confirm, "Resign")
    final = await fake.wait_until(lambda: [m for m in press.messages() if m.files])
    assert "bob resigned — white wins" in final[0].text()
    answer = await command(fake, alice, "pgn", channel=thread)
    (pgn,) = [f for f in answer.files if f.filename.endswith(".pgn")]
    tags, game = rules.get_variant("chess960").read_record(pgn.content.decode())
    assert tags["Variant"] == "Chess960" and tags["FEN"] == start_fen(START)
    assert game.san_moves() == ["Ne3", "Nd6", "O-O", "O-O-O"] and tags["Result"] == "1-0"
    assert "lichess.org/analysis/pgn/" in answer.text()


async def test_a_start_number_for_standard_chess_is_refused(running: Harness) -> None:
    """position: with game:chess is refused privately, naming the option; no challenge."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    refused = await command(
        fake, alice, "challenge", {"opponent": bob, "game": "chess", "position": 5}
    )
    assert refused.ephemeral and "Chess960" in refused.text()
    assert not refused.buttons()
