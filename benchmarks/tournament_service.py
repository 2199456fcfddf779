"""Tournaments through the service: a 200-player Swiss of 7 rounds played to its end, and a
200-player round robin's standings after every result.

Run: ``python benchmarks/tournament_service.py [--players 200] [--rounds 7] [--seed 1]
[--only swiss|round_robin]``.

The Swiss runs on a fresh SQLite file through the service's use cases, as the bot runs
them: ``tournaments.create``, a ``join`` per player, ``start`` (round 1: its games, their
outbox rows, one transaction), then every game's result (the loser's ``confirm_resign``, or
a draw offered and accepted: the higher seed wins two games in three, a draw one in six),
and after each round's last result ``tournaments.go_on`` (what delivering the round's outbox
row does: pair the next round by the FIDE Dutch system and start its games, or finish the
tournament). It prints each round's start (the pairing apart), the results' median and p99,
and the standings read after the last one.

The round robin (200 players, 19,900 games: far beyond the 16 a round robin takes on
Discord, as the issue asks of it) times the standings computed after a result (points,
direct encounter, Sonneborn-Berger, ties ranked) and the cross-table's cells) at a tenth,
half and all of its results: pure functions, no database.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.tournament import seeded_result
from bot.service import GameService, ManualClock, User
from bot.service.results import Place
from bot.service.tournament import going_on
from bot.service.tournament.berger import round_robin
from bot.service.tournament.cross import cross_cells
from bot.service.tournament.standings import Played, standings
from bot.store import Store, TournamentFormat

PLACE = Place(guild_id=1, channel_id=10)


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms"


def _timed_pairing(took: list[float], cpu: list[float]) -> Callable[..., Any]:
    """``going_on.pair_round`` with its wall time added to ``took``, its CPU time to
    ``cpu`` (on a shared machine the wall time counts other processes' turns too)."""
    pair_round = going_on.pair_round

    def timed(*args: Any, **kwargs: Any) -> Any:
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            return pair_round(*args, **kwargs)
        finally:
            took.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)

    return timed


async def _swiss(players: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "swiss.db")
        try:
            await _play_swiss(GameService(store, ManualClock()), players, rounds, rng)
        finally:
            await store.close()


async def _play_swiss(service: GameService, size: int, rounds: int, rng: random.Random) -> None:
    users = {number: User(1000 + number, f"p{number}") for number in range(1, size + 1)}
    by_id = {user.id: user for user in users.values()}
    organiser = users[1]
    made = await service.tournaments.create(
        organiser,
        PLACE,
        manages_server=True,
        name="Bench",
        players=size,
        format=TournamentFormat.SWISS,
        rounds=rounds,
    )
    tid = made.tournament.id
    began = time.perf_counter()
    for user in users.values():
        await service.tournaments.join(user, PLACE, tid)
    print(f"{size} joins: {_ms((time.perf_counter() - began) / size)} each")
    pairing: list[float] = []
    pairing_cpu: list[float] = []
    going_on.pair_round = _timed_pairing(pairing, pairing_cpu)  # type: ignore[assignment]
    began = time.perf_counter()
    started: Any = await service.tournaments.start(organiser, PLACE, tid, manages_server=True)
    took = time.perf_counter() - began
    results: list[float] = []
    number = 1
    while True:
        games = len(started.pairings)
        paired = f"pairing {_ms(pairing[-1])}, CPU {_ms(pairing_cpu[-1])}"
        print(f"round {number}: {games} games started in {_ms(took)} ({paired})")
        for pairing_line in started.pairings:
            game = pairing_line.game
            white, black = by_id[game.white.id], by_id[game.black.id]
            outcome = seeded_result(rng, white.id, black.id)
            began = time.perf_counter()
            if outcome == "1/2-1/2":
                await service.endings.draw(white, None, game_id=game.id)
                await service.endings.accept_draw(black, game.id)
            else:
                await service.endings.confirm_resign(black if outcome == "1-0" else white, game.id)
            results.append(time.perf_counter() - began)
        began = time.perf_counter()
        started = await service.tournaments.go_on(tid)
        took = time.perf_counter() - began
        number += 1
        if started is None or not hasattr(started, "pairings"):
            print(f"finished after round {number - 1}: the end in {_ms(took)}")
            break
    results.sort()
    p99 = results[int(len(results) * 0.99)]
    print(
        f"{len(results)} results: median {_ms(statistics.median(results))}, p99 {_ms(p99)}, "
        f"max {_ms(results[-1])}"
    )
    print(
        f"pairing: max {_ms(max(pairing))} (CPU {_ms(max(pairing_cpu))}) over {len(pairing)} rounds"
    )
    began = time.perf_counter()
    await service.tournaments.standings(PLACE, tid)
    print(f"standings read after the last result: {_ms(time.perf_counter() - began)}")


def _round_robin_standings(size: int, seed: int) -> None:
    rng = random.Random(seed)
    players = list(range(1, size + 1))
    games = [
        Played(p.white, p.black, seeded_result(rng, p.white, p.black))
        for played in round_robin(size, 1)
        for p in played.pairings
    ]
    print(f"round robin of {size}: {len(games)} games")
    for share in (10, 50, 100):
        done = games[: len(games) * share // 100]
        began = time.perf_counter()
        table = standings(players, done)
        cross_cells([line.player for line in table], done)
        print(f"standings after {len(done)} results: {_ms(time.perf_counter() - began)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=("swiss", "round_robin"))
    args = parser.parse_args()
    if args.only != "round_robin":
        asyncio.run(_swiss(args.players, args.rounds, args.seed))
    if args.only != "swiss":
        _round_robin_standings(args.players, args.seed)


if __name__ == "__main__":
    main()
