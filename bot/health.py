"""``python -m bot health``: is this container's bot alive? For Docker's HEALTHCHECK.

A running bot with ``HEALTH_FILE`` set writes the time into that file at start-up and at each
heartbeat (every minute, after the heartbeat is written to the database): a fresh file says
the process's event loop runs and its database takes writes. Each process has its own file
(inside its own container), so one dead process among several sharing a database shows,
which the database's one shared heartbeat cannot tell.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HEALTH_FILE_VARIABLE = "HEALTH_FILE"
# Three missed heartbeats (one a minute) make a process unhealthy.
DEFAULT_MAX_AGE = 180


def mark_alive(path: Path) -> None:
    """Write the time now into ``path`` (replaced whole, so a reader never sees half).
    Raises OSError if it cannot be written."""
    partial = path.with_name(path.name + ".tmp")
    partial.write_text(f"{time.time():.0f}\n", encoding="ascii")
    partial.replace(path)


def age_of(path: Path, now: float | None = None) -> float:
    """Seconds since ``path`` was last marked. Raises OSError if it cannot be read and
    ValueError if it holds no time."""
    written = float(path.read_text(encoding="ascii").strip())
    return (time.time() if now is None else now) - written


def main(argv: Sequence[str] | None = None) -> int:
    """Exit 0 if the bot marked its health file within ``--max-age`` seconds, else 1 with
    one ``postal:`` line saying why."""
    parser = argparse.ArgumentParser(
        prog="python -m bot health",
        description="Exit 0 if the running bot's heartbeat file is fresh (Docker HEALTHCHECK).",
    )
    parser.add_argument("--file", type=Path, default=None, help=f"default: ${HEALTH_FILE_VARIABLE}")
    parser.add_argument("--max-age", type=int, default=DEFAULT_MAX_AGE, metavar="SECONDS")
    args = parser.parse_args(argv)
    named = args.file or os.environ.get(HEALTH_FILE_VARIABLE, "").strip()
    if not named:
        print(f"postal: unhealthy: no --file and no {HEALTH_FILE_VARIABLE} set", file=sys.stderr)
        return 1
    path = Path(named)
    try:
        age = age_of(path)
    except FileNotFoundError:
        print(f"postal: unhealthy: {path} does not exist (not started yet?)", file=sys.stderr)
        return 1
    except (OSError, ValueError) as error:
        print(f"postal: unhealthy: {path}: {error}", file=sys.stderr)
        return 1
    if age > args.max_age:
        print(f"postal: unhealthy: last heartbeat {age:.0f} s ago", file=sys.stderr)
        return 1
    print(f"healthy: last heartbeat {max(0.0, age):.0f} s ago")
    return 0
