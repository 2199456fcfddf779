"""What the deadline scheduler does each round: end overdue games, expire old challenges and
hand due reminders to the outbox, keep running games' idle threads active, archive finished
games' threads a day after the end. The
service writes every announcement as an outbox row in the same transaction; the sender
(``bot.discord.sender``) delivers them, paced and retried."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from datetime import datetime, timedelta
from enum import Enum
from typing import TYPE_CHECKING

import discord

from bot.discord.places import archive_thread, keep_thread, may_keep
from bot.discord.vote_polls import end_polls
from bot.service import GameView
from bot.store import ThreadUpkeep

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

# After archiving a thread failed for a reason that may pass (Discord 5xx, network).
ARCHIVE_RETRY = timedelta(minutes=5)


async def run_clock(bot: PostalBot, now: datetime) -> datetime | None:
    """One round at ``now``: time-outs, expired challenges, reminders, daily digests,
    tournaments at their sign-up deadline, vote chess's windows. Returns when the next round
    is due (None: nothing pending). Nothing here waits for Discord's messages, so a refused
    message never makes the scheduler spin: its retries are the outbox's (ending a closed
    window's polls is one request each, a failure left to the poll's own expiry)."""
    service = bot.service
    # Announced by the outbox rows each ending writes: no description wanted.
    await service.deadlines.expire_overdue(now, describe=False)
    await service.deadlines.hand_over_reminders(now)
    await service.digests.hand_over_digests(now)
    # Tournaments at their sign-up deadline start (or are called off): said by the outbox.
    await service.signups.close_due(now)
    # Vote chess: due windows close, their elected moves posted in the game's place (outbox)
    # and their polls ended.
    for closed in await service.votes.close_due_windows():
        await end_polls(bot, closed.game_id)
    bot.outbox.wake()
    for game in await service.deadlines.threads_to_archive(now):
        await close_thread(bot, game)
    for due in await service.deadlines.threads_to_keep(now):
        await keep_game_thread(bot, due)
    wakeups = (await service.deadlines.next_wakeup(), await service.votes.next_close())
    return min((moment for moment in wakeups if moment is not None), default=None)


class ThreadEdit(Enum):
    """How an edit of a game's thread ended."""

    DONE = "done"
    NEVER = "never"  # gone, or not Postal's to edit any more
    RETRY = "retry"  # a passing failure (Discord 5xx, network)


async def edit_game_thread(edit: Awaitable[None], doing: str, game_id: int) -> ThreadEdit:
    """Await ``edit`` of game ``game_id``'s thread (``doing``: what, for the log)."""
    try:
        await edit
    except (discord.Forbidden, discord.NotFound) as error:
        _log.warning("cannot %s game %s's thread: %s", doing, game_id, error)
        return ThreadEdit.NEVER
    except (discord.HTTPException, OSError) as error:
        _log.warning("%s game %s's thread failed, will retry: %s", doing, game_id, error)
        return ThreadEdit.RETRY
    return ThreadEdit.DONE


async def close_thread(bot: PostalBot, game: GameView) -> None:
    """Archive a finished game's own thread (a day after the end). A thread gone or not
    Postal's to archive any more is done with; a passing failure is tried again later."""
    assert game.thread_id is not None
    done = await edit_game_thread(archive_thread(bot, game.thread_id), "archive", game.id)
    if done is ThreadEdit.RETRY:
        await bot.service.deadlines.retry_thread_archive(game.id, ARCHIVE_RETRY)
    else:
        await bot.service.deadlines.thread_archived(game.id)


async def keep_game_thread(bot: PostalBot, due: ThreadUpkeep) -> None:
    """Keep a running game's idle thread active (players keep their commands there). A
    thread gone, locked or no longer Postal's to edit is left alone for good (posts still
    reopen it, or fall back to its channel); a passing failure is tried again later."""
    if not may_keep(bot, due.thread_id):  # someone's thread a rematch started in
        await bot.service.deadlines.thread_kept(due.game_id, None)
        return
    done = await edit_game_thread(keep_thread(bot, due.thread_id), "keep active", due.game_id)
    if done is ThreadEdit.DONE:
        await bot.service.deadlines.thread_kept(due.game_id)
    else:
        await bot.service.deadlines.thread_kept(
            due.game_id, ARCHIVE_RETRY if done is ThreadEdit.RETRY else None
        )


async def reopen_game_thread(bot: PostalBot, thread_id: int) -> None:
    """Keep a running game's thread that Discord archived active again; a failure is
    logged (the clock's next look, or the next post, reopens it)."""
    if not may_keep(bot, thread_id):
        return
    try:
        await keep_thread(bot, thread_id)
    except (discord.HTTPException, OSError) as error:
        _log.warning("cannot reopen game thread %s: %s", thread_id, error)
