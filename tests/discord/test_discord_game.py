"""Whole games through slash commands and buttons: challenge, accept, thread, moves, mate."""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness, board_image, command, play, png_size, start_game
from tests.fakediscord import (
    ATTACH_FILES,
    BOT_PERMISSIONS,
    EMBED_LINKS,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    FakeMessage,
)


async def test_chess_game_in_a_thread_to_checkmate(running: Harness) -> None:
    """Challenge → Accept → a thread with the first board → fool's mate, each reply a PNG."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")

    challenge = await command(fake, alice, "challenge", {"opponent": bob, "color": "white"})
    assert not challenge.ephemeral
    assert {b["label"] for b in challenge.buttons()} >= {"Accept", "Decline"}
    assert challenge.mentions == [bob.id]

    press = await fake.click(bob, challenge, "Accept")

    def accepted_text() -> FakeMessage:
        return fake.messages[challenge.id]

    thread = await fake.wait_until(lambda: fake.threads())
    thread = thread[0]
    assert thread.type == PUBLIC_THREAD and thread.parent_id == fake.channel.id
    assert thread.name == "alice vs bob · chess"
    first = (await fake.wait_until(lambda: fake.channel_messages(thread.id)))[0]
    assert png_size(first)[0] >= 256
    assert board_image(first) == "attachment://board.png"
    assert set(first.mentions) == {alice.id, bob.id}  # mentioning adds both to the thread
    await fake.acknowledged(press)
    accepted = await fake.wait_until(lambda: fake.messages[challenge.id].edits and accepted_text())
    assert accepted.buttons() == [] and thread.mention in accepted.content

    expected = [(alice, "f3", bob), (bob, "e5", alice), (alice, "g4", bob)]
    for mover, move, next_player in expected:
        reply = await play(fake, mover, move, thread)
        assert reply.channel_id == thread.id
        assert move in reply.text()
        assert reply.mentions == [next_player.id]
        assert "<t:" in reply.text()  # the deadline as a Discord timestamp
        assert png_size(reply)[0] >= 256

    mate = await play(fake, bob, "Qh4#", thread)
    assert "Qh4#" in mate.text()
    assert "Checkmate — black wins" in mate.text()
    assert png_size(mate)[0] >= 256
    assert [m.channel_id for m in fake.public_messages()].count(fake.channel.id) == 1


async def test_xiangqi_game_to_mate(running: Harness) -> None:
    """A xiangqi game from a custom position ends in mate, announced with the board."""
    fake = running.fake
    red, black = fake.add_user("red"), fake.add_user("black")
    thread, first = await start_game(
        fake, red, black, game="xiangqi", fen="4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1"
    )
    assert thread.name == "red vs black · xiangqi"
    assert png_size(first)[0] >= 256
    reply = await play(fake, red, "b1b9", thread)
    assert "Checkmate — red wins" in reply.text()
    assert png_size(reply)[0] >= 256


async def test_game_without_thread_permission_stays_in_the_channel(harness: Harness) -> None:
    """Without Create Public Threads the game is played in the channel, no game option needed."""
    from tests.fakediscord import BOT_PERMISSIONS, CREATE_PUBLIC_THREADS

    harness.fake.bot_permissions = BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS
    await harness.start()
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    where, first = await start_game(fake, alice, bob)
    assert fake.threads() == []
    assert where.id == fake.channel.id and not first.ephemeral
    assert first.mentions == [alice.id]
    reply = await play(fake, alice, "e4", None)
    assert reply.channel_id == fake.channel.id and reply.mentions == [bob.id]
    assert "e4" in reply.text()


async def test_pgn_in_the_thread_reads_back(running: Harness) -> None:
    """/pgn typed in the game's thread answers with a PGN file that rules reads back."""
    import rules

    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    for mover, move in [(alice, "e4"), (bob, "e5"), (alice, "Nf3")]:
        await play(fake, mover, move, thread)
    answer = await command(fake, bob, "pgn", channel=thread)
    files = [f for f in answer.files if f.filename.endswith(".pgn")]
    assert len(files) == 1
    tags, game = rules.get_variant("chess").read_record(files[0].content.decode())
    assert game.san_moves() == ["e4", "e5", "Nf3"]
    assert tags["White"] == "alice" and tags["Black"] == "bob"
    assert "lichess.org/analysis" in answer.text()


@pytest.mark.parametrize(
    ("missing", "named"),
    [
        (SEND_MESSAGES_IN_THREADS, "Send Messages in Threads"),
        (ATTACH_FILES, "Attach Files"),
        (EMBED_LINKS, "Embed Links"),
        (SEND_MESSAGES, "Send Messages"),
        (VIEW_CHANNEL, "View Channel"),
    ],
)
async def test_challenge_refused_where_the_bot_could_not_post_the_game(
    harness: Harness, missing: int, named: str
) -> None:
    """Without a permission the game will need, /challenge is refused privately, naming it,
    before anyone can accept (an interaction's own answer needs none, so the challenge used
    to go through and the game went silent)."""
    harness.fake.bot_permissions = BOT_PERMISSIONS & ~missing
    await harness.start()
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    answer = await command(fake, alice, "challenge", {"opponent": bob})
    assert answer.ephemeral and named in answer.text() and not answer.buttons()
    assert fake.public_messages() == []
