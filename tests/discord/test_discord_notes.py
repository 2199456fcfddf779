"""Notes on Discord: /note is private (ephemeral, and works in the bot's DMs); /pgn notes:true
sends the author's own notes as comments, privately."""

from __future__ import annotations

from tests.discord.harness import Harness, command, play, start_game


async def test_notes_stay_private_and_go_into_the_authors_pgn(harness: Harness) -> None:
    """alice's notes are hers alone; her PGN with notes is ephemeral and carries them."""
    del harness.environ["DEV_GUILD_ID"]  # global commands: the bot's DMs offer /note
    await harness.start()
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    noted = await command(fake, alice, "note", {"text": "**bold** plan: Bc4"}, channel=thread)
    assert noted.ephemeral and noted.visible_to == alice.id
    assert "after 1." in noted.text() and "\\*\\*bold\\*\\* plan: Bc4" in noted.text()
    # In the bot's DM, with the game option: nobody else reads along there.
    dm = fake.dm_with(alice)
    await command(fake, alice, "note", {"text": "ask bob about a rematch", "game": 1}, channel=dm)
    mine = await command(fake, alice, "note", {"game": 1}, channel=dm)
    assert "plan: Bc4" in mine.text() and "rematch" in mine.text()
    theirs = await command(fake, bob, "note", channel=thread)
    assert theirs.ephemeral and "You have no notes" in theirs.text()

    public = await command(fake, bob, "pgn", channel=thread)
    assert not public.ephemeral and b"{" not in public.files[0].content
    private = await command(fake, alice, "pgn", {"notes": True}, channel=thread)
    assert private.ephemeral and private.visible_to == alice.id
    pgn = private.files[0].content.decode()
    assert "1. e4 {**bold** plan: Bc4 / ask bob about a rematch} *" in pgn
    carol = fake.add_user("carol")  # a spectator in the thread: no note of anyone's
    watched = await command(fake, carol, "pgn", {"notes": True}, channel=thread)
    assert watched.ephemeral and b"{" not in watched.files[0].content
    bobs = await command(fake, bob, "pgn", {"notes": True}, channel=thread)
    assert b"{" not in bobs.files[0].content  # the opponent's PGN: none of alice's

    cleared = await command(fake, alice, "note", {"clear": True}, channel=thread)
    assert cleared.ephemeral and "Cleared 2 notes" in cleared.text()


async def test_a_note_after_an_earlier_move_and_a_number_refused(harness: Harness) -> None:
    """``move:`` names the move a note follows; a number not played is refused, ephemeral,
    naming the last move, and keeps nothing."""
    await harness.start()
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    await play(fake, bob, "c5", thread)
    await play(fake, alice, "Nf3", thread)
    noted = await command(
        fake, alice, "note", {"text": "the Sicilian", "move": "1..."}, channel=thread
    )
    assert noted.ephemeral and "after 1... c5" in noted.text()
    refused = await command(fake, alice, "note", {"text": "x", "move": "5."}, channel=thread)
    assert refused.ephemeral
    assert '"5." is not a move of this game' in refused.text() and "is 2." in refused.text()
    mine = await command(fake, alice, "note", channel=thread)
    assert "the Sicilian" in mine.text()
    private = await command(fake, alice, "pgn", {"notes": True}, channel=thread)
    assert "1. e4 c5 {the Sicilian} 2. Nf3 *" in private.files[0].content.decode()


async def test_history_shows_only_the_readers_own_notes(running: Harness) -> None:
    """/history shows alice her notes beside her moves, privately; bob and a spectator see
    the game listed without them."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob, moves=("e4", "e5"))
    await command(fake, alice, "note", {"text": "*trap* on f7", "move": "1."}, channel=thread)
    await command(fake, bob, "note", {"text": "bob's plan"}, channel=thread)
    confirm = await command(fake, bob, "resign", channel=thread)
    await fake.reply(await fake.click(bob, confirm, "Resign"))
    mine = await command(fake, alice, "history", channel=thread)
    assert mine.ephemeral and mine.visible_to == alice.id
    assert "your note after 1. e4: \\*trap\\* on f7" in mine.text()
    assert "bob's plan" not in mine.text()
    bobs = await command(fake, bob, "history", {"user": alice}, channel=thread)
    assert "bob's plan" in bobs.text() and "trap" not in bobs.text()
    watched = await command(fake, carol, "history", {"user": alice}, channel=thread)
    assert "#1" in watched.text() and "note" not in watched.text()
