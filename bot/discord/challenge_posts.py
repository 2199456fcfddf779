"""Challenge messages being posted, so the same challenge sent again at once can link to
the first one's message.

A challenge's message id is known only once Discord has answered the post, and it is
stored after that: a player who sees the challenge and sends the same one again straight
away could be answered while the id is not in the database yet, and the answer would lack
the link to the first. Each post in flight is a future here, resolved with the message id
(or None if the post failed) when the post and the storing are over. Interactions from one
server all reach the process running its shard, so waiting inside the process is enough.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

# How long the same challenge again waits for the first one's post: a post stuck longer
# (Discord's rate limits, an outage) is not waited for, and the answer goes without a link.
POST_WAIT_SECONDS = 10.0


class ChallengePosts:
    """The challenges whose message is being posted now, by challenge id."""

    def __init__(self) -> None:
        self._posting: dict[int, asyncio.Future[int | None]] = {}

    @asynccontextmanager
    async def posting(self, challenge_id: int) -> AsyncIterator[Callable[[int | None], None]]:
        """Mark ``challenge_id``'s message as being posted while the block runs; the block
        calls the yielded function with the message id once Discord gave it. Waiters get
        that id when the block ends (None if it was never given, or the block raised)."""
        posted: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
        self._posting[challenge_id] = posted
        message_id: int | None = None

        def got(value: int | None) -> None:
            nonlocal message_id
            message_id = value

        try:
            yield got
        finally:
            del self._posting[challenge_id]
            posted.set_result(message_id)

    async def message_id(self, challenge_id: int) -> int | None:
        """The message id of ``challenge_id``'s post if it is in flight now, once it is
        over; None if none is in flight, it failed, or it takes over ``POST_WAIT_SECONDS``."""
        posted = self._posting.get(challenge_id)
        if posted is None:
            return None
        try:
            # shielded: a waiter giving up must not cancel the future others wait on
            return await asyncio.wait_for(asyncio.shield(posted), POST_WAIT_SECONDS)
        except TimeoutError:
            return None
