"""The language each interaction is answered in, and each outbox row written in.

An interaction is answered in its user's language: their ``/settings language:`` choice,
else their Discord app's (``interaction.locale``), else English; even a public reply
answers the one who acted. What Postal posts on its own follows ``bot.service.languages``:
a player's language for what is addressed to them, the server's (``guild.preferred_locale``)
for a post to a whole channel.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import discord

from bot.i18n import Locale, resolve
from bot.i18n.names import write_names
from bot.i18n.text import write_moments
from bot.i18n.translator import enter


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
    write_moments(_timestamp)
    # Commands named in the replies as this user's client lists them: in its language, even
    # when the user chose another in /settings (English for a language Postal does not speak).
    write_names(Locale.from_discord(code) or Locale.EN)
    return locale


def server_language(guild: discord.Guild | None) -> Locale:
    """The language of posts to a whole channel of ``guild`` (English outside servers)."""
    code = guild.preferred_locale.value if guild is not None else None
    return resolve(server=code)
