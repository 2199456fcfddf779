"""``python -m bot.render FEN [options] -o board.png``: look at any board.

Exits with status 2 and one line on stderr for a bad FEN, move, square or option.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.render import render_board
from bot.render.themes import THEMES
from rules import VARIANT_NAMES, Color, Move, RulesError, Square, Variant, get_variant

# Two square names, optionally joined by '-', and a chess promotion letter: e2e4, h2-e2, e7e8q.
MOVE_COORDINATES = re.compile(r"([a-i][0-9])-?([a-i][0-9])[qrbn]?")


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


def _squares(variant: Variant, option: str, names: list[str]) -> list[Square]:
    """The squares named (blank names skipped); ValueError naming the option otherwise."""
    try:
        return [variant.parse_square(name.strip()) for name in names if name.strip()]
    except RulesError as error:
        raise ValueError(f"{option}: {error}") from None


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    variant = get_variant(args.variant)
    try:
        position = variant.from_fen(args.fen)
        last_move = None
        if args.last_move:
            # The move that led here was legal in the position before, which a FEN does not
            # give, so it is read as plain coordinates rather than parsed against the rules.
            match = MOVE_COORDINATES.fullmatch(args.last_move.strip().lower())
            if match is None:
                raise ValueError(f"--last-move {args.last_move!r}: use coordinates like e2e4")
            start, end = _squares(variant, "--last-move", [match[1], match[2]])
            last_move = Move(start, end)
        marks = _squares(variant, "--marks", [name for name in args.marks.split(",")])
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
