"""Conditional moves on Discord: /conditional add (option or modal), list, clear; the answer
announced with the move; every reply private to its owner."""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness, command, play, png_size, start_game
from tests.fakediscord import MODAL


async def test_prepared_answers_through_commands_and_the_modal(running: Harness) -> None:
    """bob prepares a line with the option and another in the modal; alice's expected move
    is answered at once in the public message; lists and errors are ephemeral."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    await play(fake, bob, "e5", thread)

    added = await command(fake, bob, "conditional add", {"line": "Nf3 Nc6 Bb5 a6"}, channel=thread)
    assert added.ephemeral and added.visible_to == bob.id
    assert "if 2. Nf3, 2... Nc6; if 3. Bb5, 3... a6" in added.text()
    assert png_size(added)[0] >= 128  # the board of the position the line leads to

    theirs = await command(fake, alice, "conditional list", channel=thread)
    assert theirs.ephemeral and "You have no conditional moves" in theirs.text()

    moved = await play(fake, alice, "Nf3", thread)
    assert "bob answered 2... Nc6 (a conditional move)" in moved.text()
    assert "alice played Nf3, bob answered 2... Nc6 (conditional)" in moved.text()

    # The modal: /conditional add without a line.
    opened = await fake.slash(bob, "conditional add", {}, channel=thread)
    ack = await fake.acknowledged(opened)
    assert ack.type == MODAL and ack.data["title"] == "Prepare conditional moves"
    box = ack.data["components"][0]["component"]["custom_id"]
    with pytest.raises(ValueError):
        await fake.submit_modal(alice, opened, {box: "Bc4 Nf6"})  # not hers to fill in
    submitted = await fake.submit_modal(bob, opened, {box: "3. Bc4 3... Nf6 4. d3 Bc5"})
    via_modal = await fake.reply(submitted)
    assert via_modal.ephemeral and "if 3. Bc4, 3... Nf6; if 4. d3, 4... Bc5" in via_modal.text()

    listed = await command(fake, bob, "conditional list", {"line": 2}, channel=thread)
    assert listed.ephemeral
    # Numbered lines (escaped, so Discord shows the numbers as typed, not as a list).
    assert "1\\. if 3. Bb5, 3... a6" in listed.text() and "2\\. if 3. Bc4" in listed.text()
    assert listed.files  # the board at the end of line 2

    bad = await fake.slash(bob, "conditional add", {}, channel=thread)
    await fake.acknowledged(bad)
    refused = await fake.reply(await fake.submit_modal(bob, bad, {box: "Bb5 Nc7"}))
    assert refused.ephemeral and 'Move 2 of the line, "Nc7"' in refused.text()

    with pytest.raises(ValueError, match=r"conditional <add\|list\|clear>"):
        await fake.slash(bob, "conditional", {}, channel=thread)
    cleared = await command(fake, bob, "conditional clear", channel=thread)
    assert cleared.ephemeral and "Cleared 6 conditional moves" in cleared.text()


async def test_a_prepared_mate_ends_the_game_on_discord(running: Harness) -> None:
    """bob's prepared answer mates: alice's move message announces the end, naming the
    conditional move; the game is over for both."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "f3", thread)
    await play(fake, bob, "e5", thread)
    await command(fake, bob, "conditional add", {"line": "g4 Qh4#"}, channel=thread)
    ended = await play(fake, alice, "g4", thread)
    text = ended.text()
    assert "alice played g4, bob answered 2... Qh4# (conditional)" in text
    assert "Checkmate — black wins" in text
    over = await command(fake, alice, "move", {"move": "a3"}, channel=thread)
    assert over.ephemeral and "is over" in over.text()
