"""Load the translation catalogs shipped in ``bot/locales``.

The ``.po`` files are the only form kept in the repository; each is read once, on first
use, and compiled in memory with Babel, so nothing needs building after ``pip install``
(and a catalog edited by a translator is what runs, never a stale ``.mo``).
"""

from __future__ import annotations

import gettext
import logging
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.i18n.locale import Locale

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

_log = logging.getLogger(__name__)

DOMAIN = "postal"
LOCALES_DIR = Path(__file__).resolve().parents[1] / "locales"
TEMPLATE_PATH = LOCALES_DIR / f"{DOMAIN}.pot"

# gettext's plural rule of each language, as its catalog's header states it. Fixed here, not
# taken from Babel's CLDR data, which changes between releases: Babel 2.19 gives French a
# third form (for millions) that no gettext catalog of French uses.
PLURAL_FORMS: dict[Locale, str] = {
    Locale.FR: "nplurals=2; plural=(n > 1);",
    Locale.KO: "nplurals=1; plural=0;",
    Locale.JA: "nplurals=1; plural=0;",
    Locale.ZH_HANS: "nplurals=1; plural=0;",
    Locale.ZH_HANT: "nplurals=1; plural=0;",
}


def catalog_path(locale: Locale) -> Path:
    """Where ``locale``'s ``.po`` file lives."""
    return LOCALES_DIR / locale.value / "LC_MESSAGES" / f"{DOMAIN}.po"


def new_catalog(locale: Locale | None = None, **header: Any) -> Catalog:
    """An empty catalog for ``locale`` (None: the template) with the language's own plural
    rule (``PLURAL_FORMS``); ``header`` is passed to Babel's ``Catalog`` (project, dates…)."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale=locale.value if locale else None, domain=DOMAIN, **header)
    if locale in PLURAL_FORMS:
        catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[locale])]
    return catalog


def read_catalog(path: Path, locale: Locale | None = None) -> Catalog:
    """The Babel catalog in the ``.po``/``.pot`` file at ``path`` (raises ``OSError`` if
    it cannot be read, Babel's ``PoFileError`` if it is malformed)."""
    # Babel is imported when a catalog is first read, not with every module that words
    # text: most processes (workers, the console in English) never read one.
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        return read_po(handle, locale=locale.value if locale else None, abort_invalid=True)


def compile_catalog(catalog: Catalog) -> gettext.GNUTranslations:
    """``catalog`` as gettext translations. Fuzzy and untranslated entries are left out,
    so their English is shown until a translator confirms them."""
    from babel.messages.mofile import write_mo

    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@cache
def translations(locale: Locale) -> gettext.NullTranslations:
    """``locale``'s compiled catalog (English, the source language, has none)."""
    path = catalog_path(locale)
    if locale is Locale.EN:
        return gettext.NullTranslations()
    if not path.exists():
        # An installation without this language's file speaks English there rather than
        # failing every reply (tests/i18n checks every shipped language has its file).
        _log.warning("no catalog for %s at %s: English is used", locale.value, path)
        return gettext.NullTranslations()
    return compile_catalog(read_catalog(path, locale))


def spellings(context: str) -> dict[str, frozenset[str]]:
    """Every way a message of ``context`` is written in a language Postal speaks, folded
    (``str.casefold``), mapped to the source messages written so (``"accepter"`` ->
    ``{"Accept"}``): a label read back in whatever language it was shown in."""
    return _spellings(context, LOCALES_DIR)


@cache
def _spellings(context: str, folder: Path) -> dict[str, frozenset[str]]:
    """``spellings`` from the catalogs in ``folder`` (kept by folder: tests point the
    catalogs elsewhere)."""
    found: dict[str, set[str]] = {}
    for locale in Locale:
        path = folder / locale.value / "LC_MESSAGES" / f"{DOMAIN}.po"
        if locale is Locale.EN or not path.exists():
            continue
        for message in read_catalog(path, locale):
            if message.context != context or not isinstance(message.id, str) or not message.id:
                continue
            for written in (message.id, message.string):
                if isinstance(written, str) and written:
                    found.setdefault(written.casefold(), set()).add(message.id)
    return {written: frozenset(ids) for written, ids in found.items()}


def same_words(context: str, one: str, other: str) -> bool:
    """Whether ``one`` and ``other`` are the same message of ``context`` (a button's label,
    say) in any languages Postal speaks, or the same text, case aside."""
    one, other = one.casefold(), other.casefold()
    known = spellings(context)
    return one == other or bool(known.get(one, frozenset()) & known.get(other, frozenset()))
