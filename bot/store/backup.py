"""Backups of a database in use: SQLite's online backup API, then a check, then a rename.

The copy is one consistent snapshot even while the bot writes (a WAL reader sees one
committed state and does not block writers). It is read in steps of ``STEP_PAGES`` pages with
a ``STEP_PAUSE`` between them, inside one read transaction (so a write between two steps does
not restart it), leaving the disk and the bot's own connection room for commands. It is
written beside the target under a temporary name, checked with ``PRAGMA quick_check``,
flushed to disk and only then renamed into place, so ``PATH`` is either the previous file or a
complete, checked backup.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bot.store.health import explain, quick_check

DAILY_PREFIX = "postal-"
DAILY_SUFFIX = ".db"
_DAILY_STAMP = "%Y%m%d-%H%M%S"

# 1,024 pages (4 MB) a step and 10 ms between: a million-game file (about 3 GB) is read in
# about 700 steps, each short enough that the bot's writes are not held behind it.
STEP_PAGES = 1024
STEP_PAUSE = 0.01

# Called after each step with (status, pages left, pages in all); tests count the steps.
Progress = Callable[[int, int, int], object]


class BackupError(Exception):
    """The backup could not be made; the message is one line for the operator."""


class FolderMissing(BackupError):
    """The folder the backup should go in does not exist (most often a mistyped path)."""


@dataclass(frozen=True, slots=True)
class BackupMade:
    """A finished backup: where, how big, and what it holds."""

    path: Path
    bytes: int
    games: int


def back_up(
    source: Path,
    target: Path,
    *,
    overwrite: bool = False,
    step_pages: int = STEP_PAGES,
    progress: Progress | None = None,
) -> BackupMade:
    """Copy the database ``source`` to ``target`` consistently, even while it is written.

    Raises ``BackupError`` when ``source`` is missing or unusable, ``target`` exists and
    ``overwrite`` is false, ``target`` is ``source``, or the copy cannot be written or checked.
    """
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    if target.exists() and target.resolve() == source.resolve():
        raise BackupError(f"{target} is the database itself: back up to another file")
    if target.is_dir():
        raise BackupError(
            f"{target} is a folder: name the backup file, e.g. {target / 'postal.db'}"
        )
    if target.exists() and not overwrite:
        raise BackupError(f"{target} already exists: choose another name or pass --force")
    if not target.parent.is_dir():
        raise FolderMissing(f"the folder {target.parent} does not exist: check the path")
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    try:
        games = _copy_and_check(source, partial, step_pages, progress)
        os.replace(partial, target)
        _sync_folder(target.parent)
    except sqlite3.Error as error:
        raise BackupError(f"backup failed: {explain(error, source)}") from error
    except OSError as error:
        raise BackupError(f"cannot write {target}: {error.strerror or error}") from error
    finally:
        partial.unlink(missing_ok=True)
    return BackupMade(target, target.stat().st_size, games)


def _copy_and_check(source: Path, partial: Path, step_pages: int, progress: Progress | None) -> int:
    """Copy ``source`` into ``partial`` and check the copy; returns its number of games."""
    partial.unlink(missing_ok=True)
    # mode=rw: never creates the database it copies (it only reads; rw lets SQLite tidy
    # the -wal and -shm files away on close, as Postal's own connection does).
    origin = sqlite3.connect(
        f"{source.resolve().as_uri()}?mode=rw", uri=True, timeout=5, isolation_level=None
    )
    try:
        copy = sqlite3.connect(partial)
        try:
            # One read transaction around all the steps: one snapshot, and another
            # connection's commit between two steps does not make SQLite start again.
            origin.execute("BEGIN")
            origin.execute("SELECT COUNT(*) FROM sqlite_schema").fetchone()
            origin.backup(copy, pages=step_pages, progress=progress, sleep=STEP_PAUSE)
            origin.execute("COMMIT")
            copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
            damage = quick_check(copy)
            if damage is not None:
                raise BackupError(
                    f"the database {source} is damaged ({damage}): not backed up; keep the "
                    "previous backups"
                )
            row = copy.execute(
                "SELECT COUNT(*) FROM sqlite_schema WHERE type = 'table' AND name = 'games'"
            ).fetchone()
            games = copy.execute("SELECT COUNT(*) FROM games").fetchone()[0] if row[0] else 0
        finally:
            copy.close()
    finally:
        origin.close()
    with open(partial, "rb+") as written:
        os.fsync(written.fileno())
    return int(games)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX: fsync the directory)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # not possible on this platform; the file itself is synced
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def daily_name(moment: datetime) -> str:
    """The file name of the automatic backup taken at ``moment`` (sorts by time)."""
    return f"{DAILY_PREFIX}{moment.strftime(_DAILY_STAMP)}{DAILY_SUFFIX}"


def automatic_backups(folder: Path) -> list[tuple[datetime, Path]]:
    """The automatic backups in ``folder``, oldest first (other files are ignored)."""
    found = []
    for path in folder.glob(f"{DAILY_PREFIX}*{DAILY_SUFFIX}"):
        stamp = path.name[len(DAILY_PREFIX) : -len(DAILY_SUFFIX)]
        try:
            moment = datetime.strptime(stamp, _DAILY_STAMP)
        except ValueError:
            continue
        found.append((moment.replace(tzinfo=UTC), path))
    return sorted(found)


def prune(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` automatic backups in ``folder``; returns those
    deleted."""
    backups = automatic_backups(folder)
    doomed = [path for _, path in backups[: max(0, len(backups) - keep)]]
    for path in doomed:
        path.unlink(missing_ok=True)
    return doomed
