"""A move's p99 beside the clock, and what it waits on: ``python benchmarks/move_waits.py FILE``.

FILE is an SQLite database kept by ``scale.py --keep`` (built first, 1M games by default, if
it is not there; ~6 minutes). It is copied beside itself (the run changes what it measures),
opened as the bot opens it, dropped from the operating system's page cache, and then
``GameService.move`` is timed in distinct active games (at their 20th ply, never replayed
before: a cold game, as most are on a big bot) in three phases:

1. ``alone``: no clock round running (what the machine gives a move);
2. ``rounds``: clock rounds with nothing due running back to back beside the moves;
3. ``drain``: the clock moved ``--advance`` hours on, so that thousands of games are past
   their deadline or due a reminder, and rounds run until none is due while the moves go on
   in games not due (one every ``--gap`` ms): a move behind a batch of time-outs.

Each phase prints the moves' p50 / p99 and the parts of the tail (``benchmarks/waits.py``:
the store's lock waited for, held, the move's own CPU, waiting for the event loop), and how
long each stage of the rounds held the store's lock and the event loop, and Python's garbage
collections. The round's batch sizes are the store's (``store.batches``, ``bot.store.batches``)
unless ``--clock-batch`` (games a round reads, claims and works through at a time),
``--ending-batch`` (time-outs one transaction ends) or ``--plies-a-read`` (moves read at once
to replay a batch) say others; the garbage collector is set as the bot sets it after start-up
(``bot.collector.settle``) unless ``--collector default`` leaves CPython's own;
``--autocheckpoint N`` makes the store's connection checkpoint inside its commits again, as
SQLite does by default (every 1,000 pages), instead of beside it (``bot.store.checkpoints``).
The last line, ``summary:``, gives the code (``git describe``), the time, and each phase's
p50 / p99 with the load average around it (the drain's items a second too): one row of an
A/B table. Each run works on a copy of its own (named with its process id).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import shutil
import subprocess
import sys
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.scale import build, evict, move_targets
from benchmarks.waits import LABEL, STAGE, Account, Waits, breakdown
from bot import collector
from bot.service import GameService, ManualClock, User
from bot.store import Store

Target = tuple[User, int, str]


async def round_with_stages(service: GameService) -> None:
    """``scale.clock_round``, each stage named for the lock's and the loop's accounts."""
    for stage, work in (
        ("time-outs", lambda: service.deadlines.expire_overdue(describe=False)),
        ("reminders", service.deadlines.hand_over_reminders),
        ("digests", service.digests.hand_over_digests),
        ("archive", service.deadlines.threads_to_archive),
        ("next wake-up", service.deadlines.next_wakeup),
    ):
        token = STAGE.set(stage)
        try:
            await work()
        finally:
            STAGE.reset(token)


async def moves(
    service: GameService, waits: Waits, games: list[Target], gap: float, until: asyncio.Event
) -> list[Account]:
    """A move in each of ``games`` in turn, ``gap`` seconds apart, until ``until`` is set
    (or the games run out); each move's account."""
    accounts = []
    for user, game_id, san in games:
        if until.is_set():
            break
        with waits.account() as account:
            await service.play.move(user, None, san, game_id=game_id)
        accounts.append(account)
        await asyncio.sleep(gap)
    return accounts


async def phase(
    name: str,
    service: GameService,
    clock: ManualClock,
    waits: Waits,
    games: list[Target],
    gap: float,
    rounds: str,
    summary: list[str],
) -> None:
    """Moves in ``games`` beside ``rounds`` (``none``, ``idle``: back to back every 50 ms,
    ``drain``: until nothing is due); prints the breakdown and adds the moves' p50 / p99 to
    ``summary``."""
    waits.clear()
    done = asyncio.Event()
    items = [0]

    async def run_clock() -> None:
        token = LABEL.set("round")
        try:
            while rounds == "idle" and not done.is_set():
                await round_with_stages(service)
                await asyncio.sleep(0.05)
            while rounds == "drain":
                await round_with_stages(service)
                wake = await service.deadlines.next_wakeup()
                if wake is None or wake > clock.now:
                    break
        finally:
            LABEL.reset(token)
            done.set()

    load = os.getloadavg()
    started, cpu = time.perf_counter(), time.process_time()
    runner = asyncio.create_task(run_clock())
    stop = done if rounds == "drain" else asyncio.Event()
    accounts = await moves(service, waits, games, gap, stop)
    if rounds == "idle":
        done.set()
    await runner
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    note = ""
    if rounds == "drain":
        db = service.core.store.database
        ended = (await db.fetch("SELECT COUNT(*) FROM games WHERE termination = 'timeout'"))[0][0]
        reminded = (await db.fetch("SELECT COUNT(*) FROM reminders_sent"))[0][0]
        items[0] = int(ended) + int(reminded)
        note = (
            f"; drain: {ended} time-outs, {reminded} reminders in {seconds:.1f} s "
            f"({items[0] / seconds:.1f} items/s, {cpu:.1f} s of CPU)"
        )
    ordered = sorted(account.wall * 1000 for account in accounts)
    if ordered:
        summary.append(
            f"{name} {ordered[round(0.5 * (len(ordered) - 1))]:.1f} / "
            f"{ordered[round(0.99 * (len(ordered) - 1))]:.1f} ms "
            f"(load {load[0]:.1f} -> {os.getloadavg()[0]:.1f})"
            + (f", {items[0] / seconds:.0f} items/s" if rounds == "drain" else "")
        )
    print(
        f"\n{name}: load {load[0]:.2f} -> {os.getloadavg()[0]:.2f}{note} "
        f"[{service.core.store.batches}, gc thresholds {gc.get_threshold()}, "
        f"frozen {gc.get_freeze_count()}]",
        flush=True,
    )
    for line in breakdown(accounts):
        print(line, flush=True)
    for line in waits.hold_table("round"):
        print(line, flush=True)


async def measure(path: Path, args: argparse.Namespace, summary: list[str]) -> None:
    count, drain_moves, advance = args.moves, args.drain_moves, args.advance
    clock = ManualClock()
    store = await Store.open(f"sqlite:///{path}", synchronous="FULL")
    store.batches = replace(
        store.batches,
        **{
            name: value
            for name, value in (
                ("clock", args.clock_batch),
                ("endings", args.ending_batch),
                ("plies_a_read", args.plies_a_read),
            )
            if value is not None
        },
    )
    if args.autocheckpoint is not None:
        await store.database.fetch(f"PRAGMA wal_autocheckpoint = {args.autocheckpoint}")
    waits = Waits()
    try:
        service = GameService(store, clock)
        await service.deadlines.expire_overdue(describe=False)  # the first round's looks
        await round_with_stages(service)
        if args.collector == "settled":
            collector.settle()  # as the bot does once started
        now = int(clock.now.timestamp())
        after = now + int(advance * 3600) + 3600
        # The drain's moves go on until it ends: enough games for minutes of them.
        games = await move_targets(store, 2 * count + drain_moves, after)
        print(f"{len(games)} games at ply 20 not due before the drain", flush=True)
        evict(path)
        waits.install(store.database)
        await phase("alone", service, clock, waits, games[:count], 0.01, "none", summary)
        beside = games[count : 2 * count]
        await phase("rounds, nothing due", service, clock, waits, beside, 0.01, "idle", summary)
        clock.advance(timedelta(hours=advance))
        drain = games[2 * count :]
        await phase("drain", service, clock, waits, drain, args.gap / 1000, "drain", summary)
    finally:
        waits.uninstall()
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="a kept SQLite file (built if missing)")
    parser.add_argument("--size", type=int, default=1_000_000, help="games, if built")
    parser.add_argument("--moves", type=int, default=300, help="moves a phase")
    parser.add_argument("--drain-moves", type=int, default=2000, help="moves at most in the drain")
    parser.add_argument("--gap", type=float, default=50, help="ms between moves in the drain")
    parser.add_argument("--advance", type=float, default=36, help="hours the drain moves on")
    parser.add_argument("--ending-batch", type=int, help="time-outs a transaction (the store's)")
    parser.add_argument("--clock-batch", type=int, help="games a round's batch (the store's)")
    parser.add_argument("--plies-a-read", type=int, help="moves read ahead at once (the store's)")
    parser.add_argument(
        "--autocheckpoint",
        type=int,
        help="SQLite's wal_autocheckpoint for the store's connection (pages; 0: none)",
    )
    parser.add_argument(
        "--collector",
        choices=("settled", "default"),
        default="settled",
        help="the garbage collector as the bot sets it (bot.collector), or CPython's default",
    )
    args = parser.parse_args()
    if not args.file.exists():
        started = time.perf_counter()
        asyncio.run(build(f"sqlite:///{args.file}", args.size, ManualClock()))
        print(f"built {args.file} in {time.perf_counter() - started:.0f} s", flush=True)
    # Its own copy: two runs at once (an A/B, another lane) never share one.
    copy = args.file.with_name(f"{args.file.stem}.moves-{os.getpid()}{args.file.suffix}")
    shutil.copyfile(args.file, copy)
    code = subprocess.run(
        ["git", "-C", str(Path(__file__).parent), "describe", "--always", "--dirty"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    summary = [f"code {code or '?'}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"]
    try:
        asyncio.run(measure(copy, args, summary))
        # One line for a table of runs (benchmarks/README.md): move p50 / p99 each phase.
        print("\nsummary: " + "; ".join(summary), flush=True)
    finally:
        for name in (copy, Path(f"{copy}-wal"), Path(f"{copy}-shm")):
            name.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
