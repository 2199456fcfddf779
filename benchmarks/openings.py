"""Naming openings (``rules.chess.openings``): what loading the table and a lookup cost.

Run: ``python benchmarks/openings.py [--repeat N]``. Over the 120 games of
``tests/rules/data/corpus/stockfish_selfplay.pgn`` it prints: the table's first load (read
and index every line), the cost of naming the position after a move (``opening_at``: the
position's key and one dictionary look-up, as a move would pay), and of naming a whole game
from its start and moves (``opening_of``: playing its opening phase, 36 plies at most), and
a move's opening in the replay cache (``opening_after``: carried over from the entry the
move's game replaces, one lookup within the opening phase), each the best of ``--repeat``
runs. There is no peer: python-chess has no opening names.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bot.service.replays import Replayed, opening_after
from rules.chess import CHESS, openings
from rules.errors import InvalidRecordError
from rules.game import Game

CORPUS = Path(__file__).resolve().parent.parent / "tests/rules/data/corpus/stockfish_selfplay.pgn"


def best(repeat: int, run: object) -> float:
    assert callable(run)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    read = CHESS.read_games(CORPUS.read_text(encoding="utf-8"))
    games: list[Game] = [found.game for found in read if not isinstance(found, InvalidRecordError)]
    positions = [game.positions for game in games]
    started = time.perf_counter()
    openings._table()
    loaded = time.perf_counter() - started
    early = [position for game in positions for position in game[1:37]]
    named = sum(openings.opening_at(position) is not None for position in early)
    per_move = best(repeat, lambda: [openings.opening_at(p) for p in early]) / len(early)
    per_game = best(repeat, lambda: [openings.opening_of(g.start, g.moves) for g in games])
    found = sum(openings.opening_of(g.start, g.moves) is not None for g in games)
    table = len(openings._table()[0])
    print(f"table: {table:,} named positions, first load {loaded * 1e3:.1f} ms")
    print(f"after a move: {per_move * 1e6:.1f} µs ({len(early):,} positions, {named:,} named)")
    per_game_us = per_game / len(positions) * 1e6
    print(f"a whole game: {per_game_us:.1f} µs ({found}/{len(positions)} named)")
    steps = _cache_steps(games)
    per_ply = best(repeat, lambda: [opening_after(g, fen, e) for g, fen, e in steps]) / len(steps)
    print(f"a move's opening in the replay cache (opening_after): {per_ply * 1e6:.2f} µs")


def _cache_steps(games: list[Game]) -> list[tuple[Game, str, Replayed]]:
    """Each ply of ``games`` as the replay cache meets it: the game after the move and the
    entry it replaces (the game before, its opening known), as a process playing them."""
    steps = []
    for game in games:
        fen = game.start.fen()
        played = Game("chess", game.start)
        entry = Replayed(played, fen, 0, None, 0, opening_after(played, fen, None))
        for move in game.moves:
            played = played.then(move)
            steps.append((played, fen, entry))
            entry = Replayed(played, fen, 0, None, 0, opening_after(played, fen, entry))
    return steps


if __name__ == "__main__":
    main()
