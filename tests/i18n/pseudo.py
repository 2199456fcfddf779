"""Pseudo-translation: every message of the sources "translated" as ``⟦English⟧``, so a test
can see which text reached the reader through the catalogs and which did not.

After a game played in the pseudo language, any word of Postal's English vocabulary left
outside ⟦⟧ is text shown without the catalogs (never wrapped, or glued from pieces), which
no translator could ever translate."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import write_po

from bot.i18n import Locale, catalogs
from bot.i18n.catalogs import catalog_path, read_catalog
from tests.i18n.test_catalogs import load_tool

TRANSLATED = re.compile(r"⟦[^⟦⟧]*⟧")
# Names of commands and options stay as Discord requires them (no brackets in a name).
KEPT_CONTEXTS = ("command name", "option name")


def pseudo(message: str) -> str:
    return f"⟦{message}⟧"


def install_pseudo(root: Path, locale: Locale, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Write ``locale``'s catalog under ``root`` as the pseudo-translation of the sources'
    template and point the product at it; returns the English vocabulary (words of four
    letters or more of the template's sentences)."""
    template = load_tool().extract()
    catalog = catalogs.new_catalog(locale)
    vocabulary: set[str] = set()
    for message in template:
        if not message.id or message.context in KEPT_CONTEXTS:
            continue
        if isinstance(message.id, tuple | list):
            forms = tuple(pseudo(str(form)) for form in message.id)
            catalog.add(tuple(message.id), forms, context=message.context)
            english = " ".join(message.id)
        else:
            catalog.add(message.id, pseudo(message.id), context=message.context)
            english = str(message.id)
        if message.context in (None, "button"):
            english = re.sub(r"\{[^}]*\}", " ", english)
            vocabulary |= {word.lower() for word in re.findall(r"[A-Za-z]{4,}", english)}
    path = root / locale.value / "LC_MESSAGES" / f"{catalogs.DOMAIN}.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog)
    monkeypatch.setattr(catalogs, "LOCALES_DIR", root)
    catalogs.translations.cache_clear()
    return vocabulary


def words_of(text: str) -> set[str]:
    """The words of four letters or more of ``text`` (placeholders left out), lowercased."""
    text = re.sub(r"\{[^}]*\}", " ", text)
    return {word.lower() for word in re.findall(r"[A-Za-z]{4,}", text)}


def vocabulary(locale: Locale) -> set[str]:
    """Postal's English words that ``locale``'s own translations never use (French shares
    "position" or "message" with English: those prove nothing)."""
    template = load_tool().extract()
    english: set[str] = set()
    for message in template:
        if message.id and message.context in (None, "button"):
            ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
            english |= words_of(" ".join(map(str, ids)))
    own: set[str] = set()
    for message in read_catalog(catalog_path(locale), locale):
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        own |= words_of(" ".join(str(form or "") for form in forms))
    return english - own


def english_left(text: str, vocabulary: set[str], not_words: re.Pattern[str]) -> list[str]:
    """Lines of ``text`` with a word of Postal's English outside ⟦⟧ (``not_words``: names,
    commands, notation and the like, removed first)."""
    left = []
    for line in text.splitlines():
        rest = line
        while TRANSLATED.search(rest):  # innermost first: messages said inside messages
            rest = TRANSLATED.sub(" ", rest)
        rest = not_words.sub(" ", rest)
        if {word.lower() for word in re.findall(r"[A-Za-z]{4,}", rest)} & vocabulary:
            left.append(line)
    return left
