"""A team's challenge to another server's teams, on Discord (docs/playing.md, *Vote
chess*): the server is named by its id or an invite (``match_invitations.invited_server``,
as for a club match), and the challenge is posted there as an invitation, in the channel a
club match's invitation goes to (``match_invitations.invitation_channel``). A team formed
there accepts it with ``/vote team challenge:N`` in the channel its game will live in.

The post is made once, as the challenge is made; the captain's answer says whether it went
up, and the challenge's number works there either way (the captain passes it on)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord import messages
from bot.discord.match_invitations import invitation_channel
from bot.discord.respond import message_fields
from bot.i18n import using
from bot.i18n.text import say
from bot.service.results import ChallengeView
from bot.text.vote_words import vote_invitation_text

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)


async def post_vote_invitation(
    bot: PostalBot, challenge: ChallengeView, guild_id: int, server: str
) -> bool:
    """Post ``challenge`` (made in the server named ``server``) in the server ``guild_id``,
    in its language; False when Postal may write in none of its channels (or is no longer
    in it, or Discord refused)."""
    guild = bot.get_guild(guild_id)
    channel = invitation_channel(guild) if guild is not None else None
    if guild is None or channel is None:
        return False
    language = await bot.service.server_languages.of(guild.id, guild.preferred_locale.value)
    with using(language):
        text = say(vote_invitation_text(challenge, server))
        fields = message_fields(
            messages.Reply(messages.clip(messages.safe(text), messages.CONTENT_LIMIT))
        )
    try:
        await channel.send(**fields)
    except discord.HTTPException as error:  # permissions changed since the cache said so
        _log.warning(
            "challenge #%s: invitation not posted in %s: %s", challenge.id, guild_id, error
        )
        return False
    return True
