"""Pseudo-translation: every message of the sources "translated" as ``⟦English⟧``, its
placeholders marked ``⟪{field}⟫``, so a test can see which text reached the reader through
the catalogs and which did not.

After a game played in the pseudo language, any word of Postal's English vocabulary outside
⟦⟧ is text shown without the catalogs (never wrapped, or glued from pieces), and any inside
a field's ⟪⟫ but not in a message of its own is English put into a translated sentence (an
English clause, date or error passed as a plain string): no translator could ever translate
either."""

from __future__ import annotations

import functools
import re
from collections.abc import Set
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import write_po

from bot.i18n import Locale, catalogs
from bot.i18n.catalogs import catalog_path, read_catalog
from bot.service.catalog import COMMANDS
from tests.i18n.test_catalogs import load_tool

TRANSLATED = re.compile(r"⟦[^⟦⟧]*⟧")
# A date and time written the same for every reader (2026-11-24 09:30 UTC): not in the
# reader's language, nor a Discord timestamp.
ENGLISH_MOMENT = re.compile(r"\b\d{4}-\d{2}-\d{2} \d{2}:\d{2}\b")
FIELD = re.compile(r"(?<!\{)\{[^{}]*\}(?!\})")
# Names of commands and options stay as Discord requires them (no brackets in a name).
KEPT_CONTEXTS = ("command name", "option name")


def pseudo(message: str) -> str:
    """``message`` in brackets, each ``{field}`` marked as where other text goes."""
    return "⟦" + FIELD.sub(lambda field: f"⟪{field.group()}⟫", message) + "⟧"


def install_pseudo(root: Path, locale: Locale, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Write ``locale``'s catalog under ``root`` as the pseudo-translation of the sources'
    template and point the product at it; returns the English vocabulary (words of four
    letters or more of the template's sentences)."""
    catalog = catalogs.new_catalog(locale)
    vocabulary: set[str] = set()
    for message in template():
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


@functools.cache
def template() -> tuple[Message, ...]:
    """The messages of the sources' template, extracted once a run (a second's work: the
    sources do not change while the tests run)."""
    return tuple(load_tool().extract())


def vocabulary(locale: Locale) -> frozenset[str]:
    """Postal's English words that ``locale``'s own translations never use (French shares
    "position" or "message" with English: those prove nothing). Worked out once a run for
    each catalog file."""
    return _vocabulary(catalog_path(locale), locale)


@functools.cache
def _vocabulary(path: Path, locale: Locale) -> frozenset[str]:
    english: set[str] = set()
    for message in template():
        if message.id and message.context in (None, "button"):
            ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
            english |= words_of(" ".join(map(str, ids)))
    own: set[str] = set()
    for message in read_catalog(path, locale):
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        own |= words_of(" ".join(str(form or "") for form in forms))
    return frozenset(english - own)


# An opening's name after its ECO code (``B00 King's Pawn Game``): the data set's English in
# every language, as a player's name is theirs (for the tests' ``not_words``).
OPENING_NAME = r"\b[A-E]\d\d\s+[A-Z][A-Za-z'’:,\-]*(?: [A-Za-z'’:,\-]+)*"


def untranslated(text: str) -> tuple[str, str]:
    """``text`` with what the catalogs said blanked out (same length, same lines), as two
    strings: what stood outside every message, and what stood in a field without being a
    message itself."""
    outside, fields = [], []
    stack: list[str] = []
    for char in text:
        where = "" if char in "⟦⟪⟧⟫" else stack[-1] if stack else "outside"
        if char in "⟦⟪":
            stack.append(char)
        elif char in "⟧⟫" and stack:
            stack.pop()
        outside.append(char if char == "\n" or where == "outside" else " ")
        fields.append(char if char == "\n" or where == "⟪" else " ")
    return "".join(outside), "".join(fields)


def english_left(text: str, vocabulary: Set[str], not_words: re.Pattern[str]) -> list[str]:
    """Lines of ``text`` with a word of Postal's English outside the catalogs' messages, or
    inside a field as plain text, or a date written as for nobody's language (``not_words``:
    names, commands, notation and the like, removed first)."""
    outside, fields = untranslated(text)
    # In a field, a command's, option's or choice's name is what a player types, not English.
    in_fields = vocabulary - TYPED
    left = []
    for line, out, field in zip(
        text.splitlines(), outside.splitlines(), fields.splitlines(), strict=True
    ):
        if (
            _words(not_words.sub(" ", out)) & vocabulary
            or _words(not_words.sub(" ", field)) & in_fields
            or ENGLISH_MOMENT.search(out)
            or ENGLISH_MOMENT.search(field)
        ):
            left.append(line)
    return left


def _words(text: str) -> set[str]:
    return {word.lower() for word in re.findall(r"[A-Za-z]{4,}", text)}


# Commands, options and choices as typed (English on Discord too, and in the console).
TYPED = frozenset(
    word
    for command in COMMANDS
    for described in (command, *command.subcommands)
    for word in (
        described.name,
        *(option.name for option in described.options),
        *(str(choice) for option in described.options for choice in option.choices),
    )
)
