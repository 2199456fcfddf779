"""Sentences the service states without wording them: a message (its English, the catalog's
key) and its fields, which the adapters say in the reader's language.

``Text("{player} resigned.", player=name)`` is a ``str`` whose value is the English, so
code that only passes it along, logs it or compares it keeps working; ``say(text)`` gives
it in the current language (a field that is itself a ``Text`` is said too). ``Plural`` is
the same for a message with a count, ``TextIn`` for one with a context (a button label),
``Sentences`` for sentences said one after another. Text, Plural and TextIn are extraction
keywords (``tools/catalogs.py``), so their messages reach the catalogs like ``_()``'s.
Joining or slicing a Text gives a plain English str: build a bigger sentence with a field
instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.i18n.translator import current


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
        return self.separator.join(say(part) for part in self.parts)


def _said_fields(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {name: say(value) if isinstance(value, str) else value for name, value in fields.items()}


def say(text: str) -> str:
    """``text`` in the current language when it is a ``Text``; other text as it is (a
    name, a move, what a user typed)."""
    if isinstance(text, Text):
        return text.said()
    return text
