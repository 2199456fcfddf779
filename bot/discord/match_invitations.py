"""Invitations between servers, on Discord: a club match's, and a team's vote challenge
(``bot/discord/votes.py``). The invited server is named by its id or by an invite to it
(resolved through Discord's ``GET /invites/{code}``); a match's invitation is posted in
that server with Accept and Decline for its organisers, whose presses answer it, and a
vote challenge with its number, which a team formed there accepts by command.

Where it is posted: the invited server's system channel (where Discord posts its own
notices, and which its moderators chose) when Postal may write there, else the first text
channel in the server's order where it may (see and send messages). With none, nothing is
posted and the inviting organiser is told to have the other organisers answer with
``/match accept``. The channel an organiser accepts in (the button's, or the command's)
becomes that server's side's place, once Postal may open and post in the games' threads
there (``places.check_match_place``: else refused, nothing changed). The post is an outbox
row written with the match or the challenge (``bot/service/invitations.py``): retried as
any post, and when it cannot be made the inviter (the organiser, the captain) is told
where they made it."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord

from bot.discord import messages
from bot.discord.context import actor_of, place_of
from bot.discord.language import language_for
from bot.discord.places import check_match_place
from bot.discord.respond import message_fields, update_pressed_message
from bot.discord.tournaments import member_facts
from bot.i18n import using
from bot.i18n.text import say
from bot.service import Button, ButtonAction, ButtonLabel, ButtonStyle, Delivery
from bot.service.controls_values import parse_button_id
from bot.service.invitation_facts import Invitation
from bot.service.match_facts import MatchError, MatchRefusal, MatchShown, MatchView
from bot.text.invitation_words import posted_text
from bot.text.match_words import match_text

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

# What an invite's code may hold (Discord's codes and vanity URLs: letters, digits, dashes).
_CODE = re.compile(r"^[A-Za-z0-9-]{2,100}$")
_ANSWERS = {ButtonAction.ACCEPT_MATCH: False, ButtonAction.DECLINE_MATCH: True}


async def invited_server(bot: PostalBot, typed: str | None) -> int | None:
    """The server ``typed`` names: by its id, or by an invite (a code, or a discord.gg or
    discord.com/invite link), which Postal must be in. Raises ``MatchError``:
    UNKNOWN_SERVER (neither, or a server Postal is not in), UNKNOWN_INVITE (an invite
    Discord does not know: invalid, expired or revoked; or one to no server)."""
    if typed is None:
        return None
    text = typed.strip()
    # ASCII digits only: "²" is a digit to isdigit, and int() refuses it.
    if text.isascii() and text.isdigit():
        guild_id = int(text)
    else:
        guild_id = await _invite_server(bot, text)
    if bot.get_guild(guild_id) is None:
        raise MatchError(MatchRefusal.UNKNOWN_SERVER)
    return guild_id


async def _invite_server(bot: PostalBot, text: str) -> int:
    """The id of the server the invite ``text`` leads to (see ``invited_server``)."""
    try:
        code = discord.utils.resolve_invite(text).code
    except ValueError as error:  # characters no invite has
        raise MatchError(MatchRefusal.UNKNOWN_SERVER) from error
    if not _CODE.match(code):
        raise MatchError(MatchRefusal.UNKNOWN_SERVER)
    try:
        invite = await bot.fetch_invite(code, with_counts=False, with_expiration=False)
    except discord.NotFound as error:  # 10006 Unknown Invite
        raise MatchError(MatchRefusal.UNKNOWN_INVITE) from error
    if invite.guild is None:  # a group DM's invite
        raise MatchError(MatchRefusal.UNKNOWN_INVITE)
    return invite.guild.id


def invitation_channel(guild: discord.Guild) -> discord.TextChannel | None:
    """Where the invitation goes in ``guild`` (see the module's docstring)."""
    me = guild.me

    def writable(channel: discord.TextChannel) -> bool:
        allowed = channel.permissions_for(me)
        return allowed.view_channel and allowed.send_messages

    system = guild.system_channel
    if isinstance(system, discord.TextChannel) and writable(system):
        return system
    return next((channel for channel in guild.text_channels if writable(channel)), None)


def _buttons(match_id: int) -> tuple[Button, ...]:
    return (
        Button(ButtonLabel.ACCEPT, ButtonAction.ACCEPT_MATCH, match_id, style=ButtonStyle.SUCCESS),
        Button(ButtonLabel.DECLINE, ButtonAction.DECLINE_MATCH, match_id, style=ButtonStyle.DANGER),
    )


class NowhereToPost(Exception):
    """Postal may write in no channel of the invited server (or is no longer in it)."""


def may_post_in(bot: PostalBot, guild_id: int) -> bool:
    """Whether Postal may post an invitation in server ``guild_id`` now (as its cache says):
    else the inviter is answered so at once, and nothing is queued."""
    guild = bot.get_guild(guild_id)
    return guild is not None and invitation_channel(guild) is not None


async def post_invitation(bot: PostalBot, delivery: Delivery) -> tuple[int, int]:
    """Post the invitation ``delivery`` carries in the invited server, in the language the
    sender chose (the server's), with the row's nonce; returns (channel id, message id).
    Raises ``NowhereToPost``, and what discord.py raises."""
    invitation = delivery.content
    assert isinstance(invitation, Invitation)
    guild = bot.get_guild(delivery.guild_id)
    channel = invitation_channel(guild) if guild is not None else None
    if channel is None:
        raise NowhereToPost(f"server {delivery.guild_id}")
    subject = invitation.subject
    reply = messages.Reply(
        messages.clip(messages.safe(say(posted_text(invitation))), messages.CONTENT_LIMIT),
        # A vote challenge has none: a team is formed, with its options, to accept it.
        buttons=_buttons(subject.id) if isinstance(subject, MatchView) else (),
    )
    message = await channel.send(nonce=delivery.nonce, **message_fields(reply))
    return channel.id, message.id


async def pressed(bot: PostalBot, interaction: discord.Interaction, custom_id: str) -> bool:
    """Answer a press of an invitation's Accept or Decline (True), as ``/match accept`` or
    ``/match decline`` typed in its channel would (Accept refused, nothing changed, where
    Postal could not host the games): the invitation then says the answer and loses its
    buttons. False for any other control. Raises ``MatchError`` and ``PlaceRefusedError``."""
    parsed = parse_button_id(custom_id)
    if parsed is None or parsed[0] not in _ANSWERS:
        return False
    action, match_id, _ = parsed
    if action is ButtonAction.ACCEPT_MATCH:  # its channel would hold this server's games
        await check_match_place(interaction, accepting=True)
    shown: MatchShown = await bot.service.matches.accept(
        actor_of(interaction),
        place_of(interaction),
        match_id,
        **member_facts(interaction),
        decline=_ANSWERS[action],
    )
    with using(language_for(interaction, ephemeral=False)):
        text = messages.clip(messages.safe(say(match_text(shown))), messages.CONTENT_LIMIT)
    await update_pressed_message(interaction, text)
    return True
