"""Sentences the service states without wording them: a message (its English, the catalog's
key) and its fields, which the adapters say in the reader's language.

``Text("{player} resigned.", player=name)`` is a ``str`` whose value is the English, so
code that only passes it along, logs it or compares it keeps working; ``say(text)`` gives
it in the current language (a field that is itself a ``Text`` is said too). ``Plural`` is
the same for a message with a count, ``TextIn`` for one with a context (a button label),
``Sentences`` for sentences said one after another, ``Moment`` for a date and time (as the
reader's adapter writes them). Text, Plural and TextIn are extraction keywords
(``tools/catalogs.py``), so their messages reach the catalogs like ``_()``'s. Joining or
slicing a Text gives a plain English str: build a bigger sentence with a field instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from bot.i18n.translator import current

# How the running task's adapter writes a date and time (None: in the current language, UTC).
_MOMENTS: ContextVar[Callable[[datetime], str] | None] = ContextVar("postal_moments", default=None)


class Text(str):
    """A message and its fields; its str value is the English sentence."""

    template: str
    fields: Mapping[str, Any]

    def __new__(cls, template: str, /, **fields: Any) -> Text:
        made = super().__new__(cls, template.format(**fields))
        made.template = template
        made.fields = fields
        return made

    def said(self) -> str:
        """The sentence in the current language."""
        return current().gettext(self.template).format(**_said_fields(self.fields))


class Plural(Text):
    """A message with ``count``'s plural forms: ``Plural("{count} game", "{count} games",
    n)`` (``count`` is a field too)."""

    plural: str

    def __new__(cls, singular: str, plural: str, count: int, /, **fields: Any) -> Plural:
        chosen = singular if count == 1 else plural
        made = str.__new__(cls, chosen.format(count=count, **fields))
        made.template = singular
        made.plural = plural
        made.fields = {"count": count, **fields}
        return made

    def said(self) -> str:
        count = int(self.fields["count"])
        form = current().ngettext(self.template, self.plural, count)
        return form.format(**_said_fields(self.fields))


class TextIn(Text):
    """A message told apart by where it is shown: ``TextIn("button", "Draw")`` (the
    context is the catalog's ``msgctxt``, which also sets its length limit)."""

    context: str

    def __new__(cls, context: str, template: str, /, **fields: Any) -> TextIn:
        made = str.__new__(cls, template.format(**fields))
        made.context = context
        made.template = template
        made.fields = fields
        return made

    def said(self) -> str:
        return current().pgettext(self.context, self.template).format(**_said_fields(self.fields))


class Sentences(Text):
    """Sentences said one after another (empty ones left out), each in the current
    language, with that language's separator (a space; none in Chinese and Japanese)."""

    parts: tuple[str, ...]

    def __new__(cls, *parts: str) -> Sentences:
        kept = tuple(part for part in parts if part)
        made = str.__new__(cls, " ".join(kept))
        made.template = ""
        made.fields = {}
        made.parts = kept
        return made

    def said(self) -> str:
        # Translators: one sentence after another (Chinese and Japanese put no space).
        pair = current().pgettext("sentences", "{sentence} {next}")
        said = [say(part) for part in self.parts]
        joined = said[0] if said else ""
        for part in said[1:]:
            joined = pair.format(sentence=joined, next=part)
        return joined


class Joined(Text):
    """Parts (texts or names) said one by one and joined with ``separator`` (a list of games,
    of moves), which is not a sentence of its own."""

    parts: tuple[str, ...]
    separator: str

    def __new__(cls, separator: str, parts: Iterable[str]) -> Joined:
        kept = tuple(parts)
        made = str.__new__(cls, separator.join(kept))
        made.template = ""
        made.fields = {}
        made.parts = kept
        made.separator = separator
        return made

    def said(self) -> str:
        # The separator may be a message too (Chinese and Japanese list with 、).
        return say(self.separator).join(say(part) for part in self.parts)


class Moment(Text):
    """A date and time, said as the reader's adapter writes them (``write_moments``: on
    Discord a timestamp each client shows in its reader's language and time zone); else in
    the current language, in UTC. Its str value is ``2026-11-24 09:30 UTC``."""

    moment: datetime

    def __new__(cls, moment: datetime) -> Moment:
        made = str.__new__(cls, f"{moment.astimezone(UTC):%Y-%m-%d %H:%M} UTC")
        made.template = ""
        made.fields = {}
        made.moment = moment
        return made

    def said(self) -> str:
        writer = _MOMENTS.get()
        if writer is not None:
            return writer(self.moment)
        from bot.i18n.dates import when_text  # Babel's date formats: only when one is said

        return current().gettext("{time} UTC").format(time=when_text(self.moment))


def write_moments(writer: Callable[[datetime], str]) -> None:
    """Write every ``Moment`` with ``writer`` for the rest of the current task (an
    interaction's handler runs in a task of its own)."""
    _MOMENTS.set(writer)


def _said_fields(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {name: _said_field(value) for name, value in fields.items()}


def _said_field(value: Any) -> Any:
    if isinstance(value, str):
        return say(value)
    if isinstance(value, Exception) and value.args and isinstance(value.args[0], Text):
        # An error whose message is a Text (a time zone refused, say) put in a sentence: its
        # str() would be the English.
        return say(value.args[0])
    return value


def say(text: str) -> str:
    """``text`` in the current language when it is a ``Text``; other text as it is (a
    name, a move, what a user typed)."""
    if isinstance(text, Text):
        return text.said()
    return text
