"""The shipped catalogs: up to date with the sources, well formed in every language, and
complete in the languages whose translation is finished."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import Locale
from bot.i18n.catalogs import TEMPLATE_PATH, catalog_path, read_catalog
from bot.i18n.checks import Fault, catalog_problems, limit_of
from tests.script_tools import load_tool as load_tools

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = [locale for locale in Locale if locale is not Locale.EN]
# Languages whose every message is translated: a missing or fuzzy one fails the suite.
# All five are: a new message needs its translations (see bot/locales/fr/GLOSSARY.md and the
# other languages' glossaries) before it lands.
COMPLETE: frozenset[Locale] = frozenset(LANGUAGES)


def load_tool() -> ModuleType:
    return load_tools("catalogs", "catalogs_tool")


def keys(catalog: Catalog) -> set[tuple[str | None, str]]:
    return {
        (message.context, message.id if isinstance(message.id, str) else message.id[0])
        for message in catalog
        if message.id
    }


def test_the_template_has_every_message_of_the_sources() -> None:
    """Text wrapped in _() or a command's strings, missing from postal.pot: run
    ``python tools/catalogs.py extract`` and commit the catalogs."""
    extracted = keys(load_tool().extract())
    shipped = keys(read_catalog(TEMPLATE_PATH))
    assert sorted(extracted - shipped, key=str) == []
    assert sorted(shipped - extracted, key=str) == []


def test_the_english_fits_where_discord_shows_it() -> None:
    """The source language is held to the same limits as the translations (the console's
    help once grew past 2,000 characters in English only)."""
    too_long = [
        (message.context, len(form), form[:40])
        for message in load_tool().extract()
        if message.id
        for form in (message.id if isinstance(message.id, tuple | list) else (message.id,))
        if len(form) > limit_of(message.context)
    ]
    assert too_long == []


@pytest.mark.parametrize("locale", LANGUAGES, ids=lambda locale: locale.value)
def test_each_language_has_the_templates_messages(locale: Locale) -> None:
    """Every language's .po is updated from the template (tools/catalogs.py extract)."""
    template = keys(read_catalog(TEMPLATE_PATH))
    assert sorted(template - keys(read_catalog(catalog_path(locale), locale)), key=str) == []


@pytest.mark.parametrize("locale", LANGUAGES, ids=lambda locale: locale.value)
def test_translations_keep_placeholders_and_fit_discord(locale: Locale) -> None:
    """No translation drops or renames a placeholder, overflows where Discord shows it, or
    gives a command name Discord would refuse."""
    problems = catalog_problems(read_catalog(catalog_path(locale), locale))
    wrong = [str(p) for p in problems if p.fault not in (Fault.MISSING, Fault.FUZZY)]
    assert wrong == []


@pytest.mark.parametrize("locale", sorted(COMPLETE, key=str), ids=lambda locale: locale.value)
def test_a_finished_language_lacks_no_translation(locale: Locale) -> None:
    """Every message of a finished language is translated and confirmed."""
    problems = catalog_problems(read_catalog(catalog_path(locale), locale))
    assert [str(problem) for problem in problems] == []


@pytest.mark.parametrize("locale", LANGUAGES, ids=lambda locale: locale.value)
def test_plural_rules_are_the_languages_own(locale: Locale) -> None:
    """The header's plural rule is CLDR's for the language (French: n > 1; CJK: one form)."""
    catalog = read_catalog(catalog_path(locale), locale)
    assert catalog.num_plurals == (2 if locale is Locale.FR else 1)
