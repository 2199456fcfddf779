"""SQLite's checkpoints, run beside the store's connection instead of inside its commits.

In WAL mode a commit that grows the log past ``wal_autocheckpoint`` pages (1,000) also copies
the log back into the database file and syncs both before it returns: on the store's one
connection, inside its lock, so a command waits for it. At 1M games a drain after an outage
crossed it every few dozen transactions, and those commits were the tail of a move's wait
(``benchmarks/move_waits.py``). So the store's connection makes none (``wal_autocheckpoint =
0``); once a transaction has given the lock up, a checkpoint is started on a connection of its
own in a worker thread, at most every ``CHECKPOINT_EVERY`` while something is written. It is
PASSIVE: it copies what it can without waiting for the store's reads and writes, which go on
meanwhile, and syncs as the store's commits do. ``sync_log`` is the other wait taken out of
the lock: the sync of a commit made without one (``Database.transaction``'s
``sync_outside_lock``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import time
from pathlib import Path

_log = logging.getLogger(__name__)

# How often at most a checkpoint starts while transactions commit: the log holds about this
# long of writes (a drain at 1M games writes a few MB a second).
CHECKPOINT_EVERY = 1.0


class Checkpointer:
    """Checkpoints of one SQLite file, one at a time, on a connection of their own."""

    def __init__(self, path: Path, synchronous: str) -> None:
        self._path = path
        self._synchronous = synchronous
        self._connection: sqlite3.Connection | None = None
        self._running: asyncio.Future[None] | None = None
        self._started = 0.0  # time.monotonic() of the last start

    def committed(self) -> None:
        """A transaction has committed: start a checkpoint if none runs and none started in
        the last ``CHECKPOINT_EVERY`` (the next commit after that starts one)."""
        now = time.monotonic()
        if self._running is not None and not self._running.done():
            return
        if now - self._started < CHECKPOINT_EVERY:
            return
        self._started = now
        self._running = asyncio.ensure_future(asyncio.to_thread(self._checkpoint))
        self._running.add_done_callback(_log_failure)

    async def close(self) -> None:
        """Wait for the checkpoint under way, then close the checkpoints' connection."""
        if self._running is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(self._running)
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _checkpoint(self) -> None:
        """One PASSIVE checkpoint (on a worker thread: one at a time, so the connection is
        never used by two threads at once)."""
        if self._connection is None:
            connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
            connection.execute(f"PRAGMA synchronous = {self._synchronous}")
            self._connection = connection
        self._connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()


def _log_failure(done: asyncio.Future[None]) -> None:
    """A failed checkpoint is logged; the next commit's starts another (the log grows
    meanwhile, nothing is lost)."""
    if not done.cancelled() and done.exception() is not None:
        _log.warning("checkpoint failed: %s", done.exception())


def sync_log(path: Path) -> None:
    """Sync ``path``'s WAL file to the disk (what a FULL commit does before it returns):
    every frame written so far, by any connection. The file is there while a connection is
    open; frames a checkpoint has moved into the database file are synced by it."""
    try:
        descriptor = os.open(f"{path}-wal", os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        os.fsync(descriptor)  # raises OSError (the disk failed): one of DATABASE_ERRORS
    finally:
        os.close(descriptor)
