"""What can be wrong with a translation catalog: an untranslated (or fuzzy) message, a
translation whose ``{placeholders}`` differ from the English, one too long for where Discord
shows it, or a command name Discord would refuse.

A message's ``msgctxt`` says where it is shown, and so its limit (Discord's documented
limits: names 1–32 characters matching its name pattern, descriptions and choices 100,
button labels 80, modal titles and input labels 45, message content 2,000).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum

from babel.messages.catalog import Catalog, Message

CONTENT_LIMIT = 2000
# Discord's pattern for command and option names (its \p{L}, \p{N} are \w without "_").
NAME_PATTERN = re.compile(r"^[-_\w]{1,32}$")


class Context(Enum):
    """Where a message is shown: its ``msgctxt`` and the longest text that fits there."""

    COMMAND_NAME = ("command name", 32)
    OPTION_NAME = ("option name", 32)
    CONTEXT_MENU = ("context menu", 32)
    DESCRIPTION = ("description", 100)
    CHOICE = ("choice", 100)
    BUTTON = ("button", 80)
    SELECT_OPTION = ("select option", 100)
    PLACEHOLDER = ("placeholder", 150)
    MODAL = ("modal", 45)

    def __init__(self, msgctxt: str, limit: int) -> None:
        self.msgctxt = msgctxt
        self.limit = limit

    @property
    def is_name(self) -> bool:
        return self in (Context.COMMAND_NAME, Context.OPTION_NAME)


_BY_MSGCTXT = {context.msgctxt: context for context in Context}


def limit_of(msgctxt: str | None) -> int:
    """The longest translation that fits where a message of ``msgctxt`` is shown."""
    context = _BY_MSGCTXT.get(msgctxt or "")
    return context.limit if context else CONTENT_LIMIT


class Fault(Enum):
    MISSING = "not translated"
    FUZZY = "marked fuzzy (not used until confirmed)"
    PLACEHOLDERS = "placeholders differ from the English"
    TOO_LONG = "too long for where Discord shows it"
    BAD_NAME = "not a name Discord accepts (lowercase letters, digits, - and _)"
    BAD_FORMAT = "not a valid {placeholder} format"


@dataclass(frozen=True, slots=True)
class Problem:
    msgid: str
    msgctxt: str | None
    fault: Fault
    detail: str = ""

    def __str__(self) -> str:
        where = f"[{self.msgctxt}] " if self.msgctxt else ""
        detail = f": {self.detail}" if self.detail else ""
        return f"{where}{self.msgid!r} {self.fault.value}{detail}"


def placeholders(text: str) -> frozenset[str]:
    """The ``{names}`` in ``text`` (raises ``ValueError`` if its braces are malformed)."""
    return frozenset(
        field.split(".")[0].split("[")[0]
        for _, field, _, _ in string.Formatter().parse(text)
        if field is not None
    )


def _texts(message: Message) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(English forms, translated forms) of ``message``."""
    if isinstance(message.id, tuple | list):
        english = tuple(str(form) for form in message.id)
    else:
        english = (str(message.id),)
    if isinstance(message.string, tuple | list):
        translated = tuple(str(form) for form in message.string)
    else:
        translated = (str(message.string or ""),)
    return english, translated


def message_problems(message: Message) -> Iterator[Problem]:
    """Everything wrong with one catalog entry's translation."""
    english, translated = _texts(message)
    msgid, msgctxt = english[0], message.context
    if not all(translated):
        yield Problem(msgid, msgctxt, Fault.MISSING)
        return
    if message.fuzzy:
        # A guess made when the English changed: never shown, so only its fuzziness counts.
        yield Problem(msgid, msgctxt, Fault.FUZZY)
        return
    try:
        wanted = placeholders(english[-1])
        for index, form in enumerate(translated):
            found = placeholders(form)
            # A plural's forms before the last may leave out the count ("une partie"), as
            # English's singular may; the last (general) form serves any count, so keeps it.
            last = index == len(translated) - 1
            allowed = {wanted} if last else {wanted, wanted - {"count"}}
            if found not in allowed:
                yield Problem(msgid, msgctxt, Fault.PLACEHOLDERS, f"{sorted(found)} in {form!r}")
    except ValueError as error:
        yield Problem(msgid, msgctxt, Fault.BAD_FORMAT, str(error))
    limit = limit_of(msgctxt)
    for form in translated:
        if len(form) > limit:
            yield Problem(msgid, msgctxt, Fault.TOO_LONG, f"{len(form)} > {limit}: {form!r}")
    context = _BY_MSGCTXT.get(msgctxt or "")
    if context is not None and context.is_name:
        for form in translated:
            if not NAME_PATTERN.match(form) or form != form.lower():
                yield Problem(msgid, msgctxt, Fault.BAD_NAME, repr(form))


def catalog_problems(catalog: Catalog | Iterable[Message]) -> list[Problem]:
    """Every problem in ``catalog``'s messages (the header entry is skipped)."""
    return [problem for message in catalog if message.id for problem in message_problems(message)]
