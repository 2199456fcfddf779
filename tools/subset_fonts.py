"""Make the text fonts Postal bundles for words in images (the names strip, labels): small
subsets of DejaVu Sans Bold and Droid Sans Fallback that cover every character the
translation catalogs use, plus what players' names commonly need in each script.

A development tool (``pip install -e '.[art]'`` for fontTools), run after the catalogs gain
characters: ``tests/render/test_fonts_cover_catalogs.py`` fails, naming them, until it is.

    python tools/subset_fonts.py
    python tools/subset_fonts.py --dejavu PATH --droid PATH

The sources are Debian's: fonts-dejavu-core (``DejaVuSans-Bold.ttf``) and
fonts-droid-fallback (``DroidSansFallback.ttf``, the one of its two files with Hangul;
``apt-get download fonts-droid-fallback && dpkg-deb -x fonts-droid-fallback_*.deb x``
gives it without installing). It writes ``bot/render/fonts/DejaVuSans-Bold-Names.ttf`` and
``DroidSansFallback-Names.ttf`` and prints what SOURCES.txt should say about them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.pofile import read_po
from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "bot" / "render" / "fonts"
LOCALES = ROOT / "bot" / "locales"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
DROID = Path("/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf")

# DejaVu: Latin (with Latin-1, Extended-A/B and Extended Additional), Greek, Cyrillic,
# general punctuation, currency signs, arrows.
DEJAVU_RANGES = (
    (0x20, 0x7E), (0xA0, 0x24F), (0x370, 0x3FF), (0x400, 0x4FF), (0x1E00, 0x1EFF),
    (0x2010, 0x2027), (0x2030, 0x205E), (0x20A0, 0x20BF), (0x2122, 0x2122), (0x2190, 0x2193),
)  # fmt: skip
# Droid: CJK punctuation, kana, Hangul compatibility jamo, full- and half-width forms.
DROID_RANGES = ((0x3000, 0x303F), (0x3040, 0x30FF), (0x3131, 0x318E), (0xFF01, 0xFF9F))


def _codec_characters(codec: str, leads: range, trails: range) -> set[str]:
    """Every character a double-byte ``codec`` encodes with these lead and trail bytes."""
    found = set()
    for lead in leads:
        for trail in trails:
            try:
                found.add(bytes((lead, trail)).decode(codec))
            except UnicodeDecodeError:
                continue
    return found


def names_characters() -> set[str]:
    """What players' names need beyond Latin: the hanzi of GB2312 (simplified) and of Big5
    level 1 (traditional), the kanji of JIS X 0208 and the 2,350 Hangul syllables of
    KS X 1001 — the characters people's names are written in."""
    return (
        _codec_characters("gb2312", range(0xB0, 0xF8), range(0xA1, 0xFF))
        | _codec_characters("big5", range(0xA4, 0xC7), range(0x40, 0xFF))
        | _codec_characters("euc_jp", range(0xB0, 0xF5), range(0xA1, 0xFF))
        | _codec_characters("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))
    )


def catalog_characters(locales: Path = LOCALES) -> set[str]:
    """Every character of every message, English and translated, in the ``.po`` catalogs
    (line breaks and tabs aside: they are never drawn)."""
    found: set[str] = set()
    for path in sorted(locales.glob("*/LC_MESSAGES/*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            for text in _texts(message.id) + _texts(message.string):
                found.update(text)
    return found - {"\n", "\t", "\r"}


def _texts(value: str | Iterable[str] | None) -> list[str]:
    if not value:
        return []
    return [value] if isinstance(value, str) else [text for text in value if text]


def _ranges(ranges: Iterable[tuple[int, int]]) -> set[str]:
    return {chr(code) for low, high in ranges for code in range(low, high + 1)}


def _cmap(path: Path) -> set[str]:
    return {chr(code) for code in TTFont(path).getBestCmap()}


def _subset(source: Path, characters: set[str], target: Path, *, hinting: bool) -> None:
    """``source`` cut to ``characters`` at ``target``; ``hinting``: its TrueType
    instructions kept (without them FreeType's auto-hinter redraws the glyphs, narrower
    than their advances: DejaVu Bold's "m" then stood apart from the "n" after it)."""
    options = subset.Options()
    options.hinting = hinting
    options.desubroutinize = True
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in characters))
    subsetter.subset(font)
    subset.save_font(font, str(target), options)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dejavu", type=Path, default=DEJAVU, help="DejaVuSans-Bold.ttf")
    parser.add_argument("--droid", type=Path, default=DROID, help="DroidSansFallback.ttf")
    args = parser.parse_args(argv)
    for path in (args.dejavu, args.droid):
        if not path.is_file():
            print(f"{path} not found (see this tool's docstring)", file=sys.stderr)
            return 2
    dejavu_has, droid_has = _cmap(args.dejavu), _cmap(args.droid)
    wanted = catalog_characters()
    latin = (_ranges(DEJAVU_RANGES) | wanted) & dejavu_has
    cjk = ((names_characters() | _ranges(DROID_RANGES) | wanted) - latin) & droid_has
    _subset(args.dejavu, latin, FONTS / "DejaVuSans-Bold-Names.ttf", hinting=True)
    _subset(args.droid, cjk, FONTS / "DroidSansFallback-Names.ttf", hinting=False)
    missing = sorted(wanted - latin - cjk)
    print(f"DejaVuSans-Bold-Names.ttf: {len(latin)} characters")
    print(f"DroidSansFallback-Names.ttf: {len(cjk)} characters")
    if missing:
        print("in neither font: " + " ".join(f"U+{ord(c):04X}" for c in missing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
