"""Turns to start a gateway session (IDENTIFY), shared by every process of a deployment.

Discord lets a bot IDENTIFY once per 5 seconds per rate-limit bucket, a shard's bucket being
``shard_id % max_concurrency`` (1 for all but the largest bots: one IDENTIFY per 5 s for the
whole bot, whichever process sends it); one too soon is refused with an Invalid Session and
costs a session start of the day's 1,000 all the same. discord.py paces the shards of one
process (each after the first waits 5 s) but not two processes started together, nor two
shards of one process reconnecting at once. So a shard takes its bucket's turn in the
database first: a claim (``ClaimKind.IDENTIFY``, the bucket) that lasts the window and a
margin and is never released, so that the next taker waits until it ends. Turns are timed by
the wall clock (not the service's clock, which tests move by hand): processes on other hosts
need clocks within the margin of each other (NTP keeps them far closer).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable

from bot.store import DATABASE_ERRORS, ClaimKind, Store

_log = logging.getLogger(__name__)

# Discord's window: ``max_concurrency`` IDENTIFYs per 5 seconds.
IDENTIFY_SECONDS = 5.0
# Besides the window: the IDENTIFY's way to Discord after its turn is taken, and the
# difference between hosts' clocks.
MARGIN_SECONDS = 1.0
# The shortest wait between two looks at a turn held by another process.
LOOK_AGAIN_SECONDS = 0.05
# A turn whose claim took longer than the margin to write is taken again, counted from
# then, at most this many times (a database that slow everywhere is not waited for).
MAX_RETAKES = 3


def turn_seconds() -> float:
    """How long a turn lasts: Discord's window and the margin (read at each turn, so
    tests that quicken Discord's windows quicken it with them)."""
    return IDENTIFY_SECONDS + MARGIN_SECONDS


async def identify_turn(
    store: Store,
    bucket: int,
    process: str,
    *,
    wall: Callable[[], float] = time.time,
) -> float:
    """Wait for ``bucket``'s turn to IDENTIFY and take it for ``process`` (its name in the
    logs and the claim); returns the seconds waited. The turn counts from when its claim
    was written: a write slower than the margin is taken again. A database that fails
    meanwhile is not waited for: the turn falls back to this process's own pace (a whole
    turn's wait), with one warning, as a gateway session must not wait for the database."""
    # Each turn its own holder: a claim taken again by its holder is granted at once, and
    # two shards of one process must take turns too.
    holder = f"{process}/identify/{secrets.token_hex(4)}"
    started, retakes = wall(), 0
    try:
        while True:
            now = wall()
            taken = await store.claims.take(
                ClaimKind.IDENTIFY, [bucket], holder, now, now + turn_seconds()
            )
            if taken and (wall() - now <= MARGIN_SECONDS or retakes >= MAX_RETAKES):
                return wall() - started
            if taken:
                # The write waited (another process's transaction held the database) past
                # the margin: the turn, counted from before it, may have run out already,
                # and the next shard would IDENTIFY as this one does. Taken again from now
                # (its holder's: granted at once, unless another took it meanwhile).
                retakes += 1
                continue
            held = await store.claims.held_until(ClaimKind.IDENTIFY, [bucket])
            await asyncio.sleep(max(held.get(bucket, now) - now, LOOK_AGAIN_SECONDS))
    except DATABASE_ERRORS as error:
        _log.warning(
            "the turn to connect to Discord's gateway was not taken in the database (%s): "
            "waiting %.0f s instead",
            error,
            turn_seconds(),
        )
        await asyncio.sleep(turn_seconds())
        return wall() - started
