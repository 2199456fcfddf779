"""Whole-game GIFs within Discord's upload limit: size, frames and time by game length.

Plays random legal games of each length (chess and xiangqi) and renders them as ``/gif``
does, under the limit the bot uses for an unboosted server (10 MiB less a 256 KiB margin),
and under a tighter one to show the fallbacks. Prints plies, frames, step (plies per
frame), frame size, bytes and seconds.
"""

from __future__ import annotations

import argparse
import random
import time

from long_game import chess_line, xiangqi_line  # run as `python benchmarks/gif.py`

from bot.render.animation import render_animation
from rules import Game

LIMIT = 10 * 1024 * 1024 - 256 * 1024


def long_game(variant: str, plies: int, seed: int) -> Game:
    """A legal game of exactly ``plies`` plies that no rule ends (benchmarks/long_game.py)."""
    line = chess_line if variant == "chess" else xiangqi_line
    return Game(variant).extended(line(plies, random.Random(seed)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lengths", default="40,150,300,600,1200")
    parser.add_argument("--tight", type=int, default=1024 * 1024, help="a second, tighter limit")
    args = parser.parse_args()
    print("| game | plies | limit | frames | step | px | bytes | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for variant in ("chess", "xiangqi"):
        for length in (int(n) for n in args.lengths.split(",")):
            game = long_game(variant, length, seed=length)
            for limit in (LIMIT, args.tight):
                started = time.perf_counter()
                made = render_animation(game, frame_ms=1000, limit_bytes=limit)
                seconds = time.perf_counter() - started
                print(
                    f"| {variant} | {game.ply} | {limit / 1024 / 1024:.1f} MiB | {made.frames} "
                    f"| {made.step} | {made.size} | {len(made.data):,} | {seconds:.2f} |"
                )


if __name__ == "__main__":
    main()
