"""What conditional moves cost: ``python benchmarks/conditional.py [--games 200]``.

On a real SQLite file (fsync on every commit), in ``--games`` chess games at once:
- a plain move where nobody prepared anything (the common case: one more indexed query);
- a move whose expected answer is prepared, so two moves are stored in one write;
- a move that sets off a chain of five prepared answers (both players' lines meeting);
- ``/conditional add`` of a 12-move line (checked move by move, then merged into the tree).
Prints the median and 99th percentile of each. ``--plain-only`` times the first alone, so
the same script measures the code from before conditional moves, beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service import GameService, MovePlayed, Place, User
from bot.store import Store

PLACE = Place(guild_id=1, channel_id=1)
OPENING = ["e4", "e5"]
LINE = "Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6"


_numbers = itertools.count()


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def timed(samples: list[float], work: Awaitable[object]) -> object:
    started = time.perf_counter()
    result = await work
    samples.append((time.perf_counter() - started) * 1000)
    return result


async def new_game(service: GameService) -> tuple[int, User, User]:
    """A game after 1. e4 e5 between two new players (the spam limits count per pair)."""
    number = next(_numbers)
    white, black = User(2 * number + 1, f"white{number}"), User(2 * number + 2, f"black{number}")
    created = await service.challenges.challenge(white, PLACE, black, game="chess", color="white")
    started = await service.challenges.accept_challenge(black, created.challenge.id)
    for index, move in enumerate(OPENING):
        await service.play.move(
            white if index % 2 == 0 else black, None, move, game_id=started.game.id
        )
    return started.game.id, white, black


async def run(games: int, plain_only: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        service = GameService(store)
        plain: list[float] = []
        answered: list[float] = []
        chained: list[float] = []
        adding: list[float] = []
        for _ in range(games):
            game_id, white, black = await new_game(service)
            await timed(plain, service.play.move(white, None, "Nf3", game_id=game_id))
        for _ in range(0 if plain_only else games):
            game_id, white, black = await new_game(service)
            await timed(adding, service.conditional.add(black, None, LINE, game_id=game_id))
            result = await timed(answered, service.play.move(white, None, "Nf3", game_id=game_id))
            assert isinstance(result, MovePlayed) and len(result.answers) == 1
        for _ in range(0 if plain_only else games):
            game_id, white, black = await new_game(service)
            await service.conditional.add(black, None, LINE, game_id=game_id)
            await service.conditional.add(white, None, "Nf3 Nc6 Bb5 a6 Ba4", game_id=game_id)
            result = await timed(chained, service.play.move(white, None, "Nf3", game_id=game_id))
            assert isinstance(result, MovePlayed) and len(result.answers) == 5
        await store.close()
    print(f"{games} games each, real SQLite file, synchronous=FULL")
    print("| | median | p99 |")
    print("| --- | --- | --- |")
    for name, samples in (
        ("a move, no lines prepared", plain),
        ("a move answered by a prepared move (2 moves, one write)", answered),
        ("a move setting off 5 prepared answers (6 moves, one write)", chained),
        ("/conditional add, a 12-move line", adding),
    ):
        if not samples:
            continue
        median = statistics.median(samples)
        print(f"| {name} | {median:.2f} ms | {percentile(samples, 0.99):.2f} ms |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--plain-only", action="store_true", help="time plain moves only")
    args = parser.parse_args()
    asyncio.run(run(args.games, args.plain_only))


if __name__ == "__main__":
    main()
