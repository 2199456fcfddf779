"""A bot starting while another process holds the SQLite file's write lock (two processes
started together on one database) waits for it, says so, and starts."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from bot.discord.client import COMMANDS_HASH_KEY
from bot.store import Store, database, patience
from tests.dbtools import change_behind_the_bot, from_template
from tests.discord.harness import Harness

pytestmark = pytest.mark.sqlite_only

# The longest the other process holds its lock if the bot never says it waits (the old
# code's start has failed long before).
HOLD_AT_MOST = 10.0


class Waits(logging.Handler):
    """The lines start-up logs while it waits for the database; ``said`` once there is one."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.said = threading.Event()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())
        self.said.set()


async def test_a_start_waits_for_another_process_holding_the_write_lock(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process holds the write lock past the busy timeout while the bot starts on
    the open store (as ``python -m bot`` does): the step that meets it (saving the
    commands' hash) says in the log that it waits, tries again, and the bot starts once the
    lock is let go, the hash saved. Before, the start ended on "locked by another program"."""
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 200)
    assert isinstance(harness.database, Path) and harness.template is not None
    from_template(harness.database, harness.template)
    store = harness.store = await Store.open(harness.database)
    waits = Waits()
    logger = logging.getLogger(patience.__name__)
    logger.addHandler(waits)
    locked = threading.Event()

    def hold(conn: sqlite3.Connection) -> None:
        conn.execute("BEGIN IMMEDIATE")
        locked.set()
        # Held until the bot met it and said so, and a moment more: it tries again meanwhile.
        waits.said.wait(HOLD_AT_MOST)
        time.sleep(0.5)

    holder = asyncio.create_task(change_behind_the_bot(harness.database, hold))
    try:
        await asyncio.to_thread(locked.wait)
        await harness.start()
        assert await store.bot_state.get(COMMANDS_HASH_KEY) is not None
    finally:
        waits.said.set()
        await holder
        logger.removeHandler(waits)
        await harness.stop()
        await store.close()
    assert waits.lines, "the wait is said"
    assert all("saving the commands' hash waits for the database" in w for w in waits.lines)
    assert "locked by another program" in waits.lines[0]
    assert harness.fake.command_puts != []
