"""Patience with a busy database at start-up: a step that meets ``StoreUnavailable`` is tried
again, after a wait that doubles each time, until the database answers.

Two processes started together on one SQLite file each write at start-up (the shard lease,
the downtime credit, the commands' hash, the analyses resumed): one meets the other's write
lock past the busy timeout (``BUSY_TIMEOUT_MS``). That is a moment's contention, not an
unusable database, so it must not end the start. A database still unavailable after
``START_PATIENCE_SECONDS`` is a start-up failure, as before.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.store.database import StoreUnavailable

_log = logging.getLogger(__name__)

# How long a start waits for the database in all before it gives up: far longer than any
# other process's start-up write, short enough that an operator sees a stuck start.
START_PATIENCE_SECONDS = 120.0
# The first wait between two tries, doubled after each until the longest.
FIRST_WAIT_SECONDS = 0.1
LONGEST_WAIT_SECONDS = 5.0

Result = TypeVar("Result")


async def when_available(
    what: str,
    step: Callable[[], Awaitable[Result]],
    *,
    patience: float = START_PATIENCE_SECONDS,
) -> Result:
    """``step()``'s result, tried again while it raises ``StoreUnavailable``, each wait said
    in one log line naming ``what`` (the start-up step). Raises the last
    ``StoreUnavailable`` once ``patience`` seconds have passed, and any other error at once.
    """
    loop = asyncio.get_running_loop()
    give_up_at = loop.time() + patience
    wait = FIRST_WAIT_SECONDS
    while True:
        try:
            return await step()
        except StoreUnavailable as error:
            left = give_up_at - loop.time()
            if left <= 0:
                raise
            pause = min(wait, left)
            _log.warning(
                "start-up: %s waits for the database (%s); trying again in %.1f s",
                what,
                error,
                pause,
            )
            await asyncio.sleep(pause)
            wait = min(wait * 2, LONGEST_WAIT_SECONDS)
