"""``python -m bot console``: the arguments, the database and engines, and the loop that
reads lines and hands them to a ``Console``."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from contextlib import nullcontext
from pathlib import Path
from typing import TextIO

from bot.config import ConfigError, Settings
from bot.console.commands import COMMANDS
from bot.console.help import help_parts
from bot.console.session import Console
from bot.console.terminal import (
    quiet_logs,
    signals_wake_the_loop,
    stdin_lines,
    terminal_session,
)
from bot.database_cli import (
    EXIT_NOT_FOUND,
    announce_if_created,
    database_argument,
    database_name,
)
from bot.engine.api import Engines
from bot.engine.pool import EnginePool
from bot.i18n import (
    Locale,
    UnknownLocaleError,
    _,
    using,
)
from bot.i18n.names import (
    Command,
)
from bot.i18n.text import say as in_language
from bot.service import (
    GameService,
)
from bot.service.uptime import keeping_time
from bot.store import (
    DatabaseNotFound,
    Store,
    StoreError,
)


async def run_console(
    database: Path | str,
    images: Path | None,
    lines: TextIO,
    out: TextIO,
    *,
    interactive: bool,
    engines: Engines | None = None,
    locale: Locale = Locale.EN,
    typed: Callable[[str], Awaitable[str]] | None = None,
) -> int:
    """Play the lines of ``lines`` (``typed``: read at a terminal instead) against the
    database, the computer played and finished games analysed by ``engines`` (None:
    neither); return the exit status."""
    store = await Store.open(database)
    announce_if_created(store)
    read = typed or _prompting(lines, out if interactive else None)
    try:
        # The console is Postal running too: downtime before it is credited, as for the bot.
        async with keeping_time(store):
            console = Console(GameService(store, engines=engines), out, images, COMMANDS, locale)
            with using(locale):
                await console.show_unlisted_challenges()
                if interactive:
                    help_name = in_language(Command("help"))
                    greeting = _("Postal console. Type {help} for the commands, Ctrl-D to leave.")
                    console.say(greeting.format(help=help_name))
            while line := await read("> "):
                await console.handle(line)
    finally:
        await store.close()
    return 0


def _prompting(lines: TextIO, out: TextIO | None) -> Callable[[str], Awaitable[str]]:
    """Read ``lines`` one at a time, printing the prompt to ``out`` first (None: none)."""

    async def read(prompt: str) -> str:
        if out is not None:
            print(prompt, end="", file=out, flush=True)
        return await asyncio.to_thread(lines.readline)

    return read


async def _console_with_engines(
    database: Path | str, images: Path | None, settings: Settings, locale: Locale = Locale.EN
) -> int:
    """The console on stdin (line editing and history at a terminal), the computer played
    by the engines the settings name."""
    engines = EnginePool.from_settings(
        settings.engine_chess, settings.engine_xiangqi, settings.engine_processes
    )
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    try:
        with (
            signals_wake_the_loop(),
            terminal_session() if terminal else nullcontext(None) as typed,
        ):
            return await run_console(database, images, stdin_lines(), sys.stdout,
                                     interactive=sys.stdin.isatty(), engines=engines,
                                     locale=locale, typed=typed)  # fmt: skip
    finally:
        await engines.close()


def main(argv: list[str] | None = None) -> int:
    """``python -m bot console [--db PATH] [--images DIR]``; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot console",
        description="Play Postal in a terminal: each line is '<user> <command>'.",
        epilog="\n".join(help_parts()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--db",
        type=database_argument,
        help="SQLite file or postgresql:// URL (default: from DATABASE_URL)",
    )
    parser.add_argument(
        "--images", type=Path, help="folder for board PNGs (default boards/<database name>)"
    )
    parser.add_argument("--no-images", action="store_true", help="print text boards only")
    parser.add_argument(
        "--locale",
        default="en",
        help="language of the replies: "
        + ", ".join(locale.value for locale in Locale)
        + " (each user's /settings language: comes first; default en)",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        locale = Locale.parse(args.locale)
    except UnknownLocaleError as error:
        print(f"postal: {error}", file=sys.stderr)
        return 2
    try:
        settings = Settings.from_env()
        database = args.db or settings.database
    except ConfigError as error:
        print(f"postal: {error}", file=sys.stderr)
        return 1
    # One folder per database by default: two databases' game #1 would share file names.
    images = None if args.no_images else args.images or Path("boards") / database_name(database)
    quiet_logs(os.environ.get("LOG_LEVEL"))
    try:
        return asyncio.run(_console_with_engines(database, images, settings, locale))
    except StoreError as error:
        print(f"postal: {error}", file=sys.stderr)
        return EXIT_NOT_FOUND if isinstance(error, DatabaseNotFound) else 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader stopped reading (``… | head``): end quietly, as a C program killed by
        # SIGPIPE would, and point stdout at nothing so the exit's flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE
