"""Daily automatic backups while the bot runs (``BACKUP_DIR``, ``BACKUP_KEEP``).

Once an hour the newest backup in the folder is looked at; when it is a day old, or there
is none, a new one is made (``postal-YYYYMMDD-HHMMSS.db``, UTC) and all but the newest
``keep`` are deleted. A backup that fails is logged and tried again at the next look.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from datetime import timedelta
from pathlib import Path

from bot.service.clock import Clock, system_clock
from bot.store.backup import (
    BackupError,
    BackupMade,
    automatic_backups,
    back_up,
    daily_name,
    prune,
)

_log = logging.getLogger(__name__)

BACKUP_EVERY = timedelta(days=1)
LOOK_EVERY = timedelta(hours=1)


async def backup_if_due(
    database: Path, folder: Path, keep: int, clock: Clock = system_clock
) -> BackupMade | None:
    """Make today's backup in ``folder`` if the newest is ``BACKUP_EVERY`` old (or absent)
    and prune to ``keep``. Returns the backup made, or None. Raises ``BackupError``."""
    now = clock()
    existing = automatic_backups(folder)
    if existing and now - existing[-1][0] < BACKUP_EVERY:
        return None
    made = await asyncio.to_thread(back_up, database, folder / daily_name(now))
    for old in await asyncio.to_thread(prune, folder, keep):
        _log.info("old backup deleted: path=%s", old)
    _log.info("backup made: path=%s bytes=%d games=%d", made.path, made.bytes, made.games)
    return made


@asynccontextmanager
async def daily_backups(
    database: Path, folder: Path | None, keep: int, clock: Clock = system_clock
) -> AsyncIterator[None]:
    """Keep daily backups of ``database`` in ``folder`` while the block runs (nothing when
    ``folder`` is None). Raises ``BackupError`` at once if ``folder`` cannot be created."""
    if folder is None:
        yield
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BackupError(f"BACKUP_DIR {folder} cannot be created: {error.strerror}") from error
    task = asyncio.create_task(_keep(database, folder, keep, clock))
    try:
        yield
    finally:
        task.cancel()
        with suppress(asyncio.CancelledError):
            await task


async def _keep(database: Path, folder: Path, keep: int, clock: Clock) -> None:
    while True:
        try:
            await backup_if_due(database, folder, keep, clock)
        except BackupError as error:
            _log.error("daily backup failed: %s", error)
        await asyncio.sleep(LOOK_EVERY.total_seconds())
