"""On Discord a sentence names a command as the reader's client lists it: ``/défier`` for a
French app (the name Postal registered for ``fr``), ``/challenge`` for an English one, even
when that player chose French replies in /settings."""

from __future__ import annotations

from tests.discord.harness import Harness, command
from tests.fakediscord import FakeDiscord


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
