"""What ``python -m bot`` checks before it meets Discord: the token, the signals that stop it,
and the database, each refusal one line for the operator (``StartupError``).

Nothing here imports discord.py: ``bot.launch`` runs these first, so a refused start costs
the settings and the store's opening, not the adapter's imports (about a CPU-second).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from bot.config import Settings
from bot.database_cli import announce_if_created
from bot.store import Store, StoreError, when_available


class StartupError(Exception):
    """A reason the bot cannot run, explained in one line for the operator."""


def require_token(settings: Settings) -> str:
    """The bot token. Raises ``StartupError`` when ``DISCORD_TOKEN`` is not set."""
    if not settings.discord_token:
        raise StartupError(
            "DISCORD_TOKEN is not set: put the bot token from the Discord developer portal in "
            "the environment or a .env file (or run `python -m bot console` to play without one)"
        )
    return settings.discord_token


async def open_store(settings: Settings) -> Store:
    """The bot's database, opened, migrated and checked; a new SQLite file is announced on
    stderr. A file another process holds locked a moment (a second Postal starting, a
    backup) is waited for (``when_available``). Raises ``StartupError`` for an unusable
    database, or one still locked when the patience is out."""
    try:
        store = await when_available("opening the database", lambda: Store.open(settings.database))
    except StoreError as error:
        raise StartupError(str(error)) from error
    announce_if_created(store)
    return store


class StopSignals:
    """SIGTERM and SIGINT: the first asks for a clean stop, a second ends the process now."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.requested = asyncio.Event()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, self._received, signum)

    def _received(self, signum: int) -> None:
        if not self.requested.is_set():
            self.requested.set()
            return
        # Committed moves are safe in SQLite whatever happens next; die as the signal says.
        print("postal: second signal, stopping at once", file=sys.stderr, flush=True)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
