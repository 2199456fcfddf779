"""``benchmarks/engine.py``'s ``analysis`` section: how long ``/analyse`` takes for a 40-move
game (80 plies, 81 positions) through the service, at its fixed node budget, with the
engine pool of ``--processes`` processes and two positions at a time, per variant.

Games of random legal moves (``--analyses`` of them per variant, from a fixed seed), each
stored finished, then analysed from nothing; the first analysis of each variant starts the
pool's processes (a cold start), later ones find them running.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.engine.pool import EnginePool
from bot.service import GameService, Place, User, system_clock
from bot.store import Store
from rules import Game

WHITE, BLACK, PLACE = User(1, "white"), User(2, "black"), Place(1, 1)
PLIES = 80


def random_game(variant_name: str, rng: random.Random) -> list[str]:
    """80 plies of random legal moves that leave the game running."""
    while True:
        game = Game(variant_name)
        for _ in range(PLIES):
            if game.outcome() is not None:
                break
            game = game.play(rng.choice(list(game.position.legal_moves())))
        if game.ply == PLIES and game.outcome() is None:
            return list(game.uci_moves())


async def finished_game(service: GameService, variant_name: str, moves: list[str]) -> int:
    created = await service.challenges.challenge(
        WHITE, PLACE, BLACK, game=variant_name, color="white"
    )
    game_id = (await service.challenges.accept_challenge(BLACK, created.challenge.id)).game.id
    for index, move in enumerate(moves):
        await service.play.move(WHITE if index % 2 == 0 else BLACK, None, move, game_id=game_id)
    await service.endings.confirm_resign(WHITE, game_id)
    return game_id


async def analysis(args: argparse.Namespace) -> None:
    print(f"/analyse of a 40-move game (81 positions), {args.processes} engine processes")
    print("variant  | game | seconds | positions/s")
    rng = random.Random(40)
    for name in args.variants:
        pool = EnginePool.from_settings(None, None, args.processes)
        if not pool.available(name):
            print(f"{name:8} | no engine installed")
            continue
        with tempfile.TemporaryDirectory() as folder:
            store = await Store.open(Path(folder) / "bench.db", synchronous="NORMAL")
            service = GameService(store, system_clock, engines=pool)
            try:
                times = []
                for number in range(1, args.analyses + 1):
                    game_id = await finished_game(service, name, random_game(name, rng))
                    began = time.perf_counter()
                    await service.analysis.analyse(WHITE, PLACE, game_id=game_id)
                    result = await service.analysis.follow(WHITE, game_id)
                    took = time.perf_counter() - began
                    times.append(took)
                    rate = len(result.evaluations) / took
                    print(f"{name:8} | {number:4} | {took:7.1f} | {rate:11.1f}")
                print(f"{name:8} | median {statistics.median(times):.1f} s, "
                      f"{service.analysis.nodes:,} nodes a position")  # fmt: skip
            finally:
                await service.analysis.close()
                await pool.close()
                await store.close()
