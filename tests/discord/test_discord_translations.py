"""Commands in the reader's language: the bot registers its commands' translations, and the
fake refuses translations Discord would refuse."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.i18n import Locale, catalogs
from tests.discord.harness import Harness
from tests.fakediscord import FakeDiscord
from tests.i18n.conftest import Entries, write_catalog


@pytest.fixture
def french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Catalogs under tmp_path, with a few of the French commands' translations."""
    root = tmp_path / "locales"
    monkeypatch.setattr(catalogs, "LOCALES_DIR", root)
    entries: Entries = {
        ("command name", "challenge"): "défier",
        ("description", "Challenge someone (or anyone) to a game"): "Défier quelqu'un à une partie",
        ("option name", "opponent"): "adversaire",
        ("choice", "none (no time limit)"): "aucune (sans limite de temps)",
        ("command name", "conditional"): "conditionnel",
        ("context menu", "Challenge to chess"): "Défier aux échecs",
    }
    write_catalog(root, Locale.FR, entries)
    catalogs.translations.cache_clear()
    yield root
    catalogs.translations.cache_clear()


async def test_commands_are_registered_with_their_translations(
    french: Path, harness: Harness, fake: FakeDiscord
) -> None:
    """Discord gets name and description localizations in its own codes (fr), for commands,
    options, choices, groups and context menus; untranslated strings get none."""
    await harness.start()
    commands = fake.commands(fake.guild_id)
    challenge = commands["challenge"]
    assert challenge["name_localizations"] == {"fr": "défier"}
    assert challenge["description_localizations"] == {"fr": "Défier quelqu'un à une partie"}
    options = {option["name"]: option for option in challenge["options"]}
    assert options["opponent"]["name_localizations"] == {"fr": "adversaire"}
    days = {choice["value"]: choice for choice in options["days"]["choices"]}
    assert days[0]["name_localizations"] == {"fr": "aucune (sans limite de temps)"}
    assert days[7].get("name_localizations") in (None, {})
    assert commands["conditional"]["name_localizations"] == {"fr": "conditionnel"}
    assert commands["Challenge to chess"]["name_localizations"] == {"fr": "Défier aux échecs"}
    assert commands["move"]["name_localizations"] == {}


async def test_a_changed_translation_is_registered_again(
    french: Path, harness: Harness, fake: FakeDiscord
) -> None:
    """The registration hash covers the translations: a new catalog is synced on restart."""
    await harness.start()
    puts = len(fake.command_puts)
    await harness.restart()
    assert len(fake.command_puts) == puts
    write_catalog(french, Locale.FR, {("command name", "move"): "jouer"})
    catalogs.translations.cache_clear()
    await harness.restart()
    assert len(fake.command_puts) == puts + 1
    assert fake.commands(fake.guild_id)["move"]["name_localizations"] == {"fr": "jouer"}


@pytest.mark.parametrize(
    ("localized", "refusal"),
    [
        ({"name_localizations": {"fr": "Jouer"}}, "invalid name"),
        ({"name_localizations": {"fr": "jouer un coup"}}, "invalid name"),
        ({"name_localizations": {"fr": "j" * 33}}, "invalid name"),
        ({"name_localizations": {"french": "jouer"}}, "unknown locales"),
        ({"description_localizations": {"ja": "手" * 101}}, "1-100"),
    ],
)
async def test_the_fake_refuses_translations_discord_refuses(
    fake: FakeDiscord, localized: dict[str, dict[str, str]], refusal: str
) -> None:
    """Names must match Discord's name pattern in every language; keys must be Discord's."""
    command = {"name": "move", "description": "Play a move", **localized}
    with pytest.raises(Exception, match=refusal):
        fake._check_command(command)
    fake.violations.clear()


async def test_the_fake_checks_choice_and_option_translations(fake: FakeDiscord) -> None:
    """Options and their choices are checked the same way, inside groups too."""
    option = {
        "type": 3,
        "name": "game",
        "description": "Which game",
        "name_localizations": {"ko": "게임"},
        "choices": [{"name": "chess", "value": "chess", "name_localizations": {"ko": "체" * 101}}],
    }
    group = {"type": 1, "name": "add", "description": "Add", "options": [option]}
    with pytest.raises(Exception, match="1-100"):
        fake._check_command({"name": "conditional", "description": "Lines", "options": [group]})
    fake.violations.clear()
