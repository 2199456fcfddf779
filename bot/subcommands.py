"""The subcommands of ``python -m bot``, each with its one-line summary for ``--help``."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Final

# name -> (module whose function runs it, that function, what it does)
SUBCOMMANDS: Final[dict[str, tuple[str, str, str]]] = {
    "console": ("bot.console", "main", "play in a terminal, no Discord token needed"),
    "backup": ("bot.backup", "main", "copy the SQLite database safely, even while the bot runs"),
    "check": ("bot.check", "main", "read every page of the SQLite database and say if it is sound"),
    "migrate": ("bot.database_cli", "migrate_main", "bring the database's schema up to date"),
    "health": ("bot.health", "main", "exit 0 if the running bot's heartbeat is fresh (Docker)"),
    "copy-db": (
        "bot.database_cli",
        "copy_main",
        "copy a deployment into an empty database (e.g. SQLite to PostgreSQL)",
    ),
}


def runner(name: str) -> Callable[[list[str]], int] | None:
    """The entry point of subcommand ``name`` (imported only now), or None if there is none."""
    if name not in SUBCOMMANDS:
        return None
    module, function, _ = SUBCOMMANDS[name]
    entry: Callable[[list[str]], int] = getattr(import_module(module), function)
    return entry


def bot_runner() -> Callable[[list[str]], int]:
    """The entry point of ``python -m bot`` without a subcommand, the bot (``bot.launch``),
    imported only now as each subcommand's is: ``health``, run by Docker every half
    minute, stays a tenth of a CPU-second."""
    entry: Callable[[list[str]], int] = import_module("bot.launch").main
    return entry


def summary() -> str:
    """The subcommands as ``--help`` lists them, one line each."""
    width = max(map(len, SUBCOMMANDS))
    lines = [f"  {name:<{width}}  {about}" for name, (_, _, about) in SUBCOMMANDS.items()]
    return "\n".join(
        [
            "subcommands (python -m bot SUBCOMMAND --help for each one's options):",
            *lines,
            "Without a subcommand, python -m bot runs the Discord bot.",
        ]
    )
