"""``/vote thread``: a team's private thread on Discord, where its members talk over the
moves and the other side cannot read. Opened once in the game's channel (a private thread,
not invitable: only Postal adds members), the captain and the listed members added; whoever
asks is added (so a role team's holders join by asking). A thread gone is opened again.
The team's polls are posted there too (``vote_polls``).

A holder taken off the role stays in the thread until Postal notices: Postal hears of no
role change (``role_holders``: no GUILD_MEMBERS intent), and cannot list a thread's
members (that needs the intent too), so it remembers whom it added, and each time it
opens the thread for a member (``/vote thread``, ``/vote poll``) it asks Discord for each
holder it added and takes out whoever no longer holds the role or left the server
(DELETE /channels/{thread}/thread-members/{user}). Discord lets a private thread's creator
do that without Manage Threads, and Postal created it; the thread must not be archived,
so an archived one is reopened first (as a member's post would). A member given the role
again is added back as they next ask, as any holder is."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord import messages
from bot.discord.context import actor_of, place_of, roles_of
from bot.discord.language import shared_language
from bot.discord.match_invitations import NowhereToPost
from bot.discord.outbox_messages import delivery_post
from bot.discord.places import THREAD_ARCHIVE_MINUTES
from bot.discord.respond import quickly
from bot.discord.role_holders import holds_role
from bot.i18n import using
from bot.i18n.text import say
from bot.service.delivery_results import Delivery
from bot.service.team_threads import TeamThreadAsked
from bot.service.vote_facts import TeamCountsNotice, VoteError, VoteRefusal
from bot.text.vote_words import thread_name, thread_text

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)
# Discord's limit on a thread's name.
NAME_LIMIT = 100


async def open_team_thread(
    bot: PostalBot, interaction: discord.Interaction, game: int | None
) -> None:
    """The member's team thread, opened if needed, with them in it; told privately. Raises
    ``VoteError`` (``NO_THREAD_PERMISSION``) and what ``TeamThreads.ask`` raises."""
    thread = await team_thread(bot, interaction, game)
    said = messages.clip(messages.safe(thread_text(thread.mention)), messages.CONTENT_LIMIT)
    await bot.reply(interaction, messages.Reply(said, ephemeral=True))


async def team_thread(
    bot: PostalBot, interaction: discord.Interaction, game: int | None
) -> discord.Thread:
    """The member's team thread (of their team in ``game``, or the game here), opened if
    needed, with them in it. Raises ``VoteError`` (``NO_THREAD_PERMISSION``) and what
    ``TeamThreads.ask`` raises."""
    asked = await quickly(
        interaction,
        bot.service.team_threads.ask(
            actor_of(interaction), place_of(interaction), game_id=game, roles=roles_of(interaction)
        ),
        ephemeral=True,
    )
    thread = await _existing(bot, asked)
    try:
        if thread is None:
            with using(shared_language(interaction)):
                name = say(thread_name(asked.team))[:NAME_LIMIT]
            thread = await _opened(bot, asked, name)
        else:
            if thread.archived:  # nobody is added to or taken out of an archived thread
                thread = await thread.edit(archived=False)
            await _take_out_former_holders(bot, thread, asked, interaction.user.id)
        await thread.add_user(interaction.user)
    except discord.Forbidden:
        raise VoteError(VoteRefusal.NO_THREAD_PERMISSION) from None
    await bot.service.team_threads.joined(asked.team_id, (interaction.user.id,))
    return thread


async def _take_out_former_holders(
    bot: PostalBot, thread: discord.Thread, asked: TeamThreadAsked, asker_id: int | None
) -> None:
    """Take out of ``thread`` each holder of the team's role Postal added who no longer
    holds it (or left the server), as Discord answers now; one Discord refuses to take
    out is logged and tried again next time. ``asker_id``: the member asking, a member
    now (None: nobody asked, the counts of a close are posted)."""
    role_id = asked.role_id
    for user_id in asked.holders:  # none without a role
        assert role_id is not None
        if user_id == asker_id:  # a member now (checked as they asked)
            continue
        try:
            if await holds_role(bot, asked.guild_id, user_id, role_id):
                continue
            await thread.remove_user(discord.Object(user_id))
        except discord.NotFound:  # no longer in it (gone from the server, say)
            pass
        except discord.HTTPException as error:  # Discord failing: next time
            _log.info("team %s: %s not taken out of its thread: %s", asked.team_id, user_id, error)
            continue
        await bot.service.team_threads.left(asked.team_id, user_id)


async def _existing(bot: PostalBot, asked: TeamThreadAsked) -> discord.Thread | None:
    """The team's thread if it still exists (else forgotten, to be opened again)."""
    if asked.thread_id is None:
        return None
    try:
        found = bot.get_channel(asked.thread_id) or await bot.fetch_channel(asked.thread_id)
    except discord.NotFound:
        found = None
    if isinstance(found, discord.Thread):
        return found
    await bot.service.team_threads.opened(asked.team_id, None)
    return None


async def post_team_counts(bot: PostalBot, delivery: Delivery) -> tuple[int, int]:
    """A team's closed vote and its counts (an outbox row), posted in the team's private
    thread alone: opened first (in the current language, the server's) when the team has
    none or it is gone, never the game's place, which the other side reads. Returns (the
    thread's id, the message's id). Raises ``NowhereToPost`` (no private thread Postal may
    open or post in there: the row fails, the counts said nowhere, and neither side gets a
    notice of it) and what discord.py raises."""
    notice = delivery.content
    assert isinstance(notice, TeamCountsNotice)
    text = delivery_post(delivery).content
    try:
        return await _post_in_thread(bot, notice.thread, text, delivery.nonce)
    except (VoteError, discord.Forbidden) as error:
        raise NowhereToPost(f"no private thread for team {notice.thread.team_id}") from error


async def _post_in_thread(
    bot: PostalBot, asked: TeamThreadAsked, text: str, nonce: str
) -> tuple[int, int]:
    """``text`` posted in the team's thread (opened when there is none, and once more when
    the one remembered went meanwhile), after taking out whoever no longer holds the team's
    role, so that they do not read it. Raises ``VoteError`` (``NO_THREAD_PERMISSION``) and
    what discord.py raises."""
    thread = await _existing(bot, asked)
    if thread is not None and asked.holders:
        if thread.archived:  # nobody is taken out of an archived thread
            thread = await thread.edit(archived=False)
        await _take_out_former_holders(bot, thread, asked, asker_id=None)
    for _ in range(2):
        if thread is None:
            thread = await _opened(bot, asked, say(thread_name(asked.team)))
        try:
            message = await thread.send(
                text, nonce=nonce, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.NotFound:
            await bot.service.team_threads.opened(asked.team_id, None)
            thread = None
            continue
        return thread.id, message.id
    raise VoteError(VoteRefusal.NO_THREAD_PERMISSION)


async def _opened(bot: PostalBot, asked: TeamThreadAsked, name: str) -> discord.Thread:
    """A private thread in the game's channel, named ``name`` (the team's, in the server's
    language), remembered, its captain and listed members added. Raises ``VoteError``
    (``NO_THREAD_PERMISSION``) where Postal may not open one."""
    channel = bot.get_channel(asked.channel_id) or await bot.fetch_channel(asked.channel_id)
    if not isinstance(channel, discord.TextChannel):
        raise VoteError(VoteRefusal.NO_THREAD_PERMISSION)
    thread = await channel.create_thread(
        name=name[:NAME_LIMIT],
        type=discord.ChannelType.private_thread,
        invitable=False,
        auto_archive_duration=THREAD_ARCHIVE_MINUTES,
    )
    await bot.service.team_threads.opened(asked.team_id, thread.id)
    added = []
    for member_id in asked.members:
        try:
            await thread.add_user(discord.Object(member_id))
        except discord.HTTPException as error:  # one member gone from the server, say
            _log.info(
                "team %s: member %s not added to its thread: %s", asked.team_id, member_id, error
            )
        else:
            added.append(member_id)
    await bot.service.team_threads.joined(asked.team_id, added)
    return thread
