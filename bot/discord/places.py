"""Where a game lives on Discord, and reaching it there.

A game lives where it was challenged: a text or announcement channel (Postal then opens a
thread for it when it may), a voice channel's chat, a thread, or a forum post (neither of
the last three can hold a new thread). ``check_place`` refuses a challenge where Postal could
not post the game's messages later (``check_tournament_place`` and ``check_match_place`` a
tournament or a club match, whose games each want a thread of their own there too);
``fallback_parent`` says where a refused thread's messages go instead (the outbox sender
asks); ``keep_thread`` keeps a running game's thread active; ``archive_thread`` archives a
finished game's thread.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, Literal, TypeGuard

import discord
from discord import app_commands

from bot.i18n.names import Command
from bot.i18n.text import Joined, Text, TextIn

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

# A week without messages before Discord archives a thread: the longest it allows.
THREAD_ARCHIVE_MINUTES: Final[Literal[10080]] = 10080
# Another auto-archive time, set for a moment to keep a thread active (``keep_thread``).
OTHER_ARCHIVE_MINUTES: Final[Literal[4320]] = 4320


class PlaceRefusedError(app_commands.CheckFailure):
    """Postal could not post a game's messages where the command was typed."""


# Discord's permissions by the names its client shows in a channel's settings (in each
# reader's language there: each glossary's "Discord's permissions" says where each name was
# checked; tests/i18n/test_permissions.py holds the catalogs to the glossaries).
PERMISSIONS: Final = {
    "View Channel": TextIn("permission", "View Channel"),
    "Connect": TextIn("permission", "Connect"),
    "Send Messages": TextIn("permission", "Send Messages"),
    "Send Messages in Threads": TextIn("permission", "Send Messages in Threads"),
    "Create Public Threads": TextIn("permission", "Create Public Threads"),
    "Embed Links": TextIn("permission", "Embed Links"),
    "Attach Files": TextIn("permission", "Attach Files"),
    "Read Message History": TextIn("permission", "Read Message History"),
}

# Everything Postal posts with in a text channel (threads included), named when a post is
# refused without saying which permission it lacked.
POSTING_PERMISSIONS: Final = (
    "View Channel",
    "Send Messages",
    "Send Messages in Threads",
    "Create Public Threads",
    "Embed Links",
    "Attach Files",
    "Read Message History",
)


def permissions_text(names: Iterable[str]) -> str:
    """Permissions (their English names, as ``missing_permissions`` gives them) listed in
    the reader's language, as Discord's client names them there, with the reader's list
    separator (、 in Chinese and Japanese)."""
    return Joined(TextIn("list separator", ", "), [PERMISSIONS.get(name, name) for name in names])


def missing_text(missing: list[str]) -> str:
    return Text(
        "I cannot host a game here: I am missing {permissions} in this channel. Ask a server "
        "admin to give me that, or challenge in another channel.",
        permissions=permissions_text(missing),
    )


# Said when a challenge comes from a private thread Postal was never added to.
NOT_IN_PRIVATE_THREAD = Text(
    "I cannot host a game here: this private thread is closed to me. Add me to it (mention "
    "me in a message), or challenge in another channel."
)


def opens_thread(channel: object) -> TypeGuard[discord.TextChannel]:
    """Whether a game challenged in ``channel`` may get a thread of its own: only text and
    announcement channels start threads from a message (not voice chats, threads, forums)."""
    return isinstance(channel, discord.TextChannel)


def missing_permissions(
    channel: object, permissions: discord.Permissions, *, new_thread: bool = True
) -> list[str]:
    """The permissions (by their names in Discord's settings) Postal lacks to post a game's
    messages in ``channel``: seeing it (and connecting, for a voice channel's chat), posting
    there (in threads, for a thread or forum post, and, with ``new_thread``, for a channel
    where it will open the game's thread), the board's embed and its PNG."""
    needed = [("View Channel", permissions.view_channel)]
    if isinstance(channel, discord.VoiceChannel | discord.StageChannel):
        # A voice channel's text chat is closed to those who may not connect to it.
        needed.append(("Connect", permissions.connect))
    if isinstance(channel, discord.Thread):
        needed.append(("Send Messages in Threads", permissions.send_messages_in_threads))
    else:
        needed.append(("Send Messages", permissions.send_messages))
        if new_thread and opens_thread(channel) and permissions.create_public_threads:
            # Threads are wanted here: the game's thread must take its messages.
            needed.append(("Send Messages in Threads", permissions.send_messages_in_threads))
    needed += [("Embed Links", permissions.embed_links), ("Attach Files", permissions.attach_files)]
    return [name for name, granted in needed if not granted]


async def can_host_game(interaction: discord.Interaction) -> bool:
    """A command check: refuse a challenge (a team's too) where Postal could not post the
    game (``PlaceRefusedError``)."""
    await check_place(interaction)
    return True


async def check_place(interaction: discord.Interaction) -> None:
    """Refuse (``PlaceRefusedError``) to host a game where Postal could not post later: an
    interaction's own answers need no permission, everything after it does, and a private
    thread admits only its members (Discord does not say it in ``app_permissions``)."""
    channel = interaction.channel
    missing = missing_permissions(channel, interaction.app_permissions)
    if missing:
        raise PlaceRefusedError(missing_text(missing))
    if isinstance(channel, discord.Thread) and channel.type is discord.ChannelType.private_thread:
        me = interaction.client.user
        try:
            await channel.fetch_member(me.id if me is not None else 0)
        except discord.NotFound:
            raise PlaceRefusedError(NOT_IN_PRIVATE_THREAD) from None


async def check_tournament_place(interaction: discord.Interaction) -> None:
    """Refuse (``PlaceRefusedError``, nothing stored) to hold a tournament where Postal could
    not post its games: what a game needs (``check_place``), and in a text channel the
    thread each game gets (Create Public Threads, Send Messages in Threads)."""
    missing = _missing_for_games(interaction)
    if missing:
        raise PlaceRefusedError(
            Text(
                "I cannot hold a tournament here: I am missing {permissions} in this channel. "
                "Ask a server admin to give me that, or open it in another channel.",
                permissions=permissions_text(missing),
            )
        )
    await check_place(interaction)


async def check_match_place(interaction: discord.Interaction, *, accepting: bool = False) -> None:
    """Refuse (``PlaceRefusedError``, nothing stored) to make a club match, or with
    ``accepting`` to accept one for this server, where Postal could not post its games, each
    in a thread of its own here, and its side's standings message: what a tournament needs
    (``check_tournament_place``)."""
    missing = _missing_for_games(interaction)
    if missing and accepting:
        raise PlaceRefusedError(
            Text(
                "I cannot host this server's games of the match here: I am missing "
                "{permissions} in this channel. Ask a server admin to give me that, or "
                "accept it with {command} in another channel.",
                permissions=permissions_text(missing),
                command=Command("match", "accept"),
            )
        )
    if missing:
        raise PlaceRefusedError(
            Text(
                "I cannot host a club match's games here: I am missing {permissions} in this "
                "channel. Ask a server admin to give me that, or create it in another channel.",
                permissions=permissions_text(missing),
            )
        )
    await check_place(interaction)


async def can_hold_match(interaction: discord.Interaction) -> bool:
    """A command check: ``check_match_place`` for ``/match create``."""
    await check_match_place(interaction)
    return True


async def can_accept_match(interaction: discord.Interaction) -> bool:
    """A command check: ``check_match_place`` for ``/match accept``."""
    await check_match_place(interaction, accepting=True)
    return True


def _missing_for_games(interaction: discord.Interaction) -> list[str]:
    """What Postal lacks in the interaction's channel to post games there (``check_place``)
    and, in a text channel, to open a thread for each (Create Public Threads, Send
    Messages in Threads)."""
    channel, permissions = interaction.channel, interaction.app_permissions
    missing = missing_permissions(channel, permissions)
    if opens_thread(channel):
        threads = [
            ("Create Public Threads", permissions.create_public_threads),
            ("Send Messages in Threads", permissions.send_messages_in_threads),
        ]
        missing += [name for name, granted in threads if not granted and name not in missing]
    return missing


def takes_fallback(bot: PostalBot, thread_id: int, parent_id: int) -> bool:
    """Whether messages the game's thread refuses may go to its parent channel instead:
    not when the parent is a forum (it takes no messages; its posts are the threads), nor
    from a private thread (its game is not for the whole channel to see)."""
    thread = bot.get_channel(thread_id)
    if isinstance(thread, discord.Thread) and thread.type is discord.ChannelType.private_thread:
        return False
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


def may_keep(bot: PostalBot, thread_id: int) -> bool:
    """Whether Postal may change the thread's auto-archive time (``keep_thread``): its
    creator or a moderator (Manage Threads) may; not known (not cached): worth a try."""
    thread = bot.get_channel(thread_id)
    if not isinstance(thread, discord.Thread) or bot.user is None:
        return True
    if thread.owner_id == bot.user.id:
        return True
    me = thread.guild.me
    return me is not None and thread.permissions_for(me).manage_threads


async def keep_thread(bot: PostalBot, thread_id: int) -> None:
    """Keep the thread ``thread_id`` active another week without posting in it.

    Discord archives a thread after its auto-archive time (a week at most) without
    "activity", and nobody can use a command in an archived thread; activity is "sending a
    message, unarchiving a thread, or changing the auto-archive time" (Discord's docs,
    Threads). Changing the time is the one that shows nothing to players: to three days
    (unarchiving too, if Discord archived it early) and back to a week, two requests. Allowed
    to the thread's creator (Postal, for the threads it opens). Raises ``discord.Forbidden``
    (locked by a moderator) or ``discord.NotFound`` (gone) for good, ``discord.HTTPException``
    on other failures."""
    await bot.http.edit_channel(
        thread_id, archived=False, auto_archive_duration=OTHER_ARCHIVE_MINUTES
    )
    await bot.http.edit_channel(thread_id, auto_archive_duration=THREAD_ARCHIVE_MINUTES)
