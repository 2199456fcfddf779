"""``python -m bot`` once its token and database passed (``bot.launch``): start the bot, and
turn start-up failures into one line.

``create_bot`` is the single way a bot is built, used by ``run`` and by the end-to-end tests.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import aiohttp
import discord
import yarl

from bot.config import Settings
from bot.discord.client import Clock, PostalBot
from bot.discord.sharding import leased_shards
from bot.discord.sync import CommandSyncError
from bot.engine.api import Engines
from bot.engine.pool import EnginePool
from bot.health import mark_alive
from bot.service.backups import daily_backups
from bot.service.shards import holding_shards
from bot.service.uptime import keeping_time
from bot.startup import StartupError, StopSignals
from bot.store import Store, StoreError
from bot.store.backup import BackupError

# How long discord.py's connect loop may take to end after the client closed, when it is
# not waiting out a reconnect (it ends at its next look at the event queue).
CONNECT_LOOP_GRACE_SECONDS = 1.0


def point_at(api_base: str, gateway_url: str) -> None:
    """Aim discord.py's REST client and gateway at ``api_base`` / ``gateway_url``.

    discord.py keeps both as class attributes, so this applies to every client in the process.
    """
    discord.http.Route.BASE = api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def create_bot(
    settings: Settings,
    *,
    clock: Clock | None = None,
    store: Store | None = None,
    engines: Engines | None = None,
) -> PostalBot:
    """A bot for ``settings`` pointed at its API and gateway, not yet started.

    ``clock`` replaces the wall clock of the service and the scheduler (tests travel in time);
    ``store``, already open, is used instead of opening ``settings.database`` (and is
    left open when the bot closes); ``engines`` play the computer opponent (None: none).
    """
    point_at(settings.discord_api_base, settings.discord_gateway_url)
    return PostalBot(settings, clock=clock, store=store, engines=engines)


async def run(settings: Settings, token: str, signals: StopSignals, store: Store) -> None:
    """Run the bot on ``store`` (open, checked; ``bot.launch`` closes it after) with
    ``token`` until it is closed or ``signals`` asks it to stop.

    The downtime since the last run is credited to the players' clocks, and daily backups
    are kept if ``BACKUP_DIR`` is set. The first signal lets commands in progress finish
    (``SHUTDOWN_GRACE_SECONDS``) and disconnects; a second one ends the process at once.
    Raises ``StartupError`` for an unusable database or backup folder, a rejected token,
    disallowed intents, a gateway close that cannot be recovered, or an unreachable Discord.
    """
    # BACKUP_DIR is refused with PostgreSQL by the settings: backups copy an SQLite file.
    folder = settings.backup_dir if isinstance(settings.database, Path) else None
    backups = daily_backups(Path(settings.database), folder, settings.backup_keep)
    # The computer opponent's engines: started on first use; a missing one is said at the
    # challenge, and everything else works without it.
    engines = engines_for(settings)
    try:
        health = settings.health_file
        on_beat = (lambda: mark_alive(health)) if health is not None else None
        # Another process serving the same shards (a rolling deploy's old one) is waited
        # for: both would answer every command.
        async with holding_shards(
            store,
            leased_shards(settings),
            signals.requested,
            signals.requested.set,
            on_wait=on_beat,
        ) as leased:
            if leased:
                async with keeping_time(store, on_beat=on_beat), backups:
                    if not signals.requested.is_set():
                        bot = create_bot(settings, store=store, engines=engines)
                        await serve(bot, token, settings, signals.requested)
    except BackupError as error:
        raise StartupError(str(error)) from error
    except StoreError as error:  # the lease's first write: the database is unusable
        raise StartupError(str(error)) from error
    finally:
        await engines.close()


def engines_for(settings: Settings) -> EnginePool:
    """The engine pool ``ENGINE_CHESS``, ``ENGINE_XIANGQI`` and ``ENGINE_PROCESSES`` ask for."""
    return EnginePool.from_settings(
        settings.engine_chess, settings.engine_xiangqi, settings.engine_processes
    )


async def serve(bot: PostalBot, token: str, settings: Settings, stop: asyncio.Event) -> None:
    """Run ``bot`` until it ends or ``stop`` is set, then close it gracefully.

    During a Discord outage discord.py's connect loop sleeps out its reconnect back-off
    (up to about 17 minutes) or a 60 s handshake before it looks whether the client was
    closed; once ``close`` has finished what was in flight and disconnected, nothing is
    left for that loop to do, so it is cancelled rather than waited for."""
    running = asyncio.create_task(start(bot, token, settings))
    stopping = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if not running.done():
            await bot.close()
            await asyncio.wait({running}, timeout=CONNECT_LOOP_GRACE_SECONDS)
        if running.done():
            await running  # raises the reason it ended, if any
    finally:
        stopping.cancel()
        if not running.done():
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running


# Gateway close codes after which reconnecting cannot help (Discord's gateway docs), and
# what the operator should do about each.
FATAL_GATEWAY_CLOSES = {
    4004: "authentication failed: DISCORD_TOKEN is wrong or was reset; copy it again from the "
    "Bot page of your application in the developer portal",
    4010: "invalid shard: check SHARD_IDS against SHARD_COUNT",
    4011: "sharding required: the bot is in too many servers for SHARD_COUNT; unset SHARD_COUNT "
    "to use Discord's recommendation, or raise it",
    4012: "invalid API version: upgrade Postal",
    4013: "invalid intents: upgrade Postal",
    4014: "disallowed intents: Postal needs no privileged intent; upgrade Postal",
}


def gateway_closed(code: int, reason: str | None) -> str:
    """One line for a gateway close discord.py gives up on."""
    advice = FATAL_GATEWAY_CLOSES.get(code, f"{reason or 'no reason given'}")
    return f"Discord closed the gateway with code {code}, {advice}"


async def start(bot: PostalBot, token: str, settings: Settings) -> None:
    """``bot.start`` with its failures turned into ``StartupError``."""
    try:
        async with bot:
            await bot.start(token)
    except discord.LoginFailure as error:
        raise StartupError(
            "Discord rejected DISCORD_TOKEN (401 Unauthorized): copy the token again from the "
            "Bot page of your application in the developer portal"
        ) from error
    except discord.PrivilegedIntentsRequired as error:
        raise StartupError(f"Discord refused the gateway intents: {error}") from error
    except discord.ConnectionClosed as error:
        # discord.py reconnects by itself after every other close; these it cannot recover.
        raise StartupError(gateway_closed(error.code, error.reason)) from error
    except StoreError as error:
        raise StartupError(f"cannot use the database: {error}") from error
    except CommandSyncError as error:
        raise StartupError(str(error)) from error
    except (aiohttp.ClientConnectionError, OSError) as error:
        raise StartupError(
            f"cannot reach Discord at {settings.discord_api_base}: {error}"
        ) from error
