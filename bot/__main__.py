"""``python -m bot`` runs the Discord bot; ``python -m bot SUBCOMMAND`` runs one of the
operator's tools (``bot.subcommands``: console, backup, migrate, copy-db)."""

from __future__ import annotations

import sys

from bot.subcommands import bot_runner, runner


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    entry = runner(args[0]) if args else None
    if entry is not None:
        return entry(args[1:])
    return bot_runner()(args)


if __name__ == "__main__":
    sys.exit(main())
