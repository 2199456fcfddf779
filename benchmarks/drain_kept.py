"""The drain after an outage on a kept SQLite file: ``python benchmarks/drain_kept.py FILE``.

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

from benchmarks.scale import drain, evict
from bot.service import GameService, ManualClock
from bot.store import Store


async def measure(path: Path) -> None:
    """Drain ``path`` cold and print the figures."""
    store = await Store.open(f"sqlite:///{path}", synchronous="FULL")
    clock = ManualClock()
    try:
        evict(path)
        print(f"load before {os.getloadavg()}", flush=True)
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
    parser.add_argument("file", type=Path, help="a kept SQLite file (left unchanged)")
    parser.add_argument("--keep-copy", action="store_true", help="leave the drained copy")
    args = parser.parse_args()
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
