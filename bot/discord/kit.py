"""What every command module uses: the bot behind an interaction, and an option's choices
as ``bot.service.catalog`` describes them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, cast

import discord
from discord import app_commands

from bot.service.catalog import BY_NAME

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

# The games a challenge, a leaderboard and a tournament may be of.
Variant = Literal["chess", "xiangqi", "chess960", "janggi"]


def described_choices(command: str, option: str) -> list[app_commands.Choice[Any]]:
    """The choices of ``/command option:`` as ``bot.service.catalog`` describes them (value,
    and its label in English; the translator gives the label in each language)."""
    group, _, sub = command.partition(" ")  # "tournament create": a subcommand's option
    described = BY_NAME[group].subcommand(sub) if sub else BY_NAME[group]
    spec = described.option(option) if described is not None else None
    assert spec is not None, f"/{command} {option} is not described"
    return [app_commands.Choice(name=label, value=value) for value, label in spec.choice_labels]


def postal(interaction: discord.Interaction) -> PostalBot:
    return cast("PostalBot", interaction.client)
