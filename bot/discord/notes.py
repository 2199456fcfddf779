"""``/note``: private notes on one's own games. Every answer is ephemeral; the command also
works in the bot's DMs (with the ``game`` option), where nobody else reads along."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from bot.discord.conditional import card, game_choices
from bot.discord.context import actor_of, place_of
from bot.discord.descriptions import about, about_options
from bot.discord.messages import Reply
from bot.discord.respond import quickly
from bot.i18n import _
from bot.service.notes import MAX_NOTE_TEXT
from bot.text import words

if TYPE_CHECKING:
    from bot.discord.client import PostalBot


@app_commands.command(name="note", description=about("note"))
@app_commands.describe(**about_options("note"))
@app_commands.autocomplete(game=game_choices)
async def note(
    interaction: discord.Interaction,
    text: app_commands.Range[str, 1, MAX_NOTE_TEXT] | None = None,
    clear: bool = False,
    game: int | None = None,
    move: app_commands.Range[str, 1, 12] | None = None,
) -> None:
    bot = cast("PostalBot", interaction.client)
    user, place, notes = actor_of(interaction), place_of(interaction), bot.service.notes
    if clear:
        cleared = await quickly(interaction, notes.clear(user, place, game_id=game), ephemeral=True)
        said = words.cleared(cleared, "notes")
    elif text is not None or move is not None:
        # A move named without a text is refused as an empty note, never taken as a list.
        adding = notes.add(user, place, text or "", game_id=game, move=move)
        added = await quickly(interaction, adding, ephemeral=True)
        said = words.note_added(added)
    else:
        listed = await quickly(interaction, notes.list(user, place, game_id=game), ephemeral=True)
        said = words.note_list(listed)
    await bot.reply(interaction, Reply(card=card(_("Notes"), said), ephemeral=True))
