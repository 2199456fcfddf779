"""The translator the adapters write with, and the language of the current task.

Text is wrapped where it is written: ``_("Your move.")``, ``ngettext("{count} game",
"{count} games", n).format(count=n)``, ``pgettext("button", "Accept")``. Placeholders are
named ``{fields}`` filled with ``str.format`` after translation, so a translator can move
them. The language is a context variable: each Discord interaction, outbox row and console
line runs its wording ``with using(locale):``; asyncio copies the variable into each task,
so two readers' languages never mix. ``N_`` marks text written ahead of time (a table of
labels) for extraction; it is translated with ``_`` where it is shown.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from bot.i18n.catalogs import translations
from bot.i18n.locale import Locale


@dataclass(frozen=True, slots=True)
class Translator:
    """One language's catalog, with gettext's four lookups. A missing translation gives
    the English."""

    locale: Locale
    catalog: gettext.NullTranslations

    def gettext(self, message: str) -> str:
        return self.catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.catalog.ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        return self.catalog.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        return self.catalog.npgettext(context, singular, plural, count)


def translator_for(locale: Locale) -> Translator:
    """The translator for ``locale`` (catalogs are loaded once and kept)."""
    return Translator(locale, translations(locale))


ENGLISH = Translator(Locale.EN, gettext.NullTranslations())
_current: ContextVar[Translator] = ContextVar("postal_translator", default=ENGLISH)


def current() -> Translator:
    """The translator of the running task (English unless ``using`` chose another)."""
    return _current.get()


def current_locale() -> Locale:
    return _current.get().locale


@contextmanager
def using(locale: Locale) -> Iterator[Translator]:
    """Write in ``locale`` inside the block (and in tasks started from it)."""
    token = _current.set(translator_for(locale))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def enter(locale: Locale) -> None:
    """Write in ``locale`` for the rest of the current task (an interaction's handler, which
    runs in a task of its own; ``using`` is for a block)."""
    _current.set(translator_for(locale))


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current.get().catalog.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` (``{count} game`` / ``{count} games``) in the current language,
    by that language's plural rule."""
    return _current.get().catalog.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` (``button``, ...)."""
    return _current.get().catalog.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return _current.get().catalog.npgettext(context, singular, plural, count)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark ``message`` of ``context`` for extraction; translate it with ``pgettext``."""
    return message
