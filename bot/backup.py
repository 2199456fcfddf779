"""``python -m bot backup PATH``: a consistent copy of the database, even while the bot runs."""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.config import POSTGRESQL_BACKUP_ADVICE, ConfigError, Settings
from bot.database_cli import database_argument
from bot.store.backup import BackupError, back_up, daily_name


def main(argv: list[str]) -> int:
    """Back up the database to the path given; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot backup",
        description="Copy Postal's database to PATH: one consistent snapshot, safe while the "
        "bot runs, checked before it is put in place. Restore by stopping the bot and copying "
        "the backup over the database file.",
    )
    parser.add_argument("path", type=Path, help="the backup file (or a folder to put it in)")
    parser.add_argument(
        "--db", type=database_argument, help="the database (default: from DATABASE_URL)"
    )
    parser.add_argument("--force", action="store_true", help="replace PATH if it exists")
    args = parser.parse_args(argv)
    try:
        database = args.db or Settings.from_env().database
        if not isinstance(database, Path):
            raise BackupError(f"backup {POSTGRESQL_BACKUP_ADVICE}")
        target: Path = args.path
        if target.is_dir():
            target = target / daily_name(datetime.now(UTC))
        made = back_up(database, target, overwrite=args.force)
    except (ConfigError, BackupError) as error:
        print(f"postal: {error}", file=sys.stderr)
        return 1
    print(f"backed up {database} to {made.path} ({made.bytes:,} bytes, {made.games:,} games)")
    return 0
