"""Board image speed and size, for every piece set and theme: Postal's renderer against the
usual bot way, in one run; and how large each chess set's pieces stand on their squares.

The usual way (most Discord chess bots): python-chess draws an SVG and cairosvg rasterises
it. Run ``pip install -e '.[bench]'`` for the peer; without it only Postal's figures print.
Prints the piece-to-square ratio of each chess set (a bishop, queen and knight on d4, diffed
against the board without them: height and width as shares of the square; lichess draws
cburnett's queen and bishop at 78 %), then, for each theme and piece set of each variant, the
median milliseconds (CPU time) and bytes per PNG at 512 px (plain, and with the players'
strip), and the first render after start-up (sprites and tiles built once), measured in a
fresh process. Budget: median <= 5 ms, <= 40 KB, first render <= 300 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from bot.render import PlayerLabel, Strip, piece_set_names, render_board, render_gif, theme_names
from bot.render.measure import piece_box
from rules import Color, Game, Move, get_variant

CASES = (
    ("chess opening", "chess", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
     "b8c6"),
    ("chess middlegame, check", "chess",
     "r1bq1b1r/ppp3pp/4k3/3np3/2B5/P1N2Q2/1PnP1PPP/R1B1K2R w KQ - 0 10", "b4c2"),
    ("chess check", "chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
     "d8h4"),
    ("xiangqi middlegame", "xiangqi",
     "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b - - 3 3", "h0g2"),
)  # fmt: skip
FIRST_RENDER = (
    "import time; t, c = time.perf_counter(), time.process_time(); "
    "from bot.render import render_board; from rules import get_variant; "
    "render_board(get_variant({variant!r}).start(), pieces={pieces!r}, theme={theme!r}); "
    "print(time.perf_counter() - t, time.process_time() - c)"
)
STRIP = Strip(PlayerLabel("Alice Liddell", 1523), PlayerLabel("Bob", 1480), Color.WHITE)
BUDGET_MS, BUDGET_KB, BUDGET_FIRST_MS = 5.0, 40.0, 300.0


def median_ms(run: Callable[[], bytes], repeat: int) -> tuple[float, int]:
    """The median milliseconds of CPU time one call takes, and the bytes it returns.

    CPU time (the process's, which a render spends on one thread) rather than wall time: it
    is what a render costs, and it stays put when other work shares the machine's cores.
    """
    run()  # warm the caches: the figure is the steady state
    times, size = [], 0
    for _ in range(repeat):
        started = time.process_time()
        size = len(run())
        times.append(time.process_time() - started)
    return statistics.median(times) * 1000, size


def peer() -> Callable[[str, str | None], bytes] | str:
    try:
        import cairosvg
        import chess
        import chess.svg
    except (ImportError, OSError) as error:
        return f"{error} (pip install -e '.[bench]')"

    def render(fen: str, last: str | None) -> bytes:
        board = chess.Board(fen)
        svg = chess.svg.board(
            board,
            size=512,
            lastmove=chess.Move.from_uci(last) if last else None,
            check=board.king(board.turn) if board.is_check() else None,
        )
        png: bytes = cairosvg.svg2png(bytestring=svg.encode())
        return png

    return render


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()

    load, cores = os.getloadavg()[0], os.cpu_count() or 1
    if load > cores:
        print(f"note: the machine is busy (load {load:.1f} on {cores} cores), so every figure "
              "is inflated; the peer's column shows by how much")  # fmt: skip
    print_piece_scale()
    for variant_name, theme, pieces in looks():
        script = FIRST_RENDER.format(variant=variant_name, pieces=pieces, theme=theme)
        output = subprocess.check_output([sys.executable, "-c", script], text=True)
        wall, cpu = (float(figure) * 1000 for figure in output.split())
        flag = "" if cpu <= BUDGET_FIRST_MS else "  OVER BUDGET"
        print(f"first {variant_name} render, {theme} theme, {pieces} pieces, in a fresh process "
              f"(imports included): {cpu:.0f} ms CPU, {wall:.0f} ms wall{flag}")  # fmt: skip
    other = peer()
    header = f"{'board (512 px)':<26} {'theme':<7} {'pieces':<11} {'postal ms':>9} {'postal KB':>9}"
    header += f" {'+strip ms':>9} {'+strip KB':>9}"
    if callable(other):
        header += f" {'svg+cairo ms':>12} {'svg+cairo KB':>12} {'speed-up':>8}"
    print(header)
    for name, variant_name, fen, last in CASES:
        variant = get_variant(variant_name)
        position = variant.from_fen(fen)
        move = None
        if last:
            move = Move(variant.parse_square(last[:2]), variant.parse_square(last[2:]))
        theirs: tuple[float, int] | None = None
        if callable(other) and variant_name == "chess":
            repeat = max(5, args.repeat // 5)
            theirs = median_ms(lambda f=fen, m=last: other(f, m), repeat)
        for theme, pieces in [(t, s) for v, t, s in looks() if v == variant_name]:
            ours, size = median_ms(
                lambda p=position, m=move, s=pieces, t=theme: render_board(
                    p, last_move=m, pieces=s, theme=t
                ),
                args.repeat,
            )
            framed, framed_size = median_ms(
                lambda p=position, m=move, s=pieces, t=theme: render_board(
                    p, last_move=m, pieces=s, theme=t, strip=STRIP
                ),
                args.repeat,
            )
            over = [ms > BUDGET_MS or nbytes / 1024 > BUDGET_KB
                    for ms, nbytes in ((ours, size), (framed, framed_size))]  # fmt: skip
            line = f"{name:<26} {theme:<7} {pieces:<11} {ours:>9.2f} {size / 1024:>9.1f}"
            line += f" {framed:>9.2f} {framed_size / 1024:>9.1f}"
            if theirs is not None:
                line += f" {theirs[0]:>12.1f} {theirs[1] / 1024:>12.1f} {theirs[0] / ours:>7.0f}x"
            print(line + ("  OVER BUDGET" if any(over) else ""), flush=True)
    if not callable(other):
        print(f"peer unavailable: {other}")
    game = Game("chess")
    for text in "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Nc3 Nxe4 O-O Bxc3".split():
        game = game.play(text)
    started = time.process_time()
    gif = render_gif(game)
    print(f"GIF of a {game.ply}-ply game at 360 px: {len(gif) / 1024:.0f} KB in "
          f"{(time.process_time() - started) * 1000:.0f} ms CPU")  # fmt: skip
    long_game = random_game(300, seed=0)
    started = time.process_time()
    gif = render_gif(long_game)
    seconds = time.process_time() - started
    print(f"GIF of a {long_game.ply}-ply (150-move) random game at 360 px: "
          f"{len(gif) / 1024 / 1024:.2f} MB in {seconds:.2f} s CPU")  # fmt: skip


def looks() -> list[tuple[str, str, str]]:
    """Every (variant, theme, piece set) a board can be drawn in."""
    return [
        (variant, theme, pieces)
        for variant in ("chess", "xiangqi")
        for theme in theme_names(variant)
        for pieces in piece_set_names(variant)
    ]


def print_piece_scale() -> None:
    """Each chess set's bishop, queen and knight on d4 of a 512 px board: height x width
    as shares of the square, and how far the piece's middle is from the square's."""
    print("piece-to-square ratio (512 px, on d4; lichess: cburnett's queen and bishop 78 %)")
    for pieces in piece_set_names("chess"):
        cells = []
        for piece, name in (("B", "bishop"), ("Q", "queen"), ("N", "knight")):
            box = piece_box(pieces, piece)
            cells.append(f"{name} {box.height:.0%} x {box.width:.0%}"
                         f" (off centre {box.dx:+.0%}, {box.dy:+.0%})")  # fmt: skip
        print(f"  {pieces:<9} " + "; ".join(cells))


def random_game(plies: int, seed: int) -> Game:
    """A chess game of random legal moves, up to ``plies`` long (shorter if it ends)."""
    chooser = random.Random(seed)
    game = Game("chess")
    while game.ply < plies and game.outcome() is None:
        game = game.play(chooser.choice(list(game.position.legal_moves())))
    return game


if __name__ == "__main__":
    main()
