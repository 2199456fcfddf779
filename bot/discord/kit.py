"""What every command module uses: the bot behind an interaction, and an option's choices
as ``bot.service.catalog`` describes them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.service.catalog import BY_NAME

if TYPE_CHECKING:
    from bot.discord.client import PostalBot


def described_choices(command: str, option: str) -> list[app_commands.Choice[Any]]:
    """The choices of ``/command option:`` as ``bot.service.catalog`` describes them (value,
    and its label in English; the translator gives the label in each language)."""
    spec = BY_NAME[command].option(option)
    assert spec is not None, f"/{command} {option} is not described"
    return [app_commands.Choice(name=label, value=value) for value, label in spec.choice_labels]


def postal(interaction: discord.Interaction) -> PostalBot:
    return cast("PostalBot", interaction.client)
