"""What the deadline scheduler does each round: post time-outs and reminders in the games'
threads or channels, and close expired challenges."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import discord

from bot.discord import messages
from bot.discord.messages import Reply
from bot.service import ChallengeClosed, GameView, Reminder

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

# After a delivery failed for a reason that may pass (Discord 5xx, network), retry this late.
DELIVERY_RETRY = timedelta(seconds=60)


async def run_clock(bot: PostalBot, now: datetime) -> datetime | None:
    """One round at ``now``: time-outs, expired challenges, reminders. Returns when the next
    round is due (None: nothing pending)."""
    service = bot.service
    failed = False
    report = await service.expire_overdue(now)
    for ended in report.ended:
        failed |= not await deliver(bot, ended.game, await bot.ending_reply(ended))
    for closed in report.expired_challenges:
        failed |= not await close_challenge_message(bot, closed)
    for reminder in await service.due_reminders(now):
        if await remind(bot, reminder):
            await service.mark_reminder_sent(reminder)
        else:
            failed = True
    wakeup = await service.next_wakeup()
    if failed:
        retry = bot.clock() + DELIVERY_RETRY
        return retry if wakeup is None else min(wakeup, retry)
    return wakeup


async def deliver(bot: PostalBot, game: GameView, reply: Reply) -> bool:
    """Post in the game's place; False on a failure worth retrying. A channel the bot can no
    longer reach counts as delivered: retrying would never succeed."""
    try:
        await bot.post_in_game(game, reply)
    except (discord.Forbidden, discord.NotFound) as error:
        _log.warning("cannot post in game %s's channel: %s", game.id, error)
    except (discord.HTTPException, OSError) as error:
        _log.warning("posting in game %s failed, will retry: %s", game.id, error)
        return False
    return True


async def remind(bot: PostalBot, reminder: Reminder) -> bool:
    mention = await bot.notify_turn(reminder.player, reminder.game, reminder.text)
    return await deliver(bot, reminder.game, messages.reminder(reminder, mention_player=mention))


async def close_challenge_message(bot: PostalBot, closed: ChallengeClosed) -> bool:
    """Rewrite an expired challenge's message without its buttons."""
    challenge = closed.challenge
    if challenge.message_id is None:
        return True
    channel = bot.get_partial_messageable(challenge.channel_id, guild_id=challenge.guild_id or None)
    try:
        await channel.get_partial_message(challenge.message_id).edit(
            content=messages.challenge_closed(closed), view=None
        )
    except (discord.Forbidden, discord.NotFound) as error:
        _log.warning("cannot edit expired challenge %s: %s", challenge.id, error)
    except (discord.HTTPException, OSError) as error:
        _log.warning("editing expired challenge %s failed: %s", challenge.id, error)
        return False
    return True
