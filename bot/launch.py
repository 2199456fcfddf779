"""``python -m bot`` without a subcommand: read the settings, check the token and the
database (``bot.startup``), then run the Discord bot (``bot.discord.runner``).

A start refused for its settings, its token or its database says its one line before
discord.py is imported, which is most of what a start costs (tests/test_unusable_database.py
starts dozens of them).
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot import collector
from bot.config import ConfigError, Settings
from bot.logs import configure_logging
from bot.startup import StartupError, StopSignals, open_store, require_token
from bot.subcommands import summary

EXIT_OK = 0
EXIT_FAILURE = 1


def main(argv: list[str]) -> int:
    """Entry point of ``python -m bot``; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        usage="python -m bot [-h] | python -m bot SUBCOMMAND [OPTIONS]",
        description="Run the Postal Discord bot (settings come from the environment or .env; "
        "see `python -m bot console` to play without a token).",
        epilog=summary(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.parse_args(argv)
    try:
        settings = Settings.from_env()
        configure_logging(settings.log_level)
        asyncio.run(_run(settings))
    except (ConfigError, StartupError) as error:
        print(f"postal: {error}", file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        return EXIT_OK
    return EXIT_OK


async def _run(settings: Settings) -> None:
    """Check the token and open the database, then run the bot until it is stopped (see
    ``bot.discord.runner.run``); the database is closed last."""
    token = require_token(settings)
    signals = StopSignals(asyncio.get_running_loop())
    store = await open_store(settings)
    try:
        # Imported here for its cost, not to break a loop of imports: discord.py and the
        # adapter take about a CPU-second to import, which a start refused above never needs.
        from bot.discord.runner import run

        collector.settle()  # after the imports: what they made lives as long as the process
        await run(settings, token, signals, store)
    finally:
        await store.close()
