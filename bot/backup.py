"""``python -m bot backup PATH``: a consistent copy of the database, even while the bot runs."""

from __future__ import annotations

import argparse
import os
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.config import POSTGRESQL_BACKUP_ADVICE, ConfigError, Settings
from bot.database_cli import EXIT_NOT_FOUND, database_argument
from bot.store.backup import BackupError, FolderMissing, back_up, daily_name


def backup_path(text: str, now: datetime) -> Path:
    """The file ``PATH`` names: in an existing folder, a dated name. Raises ``FolderMissing``
    for a folder that does not exist: ``PATH`` written with a trailing slash, or naming
    nothing and without a file suffix (``backups``), which would otherwise become a file
    of that name."""
    path = Path(text)
    if path.is_dir():
        return path / daily_name(now)
    if not path.exists() and (text.endswith(("/", os.sep)) or not path.suffix):
        raise FolderMissing(
            f"there is no folder {path}: create it first, or name the backup file "
            f"(e.g. {path.with_name(path.name + '.db')})"
        )
    return path


def main(argv: list[str]) -> int:
    """Back up the database to the path given; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot backup",
        description="Copy Postal's database to PATH: one consistent snapshot, safe while the "
        "bot runs, checked before it is put in place. Restore by stopping the bot and copying "
        "the backup over the database file.",
    )
    parser.add_argument("path", help="the backup file (or an existing folder to put it in)")
    parser.add_argument(
        "--db", type=database_argument, help="the database (default: from DATABASE_URL)"
    )
    parser.add_argument("--force", action="store_true", help="replace PATH if it exists")
    args = parser.parse_args(argv)
    try:
        database = args.db or Settings.from_env().database
        if not isinstance(database, Path):
            raise BackupError(f"backup {POSTGRESQL_BACKUP_ADVICE}")
        target = backup_path(args.path, datetime.now(UTC))
        made = back_up(database, target, overwrite=args.force)
    except (ConfigError, BackupError) as error:
        print(f"postal: {error}", file=sys.stderr)
        # A path naming nothing exits as argparse does for a wrong argument (as --db does).
        return EXIT_NOT_FOUND if isinstance(error, FolderMissing) else 1
    print(f"backed up {database} to {made.path} ({made.bytes:,} bytes, {made.games:,} games)")
    return 0
