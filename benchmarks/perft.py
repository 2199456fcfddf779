"""Perft speed: Postal's rules engine against python-chess on the same positions, same run.

Run: ``python benchmarks/perft.py`` (after ``pip install -e '.[bench]'`` for the peer).
Both count leaves in bulk at depth 1. Each figure is the best of ``--repeat`` runs.
Chess960 is measured against python-chess with ``chess960=True`` the same way (``--chess960``
runs that part alone). Xiangqi start-position perft is reported too (no peer; the target is
within 2x of chess). Janggi (``--janggi`` alone) is measured against Fairy-Stockfish's own
``go perft`` (``/usr/games/fairy-stockfish``, ``UCI_Variant janggi``), in CPU seconds of
each (the engine's read from ``/proc``), as a ratio.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import time
from collections.abc import Callable
from functools import partial

from rules import get_variant
from rules.perft import perft

CHESS_CASES = (
    ("initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624),
    ("position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333),
    ("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487),
    (
        "position6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
        3894594,
    ),
)
CHESS960_CASES = (
    ("start 518", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281),
    ("start 0", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", 4, 201143),
    ("scharnagl-1", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 4, 326672),
    ("scharnagl-2", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 4, 667366),
    ("castle-through-rook", "1r1k1r2/8/8/8/8/8/8/RKR5 w CAfb - 0 1", 5, 341982),
)
XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
XIANGQI_MIDDLEGAME = (
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"
)
XIANGQI_CASES = (
    ("start", XIANGQI_START, 3, 79666),
    ("start", XIANGQI_START, 4, 3290240),
    ("middlegame", XIANGQI_MIDDLEGAME, 3, 100326),  # a Fairy-Stockfish test position
    ("middlegame", XIANGQI_MIDDLEGAME, 4, 4485547),
)

JANGGI_START = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"
# Depth 4: Fairy-Stockfish counts a depth 3 in less than its 10 ms clock tick.
JANGGI_CASES = (
    ("start", JANGGI_START, 4, 1065277),
    # positions of Fairy-Stockfish self-play (tests/rules/janggi/perft_janggi.txt)
    (
        "game1-ply20",
        "2ba1a1r1/r3k4/2nc2n2/p1p1p3b/6pp1/9/BPPP2P1P/2NC2NcC/3K5/R2AA1B1R w - - 20 11",
        4,
        2609859,
    ),
    ("game10-ply60", "2bk1a3/5n3/7c1/1pp3p2/1r7/4P4/1r4b1P/4K4/3A1A3/R2R5 w - - 0 31", 4, 1553713),
)
FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"

# Wall-clock time by default; ``--cpu`` measures CPU time, which a loaded machine skews less.
CLOCK = {"clock": time.perf_counter}


def best_time(run: Callable[[], int], expected: int, repeat: int) -> float:
    best = float("inf")
    clock = CLOCK["clock"]
    for _ in range(repeat):
        started = clock()
        nodes = run()
        best = min(best, clock() - started)
        if nodes != expected:
            raise SystemExit(f"wrong node count {nodes}, expected {expected}")
    return best


def python_chess_perft(chess960: bool = False) -> Callable[[str, int], int] | str:
    try:
        import chess
    except ImportError:
        return "python-chess is not installed (pip install -e '.[bench]')"

    def count(board: chess.Board, depth: int) -> int:
        if depth == 1:
            return board.legal_moves.count()
        nodes = 0
        for move in board.legal_moves:
            board.push(move)
            nodes += count(board, depth - 1)
            board.pop()
        return nodes

    return lambda fen, depth: count(chess.Board(fen, chess960=chess960), depth)


def compare(
    variant_name: str, cases: tuple[tuple[str, str, int, int], ...], repeat: int
) -> list[float]:
    """Print one line per case (ours, python-chess's, the speed-up); our nodes per second."""
    peer = python_chess_perft(chess960=variant_name == "chess960")
    variant = get_variant(variant_name)
    title = f"{variant_name} position"
    print(f"{title:<20} {'depth':>5} {'nodes':>9} {'postal s':>9} {'postal nps':>11} "
          f"{'py-chess s':>10} {'py-chess nps':>12} {'speed-up':>8}")  # fmt: skip
    rates = []
    for name, fen, depth, expected in cases:
        position = variant.from_fen(fen)
        ours = best_time(partial(perft, position, depth), expected, repeat)
        rates.append(expected / ours)
        line = f"{name:<20} {depth:>5} {expected:>9} {ours:>9.3f} {expected / ours:>11,.0f}"
        if callable(peer):
            theirs = best_time(partial(peer, fen, depth), expected, repeat)
            line += f" {theirs:>10.3f} {expected / theirs:>12,.0f} {theirs / ours:>7.2f}x"
        print(line, flush=True)
    if not callable(peer):
        print(f"peer unavailable: {peer}")
    return rates


class FairyStockfishPerft:
    """Fairy-Stockfish's ``go perft`` over UCI, timed in the engine's own CPU seconds."""

    def __init__(self) -> None:
        self._process = subprocess.Popen(
            [FAIRY_STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self._send("uci\nsetoption name UCI_Variant value janggi\nisready")
        self._until("readyok")

    def _send(self, text: str) -> None:
        assert self._process.stdin is not None
        self._process.stdin.write(text + "\n")
        self._process.stdin.flush()

    def _until(self, prefix: str) -> str:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            if line.startswith(prefix):
                return line
        raise SystemExit("fairy-stockfish stopped")

    def _cpu(self) -> float:
        with open(f"/proc/{self._process.pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def time(self, fen: str, depth: int, expected: int) -> float:
        started = self._cpu()
        self._send(f"position fen {fen}\ngo perft {depth}")
        nodes = int(self._until("Nodes searched:").split(":")[1])
        if nodes != expected:
            raise SystemExit(f"fairy-stockfish counted {nodes}, expected {expected}")
        return self._cpu() - started

    def close(self) -> None:
        self._send("quit")
        self._process.wait(timeout=10)


def compare_janggi(repeat: int) -> None:
    """Janggi perft against Fairy-Stockfish's, both in CPU seconds, best of ``repeat``."""
    if shutil.which(FAIRY_STOCKFISH) is None:
        print(f"janggi peer unavailable: no {FAIRY_STOCKFISH}")
        return
    engine = FairyStockfishPerft()
    janggi = get_variant("janggi")
    print(f"{'janggi position':<20} {'depth':>5} {'nodes':>9} {'postal cpu-s':>12} "
          f"{'postal nps':>11} {'fsf cpu-s':>9} {'fsf nps':>11} {'fsf is':>8}")  # fmt: skip
    CLOCK["clock"] = time.process_time
    try:
        for name, fen, depth, expected in JANGGI_CASES:
            ours = best_time(partial(perft, janggi.from_fen(fen), depth), expected, repeat)
            # Fairy-Stockfish's clock ticks in 10 ms: a floor keeps the ratio finite.
            theirs = max(min(engine.time(fen, depth, expected) for _ in range(repeat)), 0.01)
            print(f"{name:<20} {depth:>5} {expected:>9} {ours:>12.3f} {expected / ours:>11,.0f} "
                  f"{theirs:>9.3f} {expected / theirs:>11,.0f} "
                  f"{ours / theirs:>7.0f}x", flush=True)  # fmt: skip
    finally:
        engine.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="only the two target positions")
    parser.add_argument("--chess960", action="store_true", help="only the Chess960 positions")
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall clock")
    parser.add_argument("--janggi", action="store_true", help="only janggi, against FSF")
    args = parser.parse_args()
    if args.janggi:
        compare_janggi(args.repeat)
        return
    if args.cpu:
        CLOCK["clock"] = time.process_time

    if not args.chess960:
        chess_rates = compare("chess", CHESS_CASES[:2] if args.quick else CHESS_CASES, args.repeat)
    print()
    compare("chess960", CHESS960_CASES[:2] if args.quick else CHESS960_CASES, args.repeat)
    if args.chess960:
        return

    try:
        xiangqi = get_variant("xiangqi")
    except ImportError as error:
        print(f"xiangqi unavailable: {error}")
        return
    chess_nps = sorted(chess_rates)[len(chess_rates) // 2]
    print(f"\n{'xiangqi':<12} {'depth':>5} {'nodes':>9} {'postal s':>9} {'postal nps':>11} "
          f"{'vs chess median nps':>20}")  # fmt: skip
    for name, fen, depth, expected in XIANGQI_CASES:
        position = xiangqi.from_fen(fen)
        repeat = 1 if expected > 1_000_000 else args.repeat
        ours = best_time(partial(perft, position, depth), expected, repeat)
        nps = expected / ours
        print(f"{name:<12} {depth:>5} {expected:>9} {ours:>9.3f} {nps:>11,.0f} "
              f"{nps / chess_nps:>19.2f}x")  # fmt: skip
    print()
    compare_janggi(args.repeat)


if __name__ == "__main__":
    main()
