"""The running bot keeps daily backups when BACKUP_DIR is set (the real `python -m bot`)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.discord.live import set_up_games, start_bot
from tests.fakediscord import FakeDiscord


async def test_bot_backs_up_at_start_into_backup_dir(fake: FakeDiscord, tmp_path: Path) -> None:
    """With BACKUP_DIR set, the bot makes the day's backup when it starts; it opens as a
    database of its own; a restart the same day makes no second one."""
    folder = tmp_path / "backups"
    database = tmp_path / "postal.db"
    bot = await start_bot(fake, database, BACKUP_DIR=str(folder), BACKUP_KEEP="3")
    await set_up_games(fake, 1)
    backups = await fake.wait_until(lambda: list(folder.glob("postal-*.db")), 20)
    bot.terminate()
    assert await asyncio.wait_for(bot.wait(), 20) == 0
    conn = sqlite3.connect(backups[0])
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        conn.close()
    again = await start_bot(fake, database, BACKUP_DIR=str(folder), BACKUP_KEEP="3")
    again.terminate()
    assert await asyncio.wait_for(again.wait(), 20) == 0
    assert list(folder.glob("postal-*.db")) == backups
