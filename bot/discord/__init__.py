"""The Discord adapter: slash commands, buttons, threads and reminders over the game service.

``bot.discord.runner.run`` is what ``python -m bot`` runs once ``bot.launch`` has checked the
token and the database.
"""
