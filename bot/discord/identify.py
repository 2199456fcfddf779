"""discord.py's ``before_identify_hook`` for Postal: each shard waits for its bucket's
turn, taken in the database so that every process of a deployment shares the pace
(``bot.service.identify_turns``).

The bucket is ``shard_id % max_concurrency``; ``max_concurrency`` comes from ``GET
/gateway/bot``'s ``session_start_limit``, read at the process's first IDENTIFY (1, the
strictest, if Discord cannot say). discord.py's own hook (5 s before every IDENTIFY but a
process's first) is replaced: the turns are the pace.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.service.identify_turns import identify_turn
from bot.store import Store

_log = logging.getLogger(__name__)

# Session starts left below which each start says so: Discord resets the token at 0.
FEW_SESSION_STARTS = 100


class IdentifyPace:
    """The turns of one process's shards: ``max_concurrency`` read once, then one turn in
    the database per IDENTIFY."""

    def __init__(self) -> None:
        self.max_concurrency: int | None = None

    async def wait(
        self,
        store: Store,
        process: str,
        shard_id: int | None,
        limits: Callable[[], Awaitable[discord.SessionStartLimits]],
    ) -> None:
        """Wait for ``shard_id``'s turn to IDENTIFY, taken in ``store`` for ``process``
        (its name); ``limits`` reads the session start limits (``GET /gateway/bot``)."""
        bucket = (shard_id or 0) % await self._concurrency(limits)
        waited = await identify_turn(store, bucket, process)
        if waited >= 1:
            _log.info("shard %s waited %.1f s for its turn to connect", shard_id, waited)

    async def _concurrency(self, read: Callable[[], Awaitable[discord.SessionStartLimits]]) -> int:
        if self.max_concurrency is None:
            try:
                limits = await read()
            except (discord.HTTPException, OSError) as error:
                _log.warning("session start limits not read (%s): one IDENTIFY at a time", error)
                self.max_concurrency = 1
            else:
                self.max_concurrency = max(1, limits.max_concurrency)
                if limits.remaining < FEW_SESSION_STARTS:
                    _log.warning(
                        "only %s of Discord's %s daily gateway session starts are left (they "
                        "come back in %.1f h); at none Discord resets the bot's token",
                        limits.remaining,
                        limits.total,
                        limits.reset_after / 3_600_000,
                    )
        return self.max_concurrency
