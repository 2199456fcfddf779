"""Rasterise the vector chess piece sets in ``assets/pieces/`` into the sprites Postal ships.

A development tool, run once when a piece set is added or changed; the bot itself never
reads SVG. Needs cairosvg (``pip install -e '.[art]'``), which needs the cairo library.

    python tools/rasterise_pieces.py            # every set
    python tools/rasterise_pieces.py cburnett   # one set

For each set it writes ``bot/render/pieces/<set>/<colour><kind>.png`` (``wK.png`` …
``bP.png``): RGBA, MASTER pixels square: the artwork's own box, drawn over the whole
square as the set's makers draw it (lichess, gnome-chess), never shrunk to leave a margin. The renderer only ever scales these masters down (a 2048 px board has squares of
at most 256 px), so pieces stay crisp at every board size from 128 to 2048 px. The set's
licence and source note are copied beside the sprites.
"""

from __future__ import annotations

import argparse
import io
import shutil
import sys
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets" / "pieces"
OUTPUT = ROOT / "bot" / "render" / "pieces"
MASTER = 256
SVG = "http://www.w3.org/2000/svg"
KINDS = {"k": "King", "q": "Queen", "r": "Rook", "b": "Bishop", "n": "Knight", "p": "Pawn"}
# Shipped beside the sprites: the licence and where the art came from.
NOTES = ("LICENSE.txt", "SOURCE.txt")


@dataclass(frozen=True)
class PieceSet:
    """Where a set's SVG for each piece comes from."""

    name: str
    svg_of: Callable[[Path, str, str], bytes]  # (set folder, "w"/"b", kind letter) -> SVG


def _sprite_piece(folder: Path, colour: str, kind: str) -> bytes:
    """One piece out of cm-chessboard's sprite: its group, alone, in the sprite's own
    40-unit box, where each group is placed (by its transform) as the set means it to stand
    on a square: queen and bishop 78 % of the square's height, as lichess draws them."""
    ElementTree.register_namespace("", SVG)
    root = ElementTree.parse(folder / "standard.svg").getroot()
    group = root.find(f".//{{{SVG}}}g[@id='{colour}{kind}']")
    if group is None:
        raise SystemExit(f"{folder / 'standard.svg'}: no group {colour}{kind}")
    document = ElementTree.Element(f"{{{SVG}}}svg", {"viewBox": root.attrib["viewBox"]})
    document.append(group)
    return ElementTree.tostring(document)


def _file_piece(folder: Path, colour: str, kind: str) -> bytes:
    """One piece from a file per piece, named as gnome-chess names them (whiteKing.svg),
    in its own 1000-unit box, which gnome-chess draws over the whole square (king and
    bishop 88 % of its height)."""
    name = ("white" if colour == "w" else "black") + KINDS[kind]
    return (folder / f"{name}.svg").read_bytes()


SETS = {
    "cburnett": PieceSet("cburnett", _sprite_piece),
    "simple": PieceSet("simple", _file_piece),
}


def rasterise(svg: bytes) -> Image.Image:
    """The SVG drawn MASTER × MASTER pixels, RGBA."""
    import cairosvg  # a dev-time dependency only

    png = cairosvg.svg2png(bytestring=svg, output_width=MASTER, output_height=MASTER)
    return Image.open(io.BytesIO(png)).convert("RGBA")


def pieces() -> Iterator[tuple[str, str]]:
    for colour in "wb":
        for kind in KINDS:
            yield colour, kind


def build(piece_set: PieceSet) -> Path:
    """Write one set's sprites and notes; returns the folder written."""
    source = ASSETS / piece_set.name
    target = OUTPUT / piece_set.name
    target.mkdir(parents=True, exist_ok=True)
    for colour, kind in pieces():
        image = rasterise(piece_set.svg_of(source, colour, kind))
        if image.getbbox() is None:
            raise SystemExit(f"{piece_set.name} {colour}{kind}: the SVG drew nothing")
        image.save(target / f"{colour}{kind.upper()}.png", optimize=True)
    for note in NOTES:
        shutil.copyfile(source / note, target / note)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", help=f"default: all of {', '.join(SETS)}")
    args = parser.parse_args(argv)
    unknown = [name for name in args.sets if name not in SETS]
    if unknown:
        parser.error(f"unknown piece set {unknown[0]!r}: choose from {', '.join(SETS)}")
    for name in args.sets or SETS:
        print(build(SETS[name]).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
