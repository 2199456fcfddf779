"""What grows with the database: ``python benchmarks/scale.py --sizes 1000,10000,100000``.

For each size N and each store (``--db sqlite``, ``--db postgresql``: a throwaway durable
server, ``tests/pgserver.py``) it builds a database of N stored games: a few games played
through the service (chess, ~78 plies finished by resignation, ~20 plies still running) are
cloned in SQL (``INSERT ... SELECT`` from a map of new ids), 90 % finished and 10 % active,
over 1,000 servers and N / 20 players (at least 100), one player holding 1,000 of the games
(200 of them active). The copy is checked (moves per game against each game's ply, a sample
replayed by the service). Then it times, on a store opened afresh:

- ``open``: opening the store (checks and migrations included);
- ``first round``: the first clock round after opening (what an upgrade pays once);
- ``round, nothing due``: a whole clock round (time-outs, reminders, digests, threads to
  archive, the next wake-up) with nothing due, the median of ``--rounds``;
- ``next_wakeup``: the next wake-up alone;
- ``move p50`` / ``move p99``: ``GameService.move`` in distinct active games while clock
  rounds run back to back beside it (a round every 50 ms), and ``alone`` before that in
  other games with no round running (what the machine's load alone does to a move);
- ``/history``, ``/games`` and ``/stats`` of the player with 1,000 games;
- ``claim 10k``: claiming 10,000 due items at once (``Claims.take``);
- ``drain``: the clock moved 60 hours on, every active game is due (a time-out, or a
  reminder): rounds run until nothing is due; items per second, and whether each game got
  exactly one ending or reminder.

Prints operation x size per store, with the growth factor from each size to the next.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import resource
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules
from benchmarks.service import fresh_database
from bot.service import GameService, ManualClock, Place, User
from bot.store import ClaimKind, Store
from bot.store.database import migrations

SERVERS = 1000
HEAVY_ID = 9_000_000  # the player with 1,000 games
HEAVY_GAMES = 1000
FIRST_PLAYER = 10_000_000
PLACE = Place(guild_id=1, channel_id=1)
Row = dict[str, float | str]


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def timed_ms(work: Callable[[], Awaitable[object]]) -> float:
    started = time.perf_counter()
    await work()
    return (time.perf_counter() - started) * 1000


async def play_line(service: GameService, game_id: int, plies: int, rng: random.Random) -> bool:
    """Play ``plies`` random legal moves that do not end the game; False if one would."""
    for _ in range(plies):
        view = await service.reports.game_view(game_id)
        assert view.to_move is not None
        board = await service.play.board(
            User(view.to_move.id, view.to_move.name), None, game_id=game_id
        )
        position = board.board.position
        quiet = [m for m in position.legal_moves() if position.play(m).legal_moves()]
        if not quiet:
            return False
        mover = User(view.to_move.id, view.to_move.name)
        await service.play.move(mover, None, position.san(rng.choice(quiet)), game_id=game_id)
    return True


async def templates(service: GameService, rng: random.Random) -> tuple[list[int], list[int]]:
    """Three finished games (~78 plies, resigned) and two active ones (~20 plies)."""
    finished: list[int] = []
    active: list[int] = []
    pair = 0
    while len(finished) < 3 or len(active) < 2:
        pair += 1  # a pair of its own each (the pings per pair an hour are limited)
        white, black = User(2 * pair - 1, f"tmpl-w{pair}"), User(2 * pair, f"tmpl-b{pair}")
        want_active = len(active) < 2 and len(finished) == 3
        created = await service.challenges.challenge(white, PLACE, black, color="white", days=3)
        game_id = (await service.challenges.accept_challenge(black, created.challenge.id)).game.id
        plies = 20 if want_active else rng.randrange(74, 83)
        played = await play_line(service, game_id, plies, rng)
        if played and want_active:
            active.append(game_id)
            continue
        view = await service.reports.game_view(game_id)
        if view.to_move is not None:  # resigned: finished (or a line gone wrong, unused)
            loser = User(view.to_move.id, view.to_move.name)
            await service.endings.confirm_resign(loser, game_id)
        if played:
            finished.append(game_id)
    return finished, active


async def clone(store: Store, size: int, finished: list[int], active: list[int], now: int) -> None:
    """``size`` games cloned from the templates, their moves and players, in SQL."""
    db = store.database
    rng = random.Random(size)
    players = max(100, size // 20)
    columns = [row[0] for row in await db.fetch(_COLUMNS_SQL[db.dialect.value])]
    start = int((await db.fetch("SELECT MAX(id) FROM games"))[0][0]) + 1
    rows = []
    for n in range(size):
        is_active = n % 10 == 0
        template = active[n % 2] if is_active else finished[n % 3]
        # Every other game among the first: 1,000 games, a fifth of them active (n % 10 == 0).
        white = HEAVY_ID if n < min(HEAVY_GAMES, size) * 2 and n % 2 == 0 else 0
        white = white or FIRST_PLAYER + rng.randrange(players)
        black = FIRST_PLAYER + rng.randrange(players)
        while black == white:
            black = FIRST_PLAYER + rng.randrange(players)
        # Active: the last move 0-47 h ago (deadlines 25-72 h away: nothing due now).
        # Finished: ended within the last year.
        ago = rng.randrange(0, 47 * 3600) if is_active else rng.randrange(2, 365) * 86400
        guild = 1 + n % SERVERS
        rows.append((start + n, template, guild, guild * 1000 + n % 7, white, black, now - ago))
    async with db.transaction() as conn:
        if db.dialect.value == "postgresql":
            # No per-row foreign key checks while cloning (the copy is checked after): with
            # them PostgreSQL took minutes for the moves of 10,000 games.
            await conn.execute("SET LOCAL session_replication_role = replica")
        await conn.execute(
            "CREATE TABLE bench_map (new_id BIGINT, template_id BIGINT, guild_id BIGINT, "
            "channel_id BIGINT, white_id BIGINT, black_id BIGINT, last_at BIGINT)"
        )
        await conn.executemany(
            "INSERT INTO players (id, display_name, is_bot, created_at) VALUES (?, ?, 0, ?)",
            [(FIRST_PLAYER + p, f"p{p}", now) for p in range(players)] + [(HEAVY_ID, "heavy", now)],
        )
        for chunk in range(0, len(rows), 50_000):
            await conn.executemany(
                "INSERT INTO bench_map VALUES (?, ?, ?, ?, ?, ?, ?)", rows[chunk : chunk + 50_000]
            )
        await conn.execute("ANALYZE bench_map")  # PostgreSQL joined it blind: minutes at 10k
        shift = "(m.last_at - t.last_move_at)"
        override = {
            "id": "m.new_id",
            "guild_id": "m.guild_id",
            "channel_id": "m.channel_id",
            "white_id": "m.white_id",
            "black_id": "m.black_id",
            "to_move_id": "CASE WHEN t.to_move_id = t.white_id THEN m.white_id "
            "WHEN t.to_move_id = t.black_id THEN m.black_id END",
            "created_at": f"t.created_at + {shift}",
            "last_move_at": "m.last_at",
            "deadline_at": f"t.deadline_at + {shift}",
            "finished_at": f"t.finished_at + {shift}",
            "message_id": "NULL",
        }
        chosen = ", ".join(override.get(c, f"t.{c}") for c in columns)
        await conn.execute(
            f"INSERT INTO games ({', '.join(columns)}) SELECT {chosen} "
            "FROM bench_map m JOIN games t ON t.id = m.template_id"
        )
        await conn.execute(
            "INSERT INTO moves (game_id, ply, uci, san, chinese, played_at, version) "
            "SELECT m.new_id, v.ply, v.uci, v.san, v.chinese, v.played_at + "
            "(m.last_at - t.last_move_at), v.version FROM bench_map m "
            "JOIN games t ON t.id = m.template_id JOIN moves v ON v.game_id = t.id"
        )
        await conn.execute("DROP TABLE bench_map")
        # The players' counted results (/stats), as the migration that made them counts.
        await conn.execute("DELETE FROM player_results")
        await conn.execute(_COUNTS_SQL)
    if db.dialect.value == "postgresql":
        from bot.store.pg_schema import SYNC_IDENTITIES

        async with db.transaction() as conn:
            await conn.execute(SYNC_IDENTITIES)
            await conn.execute("ANALYZE")
    else:
        async with db.read() as conn:
            await conn.execute("ANALYZE")


# The statement of the migration making ``player_results`` that counts the games stored.
_COUNTS_SQL = next(
    sql[sql.index("INSERT INTO player_results") :]
    for _, sql in migrations()
    if "CREATE TABLE player_results" in sql
)
_COLUMNS_SQL = {
    "sqlite": "SELECT name FROM pragma_table_info('games') ORDER BY cid",
    "postgresql": "SELECT column_name FROM information_schema.columns "
    "WHERE table_name = 'games' AND table_schema = current_schema() ORDER BY ordinal_position",
}


async def check(store: Store, service: GameService, size: int) -> None:
    """The copy is whole: every game's moves number its ply; a sample replays."""
    db = store.database
    games, plies = (await db.fetch("SELECT COUNT(*), SUM(ply) FROM games"))[0]
    moves = (await db.fetch("SELECT COUNT(*) FROM moves"))[0][0]
    assert int(games) >= size + 5 and int(plies) == int(moves), (games, plies, moves)
    for (game_id,) in await db.fetch("SELECT id FROM games ORDER BY id DESC LIMIT 20"):
        await service.reports.game_view(int(game_id))
        record = await store.games.get(int(game_id))
        assert record is not None
        game = rules.Game(record.variant, record.start_fen)
        for move in await store.games.moves(int(game_id)):
            game = game.play(move.uci)
        assert game.position.fen() == record.fen


async def clock_round(service: GameService) -> None:
    """What ``bot.discord.clockwork.run_clock`` asks of the service in one round."""
    await service.deadlines.expire_overdue(describe=False)
    await service.deadlines.hand_over_reminders()
    await service.digests.hand_over_digests()
    await service.deadlines.threads_to_archive()
    await service.deadlines.next_wakeup()


async def move_targets(
    store: Store, count: int, deadline_after: int = 0
) -> list[tuple[User, int, str]]:
    """``count`` active games at their 20th ply (their deadline after ``deadline_after``,
    epoch seconds), each with a legal move by the player to move."""
    rows = await store.database.fetch(
        "SELECT id FROM games WHERE status = 'active' AND white_id > 1000 AND ply = 20 "
        "AND deadline_at > ? ORDER BY id LIMIT ?",
        (deadline_after, count),
    )
    targets = []
    for (game_id,) in rows:
        record = await store.games.get(int(game_id))
        assert record is not None and record.to_move_id is not None
        position = rules.Game(record.variant, record.start_fen).variant.from_fen(record.fen)
        mover = await store.players.get(record.to_move_id)
        assert mover is not None
        san = position.san(next(iter(position.legal_moves())))
        targets.append((User(mover.id, mover.display_name), int(game_id), san))
    return targets


async def moves_beside_rounds(
    store: Store, service: GameService, count: int, *, clock_runs: bool = True
) -> list[float]:
    """Move latencies (ms) in ``count`` distinct active games while rounds run (or, with
    ``clock_runs`` False, alone: what the machine gives a move, for comparison)."""
    targets = await move_targets(store, count)
    stop = asyncio.Event()

    async def rounds() -> None:
        while clock_runs and not stop.is_set():
            await clock_round(service)
            await asyncio.sleep(0.05)

    runner = asyncio.create_task(rounds())
    samples = []
    try:
        for user, game_id, san in targets:
            started = time.perf_counter()
            await service.play.move(user, None, san, game_id=game_id)
            samples.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(0.01)
    finally:
        stop.set()
        await runner
    return samples


async def drain(store: Store, service: GameService, clock: ManualClock) -> tuple[float, str]:
    """Every active game due (time-out or reminder): rounds until none is; items/s."""
    db = store.database
    active = int((await db.fetch("SELECT COUNT(*) FROM games WHERE status = 'active'"))[0][0])
    clock.advance(hours=60)
    started, cpu = time.perf_counter(), time.process_time()
    for _ in range(10_000):
        await clock_round(service)
        wake = await service.deadlines.next_wakeup()
        if wake is None or wake > clock.now:
            break
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    ended = int((await db.fetch("SELECT COUNT(*) FROM games WHERE termination = 'timeout'"))[0][0])
    reminded = int((await db.fetch("SELECT COUNT(DISTINCT game_id) FROM reminders_sent"))[0][0])
    items = ended + reminded
    # The process's CPU (the service and SQLite's thread; not PostgreSQL's server): what
    # the drain costs whatever else loads the machine.
    return items / seconds, f"{items}/{active} items in {seconds:.1f} s, {cpu:.1f} s of CPU"


async def build(url: str, size: int, clock: ManualClock) -> list[str]:
    """The database of ``size`` cloned games, checked; notes on how long it took."""
    rng = random.Random(2026)
    store = await Store.open(url, synchronous="FULL")
    try:
        service = GameService(store, clock)
        finished, active = await templates(service, rng)
        built = time.perf_counter()
        await clone(store, size, finished, active, int(clock.now.timestamp()))
        notes = [f"built in {time.perf_counter() - built:.1f} s"]
        await check(store, service, size)
    finally:
        await store.close()
    return notes


def evict(path: Path) -> None:
    """Drop ``path``'s pages (and its -wal's) from the operating system's page cache."""
    for name in (path, Path(f"{path}-wal")):
        if name.exists():
            descriptor = os.open(name, os.O_RDONLY)
            try:
                os.fsync(descriptor)  # dirty pages are not dropped
                os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(descriptor)


class ShownRow(dict[str, float | str]):
    """A row that prints each figure as it is measured (a 1M run takes long)."""

    def __setitem__(self, name: str, value: float | str) -> None:
        super().__setitem__(name, value)
        print(f"  {name}: {show(value)}", file=sys.stderr, flush=True)


async def measure(
    url: str, size: int, rounds: int, moves: int, built: bool = False, drains: bool = True
) -> tuple[Row, list[str]]:
    clock = ManualClock()
    notes = ["reused"] if built else await build(url, size, clock)
    row: Row = ShownRow() if built else {}
    if url.startswith("sqlite:///"):
        # Out of the page cache: the open of a machine just started (or of a file not read
        # for long), not of one the build has just written.
        evict(Path(url[len("sqlite:///") :]))
        started = time.perf_counter()
        await (await Store.open(url, synchronous="FULL")).close()
        row["open, cold"] = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    store = await Store.open(url, synchronous="FULL")
    row["open"] = (time.perf_counter() - started) * 1000
    row["KB a game"] = await bytes_a_game(store) / 1000
    service = GameService(store, clock)
    try:
        row["first round"] = await timed_ms(lambda: clock_round(service))
        row["round, nothing due"] = statistics.median(
            [await timed_ms(lambda: clock_round(service)) for _ in range(rounds)]
        )
        row["next_wakeup"] = statistics.median(
            [await timed_ms(service.deadlines.next_wakeup) for _ in range(rounds)]
        )
        heavy = User(HEAVY_ID, "heavy")
        row["/history"] = statistics.median(
            [
                await timed_ms(lambda: service.reports.history(heavy, limit=10))
                for _ in range(rounds)
            ]
        )
        row["/games"] = statistics.median(
            [await timed_ms(lambda: service.reports.games(heavy)) for _ in range(rounds)]
        )
        row["/stats"] = statistics.median(
            [await timed_ms(lambda: service.reports.stats(heavy)) for _ in range(rounds)]
        )
        alone = await moves_beside_rounds(store, service, moves, clock_runs=False)
        row["move p50 alone"], row["move p99 alone"] = (
            percentile(alone, 0.5),
            percentile(alone, 0.99),
        )
        samples = await moves_beside_rounds(store, service, moves)
        row["move p50"], row["move p99"] = percentile(samples, 0.5), percentile(samples, 0.99)
        try:
            now = clock.now.timestamp()
            row["claim 10k"] = await timed_ms(
                lambda: store.claims.take(ClaimKind.BOARD, range(1, 10_001), "bench", now, now + 60)
            )
        except Exception as error:  # the figure is that it fails
            row["claim 10k"] = f"fails ({type(error).__name__})"
        row["peak RSS MB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        if drains:
            rate, note = await drain(store, service, clock)
            row["drain items/s"] = rate
            notes.append(f"drain: {note}")
    finally:
        await store.close()
    return row, notes


async def bytes_a_game(store: Store) -> float:
    """The bytes on disk of Postal's tables and indexes divided by the games stored."""
    games = int((await store.database.fetch("SELECT COUNT(*) FROM games"))[0][0])
    return (await disk_bytes(store))[0] / games


async def disk_bytes(store: Store) -> tuple[int, int]:
    """Bytes on disk of Postal's tables with their indexes, and of ``moves`` with its
    primary key. SQLite: the pages of each (``dbstat``); PostgreSQL: each relation's heap,
    TOAST and indexes (``pg_total_relation_size``), without the catalog a new database
    brings (~7 MB)."""
    db = store.database
    if db.dialect.value == "postgresql":
        rows = await db.fetch(
            "SELECT SUM(pg_total_relation_size(c.oid)), SUM(pg_total_relation_size(c.oid)) "
            "FILTER (WHERE c.relname = 'moves') FROM pg_class c JOIN pg_namespace n "
            "ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'"
        )
    else:
        rows = await db.fetch(
            "SELECT SUM(pgsize), SUM(pgsize) FILTER (WHERE name IN "
            "('moves', 'sqlite_autoindex_moves_1')) FROM dbstat"
        )
    return int(rows[0][0]), int(rows[0][1])


def show(value: float | str) -> str:
    return value if isinstance(value, str) else f"{value:.1f}" if value < 100 else f"{value:.0f}"


def report(db: str, sizes: list[int], rows: dict[int, Row]) -> None:
    print(f"\n{db}: ms unless said (growth from the size before)")
    header = ["operation", *(f"{s:,}" for s in sizes)]
    print(" | ".join(header))
    for name in rows[sizes[0]]:
        cells = [name]
        for index, size in enumerate(sizes):
            value = rows[size].get(name, "-")
            cell = show(value)
            before = rows[sizes[index - 1]].get(name) if index else None
            if isinstance(value, float) and isinstance(before, float) and before > 0:
                cell += f" (x{value / before:.1f})"
            cells.append(cell)
        print(" | ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated game counts")
    parser.add_argument("--db", action="append", choices=("sqlite", "postgresql"))
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument(
        "--keep",
        type=Path,
        help="SQLite only, one size: build the database in this file and keep it; a file "
        "already there is measured as it is (a 1M build takes long)",
    )
    parser.add_argument("--build-only", action="store_true", help="with --keep: build, no timing")
    parser.add_argument("--no-drain", action="store_true", help="leave the drain out")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.keep is not None:
        url, built = f"sqlite:///{args.keep}", args.keep.exists()
        if args.build_only:
            notes = [] if built else asyncio.run(build(url, sizes[0], ManualClock()))
            print(f"sqlite {sizes[0]:,} in {args.keep}: {'; '.join(notes) or 'already built'}")
            return
        measured = measure(url, sizes[0], args.rounds, args.moves, built, not args.no_drain)
        row, notes = asyncio.run(measured)
        print(f"sqlite {sizes[0]:,}: {'; '.join(notes)}", flush=True)
        report("sqlite", sizes[:1], {sizes[0]: row})
        return
    for db in args.db or ["sqlite"]:
        rows = {}
        for size in sizes:
            with fresh_database(db) as url:
                measured = measure(url, size, args.rounds, args.moves, drains=not args.no_drain)
                rows[size], notes = asyncio.run(measured)
            print(f"{db} {size:,}: {'; '.join(notes)}", flush=True)
        report(db, sizes, rows)


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
