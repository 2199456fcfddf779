"""The translator: catalogs loaded from .po files, plurals by each language's rule,
contexts, and the current language kept per task."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from bot.i18n import Locale, _, current_locale, ngettext, pgettext, translator_for, using
from tests.i18n.conftest import Entries

Write = Callable[[Locale, Entries], Path]


def test_text_is_english_outside_any_language(locales_dir: Write) -> None:
    """Without ``using``, text is the English source."""
    locales_dir(Locale.FR, {"Your move.": "À vous de jouer."})
    assert _("Your move.") == "Your move."
    assert current_locale() is Locale.EN


def test_a_po_file_is_read_and_used_without_compiling(locales_dir: Write) -> None:
    """The .po file itself is the catalog: no .mo to build after installing."""
    path = locales_dir(Locale.FR, {"Your move.": "À vous de jouer."})
    assert path.suffix == ".po" and not list(path.parent.glob("*.mo"))
    with using(Locale.FR):
        assert _("Your move.") == "À vous de jouer."
        assert _("Not in the catalog.") == "Not in the catalog."


def test_french_plurals_follow_frances_rule(locales_dir: Write) -> None:
    """French uses the singular for 0 and 1 (n > 1 is plural), unlike English."""
    locales_dir(Locale.FR, {"{count} game": ("{count} games", "{count} partie", "{count} parties")})
    with using(Locale.FR):
        forms = {n: ngettext("{count} game", "{count} games", n).format(count=n) for n in (0, 1, 2)}
    assert forms == {0: "0 partie", 1: "1 partie", 2: "2 parties"}
    english = {n: ngettext("{count} game", "{count} games", n).format(count=n) for n in (0, 1, 2)}
    assert english == {0: "0 games", 1: "1 game", 2: "2 games"}


def test_korean_has_one_form(locales_dir: Write) -> None:
    """Korean has no plural: its one form serves every count."""
    locales_dir(Locale.KO, {"{count} game": ("{count} games", "{count}판")})
    with using(Locale.KO):
        assert [ngettext("{count} game", "{count} games", n) for n in (1, 5)] == ["{count}판"] * 2


def test_a_context_tells_the_same_english_apart(locales_dir: Write) -> None:
    """'draw' the button and 'draw' the command name translate separately."""
    locales_dir(Locale.FR, {("button", "Draw"): "Nulle", ("command name", "Draw"): "nulle"})
    with using(Locale.FR):
        assert pgettext("button", "Draw") == "Nulle"
        assert _("Draw") == "Draw"
    assert translator_for(Locale.FR).pgettext("command name", "Draw") == "nulle"


def test_a_fuzzy_translation_is_not_used(locales_dir: Write, tmp_path: Path) -> None:
    """A translation marked fuzzy (a guess after the English changed) shows the English."""
    from bot.i18n import catalogs
    from tests.i18n.conftest import write_catalog

    write_catalog(catalogs.LOCALES_DIR, Locale.JA, {"Resign": "投了"}, fuzzy=frozenset({"Resign"}))
    catalogs.translations.cache_clear()
    with using(Locale.JA):
        assert _("Resign") == "Resign"


async def test_each_task_keeps_its_own_language(locales_dir: Write) -> None:
    """Two interactions answered at once each write in their reader's language."""
    locales_dir(Locale.FR, {"Check!": "Échec !"})
    locales_dir(Locale.JA, {"Check!": "王手！"})

    async def say(locale: Locale) -> str:
        with using(locale):
            await asyncio.sleep(0)
            return _("Check!")

    assert list(await asyncio.gather(say(Locale.FR), say(Locale.JA), say(Locale.EN))) == [
        "Échec !",
        "王手！",
        "Check!",
    ]
