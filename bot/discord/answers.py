"""What became of an answer that stands for outbox rows.

A move answered in its game's place tells the opponent in that answer (the board, the
mention). The service writes the same notice as an outbox row with the move, claimed for the
answer (``MovePlayed.answering``), so a lost answer loses nothing: when the answer lands the
row is marked sent (in the write that records the board message), when it is lost the claim
ends and the sender posts the row, and when the process dies first its next run releases the
claim (``OutboxSender`` at start-up). A request whose outcome is unknown (a reset connection,
a 5xx) is settled by asking Discord for the interaction's original response: there, it
landed; missing, it did not. When even that cannot be known the claim is left to run out
(``ANSWER_LEASE``, the interaction token's lifetime: no answer lands after it), so the
opponent is told late rather than twice.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.service import MovePlayed
from bot.store import StoreError

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)


async def landed_answer(interaction: discord.Interaction) -> discord.Message | None:
    """The answer Discord holds for ``interaction``: its original response once filled in
    (not a "thinking…" placeholder); None when there is none. Raises ``discord.HTTPException``,
    ``discord.ClientException``, ``OSError`` or ``aiohttp.ClientError`` when Discord cannot
    say."""
    # discord.py caches the original response (a deferral's "thinking…" message, say):
    # only Discord knows whether the answer filled it since.
    interaction._original_response = None
    try:
        message = await interaction.original_response()
    except discord.NotFound:
        return None
    return None if message.flags.loading else message


class Answers:
    """Reports to the service what became of answers that stand for outbox rows."""

    def __init__(self, bot: PostalBot) -> None:
        self._bot = bot
        self._tasks: set[asyncio.Task[None]] = set()

    async def lost(self, interaction: discord.Interaction, game_id: int, answering: str) -> None:
        """The answer ``answering`` to ``interaction`` failed: if Discord holds it anyway
        (the failure hid a success), it is recorded as the game's board; else its rows go
        out now. Never raises: an unknown outcome leaves the claim to run out."""
        try:
            message = await landed_answer(interaction)
        except (discord.DiscordException, OSError, aiohttp.ClientError) as error:
            _log.warning(
                "answer to a move in game %s: outcome unknown (%s); its notice waits for "
                "the claim to run out",
                game_id,
                error,
            )
            return
        try:
            if message is not None:
                waiting = await self._bot.boards.replaced(
                    game_id, message.channel.id, message.id, answered=answering
                )
            else:
                await self._bot.service.deliveries.unanswered(game_id, answering)
                waiting = True
            if waiting:
                self._bot.outbox.wake()
        except StoreError as error:
            _log.warning("answer to a move in game %s not recorded: %s", game_id, error)

    def abandoned(self, work: asyncio.Future[Any]) -> None:
        """``work`` (a command's service call) goes on with nobody left to answer it (the
        acknowledgement failed): a move it stores has its notices posted by the outbox."""
        work.add_done_callback(self._orphaned)

    async def unsaid(self, played: MovePlayed) -> None:
        """``played`` will not be answered at all: its rows go out now. Never raises."""
        if played.answering is None:
            return
        try:
            await self._bot.service.deliveries.unanswered(played.game.id, played.answering)
            self._bot.outbox.wake()
        except StoreError as error:
            _log.warning("notice of game %s left to its claim: %s", played.game.id, error)

    def _orphaned(self, work: asyncio.Future[Any]) -> None:
        if work.cancelled() or work.exception() is not None:
            return
        played = work.result()
        if isinstance(played, MovePlayed) and played.answering is not None:
            task = asyncio.get_running_loop().create_task(self.unsaid(played))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
