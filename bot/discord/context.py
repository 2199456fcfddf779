"""Who acts and where, in the service's terms, from a Discord interaction."""

from __future__ import annotations

import discord

from bot.service import Place, User


def user_of(member: discord.User | discord.Member) -> User:
    """The service's view of a Discord user: id, the name they chose for themselves (global
    name, else username — never a server nickname, which is the server's to set and would
    follow them to every other server), and whether it is a bot."""
    return User(member.id, member.global_name or member.name, member.bot)


def actor_of(interaction: discord.Interaction) -> User:
    """The user acting in ``interaction``, with the language their Discord app reports
    (stored for what Postal later sends them on its own)."""
    actor = user_of(interaction.user)
    locale = interaction.locale.value if interaction.locale else None
    return User(actor.id, actor.name, actor.is_bot, locale)


def roles_of(interaction: discord.Interaction) -> frozenset[int]:
    """The roles the acting member holds now (none outside a server): a role team's
    members are its holders at each vote."""
    member = interaction.user
    if not isinstance(member, discord.Member):
        return frozenset()
    return frozenset(role.id for role in member.roles)


def place_of(interaction: discord.Interaction) -> Place:
    """Where the command was typed: a thread counts as its parent channel plus the thread;
    outside a server (DMs) the guild id is 0."""
    guild_id = interaction.guild_id or 0
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return Place(guild_id, channel.parent_id, channel.id)
    return Place(guild_id, interaction.channel_id or 0)
