"""Discord's rate limits and failures as values: route limits and their windows, the
answers of a 429, and the fault mode (``Faults``)."""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from aiohttp import web

from tests.fakediscord.model import json_response

# Routes Discord answers with one X-RateLimit-Bucket though it counts them apart: posting
# in a channel and editing a message in it (discord-api-docs issues #981, #1442, #2761 and
# #8073: the same hash, "5/5", yet exhausting one leaves the other's remaining untouched).
_SHARED_BUCKETS = {
    ("POST", "/api/v10/channels/id/messages"): "channel-messages",
    ("PATCH", "/api/v10/channels/id/messages/id"): "channel-messages",
}


def _bucket_hash(method: str, path: str) -> str:
    """The X-RateLimit-Bucket of a route: one hash per route (its ids left out, as Discord
    leaves out the major parameters), shared where Discord shares it."""
    route = re.sub(r"/\d+", "/id", path)
    name = _SHARED_BUCKETS.get((method, route), f"{method} {route}")
    return format(abs(hash(name)) % 16**12, "012x")


def rate_limit_headers(
    response: web.StreamResponse,
    method: str,
    path: str,
    *,
    remaining: int,
    reset_after: float = 1.0,
    limit: int = 50,
) -> None:
    """The X-RateLimit-* headers discord.py reads to keep its per-route buckets."""
    response.headers["X-RateLimit-Limit"] = str(limit)
    response.headers["X-RateLimit-Remaining"] = str(remaining)
    response.headers["X-RateLimit-Reset"] = f"{time.time() + reset_after:.3f}"
    response.headers["X-RateLimit-Reset-After"] = f"{reset_after:.3f}"
    response.headers["X-RateLimit-Bucket"] = _bucket_hash(method, path)


def too_many_requests(retry_after: float, *, is_global: bool) -> web.Response:
    """Discord's 429: the body discord.py reads (``retry_after``, ``global``), ``Retry-After``
    in whole seconds rounded up as Discord sends it, and ``Via`` (discord.py takes a 429
    without it for a Cloudflare ban, as Discord's own 429s always carry it)."""
    response = json_response(
        {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global},
        429,
    )
    response.headers["Retry-After"] = str(max(1, math.ceil(retry_after)))
    response.headers["Via"] = "1.1 google"
    if is_global:
        response.headers["X-RateLimit-Global"] = "true"
        response.headers["X-RateLimit-Scope"] = "global"
    else:
        response.headers["X-RateLimit-Scope"] = "user"
    return response


def old_edits_refused(retry_after: float | None) -> web.Response:
    """The 429 of the old-message edit limit: code 30046, no X-RateLimit headers (it is
    not a route's bucket), ``retry_after`` in the body unless None."""
    body: dict[str, Any] = {
        "message": "Maximum number of edits to messages older than 1 hour reached. Try again later",
        "code": OLD_EDITS_REFUSED,
    }
    if retry_after is not None:
        body["retry_after"] = retry_after
    response = json_response(body, 429)
    if retry_after is not None:
        response.headers["Retry-After"] = str(max(1, math.ceil(retry_after)))
    response.headers["Via"] = "1.1 google"
    return response


@dataclass(frozen=True)
class RouteLimit:
    """A per-route limit as Discord counts it: ``limit`` requests per window of ``seconds``
    per top-level resource (the channel), the window starting with the first request after
    the previous window ended (X-RateLimit-Reset stays put while Remaining counts down)."""

    limit: int
    seconds: float


@dataclass
class Window:
    resets_at: float
    used: int = 0


FAULT_KINDS = ("500", "502", "503", "504", "429", "429-global", "reset", "reset-after")

# Scripted only (``fail_next``): the old-message edit limit's 429 (30046) with no
# ``retry_after`` in its body, which discord.py 2.7 does not expect.
SCRIPTED_FAULTS = (*FAULT_KINDS, "30046-bare")

CHANNEL_POST = re.compile(r"^/api/v10/channels/(\d+)/messages$")

CHANNEL_EDIT = re.compile(r"^/api/v10/channels/(\d+)/messages/\d+$")

# Edit Message's limit per channel, as Discord answers it to bots: 5 edits per 5 seconds
# (X-RateLimit-Limit 5, Reset-After 5 in the issues above; widely observed, never
# documented: Discord says to read the headers, which discord.py does).
EDIT_MESSAGE_LIMIT = RouteLimit(5, 5.0)

# Create Message's, the same (discord-api-docs issue #20: "5/5 ... applies to message
# creation and editing"; #2761: the channel-messages bucket "5/5"), counted apart from edits.
POST_MESSAGE_LIMIT = RouteLimit(5, 5.0)

# Edits of messages older than an hour, per channel, on top of the edit limit: Discord
# documents the error (30046, "Maximum number of edits to messages older than 1 hour
# reached. Try again later") but no figures; the community's documentation (discord-
# userdoccers) gives about 3 per 6 seconds, refused with a 429.
OLD_EDIT_LIMIT = RouteLimit(3, 6.0)

OLD_MESSAGE = timedelta(hours=1)

OLD_EDITS_REFUSED = 30046

# "All bots can make up to 50 requests per second to our API" (Discord's rate-limit docs),
# interaction responses and webhooks excepted; Discord raises it for large bots on request.
GLOBAL_LIMIT = RouteLimit(50, 1.0)

CALLBACK = re.compile(r"^/api/v10/interactions/\d+/[^/]+/callback$")

# What answers an interaction: its callback, a follow-up, an edit of the original response.
ANSWER = re.compile(
    r"^/api/v10/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+(/messages/[^/]+)?)$"
)


def _faultable(method: str, path: str) -> bool:
    """By default faults hit the bot's channel and DM calls (what the outbox sends), not
    logging in, registering commands, or answering interactions."""
    return path.startswith(("/api/v10/channels/", "/api/v10/users/@me/channels"))


@dataclass
class Faults:
    """Make ``rate`` of the bot's REST calls (those ``applies`` accepts) fail with one of
    ``kinds``: a status (5xx), ``429`` (per route), ``429-global``, ``reset`` (the
    connection drops before the call takes effect) or ``reset-after`` (after it did)."""

    rate: float
    kinds: tuple[str, ...] = FAULT_KINDS
    seed: int = 1
    retry_after: float = 0.05
    applies: Callable[[str, str], bool] = _faultable

    def __post_init__(self) -> None:
        unknown = set(self.kinds) - set(FAULT_KINDS)
        if unknown or not 0 <= self.rate <= 1:
            raise ValueError(f"bad faults: rate {self.rate}, kinds {sorted(unknown)}")
        self._random = random.Random(self.seed)

    def pick(self, method: str, path: str) -> str | None:
        if not self.applies(method, path) or self._random.random() >= self.rate:
            return None
        return self._random.choice(self.kinds)
