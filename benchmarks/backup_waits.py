"""The backup of a big database beside moves: ``python benchmarks/backup_waits.py FILE``.

FILE is an SQLite database kept by ``scale.py --keep`` (1M games: ``scale.py --sizes 1000000
--keep FILE --build-only``). It is copied beside itself (opening it migrates it), opened as the
bot opens it and dropped from the operating system's page cache; then ``GameService.move`` is
timed in distinct active games at their 20th ply, first alone, then while ``back_up`` (what
``python -m bot backup`` and the daily backup run, in a thread as the bot runs it) copies the
file in steps and checks its copy. Prints the backup's wall time, size and check, and the
moves' p50 / p99 in each phase with what the tail waited on (``benchmarks/waits.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.move_waits import moves
from benchmarks.scale import evict, move_targets
from benchmarks.waits import Waits, breakdown
from bot.service import GameService, ManualClock
from bot.store import Store
from bot.store.backup import back_up

ALONE = 300  # moves with nothing beside


async def measure(path: Path, target: Path, count: int, gap: float) -> None:
    clock = ManualClock()
    store = await Store.open(f"sqlite:///{path}", synchronous="FULL")
    waits = Waits()
    try:
        service = GameService(store, clock)
        now = int(clock.now.timestamp())
        games = await move_targets(store, ALONE + count, now + 3600)
        print(f"{len(games)} games at ply 20", flush=True)
        evict(path)
        waits.install(store.database)
        phases = (("alone", games[:ALONE], False), ("beside the backup", games[ALONE:], True))
        for name, batch, beside in phases:
            waits.clear()
            done = asyncio.Event()
            load = os.getloadavg()[0]
            started = time.perf_counter()
            made = None
            if beside:

                async def backup(done: asyncio.Event = done) -> None:
                    nonlocal made
                    try:
                        made = await asyncio.to_thread(back_up, path, target)
                    finally:
                        done.set()

                runner = asyncio.create_task(backup())
                # Moves until the backup ends (or the games run out: ``--moves``).
                accounts = await moves(service, waits, batch, gap, done)
                await runner
            else:
                accounts = await moves(service, waits, batch, gap, done)
            seconds = time.perf_counter() - started
            note = ""
            if made is not None:
                note = (
                    f"; backup {made.bytes / 1e9:.2f} GB, {made.games:,} games, copied and "
                    f"checked in {seconds:.1f} s"
                )
            print(f"\n{name}: load {load:.2f} -> {os.getloadavg()[0]:.2f}{note}", flush=True)
            for line in breakdown(accounts):
                print(line, flush=True)
    finally:
        waits.uninstall()
        # The timed lock's last release asks for the CPU of SQLite's thread, which the close
        # has just ended: the database is closed by then.
        with contextlib.suppress(FileNotFoundError):
            await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="a kept SQLite file")
    parser.add_argument("--moves", type=int, default=3000, help="moves at most beside the backup")
    parser.add_argument("--gap", type=float, default=20, help="ms between moves")
    args = parser.parse_args()
    copy = args.file.with_name(f"{args.file.stem}.backup-waits{args.file.suffix}")
    target = args.file.with_name(f"{args.file.stem}.backup-made{args.file.suffix}")
    shutil.copyfile(args.file, copy)
    try:
        asyncio.run(measure(copy, target, args.moves, args.gap / 1000))
    finally:
        for name in (copy, Path(f"{copy}-wal"), Path(f"{copy}-shm"), target):
            name.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
