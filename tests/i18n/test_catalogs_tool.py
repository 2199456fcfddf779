"""``tools/catalogs.py extract``'s merge: no translation is ever lost, one written ahead of
its source waits (obsolete, unused) until the source has its message, and the files it
writes do not depend on the machine (Babel's version, where the virtualenv lives)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import Locale
from bot.i18n.catalogs import compile_catalog, new_catalog, read_catalog
from tests.i18n.conftest import write_catalog
from tests.i18n.test_catalogs import load_tool


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_tool()


def template(*messages: str | tuple[str, str]) -> Catalog:
    """A template of ``messages`` (``(msgctxt, msgid)`` for one with a context)."""
    catalog = new_catalog()
    for message in messages:
        context, msgid = message if isinstance(message, tuple) else (None, message)
        # No line number (None), as the tool writes references: babel types it as an int.
        catalog.add(msgid, locations=[("bot/words.py", None)], context=context)  # type: ignore[list-item]
    return catalog


def french(root: Path) -> Path:
    return root / "fr" / "LC_MESSAGES" / "postal.po"


def test_a_translation_written_ahead_of_its_source_waits_for_it(
    tool: ModuleType, tmp_path: Path
) -> None:
    """A translator's entry for a message the code does not say yet is kept as obsolete
    (never shown), then used, confirmed, once the sources have the message."""
    write_catalog(tmp_path, Locale.FR, {"Your move.": "À vous.", ("button", "Rematch"): "Revanche"})
    tool.update(template("Your move."), tmp_path)
    waiting = read_catalog(french(tmp_path), Locale.FR)
    assert waiting.get("Rematch", "button") is None  # not live: never shown
    assert [m.string for m in waiting.obsolete.values()] == ["Revanche"]
    assert "#~ msgid" in french(tmp_path).read_text(encoding="utf-8")
    # The run after that keeps it waiting too.
    tool.update(template("Your move."), tmp_path)
    assert len(read_catalog(french(tmp_path), Locale.FR).obsolete) == 1

    tool.update(template("Your move.", ("button", "Rematch")), tmp_path)
    arrived = read_catalog(french(tmp_path), Locale.FR)
    rematch = arrived.get("Rematch", "button")
    assert rematch is not None and rematch.string == "Revanche" and not rematch.fuzzy
    assert not arrived.obsolete
    assert compile_catalog(arrived).pgettext("button", "Rematch") == "Revanche"


def test_a_message_removed_from_the_sources_keeps_its_translation(
    tool: ModuleType, tmp_path: Path
) -> None:
    """Code that stops saying a sentence for a while does not cost its translations."""
    write_catalog(tmp_path, Locale.FR, {"Your move.": "À vous.", "Draw?": "Nulle ?"})
    tool.update(template("Your move."), tmp_path)
    tool.update(template("Your move.", "Draw?"), tmp_path)
    back = read_catalog(french(tmp_path), Locale.FR).get("Draw?")
    assert back is not None and back.string == "Nulle ?" and not back.fuzzy


def test_a_changed_message_keeps_the_old_translation_as_a_fuzzy_guess(
    tool: ModuleType, tmp_path: Path
) -> None:
    """A reworded English message is not shown with its old translation until a
    translator confirms it, and the old translation is not lost either."""
    write_catalog(tmp_path, Locale.FR, {"{player} resigned.": "{player} a abandonné."})
    tool.update(template("{player} resigned the game."), tmp_path)
    catalog = read_catalog(french(tmp_path), Locale.FR)
    guess = catalog.get("{player} resigned the game.")
    assert guess is not None and guess.fuzzy and guess.string == "{player} a abandonné."
    assert compile_catalog(catalog).gettext("{player} resigned the game.") == (
        "{player} resigned the game."
    )


def test_new_languages_get_their_own_plural_rule_and_no_babel_version(
    tool: ModuleType, tmp_path: Path
) -> None:
    """A catalog made from nothing has gettext's rule for its language (French: 2 forms,
    whatever Babel's CLDR data says), and no file names the Babel that wrote it."""
    tool.update(template("Your move."), tmp_path)
    assert read_catalog(french(tmp_path), Locale.FR).num_plurals == 2
    assert read_catalog(tmp_path / "ja" / "LC_MESSAGES" / "postal.po", Locale.JA).num_plurals == 1
    for path in tmp_path.rglob("postal.po*"):
        assert '"Generated-By: Babel\\n"' in path.read_text(encoding="utf-8"), path


def test_commands_are_located_in_postals_own_files(tool: ModuleType) -> None:
    """A command group built from discord.py's own class is located in bot/discord, not in
    the virtualenv's copy of discord.py (which would differ from machine to machine)."""
    locations = {path for message in tool.extract() for path, _line in message.locations}
    assert locations and all(path.startswith("bot/") for path in locations), sorted(
        path for path in locations if not path.startswith("bot/")
    )
