"""User text made inert for Discord: shown exactly as typed, never as markup.

Names and every sentence the service builds around them go through ``escape_text`` before
Discord sees them: markdown (bold, spoilers ``||``, headings, quotes, code), masked links
(``[free nitro](https://evil.example)``), mentions (``@everyone``, ``<@id>``, ``<@&role>``)
and the other ``<…>`` forms (channels, custom emoji) are backslash-escaped, which Discord
hides when it displays the text. Discord timestamps (``<t:1764322200:f>``) are left as they
are: sentences say their moments as timestamps (each reader's client writes them in its own
time zone), and a timestamp can neither ping, link nor format anything else. Our other markup
(mentions of players, links to lichess) is added by the messages layer after escaping, or
passed in ``keep``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import discord

from bot.service.text import cut

# Every character that starts or ends inline markup is escaped wherever it is. Not
# discord.utils.escape_markdown: its masked-link rule matches from the first "[" to the last ")"
# of a line and escapes only that "[", leaving any markup in between live.
# A "<" opening a Discord timestamp is not escaped (see the module's docstring).
_INLINE = re.compile(r"[\\*_~|`\[\]]|<(?!t:-?\d+(?::[tTdDfFR])?>)")
# Markup that only counts at the start of a line: quotes, headings, list items.
_LINE_START = re.compile(r"^([ \t]*)(>|#|-|\+)", re.MULTILINE)
_ORDERED = re.compile(r"^([ \t]*\d+)\.", re.MULTILINE)


def _escape(text: str) -> str:
    text = _INLINE.sub(lambda match: "\\" + match.group(0), text)
    text = _LINE_START.sub(lambda match: f"{match.group(1)}\\{match.group(2)}", text)
    text = _ORDERED.sub(lambda match: f"{match.group(1)}\\.", text)  # "1\." not "\1."
    return discord.utils.escape_mentions(text)


def escape_text(text: str, *, keep: Iterable[str] = ()) -> str:
    """``text`` with markdown, links and mentions escaped, except the exact substrings in
    ``keep`` (our own links), which are left as they are."""
    kept = [k for k in dict.fromkeys(keep) if k]
    if not kept:
        return _escape(text)
    pattern = re.compile("|".join(re.escape(k) for k in sorted(kept, key=len, reverse=True)))
    out: list[str] = []
    start = 0
    for match in pattern.finditer(text):
        out.append(_escape(text[start : match.start()]))
        out.append(match.group(0))
        start = match.end()
    out.append(_escape(text[start:]))
    return "".join(out)


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters between whole graphemes, with an
    ellipsis when cut; never ending in a lone escaping backslash (it would escape the
    ellipsis and leave the character it escaped outside)."""
    if len(text) <= limit:
        return text
    body = cut(text, limit - 1)
    if (len(body) - len(body.rstrip("\\"))) % 2:
        body = body[:-1]
    return body + "…"


# Characters that would read as markup if a thread name were ever shown as markdown, or that
# disguise a link: thread names are plain text, where a backslash would show, so drop them.
_THREAD_NAME_DROPPED = str.maketrans("", "", "[]()<>*_~|`\\")


def plain_label(text: str, limit: int) -> str:
    """A plain-text label (a thread's name): markup characters dropped, cut between whole
    graphemes to ``limit``."""
    return clip(" ".join(text.translate(_THREAD_NAME_DROPPED).split()), limit)
