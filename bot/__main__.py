"""``python -m bot`` runs the Discord bot; ``python -m bot console`` plays in a terminal;
``python -m bot backup PATH`` copies the database safely while either runs;
``python -m bot migrate`` brings the schema up to date; ``python -m bot copy-db FROM TO``
copies a deployment into an empty database (SQLite to PostgreSQL)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "console":
        from bot.console import main as console_main

        return console_main(args[1:])
    if args and args[0] == "backup":
        from bot.backup import main as backup_main

        return backup_main(args[1:])
    if args and args[0] == "migrate":
        from bot.database_cli import migrate_main

        return migrate_main(args[1:])
    if args and args[0] == "copy-db":
        from bot.database_cli import copy_main

        return copy_main(args[1:])
    from bot.discord import main as discord_main

    return discord_main(args)


if __name__ == "__main__":
    sys.exit(main())
