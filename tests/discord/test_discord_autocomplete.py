"""Autocomplete: legal moves matching what is typed, and the user's games."""

from __future__ import annotations

from tests.discord.harness import Harness, command, play, start_game


async def test_move_autocomplete_lists_matching_legal_moves(running: Harness) -> None:
    """In the game's thread, typing N offers the four knight moves, in SAN."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    knights = await fake.autocomplete(alice, "move", "move", {"move": "N"}, channel=thread)
    assert sorted(c["value"] for c in knights.choices) == ["Na3", "Nc3", "Nf3", "Nh3"]
    everything = await fake.autocomplete(alice, "move", "move", {"move": ""}, channel=thread)
    assert len(everything.choices) == 20
    waiting = await fake.autocomplete(bob, "move", "move", {"move": "e"}, channel=thread)
    assert waiting.choices == []  # not bob's turn


async def test_move_autocomplete_caps_at_25(running: Harness) -> None:
    """A position with more than 25 legal moves still answers with at most 25."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    for mover, move in [(alice, "e4"), (bob, "e5"), (alice, "Nf3"), (bob, "Nc6")]:
        await play(fake, mover, move, thread)
    many = await fake.autocomplete(alice, "move", "move", {"move": ""}, channel=thread)
    assert len(many.choices) == 25


async def test_xiangqi_autocomplete_in_wxf(running: Harness) -> None:
    """Xiangqi moves are offered in WXF notation."""
    fake = running.fake
    red, black = fake.add_user("red"), fake.add_user("black")
    thread, _ = await start_game(fake, red, black, game="xiangqi")
    cannons = await fake.autocomplete(red, "move", "move", {"move": "C2"}, channel=thread)
    values = [c["value"] for c in cannons.choices]
    assert "C2.5" in values and all(v.startswith("C2") for v in values)


async def test_game_autocomplete_lists_the_users_games(harness: Harness) -> None:
    """Without threads, a player with two games in a channel picks one by autocomplete."""
    from tests.fakediscord import BOT_PERMISSIONS, CREATE_PUBLIC_THREADS

    harness.fake.bot_permissions = BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS
    await harness.start()
    fake = harness.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    await start_game(fake, alice, bob)
    await start_game(fake, alice, carol)
    games = await fake.autocomplete(alice, "move", "game", {"move": "e4", "game": ""})
    labels = [c["name"] for c in games.choices]
    assert len(labels) == 2 and any("vs bob" in x for x in labels)
    ask = await command(fake, alice, "move", {"move": "e4"})
    assert ask.ephemeral and "several games" in ask.text()
    carol_game = next(c["value"] for c in games.choices if "vs carol" in c["name"])
    reply = await command(fake, alice, "move", {"move": "e4", "game": carol_game})
    assert not reply.ephemeral and reply.mentions == [carol.id]
