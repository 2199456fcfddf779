"""The text fonts bundled for images draw every character the translation catalogs use, and
players' names in Chinese, Japanese and Korean."""

from __future__ import annotations

from functools import cache

from fontTools.ttLib import TTFont

from bot.render.strip import NAME_FONTS, _characters
from tools.subset_fonts import catalog_characters, names_characters


@cache
def drawable() -> frozenset[str]:
    """Every character some font of the names chain maps to a glyph."""
    found: set[str] = set()
    for path in NAME_FONTS:
        found.update(chr(code) for code in TTFont(path).getBestCmap())
    return frozenset(found)


def test_every_catalog_character_is_in_the_bundled_fonts() -> None:
    """Each character of every message, in every language, has a glyph; a translation that
    brings a new one fails here until ``python tools/subset_fonts.py`` is run."""
    wanted = catalog_characters()
    assert wanted, "no catalogs found"
    missing = sorted(wanted - drawable())
    assert missing == [], "run tools/subset_fonts.py: " + " ".join(
        f"{c} U+{ord(c):04X}" for c in missing
    )


def test_names_in_every_script_of_the_catalogs_are_covered() -> None:
    """The hanzi of GB2312 and Big5, the kanji of JIS X 0208 and KS X 1001's Hangul all
    have glyphs, so a player's name in any of the catalogs' scripts is drawn."""
    assert names_characters() <= drawable()


def test_korean_and_japanese_names_are_drawn_not_replaced() -> None:
    """The strip draws a Korean or Japanese name with its own glyphs, never "?"."""
    for name in ("김민준", "山田 対戦", "陳將軍", "Élodie"):
        assert [character for character, _ in _characters(name, 20)] == list(name)
