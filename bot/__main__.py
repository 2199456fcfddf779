"""``python -m bot`` runs the Discord bot; ``python -m bot console`` plays in a terminal."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "console":
        from bot.console import main as console_main

        return console_main(args[1:])
    from bot.discord import main as discord_main

    return discord_main(args)


if __name__ == "__main__":
    sys.exit(main())
