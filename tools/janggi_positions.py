"""Writes tests/rules/janggi/perft_janggi.txt: janggi positions with Fairy-Stockfish's perft.

Fairy-Stockfish (``/usr/games/fairy-stockfish``, ``UCI_Variant janggi``) plays games against
itself, each opened by a few seeded random moves so the games differ; every tenth position
of each game is kept, with a few positions made by hand for the rules' corners (palace
diagonals, cannons facing cannons, bikjang, soldiers in the enemy palace) and the other
horse/elephant setups. Each position's
leaf counts at depths 1 to 3 come from Fairy-Stockfish's own ``go perft``, so the file is
the oracle's word, and ``tests/rules/janggi/test_janggi_perft.py`` holds Postal's engine
to it.

    .venv/bin/python tools/janggi_positions.py [--games 12] [--seed 28]
"""

from __future__ import annotations

import argparse
import random
import subprocess
from pathlib import Path

from rules import Game
from rules.janggi import Setup, start_fen

ENGINE = "/usr/games/fairy-stockfish"
OUT = Path(__file__).resolve().parent.parent / "tests" / "rules" / "janggi" / "perft_janggi.txt"
# Made by hand: where the rules have their corners.
CORNERS = (
    ("bikjang", "3k5/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1"),
    ("palace-diagonals", "3ak4/4a4/5R3/9/9/9/9/3C5/4C4/3K1c3 b - - 0 1"),
    ("cannon-screens", "4k4/4a4/4c4/9/4C4/4P4/9/2c1A4/4K4/9 b - - 0 1"),
    ("soldiers-in-palace", "3k5/9/3P1P3/9/9/9/9/9/4p4/3K1A3 w - - 0 1"),
    ("elephants-horses", "4k4/9/2B6/3n5/4N4/9/4b4/9/9/4K4 w - - 0 1"),
    # the other setups (the start is 마상상마 for both)
    ("setup-상마상마-마상마상", start_fen(Setup.SANG_MA_SANG_MA, Setup.MA_SANG_MA_SANG)),
    ("setup-상마마상-상마마상", start_fen(Setup.SANG_MA_MA_SANG, Setup.SANG_MA_MA_SANG)),
    ("setup-마상마상-상마상마", start_fen(Setup.MA_SANG_MA_SANG, Setup.SANG_MA_SANG_MA)),
)


class Engine:
    """A Fairy-Stockfish process spoken to over UCI."""

    def __init__(self) -> None:
        self._process = subprocess.Popen(
            [ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self._send("uci")
        self._until("uciok")
        self._send("setoption name UCI_Variant value janggi")

    def _send(self, line: str) -> None:
        assert self._process.stdin is not None
        self._process.stdin.write(line + "\n")
        self._process.stdin.flush()

    def _until(self, prefix: str) -> str:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            if line.startswith(prefix):
                return line.strip()
        raise RuntimeError("the engine stopped")

    def best_move(self, fen: str, moves: list[str], nodes: int) -> str:
        self._send(f"position fen {fen} moves {' '.join(moves)}".rstrip())
        self._send(f"go nodes {nodes}")
        return self._until("bestmove").split()[1]

    def perft(self, fen: str, depth: int) -> int:
        self._send(f"position fen {fen}")
        self._send(f"go perft {depth}")
        return int(self._until("Nodes searched:").split(":")[1])

    def close(self) -> None:
        self._send("quit")
        self._process.wait(timeout=10)


def played_positions(engine: Engine, games: int, rng: random.Random) -> list[tuple[str, str]]:
    """Every tenth position of ``games`` engine games, named ``gameN-plyM``."""
    found = []
    for number in range(1, games + 1):
        game = Game("janggi")
        start = game.position.fen()
        while game.outcome() is None and game.ply < 200:
            if game.ply < 4:
                move = game.position.uci(rng.choice(game.position.legal_moves()))
            else:
                move = engine.best_move(start, game.uci_moves(), 3000)
            game = game.play(move)
            if game.ply % 10 == 0 and game.outcome() is None:
                found.append((f"game{number}-ply{game.ply}", game.position.fen()))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=28)
    args = parser.parse_args()
    engine = Engine()
    try:
        start = Game("janggi").position.fen()
        rows = [("start", start), *CORNERS]
        rows += played_positions(engine, args.games, random.Random(args.seed))
        lines = [
            "# Janggi perft: leaf counts of the legal move tree, one position a line:",
            "#   name | FEN | count at depth 1, 2, 3",
            "# Written by tools/janggi_positions.py: positions of Fairy-Stockfish self-play",
            "# games and a few made by hand; every count is Fairy-Stockfish's `go perft`.",
        ]
        for name, fen in rows:
            counts = [engine.perft(fen, depth) for depth in (1, 2, 3)]
            lines.append(f"{name} | {fen} | {' '.join(map(str, counts))}")
    finally:
        engine.close()
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(rows)} positions written to {OUT}")


if __name__ == "__main__":
    main()
