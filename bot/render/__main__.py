"""``python -m bot.render FEN [options] -o board.png``: look at any board.

Exits with status 2 and one line on stderr for a bad FEN, move, square or option.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.render import render_board
from bot.render.themes import THEMES
from rules import VARIANT_NAMES, Color, Move, RulesError, get_variant


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot.render", description=__doc__)
    parser.add_argument("fen", help='the position, or "startpos"')
    parser.add_argument("--variant", choices=VARIANT_NAMES, default="chess")
    parser.add_argument("--last-move", help="the move to highlight, as coordinates: e2e4, h2e2")
    parser.add_argument("--orientation", choices=("white", "black", "red"))
    parser.add_argument("--marks", default="", help="squares to mark, e.g. e4,e5")
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--theme", choices=sorted(THEMES))
    parser.add_argument("--no-coordinates", action="store_true")
    parser.add_argument("-o", "--output", required=True, type=Path)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    variant = get_variant(args.variant)
    try:
        position = variant.from_fen(args.fen)
        last_move = None
        if args.last_move:
            # The move that led here was legal in the position before, which a FEN does not
            # give, so it is read as plain coordinates rather than parsed against the rules.
            text = args.last_move.replace("-", "").strip()
            if len(text) not in (4, 5):
                raise ValueError(f"--last-move {args.last_move!r}: use coordinates like e2e4")
            last_move = Move(variant.parse_square(text[:2]), variant.parse_square(text[2:4]))
        marks = [variant.parse_square(name) for name in args.marks.split(",") if name.strip()]
        orientation = None
        if args.orientation:
            orientation = Color.WHITE if args.orientation in ("white", "red") else Color.BLACK
        png = render_board(
            position,
            orientation=orientation,
            last_move=last_move,
            marks=marks,
            coordinates=not args.no_coordinates,
            size=args.size,
            theme=args.theme,
        )
        args.output.write_bytes(png)
    except (RulesError, ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
