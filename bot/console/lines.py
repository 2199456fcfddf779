"""Reading the console's input lines: refuse what cannot be a command, split the rest into words.

Every step is linear in the line's length (``shlex`` builds each word a character at a time,
quadratic: a 1 MB line took seconds), and a line that cannot be read is refused on its own
with a reason, so one bad line never ends the session.
"""

from __future__ import annotations

import re

from bot.i18n.text import Text

# Far above any real command (a FEN is under 100 characters; Discord allows 6,000 per command).
MAX_LINE_CHARACTERS = 4000

# A "#" that starts a word begins a comment, as in a shell; "Qh4#" keeps its mark.
_COMMENT = re.compile(r"(?:^|\s)#.*$", re.DOTALL)
_SPACE = re.compile(r"\s+")
# A word: unquoted runs and "..." or '...' parts, side by side (fen:"a b c" is one word).
_WORD = re.compile(r"""(?:[^\s"']+|"[^"]*"|'[^']*')+""")
_PART = re.compile(r""""([^"]*)"|'([^']*)'|([^"']+)""")
# Bytes that were not UTF-8, as the surrogateescape error handler decodes them.
_UNDECODED = re.compile("[\udc80-\udcff]")
# Control characters other than tab (line ends are stripped before the check).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class UnreadableLine(ValueError):
    """A line that is not a command; the message says why, for the user."""


def words_of(line: str) -> list[str]:
    """The words of one input line, quotes removed, comment dropped (empty: nothing to do).

    Raises ``UnreadableLine`` for bytes that were not UTF-8, a line over
    ``MAX_LINE_CHARACTERS``, a control character (NUL included), or an unclosed quote.
    """
    line = line.rstrip("\r\n")
    undecoded = _UNDECODED.search(line)
    if undecoded is not None:
        byte = ord(undecoded.group()) - 0xDC00
        raise UnreadableLine(
            Text(
                "that line is not valid UTF-8 (byte 0x{byte} at position {position})",
                byte=format(byte, "02x"),
                position=undecoded.start(),
            )
        )
    if len(line) > MAX_LINE_CHARACTERS:
        raise UnreadableLine(
            Text(
                "that line has {count} characters; a command has at most {most}",
                count=format(len(line), ","),
                most=format(MAX_LINE_CHARACTERS, ","),
            )
        )
    control = _CONTROL.search(line)
    if control is not None:
        raise UnreadableLine(
            Text(
                "that line contains the control character U+{code}",
                code=format(ord(control.group()), "04X"),
            )
        )
    return split_words(_COMMENT.sub("", line))


def split_words(text: str) -> list[str]:
    """``text`` split at whitespace outside quotes, the quotes removed, in linear time.

    Raises ``UnreadableLine`` for a quote that is not closed.
    """
    words: list[str] = []
    position = 0
    while True:
        space = _SPACE.match(text, position)
        if space is not None:
            position = space.end()
        if position >= len(text):
            return words
        word = _WORD.match(text, position)
        if word is None:  # only an opening quote without its closing one stops a word
            raise UnreadableLine(Text("no closing quotation"))
        words.append(
            "".join(part.group(part.lastindex or 0) for part in _PART.finditer(word.group()))
        )
        position = word.end()
