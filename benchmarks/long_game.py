"""Long games: ``python benchmarks/long_game.py [--plies 10000] [--moves 200]``.

1. Replaying a stored game of ``--plies`` plies (what the service does after a restart),
   for xiangqi — a game stored before the move limit, wandering without ever repeating a
   position three times — and chess — a legal game kept going by shuffling pieces, with a
   pawn move or capture every 140 plies or so. Wall and CPU time, best of three.
2. ``GameService.move`` in a chess game at ply 100 and at ply ``--plies``, in a real SQLite
   file (fsync on every commit), the game cached as it is after any move: median and 99th
   percentile over ``--moves`` moves; and the first move after a restart (nothing cached: the
   game is replayed from the file, in a worker thread).
Targets: a 10,000-ply replay ≤ 0.5 s; a move at ply 10,000 costs no more than at ply 100.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules
from bot.service import GameService, Place, User
from bot.store import Store
from rules import Outcome, Termination

WHITE, BLACK = User(1, "white"), User(2, "black")


def chess_line(plies: int, rng: random.Random) -> list[str]:
    """A legal chess game of ``plies`` plies that no rule ends: pieces shuffle, avoiding a
    third repetition, and a pawn moves (or something is captured) once 140 plies have passed
    without one, before the 75-move rule would end the game."""
    game = rules.Game("chess")
    ucis: list[str] = []
    while game.ply < plies:
        position = game.position
        legal = list(position.legal_moves())
        rng.shuffle(legal)

        def pawn(move: rules.Move, position: rules.Position = position) -> bool:
            piece = position.piece_at(move.from_square)
            return piece is not None and piece.kind == "p"

        pushes = [m for m in legal if pawn(m) and not position.is_capture(m)]
        captures = [m for m in legal if position.is_capture(m)]
        quiet = [m for m in legal if not pawn(m) and not position.is_capture(m)]
        late = position.halfmove_clock >= 140
        order = pushes + captures + quiet if late else quiet + pushes + captures
        for move in order:
            after = game.play(move)
            claims = after.claimable_draws()
            if after.outcome() is None and Termination.THREEFOLD_REPETITION not in claims:
                break
        else:
            raise RuntimeError(f"the chess line got stuck at ply {game.ply}")
        ucis.append(position.uci(move))
        game = after
    return ucis


def xiangqi_line(plies: int, rng: random.Random) -> list[str]:
    """A xiangqi game of ``plies`` plies as one stored before the move limit could be: no
    position three times, never a side without moves, captures only when nothing else will
    do (the 60-move limit is the one ending it ignores)."""
    allowed = (None, Outcome(Termination.SIXTY_MOVES, None))
    game = rules.Game("xiangqi")
    ucis: list[str] = []
    while game.ply < plies:
        position = game.position
        legal = list(position.legal_moves())
        rng.shuffle(legal)
        legal.sort(key=position.is_capture)
        for move in legal:
            after = game.extended([move])
            if after.outcome() in allowed:
                break
        else:
            raise RuntimeError(f"the xiangqi line got stuck at ply {game.ply}")
        ucis.append(position.uci(move))
        game = after
    return ucis


def best_of(runs: int, work: Callable[[], object]) -> tuple[float, float]:
    """The best wall and CPU seconds of ``runs`` runs of ``work``."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def store_moves(path: Path, game_id: int, variant: str, ucis: list[str]) -> None:
    """Write ``ucis`` as the game's stored moves, as a long-lived bot would have them."""
    game = rules.Game.replay(variant, None, ucis)
    with sqlite3.connect(path) as conn:
        (version,) = conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        conn.executemany(
            "INSERT INTO moves (game_id, ply, uci, san, played_at, version) "
            "VALUES (?, ?, ?, ?, 0, ?)",
            [(game_id, n, uci, uci, version + n) for n, uci in enumerate(ucis, start=1)],
        )
        conn.execute(
            "UPDATE games SET ply = ?, fen = ?, version = ?, "
            "to_move_id = CASE WHEN ? THEN white_id ELSE black_id END WHERE id = ?",
            (
                len(ucis),
                game.position.fen(),
                version + len(ucis),
                game.position.side_to_move is rules.Color.WHITE,
                game_id,
            ),
        )


async def move_costs(
    path: Path, line: list[str], at_ply: int, moves: int, channel: int
) -> tuple[float, list[float]]:
    """The first move after a restart, and ``moves`` moves after it, in a chess game whose
    first ``at_ply`` plies of ``line`` are stored."""
    store = await Store.open(path)
    try:
        service = GameService(store)
        place = Place(guild_id=1, channel_id=channel)
        challenge = await service.challenges.challenge(
            WHITE, place, BLACK, game="chess", color="white"
        )
        started = await service.challenges.accept_challenge(BLACK, challenge.challenge.id)
        game_id = started.game.id
    finally:
        await store.close()
    store_moves(path, game_id, "chess", line[:at_ply])
    store = await Store.open(path)  # a restart: nothing cached
    try:
        service = GameService(store)
        samples = []
        for ply in range(at_ply, at_ply + moves + 1):
            mover = WHITE if ply % 2 == 0 else BLACK
            began = time.perf_counter()
            await service.play.move(mover, None, line[ply], game_id=game_id)
            samples.append(time.perf_counter() - began)
    finally:
        await store.close()
    return samples[0], samples[1:]


async def main(plies: int, moves: int) -> None:
    rng = random.Random(15)
    print(f"generating a {plies}-ply xiangqi game and a {plies + moves + 1}-ply chess game ...")
    xiangqi = xiangqi_line(plies, rng)
    chess = chess_line(plies + moves + 1, rng)
    print(f"\nreplaying {plies} stored plies (best of 3):")
    for name, ucis in (("xiangqi", xiangqi), ("chess", chess[:plies])):
        wall, cpu = best_of(3, lambda ucis=ucis, name=name: rules.Game.replay(name, None, ucis))
        print(f"  {name:8} {wall:.3f} s wall, {cpu:.3f} s CPU ({cpu / plies * 1e6:.0f} µs/ply)")
    print(f"\nGameService.move in a chess game, real SQLite file, {moves} moves each:")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.db"
        for channel, at_ply in enumerate((100, plies), start=1):
            first, samples = await move_costs(path, chess, at_ply, moves, channel)
            print(
                f"  at ply {at_ply:>6}: median {statistics.median(samples) * 1e3:.2f} ms, "
                f"p99 {percentile(samples, 0.99) * 1e3:.2f} ms; first move after a restart "
                f"{first * 1e3:.1f} ms"
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=10_000)
    parser.add_argument("--moves", type=int, default=200)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.plies, arguments.moves))
