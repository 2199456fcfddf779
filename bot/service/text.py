"""User text made safe to keep and to cut: names without control characters, cut between
whole characters as people see them (grapheme clusters), PGN tag values on one clean line.

The standard library has no grapheme splitter, so ``graphemes`` is a small approximation of
Unicode's extended grapheme clusters (UAX #29) that covers what names really contain: a
character with its combining marks, emoji joined by ZERO WIDTH JOINER (families, professions),
variation selectors and skin-tone modifiers, tag sequences (subdivision flags), pairs of
regional indicators (country flags), and CR LF. It does not model Hangul syllable jamo or
Indic conjuncts: those are cut between code points that are each still a valid character, so
the worst case is a syllable shown in two parts, never a broken byte or a lone surrogate.
"""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 64  # characters of a stored display name

ZWJ = "\u200d"
ZWNJ = "\u200c"


def _extends(char: str) -> bool:
    """Whether ``char`` belongs to the cluster before it (a mark, a selector, a modifier)."""
    code = ord(char)
    return (
        unicodedata.category(char) in ("Mn", "Me", "Mc")
        or 0xFE00 <= code <= 0xFE0F  # variation selectors (text/emoji presentation)
        or 0xE0100 <= code <= 0xE01EF  # variation selectors supplement
        or 0x1F3FB <= code <= 0x1F3FF  # emoji skin-tone modifiers
        or 0xE0020 <= code <= 0xE007F  # tag characters (subdivision flags)
        or char in (ZWJ, ZWNJ)
    )


def _regional(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def graphemes(text: str) -> list[str]:
    """``text`` split into user-perceived characters (see the module docstring)."""
    clusters: list[str] = []
    index = 0
    while index < len(text):
        start = index
        char = text[index]
        index += 1
        if char == "\r" and text[index : index + 1] == "\n":
            index += 1
        elif _regional(char) and index < len(text) and _regional(text[index]):
            index += 1  # a flag is two regional indicators; a third starts a new flag
        while index < len(text):
            if text[index - 1] == ZWJ:
                index += 1  # the ZWJ joins the next character to this cluster
            elif _extends(text[index]):
                index += 1
            else:
                break
        clusters.append(text[start:index])
    return clusters


def cut(text: str, limit: int, ellipsis: str = "") -> str:
    """``text`` if it is at most ``limit`` code points long, else its longest prefix of
    whole grapheme clusters that fits with ``ellipsis`` appended."""
    if len(text) <= limit:
        return text
    room = limit - len(ellipsis)
    kept: list[str] = []
    used = 0
    for cluster in graphemes(text):
        if used + len(cluster) > room:
            break
        kept.append(cluster)
        used += len(cluster)
    return "".join(kept).rstrip() + ellipsis


def _visible(char: str) -> str:
    """``char`` kept, turned into a space (line breaks, tabs), or dropped (controls)."""
    category = unicodedata.category(char)
    if char.isspace() or category in ("Zl", "Zp"):
        return " "
    if category in ("Cc", "Cs"):
        return ""  # NUL, escapes, carriage returns, lone surrogates
    if category == "Cf" and not _extends(char):
        return ""  # bidirectional overrides, zero-width spaces: they disguise text
    return char


def one_line(text: str) -> str:
    """``text`` without control or invisible formatting characters, its whitespace (line
    breaks included) collapsed to single spaces."""
    return " ".join("".join(_visible(char) for char in text).split())


def clean_name(text: str, fallback: str, limit: int = NAME_LIMIT) -> str:
    """A display name as Postal stores it: one line, no control characters, at most
    ``limit`` characters cut between whole graphemes; ``fallback`` when nothing is left."""
    return cut(one_line(text), limit) or fallback


def pgn_tag(text: str) -> str:
    """A PGN tag value on one line without control characters (the writer escapes quotes
    and backslashes, so the tag cannot be closed early)."""
    return one_line(text)
