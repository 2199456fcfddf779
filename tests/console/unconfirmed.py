"""Console scripts' players who play their moves at once (Confirm moves off, their choice):
the scripts that are not about confirming moves use them (see ``confirm_off``)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.console import user_named
from bot.store import Store


def script_users(script: str) -> set[str]:
    """The users who type a line of ``script`` (``<user> <command>``; # starts a comment)."""
    return {
        line.split()[0]
        for line in script.splitlines()
        if len(line.split()) > 1 and not line.lstrip().startswith("#")
    }


def confirm_off(database: Path, names: set[str]) -> None:
    """``names`` have turned Confirm moves off in ``database`` (created if needed), unless
    they chose already."""
    asyncio.run(_create(database))
    with sqlite3.connect(database) as conn:
        conn.executemany(
            "INSERT INTO move_confirmation (player_id, mode) VALUES (?, 'never') "
            "ON CONFLICT (player_id) DO NOTHING",
            [(user_named(name).id,) for name in sorted(names)],
        )
    conn.close()


async def _create(database: Path) -> None:
    store = await Store.open(database)
    await store.close()
