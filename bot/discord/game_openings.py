"""A tournament's game opened by the outbox (``GameOpened``): its own thread under the
tournament's channel, then its first board there, both players mentioned once.

Every game of every round opens this way, as the row its creation wrote is delivered (the
next round's games are created when the last game of the round before ends, by another
row's delivery: no interaction is there to answer). Exactly once, whatever restarts: the
thread is started from a short message posted with a nonce derived from the row's
(``starter_nonce``), so a retry gets the same message back from Discord, and a message takes
only one thread, which has the message's id (Discord answers 160004 to a second one); the
thread is recorded as the game's place before the board goes out with the row's own nonce.
Where Postal may not make a thread (the tournament is in a thread, or Create Public Threads
or Send Messages in Threads is missing), the board goes in the channel.

A tournament posted in a forum opens each game as a post of that forum instead (Discord's
"start thread in forum": a thread made with its first message, the same line; Send Messages
in the forum, and Send Messages in Threads for the board). A post takes no nonce: it is
named with the game's number, and an earlier attempt's post is found by that name among the
forum's active posts (Discord lists them at every connection) before another is made.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING

import discord

from bot.discord import messages
from bot.discord.places import THREAD_ARCHIVE_MINUTES, opens_thread
from bot.i18n.text import Text, say
from bot.service import Delivery
from bot.service.delivery_results import GameOpened
from bot.text.tournament_words import board_text

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

# Discord's answer to a second thread started from one message.
THREAD_EXISTS = 160004


def starter_nonce(nonce: str) -> str:
    """The nonce of the thread's starter message: the row's (hex) with a letter that is no
    hex digit first, so it never names the board, which goes out with the row's own."""
    return "t" + nonce[1:]


def starter_text(opened: GameOpened) -> Text:
    """The line the game's thread starts from, in the channel: its board, its players and
    who has which side."""
    game = opened.game
    if opened.number is None:  # a game of no event (a vote game between two teams)
        return Text(
            "{white} – {black} (game #{game})",
            white=game.white.name,
            black=game.black.name,
            game=game.id,
        )
    return board_text(opened.number, game)


def _may_thread(channel: object) -> discord.TextChannel | None:
    """``channel`` when Postal may open a game's thread there and post in it (or cannot
    tell: its own member not cached yet, when Discord's answer decides)."""
    if not opens_thread(channel):
        return None
    me = channel.guild.me
    if me is None:
        return channel
    permissions = channel.permissions_for(me)
    needed = (
        permissions.send_messages,
        permissions.create_public_threads,
        permissions.send_messages_in_threads,
    )
    return channel if all(needed) else None


def _forum_above(place: object) -> discord.ForumChannel | None:
    """The forum ``place`` is a post of, when Postal may open a game's post there (Send
    Messages in the forum makes a post; Send Messages in Threads posts the board in it)."""
    if not isinstance(place, discord.Thread) or not isinstance(place.parent, discord.ForumChannel):
        return None
    forum = place.parent
    me = forum.guild.me
    if me is None:
        return forum
    permissions = forum.permissions_for(me)
    return forum if permissions.send_messages and permissions.send_messages_in_threads else None


def opens_own_place(place: object) -> bool:
    """Whether a game opened by the outbox at ``place`` gets a thread or forum post of its
    own there (else its board goes in ``place`` itself)."""
    return _forum_above(place) is not None or _may_thread(place) is not None


def post_name(opened: GameOpened) -> str:
    """A game's forum post's name: its thread name with the game's number, which tells
    the post apart from a rematch of the same players (a knockout's tie-break)."""
    suffix = f" · #{opened.game.id}"
    return messages.thread_name(opened.game)[: messages.THREAD_NAME_LIMIT - len(suffix)] + suffix


async def open_game(bot: PostalBot, delivery: Delivery) -> Delivery:
    """``delivery`` (of a ``GameOpened``) moved into the game's own thread or forum post,
    made now (or found, made by an earlier attempt) and recorded as the game's place;
    unchanged where none is to be made. Raises what discord.py raises for the starter
    message or the post (the row is tried again)."""
    opened = delivery.content
    assert isinstance(opened, GameOpened)
    if not opened.new_thread:
        return delivery
    place = bot.get_channel(delivery.channel_id or 0)
    forum = _forum_above(place)
    channel = _may_thread(place)
    if forum is not None:
        thread_id = await _open_post(forum, opened)
    elif channel is not None:
        thread_id = await _open_thread(channel, opened, delivery.nonce)
    else:
        return delivery
    if thread_id is None:
        return delivery
    game = opened.game
    if delivery.place_id is not None:  # the game's thread in another server
        await bot.service.reports.set_place_thread(delivery.place_id, thread_id)
    else:
        await bot.service.reports.set_game_thread(game.id, thread_id)
    moved = dataclasses.replace(game, thread_id=thread_id)
    return dataclasses.replace(
        delivery,
        channel_id=thread_id,
        parent_id=game.channel_id,
        content=dataclasses.replace(opened, game=moved, new_thread=False, own_thread=True),
    )


async def _open_thread(channel: discord.TextChannel, opened: GameOpened, nonce: str) -> int | None:
    """The game's thread, started from a message in ``channel`` (or the one an earlier
    attempt started: a message takes one thread, which has its id); None when Discord
    refuses it for good (the game stays in the channel)."""
    starter = await channel.send(
        messages.clip(messages.safe(say(starter_text(opened))), messages.CONTENT_LIMIT),
        nonce=starter_nonce(nonce),
        allowed_mentions=discord.AllowedMentions.none(),
    )
    try:
        thread = await starter.create_thread(
            name=messages.thread_name(opened.game), auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
    except discord.HTTPException as error:
        if error.code == THREAD_EXISTS:
            return starter.id  # an earlier attempt made it: a thread takes its message's id
        _refused_or_raise(opened, error)
        return None
    return thread.id


async def _open_post(forum: discord.ForumChannel, opened: GameOpened) -> int | None:
    """The game's post in ``forum`` (Discord's "start thread in forum": a thread made with
    its first message, the starter line), or the one an earlier attempt made, found by its
    name among the forum's active posts (a post takes no nonce); None when Discord refuses
    it for good (the game stays in the tournament's post)."""
    name = post_name(opened)
    me = forum.guild.me
    for post in forum.threads:
        if post.name == name and (me is None or post.owner_id == me.id):
            return post.id
    try:
        made = await forum.create_thread(
            name=name,
            content=messages.clip(messages.safe(say(starter_text(opened))), messages.CONTENT_LIMIT),
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException as error:
        _refused_or_raise(opened, error)
        return None
    return made.thread.id


def _refused_or_raise(opened: GameOpened, error: discord.HTTPException) -> None:
    """Raise ``error`` when Discord may answer otherwise later (5xx, 429: the row is tried
    again, with the same nonces); log a lasting refusal (the game stays where it is)."""
    if error.status >= 500 or error.status == 429:
        raise error
    _log.info("no place of its own for game #%s (%s); it stays put", opened.game.id, error)
