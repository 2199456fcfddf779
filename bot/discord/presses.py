"""What pressing a Postal button does on Discord: the service decides, this shows it.

Accepting a challenge opens the game's thread when the bot may (falling back to the
channel), posts the first board there, and rewrites the challenge message.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord import messages
from bot.discord.context import place_of, user_of
from bot.discord.errors import report_error
from bot.discord.places import THREAD_ARCHIVE_MINUTES, opens_thread
from bot.discord.respond import (
    allowed_mentions,
    build_embed,
    build_files,
    defer,
    quickly,
    update_pressed_message,
)
from bot.service import (
    ChallengeClosed,
    GameEnded,
    GameStarted,
    GameView,
    MovePlayed,
    OfferDeclined,
    PromotionNeeded,
    TakenBack,
)

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)


async def handle_press(bot: PostalBot, interaction: discord.Interaction, custom_id: str) -> None:
    """Do what the button ``custom_id`` means for the presser and show the result; every
    error goes to the shared error handler."""
    try:
        place = place_of(interaction)
        result = await quickly(
            interaction,
            bot.service.press_custom_id(user_of(interaction.user), custom_id, place=place),
        )
        match result:
            case GameStarted():
                await start_game(bot, interaction, result)
            case ChallengeClosed():
                await update_pressed_message(interaction, messages.challenge_closed(result))
            case MovePlayed():
                await update_pressed_message(interaction, messages.safe(f"You chose {result.san}."))
                if result.game.place.target_id != place.target_id:
                    # A promotion chosen away from the game: announced in its place.
                    await bot.announce_move_elsewhere(interaction, result)
                else:
                    await bot.announce_move(interaction, result)
            case PromotionNeeded():
                await bot.reply(interaction, messages.promotion_needed(result))
            case GameEnded():
                await update_pressed_message(interaction, messages.safe(result.ending.text + "."))
                await bot.reply(interaction, await bot.ending_reply(result))
            case OfferDeclined():
                await update_pressed_message(interaction, messages.safe(result.text))
            case TakenBack():
                await update_pressed_message(interaction, messages.safe(result.text))
                mention = messages.wants_mention(result.notify)
                bot.outbox.wake()
                await bot.reply(interaction, messages.taken_back(result, mention_player=mention))
    except Exception as error:
        await report_error(interaction, error)


async def start_game(bot: PostalBot, interaction: discord.Interaction, result: GameStarted) -> None:
    """Open the game's thread when allowed (else stay in the channel), post the first board
    there, remember where, and rewrite the challenge message."""
    await defer(interaction)
    game = result.game
    thread = await open_thread(interaction, game)
    message_id: int | None = None
    if thread is not None:
        # Remember the thread first: commands typed there find the game from now on.
        await bot.service.set_game_thread(game.id, thread.id)
        try:
            reply = messages.game_started(result, in_thread=True)
            message = await thread.send(
                reply.content,
                embed=build_embed(reply) or discord.utils.MISSING,
                files=await build_files(reply, bot.render),
                allowed_mentions=allowed_mentions(reply),
            )
            message_id = message.id
        except discord.Forbidden:
            _log.info("cannot post in thread %s; the game stays in the channel", thread.id)
            await bot.service.set_game_thread(game.id, None)
            thread = None
    if thread is not None:
        where = f"in {thread.mention}"
        await update_pressed_message(interaction, messages.challenge_accepted(result, where))
    else:
        await update_pressed_message(interaction, messages.challenge_accepted(result, "here"))
        mention = messages.wants_mention(result.notify)
        bot.outbox.wake()
        message_id = await bot.reply(
            interaction, messages.game_started(result, in_thread=False, mention_player=mention)
        )
    if message_id is not None:
        await bot.service.set_game_message(game.id, message_id)


async def open_thread(interaction: discord.Interaction, game: GameView) -> discord.Thread | None:
    """A public thread on the challenge message, or None when the bot may not create one or
    post in it (the game then lives in the channel)."""
    channel = interaction.channel
    permissions = interaction.app_permissions
    if not opens_thread(channel) or interaction.message is None:
        # A voice chat, a thread or a forum post: the game stays where it was challenged.
        return None
    # The first board needs all of these in the thread; without any, stay in the channel,
    # where the interaction's own replies need no permission at all.
    needed = (
        permissions.create_public_threads,
        permissions.send_messages_in_threads,
        permissions.attach_files,
        permissions.embed_links,
    )
    if not all(needed):
        return None
    try:
        return await interaction.message.create_thread(
            name=messages.thread_name(game),
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        )
    except discord.HTTPException as error:
        # Forbidden (a channel override), or the message already has a thread.
        _log.info("no thread in %s (%s); the game stays in the channel", channel.id, error)
        return None
