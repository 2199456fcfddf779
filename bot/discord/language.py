"""The language each interaction is answered in, and each outbox row written in.

What only the one who acted sees (an ephemeral answer, a refusal, a private menu) is in
their language: their ``/settings language:`` choice, else their Discord app's
(``interaction.locale``), else English. What the whole channel sees (a move's board and its
buttons, an announcement, a rewritten challenge) is in the server's language
(``bot.service.server_languages``: the managers' ``/settings server_language:``, else the
``guild_locale`` Discord sends with the interaction), so a shared board does not change
language with each player who moves. What Postal posts on its own follows the same rule: a
player's language for what is addressed to them, the server's for a post to a channel.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import discord

from bot.i18n import Locale, resolve
from bot.i18n.names import write_names
from bot.i18n.text import write_moments
from bot.i18n.translator import current_locale, enter

# Where an interaction keeps the language of what its answers show the whole channel.
_SHARED = "postal_shared_language"


def _timestamp(moment: datetime) -> str:
    """A date and time as a Discord timestamp (``f``: date and time), which each reader's
    client writes in their own language and time zone."""
    return f"<t:{int(moment.timestamp())}:f>"


async def answer_in_users_language(interaction: discord.Interaction[Any]) -> Locale:
    """Write in ``interaction``'s user's language for the rest of the task handling it
    (discord.py runs each interaction in its own task, so no other reply is affected)."""
    code = interaction.locale.value if interaction.locale else None
    service = getattr(interaction.client, "_service", None)
    if service is None or interaction.user is None:
        locale = resolve(user=code)
    else:
        locale = await service.languages.for_reader(interaction.user.id, code)
    enter(locale)
    interaction.extras[_SHARED] = await _shared_language(interaction, service, locale)
    write_moments(_timestamp)
    # Commands named in the replies as this user's client lists them: in its language, even
    # when the user chose another in /settings (English for a language Postal does not speak).
    write_names(Locale.from_discord(code) or Locale.EN)
    return locale


async def _shared_language(
    interaction: discord.Interaction[Any], service: Any, reader: Locale
) -> Locale:
    """The server's language for ``interaction`` (the reader's own in a DM, where only they
    read)."""
    if interaction.guild_id is None:
        return reader
    # Discord sends the server's language with every interaction; the guild's cached
    # preferred locale stands in for it when absent.
    found = interaction.guild_locale or (interaction.guild and interaction.guild.preferred_locale)
    code = found.value if found else None
    if service is None:
        return resolve(server=code)
    chosen: Locale = await service.server_languages.of(interaction.guild_id, code)
    return chosen


def shared_language(interaction: discord.Interaction[Any]) -> Locale:
    """The language of what ``interaction``'s answers show the whole channel (decided with
    the reader's, by ``answer_in_users_language``; before that, the reader's)."""
    held = interaction.extras.get(_SHARED)
    return held if isinstance(held, Locale) else current_locale()


def remember_shared_language(interaction: discord.Interaction[Any], locale: Locale) -> None:
    """From now on ``interaction``'s answers show the channel ``locale`` (a server language
    just chosen)."""
    interaction.extras[_SHARED] = locale


def language_for(interaction: discord.Interaction[Any], *, ephemeral: bool) -> Locale:
    """The language of an answer to ``interaction``: the reader's when only they see it,
    the server's when the channel does."""
    return current_locale() if ephemeral else shared_language(interaction)
