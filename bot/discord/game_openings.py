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
    """The line the game's thread starts from, in the channel: its board and players."""
    game = opened.game
    return Text(
        "Board {board}: {white} – {black} (game #{game})",
        board=opened.number,
        white=game.white.name,
        black=game.black.name,
        game=game.id,
    )


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


async def open_game(bot: PostalBot, delivery: Delivery) -> Delivery:
    """``delivery`` (of a ``GameOpened``) moved into the game's own thread, made now (or
    found, made by an earlier attempt) and recorded as the game's place; unchanged where
    no thread is to be made. Raises what discord.py raises for the starter message (the
    row is tried again)."""
    opened = delivery.content
    assert isinstance(opened, GameOpened)
    channel = _may_thread(bot.get_channel(delivery.channel_id or 0)) if opened.new_thread else None
    if channel is None:
        return delivery
    game = opened.game
    starter = await channel.send(
        messages.clip(messages.safe(say(starter_text(opened))), messages.CONTENT_LIMIT),
        nonce=starter_nonce(delivery.nonce),
        allowed_mentions=discord.AllowedMentions.none(),
    )
    try:
        thread = await starter.create_thread(
            name=messages.thread_name(game), auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
        thread_id = thread.id
    except discord.HTTPException as error:
        if error.code != THREAD_EXISTS:
            if error.status >= 500 or error.status == 429:
                raise  # tried again later, with the same nonces
            _log.info("no thread for game #%s (%s); it stays in the channel", game.id, error)
            return delivery
        thread_id = starter.id  # an earlier attempt made it: a thread takes its message's id
    await bot.service.reports.set_game_thread(game.id, thread_id)
    moved = dataclasses.replace(game, thread_id=thread_id)
    return dataclasses.replace(
        delivery,
        channel_id=thread_id,
        parent_id=game.channel_id,
        content=dataclasses.replace(opened, game=moved, new_thread=False, own_thread=True),
    )
