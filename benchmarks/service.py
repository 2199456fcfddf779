"""How fast is a move? ``python benchmarks/service.py [--games 1000] [--moves 2000]``.

Builds a database with ``--games`` active games (chess and xiangqi, a few moves into each),
then times ``GameService.move`` — parse, validate, store in one transaction — on random
games: the median and 99th percentile, with and without rendering the board (when
``bot.render`` is installed), and the moves per second one process sustains.
Targets: p99 ≤ 15 ms per move without rendering, ≥ 300 moves/s.

With ``--db`` and ``--processes`` (each may be repeated) it compares databases and numbers of
processes instead, every pair on a freshly built copy of the same workload (``--games``
games, same seed): ``N`` worker processes, each with its own connection and its share of the
games (as each bot process serves its own shards' servers), play random legal moves back to
back for ``--seconds``; it prints moves/s over all of them and the move's p50/p99. Every
configuration runs once in each of ``--rounds`` rounds (3), in turn, and each round's
ratios compare its own runs (this machine's speed drifts from minute to minute); the medians
over the rounds end the report::

    python benchmarks/service.py --db sqlite --db postgresql --processes 1,2

``sqlite`` runs on a temporary file (one process only, the rule for SQLite, unless
``--sqlite-processes`` allows more); ``postgresql`` on a throwaway server started for the
run (``tests/pgserver.py``, with durable settings: fsync and synchronous commits, as
SQLite's synchronous=FULL); a ``postgresql://`` URL names a server and a database to connect
to while the benchmark creates (and drops) a database of its own for each run.
Targets on a 2-core machine: PostgreSQL with 2 processes ≥ 1.5 × SQLite with 1 in moves/s,
move p99 ≤ 15 ms on both.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
        created = await service.challenges.challenge(
            white, PLACE, black, game=variant, color="white"
        )
        started = await service.challenges.accept_challenge(black, created.challenge.id)
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
    view = await service.reports.game_view(game_id)
    if view.to_move is None:
        return None
    mover = User(view.to_move.id, view.to_move.name)
    if replay:
        moves_played = await service.core.store.games.moves(game_id)
        record = await service.core.store.games.get(game_id)
        assert record is not None
        game = rules.Game(record.variant, record.start_fen)
        for played in moves_played:
            game = game.play(played.uci)
        position = game.position
    else:
        board = await service.play.board(mover, None, game_id=game_id)
        position = board.board.position
    moves = list(position.legal_moves())
    if not moves:
        return None
    text = position.san(rng.choice(moves))
    started = time.perf_counter()
    result = await service.play.move(mover, None, text, game_id=game_id)
    if render and isinstance(result, MovePlayed):
        from bot.render import render_board

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


# --------------------------------------------------------------------- several processes


async def open_store(url: str) -> Store:
    """The store at ``url`` (``sqlite:///path`` or ``postgresql://...``)."""
    return await Store.open(url)


# A PostgreSQL server as durable as SQLite's synchronous=FULL: every commit is on disk
# before it returns (the tests' throwaway server trades that for speed). Otherwise set as a
# deployment's server is (docker-compose.yml): random_page_cost for data on SSD or in
# memory, where PostgreSQL's default (4, for spinning disks) has small tables such as the
# workload's 200 players read whole and hashed instead of looked up by key.
DURABLE_SERVER_OPTIONS = (
    "-c listen_addresses='' -c max_connections=100 -c shared_buffers=128MB -c random_page_cost=1.1"
)


@contextlib.contextmanager
def fresh_database(url: str) -> Iterator[str]:
    """An empty database for one run: a temporary SQLite file for ``sqlite``; for
    ``postgresql``, a new database on a throwaway server (``tests/pgserver.py``, durable
    settings); for a ``postgresql://`` URL, a new database on that server, dropped after."""
    if url == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{folder}/bench.db"
    elif url == "postgresql":
        server = throwaway_server()
        target = server.new_database()
        try:
            yield target
        finally:
            server.drop_database(target)
    else:
        yield from database_on(url)


_SERVER: list[Any] = []
# Whether the throwaway server is durable (``--pg-fast`` runs it as the tests do: no fsync).
DURABLE = [True]


def throwaway_server() -> Any:
    """One PostgreSQL server for the benchmark's runs, stopped when it ends."""
    if not _SERVER:
        from tests import pgserver

        if DURABLE[0]:
            pgserver._SERVER_OPTIONS = DURABLE_SERVER_OPTIONS
        server = pgserver.PostgresServer.start(Path(tempfile.gettempdir()) / "postal-bench")
        atexit.register(server.stop)
        _SERVER.append(server)
    return _SERVER[0]


def database_on(url: str) -> Iterator[str]:
    """A new database on the server of ``url`` (dropped after the run)."""
    import asyncpg

    name = f"postal_bench_{os.getpid()}_{int(time.time())}"

    async def admin(sql: str) -> None:
        connection = await asyncpg.connect(url)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    asyncio.run(admin(f"CREATE DATABASE {name}"))
    head, _, query = url.partition("?")
    target = head.rsplit("/", 1)[0] + "/" + name + (f"?{query}" if query else "")
    try:
        yield target
    finally:
        asyncio.run(admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


async def play_share(
    url: str, game_ids: list[int], seconds: float, seed: int, name: str, ready: Any, go: Any
) -> tuple[int, list[float], float, float]:
    """One worker process: loads its games, says so on ``ready``, and once ``go`` is set
    plays random legal moves in them for ``seconds``, each ``GameService.move`` timed. The
    worker knows each game's position (only it moves there), so picking a move costs no
    statement. Returns how many moves it played and their durations."""
    rng = random.Random(seed)
    store = await open_store(url)
    try:
        service = GameService(store, process=name)
        games: dict[int, rules.Game] = {}
        for game_id in game_ids:
            record = await store.games.get(game_id)
            assert record is not None
            game = rules.Game(record.variant, record.start_fen)
            for played in await store.games.moves(game_id):
                game = game.play(played.uci)
            if game.outcome() is None:
                games[game_id] = game
        movers = {
            game_id: ((record.white_id, record.black_id))
            for game_id in games
            if (record := await store.games.get(game_id)) is not None
        }
        names = {pid: f"player{pid - 10_000}" for ids in movers.values() for pid in ids}
        # The server process serving this worker (one connection: moves go one at a time),
        # whose CPU time is read from /proc where the server runs on this machine.
        backend = (
            int((await store.database.fetch("SELECT pg_backend_pid()"))[0][0])
            if url.startswith("postgresql")
            else None
        )
        ready.put(name)
        await asyncio.to_thread(go.wait)
        cpu_at, server_at = time.process_time(), process_cpu(backend)
        start_at = time.time()
        durations: list[float] = []
        while time.time() < start_at + seconds and games:
            game_id = rng.choice(list(games))
            game = games[game_id]
            white_id, black_id = movers[game_id]
            mover_id = white_id if game.position.side_to_move is rules.Color.WHITE else black_id
            move = rng.choice(list(game.position.legal_moves()))
            text = game.position.san(move)
            began = time.perf_counter()
            await service.play.move(User(mover_id, names[mover_id]), None, text, game_id=game_id)
            durations.append(time.perf_counter() - began)
            game = game.play(move)
            if game.outcome() is None and game.position.legal_moves():
                games[game_id] = game
            else:
                del games[game_id]
        cpu, server = time.process_time() - cpu_at, process_cpu(backend) - server_at
        return len(durations), durations, cpu, server
    finally:
        await store.close()


def process_cpu(pid: int | None) -> float:
    """CPU seconds (user and system) process ``pid`` has used; 0 when unknown (no pid, not
    on this machine)."""
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def worker(
    url: str, game_ids: list[int], seconds: float, seed: int, name: str, queues: Any, go: Any
) -> None:
    ready, results = queues
    results.put(asyncio.run(play_share(url, game_ids, seconds, seed, name, ready, go)))


async def build_workload(url: str, games: int, max_plies: int) -> list[int]:
    """The same ``games`` games in the database at ``url`` (fixed seed)."""
    store = await open_store(url)
    try:
        return await build(GameService(store), games, random.Random(7), max_plies)
    finally:
        await store.close()


def run_processes(
    url: str, processes: int, ids: list[int], seconds: float
) -> tuple[int, list[float], float, float]:
    """``processes`` workers sharing ``ids`` round-robin; returns (moves, durations, CPU
    seconds of the workers, CPU seconds of the server processes serving them)."""
    context = multiprocessing.get_context("spawn")
    ready, results, go = context.Queue(), context.Queue(), context.Event()
    workers = [
        context.Process(
            target=worker,
            args=(url, ids[n::processes], seconds, 100 + n, f"bench:{n}", (ready, results), go),
        )
        for n in range(processes)
    ]
    for process in workers:
        process.start()
    for _ in workers:  # every worker has loaded its games: they start together
        ready.get(timeout=600)
    go.set()
    shares = [results.get(timeout=600) for _ in workers]
    for process in workers:
        process.join()
    return (
        sum(share[0] for share in shares),
        [d for share in shares for d in share[1]],
        sum(share[2] for share in shares),
        sum(share[3] for share in shares),
    )


@dataclass(frozen=True)
class Run:
    """One configuration's figures in one round."""

    kind: str
    processes: int
    rate: float  # moves a second over all its processes
    p50: float  # seconds
    p99: float
    bot_cpu: float  # CPU seconds a move in the worker processes
    server_cpu: float  # in the PostgreSQL server processes serving them (0 on SQLite)

    @property
    def cost(self) -> float:
        return self.bot_cpu + self.server_cpu


def compare(
    urls: list[str],
    counts: list[int],
    games: int,
    seconds: float,
    max_plies: int,
    sqlite_most: int,
    rounds: int,
) -> None:
    """Every configuration (database, processes) on its own copy of the workload, run in
    ``rounds`` rounds: each round runs every configuration once for ``seconds``, in turn
    (the order reversed every other round), so that the ratios of a round compare runs
    minutes apart at most. This machine's speed drifts by a fifth from minute to minute (a
    shared virtual machine): two runs far apart compare the moments more than the databases.
    A configuration keeps its database from round to round, its games going on."""
    configurations = [
        (url, processes)
        for url in urls
        for processes in counts
        if not (url == "sqlite" and processes > sqlite_most)
    ]
    with contextlib.ExitStack() as stack:
        workloads: dict[tuple[str, int], tuple[str, list[int]]] = {}
        for url, processes in configurations:
            target = stack.enter_context(fresh_database(url))
            began = time.perf_counter()
            workloads[(url, processes)] = (
                target,
                asyncio.run(build_workload(target, games, max_plies)),
            )
            print(
                f"{kind_of(url)} x{processes}: {games} games built in "
                f"{time.perf_counter() - began:.0f} s",
                flush=True,
            )
        history: list[list[Run]] = []
        for number in range(1, rounds + 1):
            order = configurations if number % 2 else configurations[::-1]
            runs = []
            for url, processes in order:
                target, ids = workloads[(url, processes)]
                before = load()
                moves, durations, cpu, server = run_processes(target, processes, ids, seconds)
                run = Run(
                    kind_of(url),
                    processes,
                    moves / seconds,
                    statistics.median(durations),
                    percentile(durations, 0.99),
                    cpu / max(moves, 1),
                    server / max(moves, 1),
                )
                runs.append(run)
                print(
                    f"round {number}: {run.kind} x{processes}: {run.rate:.0f} moves/s over "
                    f"{seconds:.0f} s ({moves} moves), move p50 {run.p50 * 1000:.2f} ms, "
                    f"p99 {run.p99 * 1000:.2f} ms ({before} before, {load()} after); "
                    f"CPU per move: {run.bot_cpu * 1000:.2f} ms in the workers"
                    + (f", {run.server_cpu * 1000:.2f} ms in the server" if server else ""),
                    flush=True,
                )
            if order is not configurations:
                runs.reverse()  # kept, and their ratios printed, in the configurations' order
            history.append(runs)
            print_ratios(f"round {number}", runs)
    if rounds > 1:
        print_summary(history)


def kind_of(url: str) -> str:
    return "SQLite" if url == "sqlite" else "PostgreSQL"


def print_ratios(label: str, runs: list[Run]) -> None:
    """Each run of a round against SQLite x1 of the same round, and the CPU bound."""
    base = next((run for run in runs if (run.kind, run.processes) == ("SQLite", 1)), None)
    if base is None:
        return
    for run in runs:
        if run is not base:
            print(
                f"{label}: {run.kind} x{run.processes} / SQLite x1: {run.rate / base.rate:.2f}x "
                "(target: PostgreSQL x2 >= 1.5x)"
            )
    print_cpu_bound(label, base, runs)


def print_summary(history: list[list[Run]]) -> None:
    """Each configuration's median over the rounds, and the median and range of its ratio
    to SQLite x1 of the same round."""
    print(f"over {len(history)} rounds (median, and the range of the rounds):")
    by_configuration: dict[tuple[str, int], list[tuple[Run, Run | None]]] = {}
    for runs in history:
        base = next((run for run in runs if (run.kind, run.processes) == ("SQLite", 1)), None)
        for run in runs:
            by_configuration.setdefault((run.kind, run.processes), []).append((run, base))
    for (kind, processes), pairs in by_configuration.items():
        rates = [run.rate for run, _ in pairs]
        p99s = [run.p99 * 1000 for run, _ in pairs]
        line = (
            f"{kind} x{processes}: {statistics.median(rates):.0f} moves/s "
            f"({min(rates):.0f}-{max(rates):.0f}), p99 {statistics.median(p99s):.2f} ms "
            f"({min(p99s):.2f}-{max(p99s):.2f})"
        )
        ratios = [
            run.rate / base.rate for run, base in pairs if base is not None and run is not base
        ]
        if ratios:
            line += (
                f", / SQLite x1: {statistics.median(ratios):.2f}x "
                f"({min(ratios):.2f}-{max(ratios):.2f})"
            )
        print(line)


def print_cpu_bound(label: str, base: Run, runs: list[Run]) -> None:
    """What the CPU allows, whatever the load: SQLite x1 works on one core, so at most
    1/s moves a second for s CPU seconds a move; N PostgreSQL processes and their servers
    share every core, at most cores/p for p CPU seconds a move in all. Their ratio is the
    most PostgreSQL xN can reach against SQLite x1 on this machine."""
    cores = os.cpu_count() or 1
    for run in runs:
        if run.kind != "PostgreSQL" or not run.cost:
            continue
        most = min(run.processes, cores) / run.cost
        print(
            f"{label}: CPU bound: PostgreSQL x{run.processes} at {run.cost * 1000:.2f} ms a "
            f"move (workers and server) on {cores} cores: at most {most:.0f} moves/s; SQLite "
            f"x1 at {base.cost * 1000:.2f} ms: {1 / base.cost:.0f} moves/s; ratio at most "
            f"{most * base.cost:.2f}x"
        )


def counts(text: str) -> list[int]:
    """``--processes``: ``2`` or ``1,2``. Raises ``argparse.ArgumentTypeError``."""
    try:
        found = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number or a list of numbers: {text!r}") from None
    if not found or min(found) < 1:
        raise argparse.ArgumentTypeError(f"process counts start at 1: {text!r}")
    return found


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes): these figures depend on them."""
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="with --db/--processes: run every configuration this many times, in turn",
    )
    parser.add_argument("--plies", type=int, default=6, help="most plies played into each game")
    parser.add_argument(
        "--synchronous", choices=("FULL", "NORMAL"), default="FULL", help="SQLite durability"
    )
    parser.add_argument(
        "--db",
        action="append",
        help="compare databases: sqlite, postgresql (a throwaway server) or a PostgreSQL "
        "server's URL (repeatable)",
    )
    parser.add_argument(
        "--processes",
        action="append",
        type=counts,
        help="worker processes per run: a number or a list (1,2); repeatable",
    )
    parser.add_argument(
        "--sqlite-processes",
        type=int,
        default=1,
        help="the most processes to run on SQLite (one writer at a time: 1 by default)",
    )
    parser.add_argument(
        "--pg-fast",
        action="store_true",
        help="run the throwaway PostgreSQL server as the tests do (fsync off): not durable",
    )
    args = parser.parse_args()
    DURABLE[0] = not args.pg_fast
    if args.db or args.processes:
        compare(
            args.db or ["sqlite"],
            [n for listed in args.processes or [[1]] for n in listed],
            args.games,
            args.seconds,
            args.plies,
            args.sqlite_processes,
            max(1, args.rounds),
        )
    else:
        asyncio.run(main(args.games, args.moves, args.seconds, args.plies, args.synchronous))
