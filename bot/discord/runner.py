"""``python -m bot``: read the settings, start the bot, and turn start-up failures into one line.

``create_bot`` is the single way a bot is built, used by ``main`` and by the end-to-end tests.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys

import aiohttp
import discord
import yarl

from bot.config import ConfigError, Settings
from bot.discord.client import Clock, PostalBot
from bot.discord.logs import configure_logging
from bot.discord.sync import CommandSyncError
from bot.store import StoreError

EXIT_OK = 0
EXIT_FAILURE = 1


class StartupError(Exception):
    """A reason the bot cannot run, explained in one line for the operator."""


def point_at(api_base: str, gateway_url: str) -> None:
    """Aim discord.py's REST client and gateway at ``api_base`` / ``gateway_url``.

    discord.py keeps both as class attributes, so this applies to every client in the process.
    """
    discord.http.Route.BASE = api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def require_token(settings: Settings) -> str:
    """The bot token. Raises ``StartupError`` when ``DISCORD_TOKEN`` is not set."""
    if not settings.discord_token:
        raise StartupError(
            "DISCORD_TOKEN is not set: put the bot token from the Discord developer portal in "
            "the environment or a .env file (or run `python -m bot console` to play without one)"
        )
    return settings.discord_token


def create_bot(settings: Settings, *, clock: Clock | None = None) -> PostalBot:
    """A bot for ``settings`` pointed at its API and gateway, not yet started.

    ``clock`` replaces the wall clock of the service and the scheduler (tests travel in time).
    """
    point_at(settings.discord_api_base, settings.discord_gateway_url)
    return PostalBot(settings, clock=clock)


async def run(settings: Settings) -> None:
    """Run the bot until it is closed or the process gets SIGINT/SIGTERM.

    Raises ``StartupError`` for a missing or rejected token, disallowed intents or an
    unreachable Discord.
    """
    token = require_token(settings)
    bot = create_bot(settings)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, lambda: asyncio.ensure_future(bot.close()))
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
    except StoreError as error:
        raise StartupError(f"cannot use the database: {error}") from error
    except CommandSyncError as error:
        raise StartupError(str(error)) from error
    except (aiohttp.ClientConnectionError, OSError) as error:
        raise StartupError(
            f"cannot reach Discord at {settings.discord_api_base}: {error}"
        ) from error


def main(argv: list[str]) -> int:
    """Entry point of ``python -m bot``; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run the Postal Discord bot (settings come from the environment or .env; "
        "see `python -m bot console` to play without a token).",
    )
    parser.parse_args(argv)
    try:
        settings = Settings.from_env()
        configure_logging(settings.log_level)
        asyncio.run(run(settings))
    except (ConfigError, StartupError) as error:
        print(f"postal: {error}", file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        return EXIT_OK
    return EXIT_OK
