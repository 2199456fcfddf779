"""``python -m bot check``: read every page of the SQLite database, as start-up no longer does.

Start-up only probes the header, the schema and each table's first page (a million-game file
would take minutes to read whole); the daily backup checks its copy. This is the full check,
for an operator who wants to know now.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.config import ConfigError, Settings
from bot.database_cli import EXIT_NOT_FOUND, database_argument
from bot.store.health import UnusableDatabase, check_file

BUSY_TIMEOUT_MS = 5000


def main(argv: list[str]) -> int:
    """Check the database page by page; returns the exit status (0 sound, 1 damaged or
    unusable, 2 no such file)."""
    parser = argparse.ArgumentParser(
        prog="python -m bot check",
        description="Read every page of Postal's SQLite database (SQLite's integrity check), "
        "safe while the bot runs, and say whether it is sound.",
    )
    parser.add_argument(
        "--db", type=database_argument, help="the database (default: from DATABASE_URL)"
    )
    args = parser.parse_args(argv)
    try:
        database = args.db or Settings.from_env().database
    except ConfigError as error:
        print(f"postal: {error}", file=sys.stderr)
        return 1
    if not isinstance(database, Path):
        print(
            "postal: check reads an SQLite file; PostgreSQL checks its own pages "
            "(data checksums, the amcheck extension)",
            file=sys.stderr,
        )
        return 1
    if not database.is_file():
        print(f"postal: there is no database at {database}: check the path", file=sys.stderr)
        return EXIT_NOT_FOUND
    try:
        check_file(database, BUSY_TIMEOUT_MS)
    except UnusableDatabase as error:
        print(f"postal: {error}", file=sys.stderr)
        return 1
    print(f"the database {database} is sound: every page read")
    return 0
