"""Postal's languages: locales, catalogs and the translator the adapters write with.

The service returns facts; the adapters (``bot/discord``, ``bot/console``, ``bot/words``)
word them with ``_``/``ngettext``/``pgettext`` from here, in the language chosen for the
reader with ``using(locale)``. Catalogs live in ``bot/locales`` (gettext ``.po`` files,
extracted and updated by ``tools/catalogs.py``).
"""

from __future__ import annotations

from bot.i18n.locale import Locale, UnknownLocaleError, resolve
from bot.i18n.translator import (
    ENGLISH,
    N_,
    NP_,
    Translator,
    _,
    current,
    current_locale,
    ngettext,
    npgettext,
    pgettext,
    translator_for,
    using,
)

__all__ = [
    "ENGLISH",
    "NP_",
    "N_",
    "Locale",
    "Translator",
    "UnknownLocaleError",
    "_",
    "current",
    "current_locale",
    "ngettext",
    "npgettext",
    "pgettext",
    "resolve",
    "translator_for",
    "using",
]
