"""The ``game`` option's autocomplete, shared by every command that takes a game."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from bot.discord import messages
from bot.discord.context import actor_of, place_of
from bot.i18n.text import say
from bot.text.reports import game_label

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

AUTOCOMPLETE_LIMIT = 25
CHOICE_NAME_LIMIT = 100


async def autocomplete_game(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """The user's active games, this channel's first, matching the id or label typed."""
    choices = await cast("PostalBot", interaction.client).service.reports.game_choices(
        actor_of(interaction), place_of(interaction)
    )
    typed = str(current).strip().lstrip("#").lower()
    # Labels in the user's language (autocomplete answers are not app_commands strings);
    # what they type may match the label in English too.
    labels = [(choice.game_id, game_label(choice)) for choice in choices]
    found = [
        app_commands.Choice(
            name=messages.clip(f"#{game_id} {say(label)}", CHOICE_NAME_LIMIT), value=game_id
        )
        for game_id, label in labels
        if not typed
        or str(game_id).startswith(typed)
        or typed in label.lower()
        or typed in say(label).lower()
    ]
    return found[:AUTOCOMPLETE_LIMIT]
