"""The Discord adapter: slash commands, buttons, threads and reminders over the game service.

``main(argv)`` is what ``python -m bot`` runs.
"""

from __future__ import annotations

from bot.discord.runner import main

__all__ = ["main"]
