"""Old boards lose their buttons: when a game's newer board message is posted in its place,
the previous one is edited to keep its text and image and drop its controls.

The boards to edit are rows written in the same transaction that records the newer board,
so a restart loses none. One worker edits them, as fast as the global pace allows but only
in its spare slots (``RateLimiter``'s background requests: the outbox's posts go first),
and each edit waits for a quiet turn of the event loop (``quiet_loop``: players first). An
edit is one request: the board's components are kept in memory from when it was posted
(read back from Discord only for boards posted before a restart). Only each game's newest
old board is edited first: when moves come faster than edits may go out, the older ones are
put aside (their buttons refuse a press anyway: they carry the ply they were made at), so
the stored work is never more than one edit per game. Those put aside are edited later, in
memory and best effort (a restart forgets them), only when nothing else is to edit and
their channel is quiet: no board posted there for ``QUIET_SECONDS`` and fewer than
``SUPERSEDED_EDITS`` of Postal's edits there within Discord's per-channel window, so they
never take the edits a game being played needs. Edits of boards older than an hour (most:
the previous move's board of a game waiting days for a move) also keep under Discord's
tighter limit for those (``OldEdits``: 3 per 6 s per channel). An edit Discord refuses is
logged and not retried, but for that limit's 429 without ``retry_after`` (put aside, later).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord.http import MultipartParameters

from bot.discord.pacing import in_background, refused_without_retry_after
from bot.discord.scheduler import Worker
from bot.store import OldBoard, StoreError

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

_log = logging.getLogger(__name__)

RETRY_SECONDS = 30.0
# Edits tried before they are marked done in one write (a crash redoes at most these, and
# an edit done twice changes nothing).
MARK_EVERY = 10
# Boards whose components are kept to retire them without reading them back: a board
# needs them until the game's next move, so a few thousand cover the games a busy process
# is playing right now (the others are read back). A board's view is about 4 KB (measured
# with tracemalloc): 16 MB at most.
KEPT_BOARDS = 4096
# An edit waits while one turn of the event loop takes longer than this (interactions are
# queued: players' answers go first), pausing BUSY_PAUSE_SECONDS at a time, but never longer
# than MAX_WAIT_SECONDS in all, so edits still go out on a loop that is never quiet.
LOOP_BUSY_SECONDS = 0.005
BUSY_PAUSE_SECONDS = 0.05
MAX_WAIT_SECONDS = 1.0
IS_COMPONENTS_V2 = 1 << 15
# Boards put aside for a newer one are edited only in a channel where no board was posted
# for this long: Discord allows 5 message edits per channel in 5 seconds, and a channel with
# moves coming uses them for its newest old boards.
QUIET_SECONDS = 5.0
EDIT_WINDOW_SECONDS = 5.0
# ... and while Postal's edits in the channel within the window are fewer than this (of
# Discord's 5: the rest stay for the next move's edit and for other messages' edits).
SUPERSEDED_EDITS = 3
# Boards put aside kept at most (the oldest forgotten first: they keep their buttons).
SUPERSEDED_KEPT = 2048
ACTION_ROW, MEDIA_GALLERY = 1, 12


class BoardRetirer(Worker):
    """Edits old boards, one at a time, in the global pace's spare slots, from the list the
    service keeps in the database (so a restart loses none); ``wait_idle`` waits until none
    is left. ``edited``, ``read_back`` and ``superseded`` count the boards edited, those of
    them read back from Discord first, and those dropped for a newer old board."""

    name = "postal-boards"

    def __init__(self, bot: PostalBot) -> None:
        super().__init__()
        self._bot = bot
        self._kept: OrderedDict[int, discord.ui.View | discord.ui.LayoutView] = OrderedDict()
        # Boards put aside for a newer one, to edit when their channel is quiet.
        self._aside: OrderedDict[int, OldBoard] = OrderedDict()
        self._posted: dict[int, float] = {}  # channel id -> when a board was last posted
        self._edits: dict[int, deque[float]] = {}  # channel id -> Postal's recent edits
        self.edited = self.read_back = self.superseded = 0

    async def replaced(
        self,
        game_id: int,
        channel_id: int,
        message_id: int,
        view: discord.ui.View | discord.ui.LayoutView | None = None,
        *,
        answered: str | None = None,
        place_id: int | None = None,
    ) -> bool:
        """Record ``message_id`` (posted in ``channel_id``, the game's place or its other
        place ``place_id``, with ``view`` if known) as the board message there; the one it
        replaces is edited soon. ``answered``: the board is the answer
        ``MovePlayed.answering`` names; returns whether rows of the game still wait to be
        sent (behind the answer's: see ``DeliveryUseCases.answered``)."""
        now = time.monotonic()
        self._posted[channel_id] = now
        if len(self._posted) > SUPERSEDED_KEPT:  # only quiet channels' entries go
            self._posted = {c: t for c, t in self._posted.items() if t > now - QUIET_SECONDS}
        if view is not None:
            self._kept[message_id] = view
            if len(self._kept) > KEPT_BOARDS:
                self._kept.popitem(last=False)
        reports, waiting = self._bot.service.reports, False
        if answered is None:
            old = await reports.replace_board_message(
                game_id, channel_id, message_id, place_id=place_id
            )
        else:
            recorded = await reports.answer_board_message(game_id, channel_id, message_id, answered)
            old, waiting = recorded.old, recorded.waiting
        if old is not None:
            self.wake()
        return waiting

    async def _loop(self) -> None:
        while True:
            self._wake.clear()
            try:
                found = await self._bot.service.reports.boards_to_retire()
                left = list(found)
                while left:
                    chunk, left = left[:MARK_EVERY], left[MARK_EVERY:]
                    for board in chunk:
                        await quiet_loop()
                        await self._retire(board)
                    dropped = await self._bot.service.reports.board_retired(*chunk)
                    self._put_aside(dropped)
                    # Newer boards came meanwhile: those listed that they supersede are
                    # edited later, when their channel is quiet.
                    gone = {board.message_id for board in dropped}
                    left = [board for board in left if board.message_id not in gone]
            except StoreError as error:
                # The database is busy or full: the rows stay, and are tried again later.
                _log.warning("old boards not retired now: %s", error)
                await self._sleep(RETRY_SECONDS)
                continue
            if found or self._wake.is_set():
                continue
            # Nothing stored is left: the boards put aside, in quiet channels only.
            self._idle.set()
            ready, wait = self._quiet_aside()
            for board in ready:
                if self._wake.is_set():
                    break  # a newer board's edit goes first
                await quiet_loop()
                await self._retire(board)
            if ready:
                continue
            if wait is None:
                await self._wake.wait()
            else:
                await self._sleep(wait)

    def _put_aside(self, superseded: list[OldBoard]) -> None:
        for board in superseded:
            self._aside[board.message_id] = board
        while len(self._aside) > SUPERSEDED_KEPT:
            forgotten, _ = self._aside.popitem(last=False)
            self._kept.pop(forgotten, None)
        self.superseded += len(superseded)
        if superseded:
            _log.debug("%d old boards put aside: newer ones came", len(superseded))

    def _quiet_aside(self) -> tuple[list[OldBoard], float | None]:
        """The boards put aside that may be edited now (taken out of the list), and how
        long until another may (None: none is waiting)."""
        now = time.monotonic()
        ready: list[OldBoard] = []
        wait: float | None = None
        taken: dict[int, int] = {}
        for board in list(self._aside.values()):
            channel = board.channel_id
            quiet_at = self._posted.get(channel, 0.0) + QUIET_SECONDS
            recent = self._recent_edits(channel, now)
            room = SUPERSEDED_EDITS - len(recent) - taken.get(channel, 0)
            if quiet_at <= now and room > 0:
                ready.append(self._aside.pop(board.message_id))
                taken[channel] = taken.get(channel, 0) + 1
                continue
            opens = max(quiet_at, recent[0] + EDIT_WINDOW_SECONDS if recent else now)
            wait = max(0.05, opens - now) if wait is None else min(wait, max(0.05, opens - now))
        return ready, wait

    def _recent_edits(self, channel_id: int, now: float) -> deque[float]:
        edits = self._edits.get(channel_id)
        if edits is None:
            return deque()
        while edits and edits[0] <= now - EDIT_WINDOW_SECONDS:
            edits.popleft()
        if not edits:
            del self._edits[channel_id]
        return edits

    async def _retire(self, board: OldBoard) -> None:
        """Edit the old board: its own components without the row of buttons (as posted, or
        read back from Discord)."""
        http = self._bot.http
        channel_id, message_id = board.channel_id, board.message_id
        view = self._kept.pop(message_id, None)
        try:
            with in_background():
                if view is not None:
                    components = without_controls({"components": view.to_components()})
                else:
                    components = without_controls(await http.get_message(channel_id, message_id))
                    self.read_back += 1
                params = MultipartParameters(
                    payload={"components": components, "flags": IS_COMPONENTS_V2},
                    multipart=None,
                    files=None,
                )
                # Boards of games waiting for a move are mostly older than an hour: their
                # edits in one channel keep under Discord's tighter limit for those.
                await self._bot.old_edits.wait(channel_id, message_id)
                self._edits.setdefault(channel_id, deque()).append(time.monotonic())
                await http.edit_message(channel_id, message_id, params=params)
            self.edited += 1
        except KeyError as error:
            if not refused_without_retry_after(error):
                raise
            # Rate limited all the same (another process's edits in the channel): later.
            _log.info("board %s of game %s: edit rate limited; later", message_id, board.game_id)
            self._put_aside([board])
        except discord.HTTPException as error:
            # Gone, an archived thread, no access: the old board keeps its buttons, which
            # refuse a press anyway.
            _log.info("board %s of game %s kept its buttons: %s", message_id, board.game_id, error)
        except (OSError, TimeoutError, aiohttp.ClientError) as error:
            # A connection that failed: not worth a retry (the buttons refuse a press).
            _log.warning(
                "board %s of game %s kept its buttons: %r", message_id, board.game_id, error
            )


async def quiet_loop(monotonic: Callable[[], float] | None = None) -> float:
    """Wait until a turn of the event loop is quick (nothing much queued), at most
    ``MAX_WAIT_SECONDS``; returns the seconds waited. An old board's edit is the least
    urgent work of the bot: on a busy loop it would lengthen every player's wait."""
    clock = monotonic or asyncio.get_running_loop().time
    started = clock()
    while True:
        before = clock()
        await asyncio.sleep(0)  # back after everything already queued has run
        now = clock()
        if now - before < LOOP_BUSY_SECONDS or now - started >= MAX_WAIT_SECONDS:
            return now - started
        await asyncio.sleep(BUSY_PAUSE_SECONDS)


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
