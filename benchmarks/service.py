"""How fast is a move? ``python benchmarks/service.py [--games 1000] [--moves 2000]``.

Builds a database with ``--games`` active games (chess and xiangqi, a few moves into each),
then times ``GameService.move`` — parse, validate, store in one transaction — on random
games: the median and 99th percentile, with and without rendering the board (when
``bot.render`` is installed), and the moves per second one process sustains.
Targets: p99 ≤ 15 ms per move without rendering, ≥ 300 moves/s.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules
from bot.service import GameService, MovePlayed, Place, User
from bot.store import Store

PLACE = Place(guild_id=1, channel_id=1)


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


async def build(service: GameService, games: int, rng: random.Random, max_plies: int) -> list[int]:
    """``games`` active games between 200 players, each up to ``max_plies`` plies in."""
    players = [User(10_000 + n, f"player{n}") for n in range(200)]
    ids = []
    for number in range(games):
        white, black = rng.sample(players, 2)
        variant = "xiangqi" if number % 4 == 3 else "chess"
        created = await service.challenge(white, PLACE, black, game=variant, color="white")
        started = await service.accept_challenge(black, created.challenge.id)
        ids.append(started.game.id)
        for _ in range(rng.randrange(0, max_plies + 1)):
            await random_move(service, started.game.id, rng)
    return ids


async def random_move(
    service: GameService,
    game_id: int,
    rng: random.Random,
    render: bool = False,
    *,
    replay: bool = False,
) -> float | None:
    """Play a random legal move in the game; return the seconds ``move`` (and rendering)
    took, or None if the game is over. With ``replay`` the move is picked without warming
    the service's replay cache, so ``move`` replays the game from the database."""
    view = await service.game_view(game_id)
    if view.to_move is None:
        return None
    mover = User(view.to_move.id, view.to_move.name)
    if replay:
        moves_played = await service.store.games.moves(game_id)
        record = await service.store.games.get(game_id)
        assert record is not None
        game = rules.Game(record.variant, record.start_fen)
        for played in moves_played:
            game = game.play(played.uci)
        position = game.position
    else:
        board = await service.board(mover, None, game_id=game_id)
        position = board.board.position
    moves = list(position.legal_moves())
    if not moves:
        return None
    text = position.san(rng.choice(moves))
    started = time.perf_counter()
    result = await service.move(mover, None, text, game_id=game_id)
    if render and isinstance(result, MovePlayed):
        from bot.render import render_board  # type: ignore[attr-defined]

        await asyncio.to_thread(
            render_board,
            result.board.position,
            orientation=result.board.orientation,
            last_move=result.board.last_move,
            check=result.board.check,
            theme=result.board.theme,
        )
    return time.perf_counter() - started


async def measure(
    service: GameService, ids: list[int], count: int, rng: random.Random, render: bool
) -> list[float]:
    samples: list[float] = []
    while len(samples) < count:
        elapsed = await random_move(service, rng.choice(ids), rng, render)
        if elapsed is not None:
            samples.append(elapsed)
    return samples


async def sustained(
    service: GameService, ids: list[int], seconds: float, rng: random.Random
) -> tuple[float, float]:
    """Moves per second back to back in one process: counting only the time inside
    ``move``, and counting everything (also the lookups that pick a random legal move)."""
    played = 0
    inside = 0.0
    wall = time.perf_counter()
    while time.perf_counter() - wall < seconds:
        elapsed = await random_move(service, rng.choice(ids), rng)
        if elapsed is not None:
            played += 1
            inside += elapsed
    return played / inside, played / (time.perf_counter() - wall)


def renderer_available() -> bool:
    try:
        import bot.render

        return hasattr(bot.render, "render_board")
    except ImportError:
        return False


async def main(games: int, moves: int, seconds: float, max_plies: int, synchronous: str) -> None:
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db", synchronous=synchronous)
        print(f"SQLite synchronous={synchronous}")
        try:
            service = GameService(store)
            began = time.perf_counter()
            ids = await build(service, games, rng, max_plies)
            print(
                f"built {games} active games (0 to {max_plies} plies each) in "
                f"{time.perf_counter() - began:.1f} s"
            )
            plain = await measure(service, ids, moves, rng, render=False)
            print(
                f"move without rendering ({moves} moves): median "
                f"{statistics.median(plain) * 1000:.2f} ms, p99 "
                f"{percentile(plain, 0.99) * 1000:.2f} ms (target p99 <= 15 ms)"
            )
            cold_service = GameService(store)  # a fresh process: every game replayed once
            cold = [
                elapsed
                for game_id in rng.sample(ids, min(300, len(ids)))
                if (elapsed := await random_move(cold_service, game_id, rng, replay=True))
                is not None
            ]
            print(
                f"first move in a game after a restart ({len(cold)} moves, replaying it from "
                f"the database): median {statistics.median(cold) * 1000:.2f} ms, p99 "
                f"{percentile(cold, 0.99) * 1000:.2f} ms"
            )
            if renderer_available():
                rendered = await measure(service, ids, max(200, moves // 5), rng, render=True)
                print(
                    f"move with rendering ({len(rendered)} moves): median "
                    f"{statistics.median(rendered) * 1000:.2f} ms, p99 "
                    f"{percentile(rendered, 0.99) * 1000:.2f} ms"
                )
            else:
                print("move with rendering: skipped (bot.render.render_board not installed)")
            move_rate, overall_rate = await sustained(service, ids, seconds, rng)
            print(
                f"sustained for {seconds:.0f} s in one process: {move_rate:.0f} moves/s "
                f"(time inside move), {overall_rate:.0f} moves/s including picking each "
                "random move (target >= 300 moves/s)"
            )
        finally:
            await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--plies", type=int, default=6, help="most plies played into each game")
    parser.add_argument(
        "--synchronous", choices=("FULL", "NORMAL"), default="FULL", help="SQLite durability"
    )
    args = parser.parse_args()
    asyncio.run(main(args.games, args.moves, args.seconds, args.plies, args.synchronous))
