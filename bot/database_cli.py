"""``python -m bot migrate`` and ``python -m bot copy-db FROM TO``: the operator's tools for
the database (SQLite file or PostgreSQL URL)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import rules
from bot.config import ConfigError, Settings
from bot.progress import Progress
from bot.store import DatabaseNotFound, Store, StoreError
from bot.store.copy import (
    PAGE_ROWS,
    CopyMismatch,
    TableCount,
    copy_rows,
)
from bot.store.database import SQLITE_PREFIX

# The exit status of a database path that names nothing (a mistyped --db or FROM), as
# argparse exits for any other wrong argument.
EXIT_NOT_FOUND = 2


def announce_if_created(store: Store) -> None:
    """One line on stderr when opening ``store`` made a new SQLite file, so that a mistyped
    path shows at once instead of as games gone missing."""
    if store.database.created:
        print(f"postal: created a new database at {store.database.name}", file=sys.stderr)


def database_argument(text: str) -> Path | str:
    """``--db``, ``FROM`` and ``TO``: an ``sqlite:///`` URL's file or any other path as a
    ``Path``; any other URL as it is (``Store.open`` refuses an unknown scheme)."""
    if text.startswith(SQLITE_PREFIX):
        return Path(text[len(SQLITE_PREFIX) :])
    return text if "://" in text else Path(text)


def database_name(database: Path | str) -> str:
    """A short name of ``database``: an SQLite file's stem, a URL's database name
    (``postgresql://host/postal`` -> ``postal``; the scheme when it names none)."""
    if isinstance(database, Path):
        return database.stem or "postal"
    scheme, _, rest = database.partition("://")
    name = rest.partition("?")[0].rpartition("/")[2] if "/" in rest else ""
    return name or scheme


def migrate_main(argv: Sequence[str]) -> int:
    """Apply pending migrations and print the version; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate",
        description="Bring the database's schema up to this Postal's version and print it. "
        "A database newer than this Postal is refused and left alone.",
    )
    parser.add_argument(
        "--db",
        type=database_argument,
        help="SQLite file or postgresql:// URL (default: DATABASE_URL)",
    )
    args = parser.parse_args(argv)
    try:
        target = args.db or Settings.from_env().database
        print(asyncio.run(_migrate(target)))
    except (ConfigError, StoreError) as error:
        print(f"postal: {error}", file=sys.stderr)
        return EXIT_NOT_FOUND if isinstance(error, DatabaseNotFound) else 1
    return 0


async def _migrate(target: Path | str) -> str:
    store = await Store.open(target)
    try:
        before = store.database.migrated_from
        version = await store.database.schema_version()
        name = store.database.name
    finally:
        await store.close()
    if before == version:
        return f"{name}: schema version {version}, up to date"
    return f"{name}: schema version {version} (migrated from {before})"


@dataclass(frozen=True)
class CopyResult:
    copied: list[TableCount]
    games_replayed: int  # 0 unless asked (``--replay``)
    damaged: list[int]  # games marked damaged in the source, copied as they are


def copy_main(argv: Sequence[str]) -> int:
    """Copy one database into an empty one and verify it; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot copy-db",
        description="Copy every row of FROM into TO (an empty database, migrated first) in "
        "pages, each page read back from TO and compared with FROM's rows as it is written, "
        "then check both hold the same rows per table. Memory stays a page's worth whatever "
        "the size; progress shows on stderr. Stop the bot first. Example: python -m bot "
        "copy-db sqlite:///postal.db postgresql://postal:secret@db/postal",
    )
    parser.add_argument(
        "source", metavar="FROM", type=database_argument, help="file or URL to copy"
    )
    parser.add_argument(
        "target", metavar="TO", type=database_argument, help="empty database to fill"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue an interrupted copy into TO from the last page it committed "
        "(refused if FROM changed since)",
    )
    parser.add_argument(
        "--replay",
        action="store_true",
        help="also replay every game's moves on TO to its stored position (slow: reads each game)",
    )
    parser.add_argument("--page-rows", type=int, default=PAGE_ROWS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        result = asyncio.run(
            copy_database(
                args.source, args.target, resume=args.resume, replay=args.replay,
                page_rows=max(1, args.page_rows), progress_to=sys.stderr,
            )
        )  # fmt: skip
    except StoreError as error:
        print(f"postal: {error}", file=sys.stderr)
        return EXIT_NOT_FOUND if isinstance(error, DatabaseNotFound) else 1
    for count in result.copied:
        print(f"{count.table}: {count.rows:,} {'row' if count.rows == 1 else 'rows'}")
    replayed = f"; {result.games_replayed:,} games replay" if args.replay else ""
    print(f"verified: every page read back, the same rows per table{replayed}")
    if result.damaged:
        listed = ", ".join(f"#{game_id}" for game_id in result.damaged)
        print(f"copied as they were, already marked damaged: {listed}")
    return 0


async def copy_database(
    source_target: Path | str,
    target_target: Path | str,
    *,
    resume: bool = False,
    replay: bool = True,
    page_rows: int = PAGE_ROWS,
    progress_to: TextIO | None = None,
) -> CopyResult:
    """Copy ``source_target`` into the empty ``target_target`` and verify the copy (each
    page read back; with ``replay``, every game replayed); progress on ``progress_to``.

    Raises ``StoreError`` (``DatabaseNotFound``: no SQLite file at ``source_target``, or
    no folder for ``target_target``, nothing created; ``TargetNotEmpty``, ``CannotResume``:
    nothing written; ``RowRefused``, ``CopyMismatch``)."""
    source = await Store.open(source_target, create=False)
    try:
        # NORMAL: a page's commit waits for no fsync (the WAL is synced at checkpoints and
        # when the copy closes it). A crash may lose the last pages, never half of one: the
        # recorded key commits with its page, so --resume starts after what survived.
        target = await Store.open(target_target, synchronous="NORMAL")
        try:
            progress = Progress(progress_to) if progress_to is not None else None
            copied = await copy_rows(
                source.database, target.database, resume=resume, page_rows=page_rows,
                listener=progress,
            )  # fmt: skip
            if progress is not None:
                progress.finish("done")
            replayed, damaged = await _verify_games(source, target) if replay else (0, [])
        finally:
            await target.close()
    finally:
        await source.close()
    return CopyResult(copied, replayed, damaged)


async def _verify_games(source: Store, target: Store) -> tuple[int, list[int]]:
    """Every game has the same moves on both sides, and those moves replay to the position
    stored for it (games already marked damaged are only compared)."""
    replayed = 0
    damaged: list[int] = []
    for game_id in await target.games.all_ids():
        record = await target.games.get(game_id)
        original = await source.games.get(game_id)
        moves = await target.games.move_line(game_id)
        if record is None or record != original or moves != await source.games.move_line(game_id):
            raise CopyMismatch(f"game #{game_id} differs between the source and the copy")
        if record.damaged_at is not None:
            damaged.append(game_id)
            continue
        try:
            game = rules.Game.replay(record.variant, record.start_fen, [m.uci for m in moves])
        except rules.RulesError as error:
            raise CopyMismatch(f"game #{game_id} does not replay: {error}") from error
        if game.position.fen() != record.fen:
            raise CopyMismatch(f"game #{game_id} replays to another position than stored")
        replayed += 1
    return replayed, damaged
