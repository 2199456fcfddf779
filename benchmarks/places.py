"""What a game's other places cost a move: ``python benchmarks/places.py [--games 300]
[--moves 600] [--rounds 3]``.

A move answered in its game's place (as on Discord: its board row written held for the
answer, ``hold_answers``) writes its rows and, in the same write, copies the rows said in
the game's place to each of the game's other places (``bot/store/outbox_places.py``: one
``INSERT … SELECT`` joining ``game_places`` to the rows just written). This times the move
through the service, parse to commit, in two databases built alike (``--games`` games, same
seed, SQLite with fsync on every commit): games with one place (the copy finds no other
place: one probe of ``game_places``' key), and games with a second place in another server
(a club match's game between servers: the copy writes one row more a move); and, to
price the probe alone, the games of one place again with the copy statement left out
(``outbox._copies`` returning none: what skipping the probe for them would save). Each round
plays ``--moves`` random legal moves in each, in turn (this machine's speed drifts from
minute to minute); the medians over the rounds end the report.

Then the read a mention costs (issue 26: nobody is pinged in a server they are no member
of): ``--reads`` times, in each database, ``ReportUseCases.players_here`` (what a public
answer that mentions someone reads: the game's places) and ``where_said`` for a board row
of the game's own place that mentions its player, against the same row mentioning nobody
(which reads no ``game_places``): the difference is the read a mentioning delivery adds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.service import percentile
from bot.service import GameService, Place, User
from bot.service.delivery_places import where_said
from bot.store import NewPlace, OutboxKind, OutboxRow, Store, outbox
from bot.store.game_places import insert_places

PLACE = Place(guild_id=1, channel_id=10)
OTHER = Place(guild_id=2, channel_id=20)


async def build(service: GameService, games: int, other_place: bool) -> list[int]:
    """``games`` games of 200 players in ``PLACE`` (each with a place in ``OTHER`` for
    black, if ``other_place``), each one move in."""
    rng = random.Random(26)
    players = [User(10_000 + n, f"player{n}") for n in range(200)]
    ids = []
    for _ in range(games):
        white, black = rng.sample(players, 2)
        created = await service.challenges.challenge(white, PLACE, black, color="white")
        started = await service.challenges.accept_challenge(black, created.challenge.id)
        game_id = started.game.id
        if other_place:
            async with service.core.store.database.transaction() as conn:
                await insert_places(conn, game_id, [NewPlace(OTHER.guild_id, 20, black.id)])
        await service.play.move(white, PLACE, "e4", game_id=game_id)
        ids.append(game_id)
    return ids


async def timed_move(
    service: GameService, game_id: int, rng: random.Random
) -> tuple[float, float] | None:
    """A random legal move typed in the game's place; the seconds ``move`` took, on the
    wall clock and in this process's CPU (SQLite's thread included: steadier than the
    wall clock on a shared machine)."""
    view = await service.reports.game_view(game_id)
    if view.to_move is None:
        return None
    mover = User(view.to_move.id, view.to_move.name)
    board = await service.play.board(mover, None, game_id=game_id)
    moves = list(board.board.position.legal_moves())
    if not moves:
        return None
    text = board.board.position.san(rng.choice(moves))
    started, cpu = time.perf_counter(), time.process_time()
    await service.play.move(mover, PLACE, text, game_id=game_id)
    return time.perf_counter() - started, time.process_time() - cpu


@contextlib.contextmanager
def without_copies(skip: bool) -> Iterator[None]:
    """The outbox's copy to other places left out while in it (if ``skip``)."""
    kept = outbox._copies
    if skip:
        outbox._copies = lambda items, rows: []
    try:
        yield
    finally:
        outbox._copies = kept


async def own_board_rows(service: GameService, ids: list[int]) -> list[OutboxRow]:
    """The board rows of the games' own place that mention someone."""
    rows = []
    for game_id in ids:
        found = await service.core.store.outbox.rows(game_id=game_id)
        rows += [
            r
            for r in found
            if r.kind is OutboxKind.TURN and r.place_id is None and r.routing.mention
        ]
    return rows


async def timed(call: Callable[[], Awaitable[object]], count: int) -> tuple[float, float]:
    """The median wall time and the mean CPU time of ``count`` calls, in microseconds."""
    samples, cpu = [], time.process_time()
    for _ in range(count):
        started = time.perf_counter()
        await call()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1e6, (time.process_time() - cpu) / count * 1e6


async def read_costs(label: str, service: GameService, ids: list[int], count: int) -> None:
    """Print what a mention's read of the game's places costs in ``service``'s games."""
    store, now, rng = service.core.store, service.core.now(), random.Random(29)
    views = [await service.reports.game_view(game_id) for game_id in ids]
    rows = await own_board_rows(service, ids)
    records = {game_id: await store.games.get(game_id) for game_id in ids}

    def row() -> OutboxRow:
        return rng.choice(rows)

    async def said(quiet: bool) -> None:
        chosen = row()
        if quiet:
            chosen = dataclasses.replace(
                chosen, routing=dataclasses.replace(chosen.routing, mention=())
            )
        record = records[chosen.game_id] if chosen.game_id is not None else None
        assert record is not None
        await where_said(store, now, chosen, record)

    calls: dict[str, Callable[[], Awaitable[object]]] = {
        "players_here (an answer's read)": lambda: service.reports.players_here(
            rng.choice(views), PLACE
        ),
        "where_said, a row mentioning": lambda: said(False),
        "where_said, the row mentioning nobody": lambda: said(True),
    }
    for name, call in calls.items():
        wall, cpu = await timed(call, count)
        print(f"{label}: {name}: median {wall:.1f} µs, CPU {cpu:.1f} µs a call")


async def setup(folder: Path, games: int, other_place: bool) -> tuple[GameService, list[int]]:
    store = await Store.open(folder / f"places-{int(other_place)}.db", synchronous="FULL")
    service = GameService(store, hold_answers=True)
    return service, await build(service, games, other_place)


async def main(games: int, moves: int, rounds: int, reads: int) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        one = await setup(folder, games, False)
        configs = {
            "one place": one,
            "two places": await setup(folder, games, True),
            "one place, no probe": one,
        }
        medians: dict[str, list[float]] = {label: [] for label in configs}
        p99s: dict[str, list[float]] = {label: [] for label in configs}
        cpus: dict[str, list[float]] = {label: [] for label in configs}
        for number in range(1, rounds + 1):
            for label, (service, ids) in configs.items():
                rng = random.Random(number)
                samples: list[float] = []
                spent: list[float] = []
                with without_copies(label.endswith("no probe")):
                    while len(samples) < moves:
                        timed = await timed_move(service, rng.choice(ids), rng)
                        if timed is not None:
                            samples.append(timed[0])
                            spent.append(timed[1])
                medians[label].append(statistics.median(samples) * 1000)
                p99s[label].append(percentile(samples, 0.99) * 1000)
                cpus[label].append(statistics.mean(spent) * 1000)
                print(
                    f"round {number} {label}: median {medians[label][-1]:.2f} ms, "
                    f"p99 {p99s[label][-1]:.2f} ms, CPU {cpus[label][-1]:.3f} ms a move"
                )
        for label, (service, ids) in configs.items():
            rows = await service.core.store.outbox.rows(game_id=ids[0])
            turns = [r for r in rows if r.kind is OutboxKind.TURN]
            copies = sum(1 for r in turns if r.place_id is not None)
            print(
                f"{label}: a move's median {statistics.median(medians[label]):.2f} ms, "
                f"p99 {statistics.median(p99s[label]):.2f} ms, CPU "
                f"{statistics.median(cpus[label]):.3f} ms a move (medians of {rounds} rounds); "
                f"game #{ids[0]}: {len(turns)} turn rows, {copies} of them copies"
            )
        for label in ("one place", "two places"):
            service, ids = configs[label]
            await read_costs(label, service, ids, reads)
        for service, _ in {id(c[0]): c for c in configs.values()}.values():
            await service.core.store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--reads", type=int, default=5000)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.games, arguments.moves, arguments.rounds, arguments.reads))
