"""``python -m bot.render FEN [options] -o board.png``: look at any board.

Exits with status 2 and one line on stderr for a bad FEN, move, square or option, and for a
theme or piece set made for the other variant (rather than quietly drawing the default).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.render import PIECE_SETS, THEMES, Coordinates, PlayerLabel, Strip, render_board
from rules import VARIANT_NAMES, Color, Move, RulesError, Square, Variant, get_variant

# Two square names, optionally joined by '-', and a chess promotion letter: e2e4, h2-e2, e7e8q.
# Janggi's ranks run to 10 (b10c8).
MOVE_COORDINATES = re.compile(r"([a-i](?:10|[0-9]))-?([a-i](?:10|[0-9]))[qrbn]?")
# The sides' names by variant, the first moving first (``Color.WHITE``); white and black
# name the first and the second side of any variant besides.
SIDES = {
    "chess": ("white", "black"),
    "chess960": ("white", "black"),
    "xiangqi": ("red", "black"),
    "janggi": ("cho", "han"),
}
# A player for the strip: a name, optionally ':' and a rating ("Alice:1500").
PLAYER = re.compile(r"(?P<name>.+?)(?::(?P<rating>\d{1,5}))?")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot.render", description=__doc__)
    parser.add_argument("fen", help='the position, or "startpos"')
    parser.add_argument("--variant", choices=VARIANT_NAMES, default="chess")
    parser.add_argument("--last-move", help="the move to highlight, as coordinates: e2e4, h2e2")
    parser.add_argument(
        "--orientation",
        choices=sorted({name for sides in SIDES.values() for name in sides}),
        help="the side at the bottom: white or black; red (xiangqi); cho or han (janggi)",
    )
    parser.add_argument("--marks", default="", help="squares to mark, e.g. e4,e5")
    parser.add_argument("--selected", help="the square of the piece the marks belong to")
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--theme", choices=sorted(THEMES))
    parser.add_argument("--pieces", choices=sorted(PIECE_SETS), help="the piece set")
    parser.add_argument(
        "--white", help="white's (red's, cho's) name for the strip, e.g. Alice:1500"
    )
    parser.add_argument("--black", help="black's (han's) name for the strip, e.g. Bob:1480")
    parser.add_argument(
        "--over", action="store_true", help="the game is over: the strip shows no turn"
    )
    parser.add_argument(
        "--coordinates",
        choices=[placement.value for placement in Coordinates],
        default=Coordinates.INSIDE.value,
        help="inside the edge squares (default), in a frame around the board, or none",
    )
    parser.add_argument("--no-coordinates", action="store_true", help="as --coordinates none")
    parser.add_argument(
        "--preview", action="store_true", help="mark --last-move as a move not yet played"
    )
    parser.add_argument("-o", "--output", required=True, type=Path)
    return parser


def _squares(variant: Variant, option: str, names: list[str]) -> list[Square]:
    """The squares named (blank names skipped); ValueError naming the option otherwise."""
    squares = []
    for name in (name.strip() for name in names):
        if not name:
            continue
        try:
            squares.append(variant.parse_square(name))
        except RulesError:
            last = variant.files * variant.ranks - 1
            span = f"{variant.square_name(0)} to {variant.square_name(last)}"
            raise ValueError(
                f"{option}: {name!r} is not a square of a {variant.name} board ({span})"
            ) from None
    return squares


def _made_for(variant: Variant, option: str, name: str | None, made_for: str | None) -> None:
    """ValueError when a theme or piece set belongs to the other variant."""
    if name is not None and made_for is not None and made_for != variant.name:
        raise ValueError(
            f"{option} {name} is made for {made_for}; this is a {variant.name} board "
            f"(add --variant {made_for} to draw a {made_for} position)"
        )


def _side(variant: Variant, name: str) -> Color:
    """The side ``name`` stands for on ``variant``'s board; ValueError for another
    variant's side (red on a chess board)."""
    first, second = SIDES.get(variant.name, ("white", "black"))
    if name in (first, "white"):
        return Color.WHITE
    if name in (second, "black"):
        return Color.BLACK
    raise ValueError(
        f"--orientation {name} is not a side of {variant.name}: use {first} or {second}"
    )


def _player(option: str, text: str | None) -> PlayerLabel:
    match = PLAYER.fullmatch((text or "").strip())
    if match is None:
        raise ValueError(f"{option}: give a name, optionally :rating (Alice:1500)")
    rating = match["rating"]
    return PlayerLabel(match["name"], int(rating) if rating else None)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    variant = get_variant(args.variant)
    try:
        theme = THEMES.get(args.theme) if args.theme else None
        _made_for(variant, "--theme", args.theme, theme.variant if theme else None)
        pieces = PIECE_SETS.get(args.pieces) if args.pieces else None
        _made_for(variant, "--pieces", args.pieces, pieces.variant if pieces else None)
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
        marks = _squares(variant, "--marks", args.marks.split(","))
        selected = _squares(variant, "--selected", [args.selected or ""])
        orientation = _side(variant, args.orientation) if args.orientation else None
        strip = None
        if args.white is not None or args.black is not None:
            to_move = None if args.over else position.side_to_move
            white, black = _player("--white", args.white), _player("--black", args.black)
            strip = Strip(white, black, to_move)
        png = render_board(
            position,
            orientation=orientation,
            last_move=last_move,
            marks=marks,
            selected=selected[0] if selected else None,
            coordinates=Coordinates.NONE if args.no_coordinates else args.coordinates,
            preview=args.preview,
            size=args.size,
            theme=theme,
            pieces=pieces,
            strip=strip,
        )
        args.output.write_bytes(png)
    except (RulesError, ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
