"""The running bot keeps daily backups when BACKUP_DIR is set (``python -m bot``'s runner,
in the test's process)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.discord.harness import Harness, StopAsked
from tests.discord.live import set_up_games


async def made_in(folder: Path, timeout: float) -> list[Path]:
    """The backups in ``folder`` once there is one, looked for every 50 ms: a file is no
    change the fake hears of, so ``fake.wait_until`` would look only at the bot's next call
    to Discord (a heartbeat, 41 s later, when the backup ends after the games' set-up: a
    backup 3 s late timed the test out). Fails after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not (found := list(folder.glob("postal-*.db"))):
        assert loop.time() < end, f"no backup in {folder} after {timeout} s"
        await asyncio.sleep(0.05)
    return found


async def test_bot_backs_up_at_start_into_backup_dir(harness: Harness, tmp_path: Path) -> None:
    """With BACKUP_DIR set, the bot makes the day's backup when it starts; it opens as a
    database of its own; a restart the same day makes no second one."""
    fake, folder = harness.fake, tmp_path / "backups"
    harness.environ.update(BACKUP_DIR=str(folder), BACKUP_KEEP="3")
    stop = StopAsked()
    running = asyncio.create_task(harness.launch(stop))
    await fake.wait_until(lambda: fake.commands(fake.guild_id) and fake._sockets)
    await set_up_games(fake, 1)
    backups = await made_in(folder, 20)
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
