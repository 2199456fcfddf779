"""Old boards lose their buttons: when a game's newer board message is posted in its place,
the previous one is edited to keep its text and image and drop its controls.

The edits are the bot's own work, so they go through one paced worker: a bounded queue, at
most ``EDITS_PER_SECOND`` edits (a game's boards are days apart; a burst of moves must not
crowd out the outbox's posts), failures logged and dropped. A press on a board whose edit
was lost or failed is refused anyway (its buttons carry the ply they were made at).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord.http import MultipartParameters

from bot.discord.scheduler import Worker

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

EDITS_PER_SECOND = 5.0
QUEUE_LIMIT = 500
IS_COMPONENTS_V2 = 1 << 15
ACTION_ROW, MEDIA_GALLERY = 1, 12


class BoardRetirer(Worker):
    """Edits old boards, one at a time, at most ``EDITS_PER_SECOND``; ``wait_idle`` waits
    until every queued edit was tried."""

    name = "postal-boards"

    def __init__(self, bot: PostalBot) -> None:
        super().__init__()
        self._bot = bot
        self._queue: deque[tuple[int, int, int]] = deque(maxlen=QUEUE_LIMIT)
        self._idle.set()

    async def replaced(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Record ``message_id`` (posted in ``channel_id``, the game's place) as the game's
        board message, and queue the edit of the one it replaces."""
        previous = await self._bot.service.replace_board_message(game_id, message_id)
        if previous is not None:
            self._queue.append((game_id, channel_id, previous))
            self.wake()

    async def _loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                game_id, channel_id, message_id = self._queue.popleft()
                await self._retire(game_id, channel_id, message_id)
                await asyncio.sleep(1.0 / EDITS_PER_SECOND)
            self._idle.set()

    async def _retire(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Edit the old board: its own components (read back from Discord) without the row
        of buttons."""
        http = self._bot.http
        try:
            old = await http.get_message(channel_id, message_id)
            params = MultipartParameters(
                payload={"components": without_controls(old), "flags": IS_COMPONENTS_V2},
                multipart=None,
                files=None,
            )
            await http.edit_message(channel_id, message_id, params=params)
        except discord.HTTPException as error:
            # Gone, an archived thread, no access: the old board keeps its buttons, which
            # refuse a press anyway.
            _log.info("board %s of game %s kept its buttons: %s", message_id, game_id, error)
        except (OSError, TimeoutError, aiohttp.ClientError) as error:
            # A connection that failed: not worth a retry (the buttons refuse a press).
            _log.warning("board %s of game %s kept its buttons: %r", message_id, game_id, error)


def without_controls(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The components of a fetched message without its action rows; media that show one of
    its attachments point at it again as ``attachment://name`` (Discord answers with the
    file's CDN address)."""
    names = {str(a.get("filename")) for a in message.get("attachments") or []}

    def keep(components: list[Any]) -> list[dict[str, Any]]:
        kept = []
        for component in components:
            if not isinstance(component, dict) or component.get("type") == ACTION_ROW:
                continue
            copy = dict(component)
            if isinstance(copy.get("components"), list):
                copy["components"] = keep(copy["components"])
            if copy.get("type") == MEDIA_GALLERY:
                copy["items"] = [_local(item, names) for item in copy.get("items") or []]
            kept.append(copy)
        return kept

    return keep(list(message.get("components") or []))


def _local(item: dict[str, Any], names: set[str]) -> dict[str, Any]:
    media = dict(item.get("media") or {})
    url = str(media.get("url", ""))
    name = url.split("?", 1)[0].rsplit("/", 1)[-1]
    if not url.startswith("attachment://") and name in names:
        media = {"url": f"attachment://{name}"}
    return {**item, "media": media}
