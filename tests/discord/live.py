"""The real ``python -m bot`` in its own process, on the loopback fake: start it, set up games.

Shared by the process tests and the benchmarks (``benchmarks/discord_e2e.py``,
``benchmarks/sigterm.py``), so they all drive the bot the same way.
"""

from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass
from pathlib import Path

from bot.store import Store
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser
from tests.processes import process_env

STEP_TIMEOUT = 60.0
# The moves both sides play, in order, in every game the benchmarks drive.
OPENING = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d3", "d6", "O-O", "O-O"]
# Games are set up this many at a time: set-up is not what the callers measure.
SETUP_BATCH = 20


@dataclass
class Table:
    """A game in progress: its players (white moves first) and its thread."""

    white: FakeUser
    black: FakeUser
    thread: FakeChannel


async def existing_database(database: Path) -> Path:
    """``database``, made beforehand if it is not there: the bot announces a database it
    creates on stderr, which tests of its stderr do not expect."""
    if not database.exists():
        await (await Store.open(database)).close()
    return database


def bot_env(fake: FakeDiscord, database: Path, **extra: str) -> dict[str, str]:
    """The settings that aim ``python -m bot`` at ``fake`` with ``database``."""
    return {
        "DISCORD_TOKEN": fake.token,
        "DATABASE_URL": f"sqlite:///{database}",
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DEV_GUILD_ID": str(fake.guild_id),
        "LOG_LEVEL": "WARNING",
        **extra,
    }


async def start_bot(
    fake: FakeDiscord, database: Path, *, stderr: int | None = None, **extra: str
) -> asyncio.subprocess.Process:
    """Start ``python -m bot`` on ``fake`` (``database`` made first) and wait until it is
    connected with its commands registered. ``stderr``: ``asyncio.subprocess.PIPE`` to
    capture it (default: inherited)."""
    await existing_database(database)
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=database.parent,  # a .env file in the project must not leak in
        env=process_env(bot_env(fake, database, **extra)),
        stderr=stderr,
    )
    try:
        await fake.wait_until(lambda: fake.commands(fake.guild_id) and fake._sockets, STEP_TIMEOUT)
    except BaseException:
        process.kill()
        await process.wait()
        raise
    return process


async def set_up_game(fake: FakeDiscord, index: int) -> Table:
    """``white{index}`` challenges ``black{index}``, who accepts; returns the game's table.
    Both have turned Confirm moves off: their ``/move`` is played at once."""
    white, black = fake.add_user(f"white{index}"), fake.add_user(f"black{index}")
    for player in (white, black):
        settings = await fake.slash(player, "settings", {"confirm": "never"})
        await fake.reply(settings, STEP_TIMEOUT)
    challenge = await fake.slash(white, "challenge", {"opponent": black, "color": "white"})
    message = await fake.reply(challenge, STEP_TIMEOUT)
    press = await fake.click(black, message, "Accept")
    await fake.acknowledged(press, STEP_TIMEOUT)
    name = f"white{index} vs black{index} · chess"
    threads = await fake.wait_until(
        lambda: [t for t in fake.threads() if t.name == name and fake.channel_messages(t.id)],
        STEP_TIMEOUT,
    )
    return Table(white, black, threads[0])


async def set_up_games(fake: FakeDiscord, count: int) -> list[Table]:
    """``count`` games, set up ``SETUP_BATCH`` at a time."""
    tables: list[Table] = []
    for batch in range(0, count, SETUP_BATCH):
        size = min(SETUP_BATCH, count - batch)
        tables += await asyncio.gather(*(set_up_game(fake, batch + i) for i in range(size)))
    return tables
