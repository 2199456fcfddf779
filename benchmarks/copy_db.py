"""``python -m bot copy-db`` at size: ``python benchmarks/copy_db.py --source big.db``.

Copies an SQLite database (``--source FILE``, e.g. one kept by ``scale.py --keep``; or
``--size N`` games built as ``scale.py`` builds them) into a new SQLite file (``--to
sqlite``) or a new database on a throwaway PostgreSQL server (``--to postgresql``) by
running ``python -m bot copy-db`` as its own process, and prints the wall time, the rows
a second and the copy process's peak resident memory (``getrusage`` of the child). With
``--kill-after S`` the copy is killed (SIGKILL) after S seconds and run again with
``--resume``: both runs' figures are printed. ``--log FILE`` keeps the copy's progress lines
(one every 10 s: rows done, rate, time left) as they come, with the time each was written,
to follow an hour's copy and judge its estimate against the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.scale import build
from benchmarks.service import fresh_database
from bot.service import ManualClock

ROOT = Path(__file__).resolve().parents[1]


def run_copy(
    source: str, target: str, extra: list[str], kill_after: float | None, log: Path | None
) -> str:
    """One ``copy-db`` process; what it took (its last progress line included)."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "copy-db", source, target, *extra],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    lines: list[str] = []
    outs: list[str] = []
    readers = [
        threading.Thread(target=_keep, args=(process.stderr, lines, log, started)),
        threading.Thread(target=_keep, args=(process.stdout, outs, None, started)),
    ]
    for reader in readers:
        reader.start()
    try:
        process.wait(timeout=kill_after)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
        process.wait()
    for reader in readers:
        reader.join()
    out, err = "".join(outs), "".join(lines)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    last = (err.strip().splitlines() or ["(no progress line)"])[-1]
    status = "killed" if process.returncode == -signal.SIGKILL else f"exit {process.returncode}"
    moves = next((line for line in out.splitlines() if line.startswith("moves:")), "")
    return f"{status} after {seconds:.1f} s, peak RSS so far {peak:.0f} MB; {moves}; last: {last}"


def _keep(stream: IO[str], lines: list[str], log: Path | None, started: float) -> None:
    """Read the copy's stderr as it comes into ``lines`` (and ``log``, each line stamped
    with the wall-clock time and the seconds since the start)."""
    with open(log, "a", encoding="utf-8") if log else contextlib.nullcontext() as out:
        for line in stream:
            lines.append(line)
            if out is not None:
                at = time.strftime("%H:%M:%S", time.gmtime())
                out.write(f"{at} +{time.perf_counter() - started:.0f}s {line}")
                out.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, help="an SQLite file to copy")
    parser.add_argument("--size", type=int, default=10_000, help="games to build otherwise")
    parser.add_argument("--to", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--kill-after", type=float, help="SIGKILL after this many seconds")
    parser.add_argument("--log", type=Path, help="keep the copy's progress lines here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        source = args.source or Path(folder) / "source.db"
        if args.source is None:
            asyncio.run(build(f"sqlite:///{source}", args.size, ManualClock()))
        with fresh_database(args.to) as target:
            print(run_copy(str(source), target, [], args.kill_after, args.log), flush=True)
            if args.kill_after is not None:
                print(run_copy(str(source), target, ["--resume"], None, args.log), flush=True)


if __name__ == "__main__":
    main()
