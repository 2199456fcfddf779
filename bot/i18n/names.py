"""Commands and options named in sentences, as the reader's Discord client shows them.

Discord shows a French user ``/jouer`` for ``/move`` and ``partie`` for ``game`` (the
catalog's ``command name`` and ``option name`` entries, through ``bot.discord.translator``).
A sentence naming a command says it through the same entries, so the reader is told to type
what their client offers: ``Text("Type your move with {command}.", command=Command("move"))``.

``Command`` and ``Option`` are ``Text`` fields whose str value is the English (``/move``,
``game:12``). They are said in the language set by ``write_names`` for the running task (on
Discord: the client's language, which is what its command list shows even when the player
chose another in ``/settings``), else in the current language. ``localised_names`` gives
every language's name of an English one, and ``english_name`` reads a name typed in any of
them back (the console accepts both).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Self

from bot.i18n.locale import Locale
from bot.i18n.text import Text, say
from bot.i18n.translator import NP_, Translator, current, translator_for

# The msgctxt of the catalog entries the Discord translator uses (bot.i18n.checks.Context,
# not imported: it loads Babel, which a process needs only once a catalog is read).
COMMAND_NAME = "command name"
OPTION_NAME = "option name"
CHOICE = "choice"

# A label's closing parenthesis (« blancs (échecs) », 白（チェス）).
_PARENTHESIS = re.compile(r"\s*[(（][^()（）]*[)）]$")
# The language command names are said in for the running task (None: the current one).
_NAMES: ContextVar[Locale | None] = ContextVar("postal_names", default=None)


def write_names(locale: Locale) -> None:
    """Say command and option names in ``locale`` for the rest of the current task (the
    language of the reader's Discord client, whose command list shows them so)."""
    _NAMES.set(locale)


@contextmanager
def naming(locale: Locale | None) -> Iterator[None]:
    """Say command and option names in ``locale`` inside the block (None: in the current
    language), as for a message Postal sends on its own to a player whose app language it
    last saw."""
    token = _NAMES.set(locale)
    try:
        yield
    finally:
        _NAMES.reset(token)


def _names_translator() -> Translator:
    chosen = _NAMES.get()
    return current() if chosen is None else translator_for(chosen)


def name_in(msgctxt: str, english: str, translator: Translator | None = None) -> str:
    """The name ``english`` (of ``msgctxt``) in ``translator``'s language (default: the one
    names are said in)."""
    return (translator or _names_translator()).pgettext(msgctxt, english)


class Command(Text):
    """A command (and a subcommand) named in a sentence: ``Command("conditional", "add")``
    is ``/conditional add``, said ``/conditionnels ajouter`` to a French reader."""

    path: tuple[str, ...]

    def __new__(cls, name: str, *subcommands: str) -> Command:
        path = (name, *subcommands)
        made = str.__new__(cls, "/" + " ".join(path))
        made.template = ""
        made.fields = {}
        made.path = path
        return made

    def said(self) -> str:
        translator = _names_translator()
        return "/" + " ".join(name_in(COMMAND_NAME, part, translator) for part in self.path)


class Subcommand(Command):
    """A subcommand's own name, without its group: ``add`` (``ajouter`` in French)."""

    def __new__(cls, name: str, *subcommands: str) -> Subcommand:
        made = str.__new__(cls, " ".join((name, *subcommands)))
        made.template = ""
        made.fields = {}
        made.path = (name, *subcommands)
        return made

    def said(self) -> str:
        return super().said().removeprefix("/")


class Option(Text):
    """An option named in a sentence, with or without a value: ``Option("game", 12)`` is
    ``game:12``, said ``partie:12`` in French. A value that is a ``Text`` is said too."""

    name: str
    value: object

    def __new__(cls, name: str, value: object = None) -> Option:
        shown = name if value is None else f"{name}:{value}"
        made = str.__new__(cls, shown)
        made.template = ""
        made.fields = {}
        made.name = name
        made.value = value
        return made

    def said(self) -> str:
        name = name_in(OPTION_NAME, self.name)
        if self.value is None:
            return name
        value = say(self.value) if isinstance(self.value, str) else str(self.value)
        return f"{name}:{value}"


class Choice(Text):
    """A choice of an option named in a sentence: its str is its value, as the console reads
    it (``random``); said as Discord lists its ``label`` in the reader's language, without
    the label's parenthesis (« au hasard »; « noirs » for « noirs (échecs) »), which the
    console reads too."""

    label: str

    def __new__(cls, value: str | int, label: str) -> Self:
        made = str.__new__(cls, str(value))
        made.template = ""
        made.fields = {}
        made.label = label
        return made

    def said(self) -> str:
        return label_head(_names_translator().pgettext(CHOICE, self.label))


class Listed(Choice):
    """A choice named in a list of them: said as its whole label (« simplifiées (xiangqi) »),
    as Discord's autocomplete lists it; its str is its value."""

    def said(self) -> str:
        return _names_translator().pgettext(CHOICE, self.label)


def label_head(label: str) -> str:
    """A choice's label without its parenthesis (« blancs » for « blancs (échecs) », 白 for
    白（チェス）): what a player types for it."""
    return _PARENTHESIS.sub("", label) or label


# Yes and no, as the console shows and reads a yes-or-no option (« bandeau:non »). Discord's
# client draws a boolean option's two values itself; a sentence says these.
YES = Choice("yes", NP_("choice", "yes"))
NO = Choice("no", NP_("choice", "no"))
# What the console has always read for them, in every language (English stays accepted).
_YES_WORDS = frozenset(("yes", "true", "1", "on"))
_NO_WORDS = frozenset(("no", "false", "0", "off"))


def yes_or_no(typed: str, locale: Locale) -> bool | None:
    """``typed`` read as yes (True) or no (False): the English words (yes/no, true/false,
    on/off, 1/0) or ``locale``'s yes and no (« oui », 아니요), any case; None for neither."""
    word = typed.strip().casefold()
    translator = translator_for(locale)
    if word in _YES_WORDS or word == label_head(translator.pgettext(CHOICE, YES.label)).casefold():
        return True
    if word in _NO_WORDS or word == label_head(translator.pgettext(CHOICE, NO.label)).casefold():
        return False
    return None


def localised_names(msgctxt: str, english: str) -> dict[Locale, str]:
    """``english``'s name in every language Postal speaks (English's is itself)."""
    return {locale: name_in(msgctxt, english, translator_for(locale)) for locale in Locale}


def english_name(msgctxt: str, typed: str, known: Iterable[str], locale: Locale) -> str | None:
    """The English name among ``known`` that ``typed`` names: the English name itself, or
    its name in ``locale`` (any case); None when it names none of them. English is read
    first, so a localised name that happens to be another command's English name cannot
    hide that command."""
    word = typed.casefold()
    candidates = tuple(known)
    for english in candidates:
        if english.casefold() == word:
            return english
    translator = translator_for(locale)
    for english in candidates:
        if name_in(msgctxt, english, translator).casefold() == word:
            return english
    return None
