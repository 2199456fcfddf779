"""Old boards lose their buttons: when a game's newer board message is posted in its place,
the previous one is edited to keep its text and image and drop its controls.

The boards to edit are rows written in the same transaction that records the newer board,
so a restart loses none; one paced worker edits them, at most ``EDITS_PER_SECOND`` (a game's
boards are days apart; a burst of moves must not crowd out the outbox's posts), and an edit
Discord refuses is logged and not retried. A press on a board whose edit failed is refused
anyway (its buttons carry the ply they were made at).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord.http import MultipartParameters

from bot.discord.scheduler import Worker
from bot.store import OldBoard, StoreError

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

EDITS_PER_SECOND = 5.0
RETRY_SECONDS = 30.0
IS_COMPONENTS_V2 = 1 << 15
ACTION_ROW, MEDIA_GALLERY = 1, 12


class BoardRetirer(Worker):
    """Edits old boards, one at a time, at most ``EDITS_PER_SECOND``, from the list the
    service keeps in the database (so a restart loses none); ``wait_idle`` waits until none
    is left."""

    name = "postal-boards"

    def __init__(self, bot: PostalBot) -> None:
        super().__init__()
        self._bot = bot

    async def replaced(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Record ``message_id`` (posted in ``channel_id``, the game's place) as the game's
        board message; the one it replaces is edited soon."""
        old = await self._bot.service.replace_board_message(game_id, channel_id, message_id)
        if old is not None:
            self.wake()

    async def _loop(self) -> None:
        while True:
            found: list[OldBoard] = []
            try:
                found = await self._bot.service.boards_to_retire()
                for board in found:
                    await self._retire(board)
                    await self._bot.service.board_retired(board)
                    await asyncio.sleep(1.0 / EDITS_PER_SECOND)
            except StoreError as error:
                # The database is busy or full: the rows stay, and are tried again later.
                _log.warning("old boards not retired now: %s", error)
                await self._sleep(RETRY_SECONDS)
                continue
            if not found:
                self._idle.set()
                await self._wake.wait()
            self._wake.clear()

    async def _retire(self, board: OldBoard) -> None:
        """Edit the old board: its own components (read back from Discord) without the row
        of buttons."""
        http = self._bot.http
        channel_id, message_id = board.channel_id, board.message_id
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
            _log.info("board %s of game %s kept its buttons: %s", message_id, board.game_id, error)
        except (OSError, TimeoutError, aiohttp.ClientError) as error:
            # A connection that failed: not worth a retry (the buttons refuse a press).
            _log.warning(
                "board %s of game %s kept its buttons: %r", message_id, board.game_id, error
            )


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
