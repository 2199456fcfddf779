"""Fixtures for the language tests: catalogs written to a temporary folder and loaded the
way the product loads the shipped ones."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import write_po

from bot.i18n import Locale, catalogs

Entries = dict[str | tuple[str, str], str | tuple[str, ...]]


def write_catalog(
    root: Path, locale: Locale, entries: Entries, *, fuzzy: frozenset[str] = frozenset()
) -> Path:
    """A ``.po`` for ``locale`` under ``root``: ``{msgid: msgstr}``, ``{(msgctxt, msgid):
    msgstr}``, or ``{msgid: (plural msgid, form, ...)}`` for a plural message."""
    catalog = catalogs.new_catalog(locale)
    for key, value in entries.items():
        context, msgid = key if isinstance(key, tuple) else (None, key)
        flags = {"fuzzy"} if msgid in fuzzy else set()
        if isinstance(value, tuple):
            catalog.add((msgid, value[0]), value[1:], context=context, flags=flags)
        else:
            catalog.add(msgid, value, context=context, flags=flags)
    path = root / locale.value / "LC_MESSAGES" / f"{catalogs.DOMAIN}.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog)
    return path


@pytest.fixture
def locales_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[Locale, Entries], Path]]:
    """Point the product at catalogs the test writes (``write(locale, entries)``)."""
    root = tmp_path / "locales"
    monkeypatch.setattr(catalogs, "LOCALES_DIR", root)
    catalogs.translations.cache_clear()

    def write(locale: Locale, entries: Entries) -> Path:
        path = write_catalog(root, locale, entries)
        catalogs.translations.cache_clear()
        return path

    yield write
    catalogs.translations.cache_clear()
