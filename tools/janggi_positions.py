"""Writes tests/rules/janggi/perft_janggi.txt: janggi positions with Fairy-Stockfish's perft.

Fairy-Stockfish (``/usr/games/fairy-stockfish``, ``UCI_Variant janggi``) plays games against
itself, each opened by a few seeded random moves so the games differ; every tenth position
of each game is kept, with a few positions made by hand for the rules' corners (palace
diagonals, cannons facing cannons, bikjang, soldiers in the enemy palace) and the other
horse/elephant setups. Each position's
leaf counts at depths 1 to 3 come from Fairy-Stockfish's own ``go perft``, so the file is
the oracle's word, and ``tests/rules/janggi/test_janggi_perft.py`` holds Postal's engine
to it.

With ``--self-play`` it writes tests/rules/janggi/selfplay_janggi.txt instead: every
position of more self-play games (thousands), each with Fairy-Stockfish's legal moves (as
the SHA-1 of their sorted coordinates, ``go perft 1``'s list) and its depth-2 count.

    .venv/bin/python tools/janggi_positions.py [--games 12] [--seed 28]
    .venv/bin/python tools/janggi_positions.py --self-play [--games 24] [--seed 2828]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import subprocess
from pathlib import Path

from rules import Game
from rules.janggi import Setup, start_fen

ENGINE = "/usr/games/fairy-stockfish"
DATA = Path(__file__).resolve().parent.parent / "tests" / "rules" / "janggi"
OUT = DATA / "perft_janggi.txt"
SELF_PLAY_OUT = DATA / "selfplay_janggi.txt"
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

    def legal_moves(self, fen: str) -> list[str]:
        """The moves ``go perft 1`` lists (``a1a2: 1`` a line), in coordinates."""
        self._send(f"position fen {fen}")
        self._send("go perft 1")
        moves: list[str] = []
        assert self._process.stdout is not None
        for line in self._process.stdout:
            if line.startswith("Nodes searched:"):
                return moves
            head, _, count = line.strip().partition(": ")
            if count == "1":
                moves.append(head)
        raise RuntimeError("the engine stopped")

    def close(self) -> None:
        self._send("quit")
        self._process.wait(timeout=10)


def moves_digest(moves: list[str]) -> str:
    """What a position's legal moves are compared by: the SHA-1 of their sorted coordinates
    (one a line), its first 16 hex digits."""
    return hashlib.sha1("\n".join(sorted(moves)).encode()).hexdigest()[:16]


def played_positions(
    engine: Engine, games: int, rng: random.Random, every: int = 10
) -> list[tuple[str, str]]:
    """Every ``every``-th position of ``games`` engine games, named ``gameN-plyM``."""
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
            if game.ply % every == 0 and game.outcome() is None:
                found.append((f"game{number}-ply{game.ply}", game.position.fen()))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--self-play", action="store_true", help="write selfplay_janggi.txt")
    args = parser.parse_args()
    if args.self_play:
        write_self_play(args.games, args.seed)
        return
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


def write_self_play(games: int, seed: int) -> None:
    """Every position of ``games`` self-play games with the engine's legal moves (digest)
    and depth-2 count, to SELF_PLAY_OUT."""
    engine = Engine()
    try:
        rows = played_positions(engine, games, random.Random(seed), every=1)
        lines = [
            "# Janggi positions of Fairy-Stockfish self-play games, every position, one a line:",
            "#   name | FEN | legal moves | SHA-1 of them sorted (16 hex) | count at depth 2",
            f"# Written by tools/janggi_positions.py --self-play --games {games} --seed {seed};",
            "# the moves are `go perft 1`'s, the count `go perft 2`'s.",
        ]
        for name, fen in rows:
            moves = engine.legal_moves(fen)
            depth2 = engine.perft(fen, 2)
            lines.append(f"{name} | {fen} | {len(moves)} | {moves_digest(moves)} | {depth2}")
    finally:
        engine.close()
    SELF_PLAY_OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(rows)} positions written to {SELF_PLAY_OUT}")


if __name__ == "__main__":
    main()
