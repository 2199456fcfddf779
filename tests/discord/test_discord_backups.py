"""The running bot keeps daily backups when BACKUP_DIR is set (``python -m bot``'s runner,
in the test's process)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.discord.harness import Harness, StopAsked
from tests.discord.live import set_up_games


async def test_bot_backs_up_at_start_into_backup_dir(harness: Harness, tmp_path: Path) -> None:
    """With BACKUP_DIR set, the bot makes the day's backup when it starts; it opens as a
    database of its own; a restart the same day makes no second one."""
    fake, folder = harness.fake, tmp_path / "backups"
    harness.environ.update(BACKUP_DIR=str(folder), BACKUP_KEEP="3")
    stop = StopAsked()
    running = asyncio.create_task(harness.launch(stop))
    await fake.wait_until(lambda: fake.commands(fake.guild_id) and fake._sockets)
    await set_up_games(fake, 1)
    backups = await fake.wait_until(lambda: list(folder.glob("postal-*.db")), 20)
    stop.requested.set()  # as SIGTERM would
    await asyncio.wait_for(running, 20)
    conn = sqlite3.connect(backups[0])
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        conn.close()
    again = StopAsked()
    restarted = asyncio.create_task(harness.launch(again))
    await fake.wait_until(lambda: len(fake.identify_payloads) == 2 and fake._sockets)
    again.requested.set()
    await asyncio.wait_for(restarted, 20)
    assert list(folder.glob("postal-*.db")) == backups
