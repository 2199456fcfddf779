"""Where a game lives on Discord, and reaching it there.

A game lives where it was challenged: a text or announcement channel (Postal then opens a
thread for it when it may), a voice channel's chat, a thread, or a forum post (neither of
the last three can hold a new thread). ``check_place`` refuses a challenge where Postal could
not post the game's messages later; ``fallback_parent`` says where a refused thread's
messages go instead (the outbox sender asks); ``archive_thread`` archives a finished game's
thread.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Final, Literal, TypeGuard

import discord
from discord import app_commands

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

# A week without messages before Discord archives a thread: the longest it allows.
THREAD_ARCHIVE_MINUTES: Final[Literal[10080]] = 10080


class PlaceRefusedError(app_commands.CheckFailure):
    """Postal lacks a permission it needs to host a game where the command was typed."""

    def __init__(self, missing: list[str]) -> None:
        self.missing = missing
        names = ", ".join(missing)
        super().__init__(
            f"I cannot host a game here: I am missing {names} in this channel. Ask a server "
            "admin to give me that, or challenge in another channel."
        )


def opens_thread(channel: object) -> TypeGuard[discord.TextChannel]:
    """Whether a game challenged in ``channel`` may get a thread of its own: only text and
    announcement channels start threads from a message (not voice chats, threads, forums)."""
    return isinstance(channel, discord.TextChannel)


def missing_permissions(
    channel: object, permissions: discord.Permissions, *, new_thread: bool = True
) -> list[str]:
    """The permissions (by their names in Discord's settings) Postal lacks to post a game's
    messages in ``channel``: seeing it, posting there (in threads, for a thread or forum
    post, and, with ``new_thread``, for a channel where it will open the game's thread),
    the board's embed and its PNG."""
    needed = [("View Channel", permissions.view_channel)]
    if isinstance(channel, discord.Thread):
        needed.append(("Send Messages in Threads", permissions.send_messages_in_threads))
    else:
        needed.append(("Send Messages", permissions.send_messages))
        if new_thread and opens_thread(channel) and permissions.create_public_threads:
            # Threads are wanted here: the game's thread must take its messages.
            needed.append(("Send Messages in Threads", permissions.send_messages_in_threads))
    needed += [("Embed Links", permissions.embed_links), ("Attach Files", permissions.attach_files)]
    return [name for name, granted in needed if not granted]


def check_place(interaction: discord.Interaction) -> None:
    """Refuse (``PlaceRefusedError``) to host a game where Postal could not post later: an
    interaction's own answers need no permission, everything after it does."""
    missing = missing_permissions(interaction.channel, interaction.app_permissions)
    if missing:
        raise PlaceRefusedError(missing)


def takes_fallback(bot: PostalBot, parent_id: int) -> bool:
    """Whether messages a game's thread refuses may go to its parent channel instead: not
    when the parent is a forum (it takes no messages; its posts are the threads)."""
    return not isinstance(bot.get_channel(parent_id), discord.ForumChannel)


async def archive_thread(bot: PostalBot, thread_id: int) -> None:
    """Archive the thread ``thread_id`` (not lock it: players may still reopen it by
    writing). Raises ``discord.NotFound``/``Forbidden`` when it is gone or not Postal's to
    archive, ``discord.HTTPException`` on other failures."""
    thread = bot.get_channel(thread_id)
    if thread is None:
        thread = await bot.fetch_channel(thread_id)
    if not isinstance(thread, discord.Thread):
        _log.warning("game thread %s is no thread any more; nothing to archive", thread_id)
        return
    if not thread.archived:
        await thread.edit(archived=True)
