"""On Discord a sentence names a command as the reader's client lists it: ``/défier`` for a
French app (the name Postal registered for ``fr``), ``/challenge`` for an English one, even
when that player chose French replies in /settings."""

from __future__ import annotations

from tests.discord.harness import Harness, command
from tests.fakediscord import CREATE_PUBLIC_THREADS, FakeDiscord


async def test_a_french_reply_names_the_french_command(running: Harness, fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    alice.locale = "fr"
    registered = fake.commands(fake.guild_id)
    french = {name: registered[name]["name_localizations"]["fr"] for name in ("challenge", "move")}
    assert french == {"challenge": "défier", "move": "jouer"}
    reply = await command(fake, alice, "move", {"move": "e4"})
    assert reply.ephemeral
    assert reply.text() == "Vous n'avez pas de partie dans ce salon. Lancez-en une avec /défier."


async def test_a_french_reader_with_an_english_app_is_told_the_english_name(
    running: Harness, fake: FakeDiscord
) -> None:
    """Chosen French, app in English: the sentence is French, the command the one the
    English app lists; a German app (a language Postal does not speak) lists English too."""
    alice = fake.add_user("alice")
    await command(fake, alice, "settings", {"language": "fr"})
    reply = await command(fake, alice, "move", {"move": "e4"})
    assert reply.text() == (
        "Vous n'avez pas de partie dans ce salon. Lancez-en une avec /challenge."
    )
    alice.locale = "de"
    reply = await command(fake, alice, "move", {"move": "e4"})
    assert reply.text().endswith("avec /challenge.")
    alice.locale = "fr"
    reply = await command(fake, alice, "move", {"move": "e4"})
    assert reply.text().endswith("avec /défier.")


async def test_a_french_player_is_told_to_play_on_with_jouer_partie(running: Harness) -> None:
    """A game whose channel is gone: its French player is told to keep playing with the
    game option, named as their app lists it: « par ex. /jouer partie:1 »."""
    fake = running.fake
    room = fake.add_channel("room")
    fake.set_channel_permissions(room, deny=CREATE_PUBLIC_THREADS)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bob.locale = "fr"
    challenge = await command(fake, alice, "challenge", {"opponent": bob}, channel=room)
    await fake.acknowledged(await fake.click(bob, challenge, "Accept"))  # alice's English
    fake.delete_channel(room)
    running.clock.advance(days=2, hours=1)
    await running.clock_round()
    running.clock.advance(days=1)
    await running.clock_round()
    interaction = await fake.slash(bob, "games", {})
    await fake.wait_until(lambda: len(interaction.messages()) == 2)
    notice = interaction.messages()[1].text()
    assert "Continuez à jouer avec l'option partie, par ex. /jouer partie:1." in notice, notice


async def test_a_colour_is_refused_with_the_colours_a_french_app_lists(
    running: Harness, fake: FakeDiscord
) -> None:
    """White (chess) chosen for xiangqi: the refusal names the colours as the French app
    lists them (« rouges (xiangqi) » is said « rouges »)."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    alice.locale = "fr"
    reply = await command(
        fake, alice, "challenge", {"opponent": bob, "game": "xiangqi", "color": "white"}
    )
    assert reply.ephemeral
    assert reply.text() == (
        "Pour cette partie (xiangqi), les couleurs sont rouges et noirs : couleur doit valoir "
        "rouges, noirs ou au hasard, pas « blancs »."
    )
