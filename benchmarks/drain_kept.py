"""The drain after an outage on a kept SQLite file: ``python benchmarks/drain_kept.py FILE``.

With ``--db postgresql`` (no FILE) it builds ``--size`` games (1M by default: ~9-11 minutes)
on a throwaway durable PostgreSQL server instead (``benchmarks/service.py``), runs the
first round (the clock's looks the build did not make) untimed, then the drain, and counts
the server's CPU too (its processes' user and system time, those gone included).

Copies FILE (one kept by ``scale.py --keep``, e.g. 1M games) to a scratch file beside it
(the drain changes what it drains), opens it as the bot does (migrating it), drops its pages
from the operating system's cache, and runs ``scale.drain``: the clock 60 h on, clock rounds
until nothing is due. Prints items/s, the process's CPU-seconds and items per CPU-second (the
figure that means something on a loaded machine), the load average before and after, and the
peak resident memory; deletes the copy unless ``--keep-copy``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.scale import build, clock_round, drain, evict
from benchmarks.service import fresh_database, throwaway_server
from bot import collector
from bot.service import GameService, ManualClock
from bot.store import Store


def server_cpu(root: Path) -> float:
    """CPU-seconds the PostgreSQL server under ``root`` has used: the postmaster, its live
    processes, and those that ended (counted in the postmaster's children's times)."""
    postmaster = int((root / "data" / "postmaster.pid").read_text().split()[0])
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        pid, ppid = int(stat.parent.name), int(fields[1])
        if pid == postmaster:
            total += sum(int(v) for v in fields[11:15]) / tick  # its own and its children's
        elif ppid == postmaster:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


async def measure_postgresql(size: int) -> None:
    """Build ``size`` games on a throwaway server, drain them, print the figures."""
    with fresh_database("postgresql") as url:
        clock = ManualClock()
        started = time.perf_counter()
        await build(url, size, clock)
        print(f"built {size:,} games in {time.perf_counter() - started:.0f} s", flush=True)
        root = throwaway_server().root
        store = await Store.open(url, synchronous="FULL")
        try:
            service = GameService(store, clock)
            started = time.perf_counter()
            await clock_round(service)  # the looks of every game near its deadline, once
            print(f"first round {time.perf_counter() - started:.1f} s", flush=True)
            collector.settle()  # as the bot does once started
            print(f"load before {os.getloadavg()}; {store.batches}", flush=True)
            server = server_cpu(root)
            cpu = time.process_time()
            rate, note = await drain(store, service, clock)
            cpu, server = time.process_time() - cpu, server_cpu(root) - server
            items = int(note.split("/", 1)[0])
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(
                f"{rate:.1f} items/s; {note}; the server {server:.1f} s of CPU; "
                f"{items / (cpu + server):.0f} items a CPU-second (bot and server); "
                f"load after {os.getloadavg()}; peak RSS {peak:.0f} MB (the build's included)",
                flush=True,
            )
        finally:
            await store.close()


async def measure(path: Path) -> None:
    """Drain ``path`` cold and print the figures."""
    store = await Store.open(f"sqlite:///{path}", synchronous="FULL")
    clock = ManualClock()
    try:
        evict(path)
        collector.settle()  # as the bot does once started
        print(f"load before {os.getloadavg()}; {store.batches}", flush=True)
        cpu = time.process_time()
        rate, note = await drain(store, GameService(store, clock), clock)
        cpu = time.process_time() - cpu
        items = int(note.split("/", 1)[0])
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"{rate:.1f} items/s; {note}; {items / cpu:.0f} items a CPU-second; "
            f"load after {os.getloadavg()}; peak RSS {peak:.0f} MB",
            flush=True,
        )
    finally:
        await store.close()


def main() -> None:
    """Copy, drain, print, clean up."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, nargs="?", help="a kept SQLite file (unchanged)")
    parser.add_argument("--keep-copy", action="store_true", help="leave the drained copy")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--size", type=int, default=1_000_000, help="games built (PostgreSQL)")
    args = parser.parse_args()
    if args.db == "postgresql":
        asyncio.run(measure_postgresql(args.size))
        return
    if args.file is None:
        parser.error("FILE is needed with --db sqlite")
    copy = args.file.with_name(f"{args.file.stem}.drain{args.file.suffix}")
    started = time.perf_counter()
    shutil.copyfile(args.file, copy)
    print(f"copied to {copy} in {time.perf_counter() - started:.1f} s", flush=True)
    try:
        asyncio.run(measure(copy))
    finally:
        if not args.keep_copy:
            for name in (copy, Path(f"{copy}-wal"), Path(f"{copy}-shm")):
                name.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
