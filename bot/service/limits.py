"""Spam limits: how much one player may ask of others, and how long old challenges are kept.

Without them one player could ping another sixty times in a row with ``/challenge``, or with
draw offers, takeback requests and ``/moretime``, and open challenges piled up for ever. The
limits are counted in the store inside the transaction that writes, so simultaneous requests
cannot slip past them together. A refusal says which limit and when to try again, and changes
nothing.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from bot.service.errors import LimitReachedError
from bot.store import ChallengeLimits, LimitHit, PingLimit, SpamLimit

# Pending (open, unexpired) challenges one player may have out at once, open ones included.
MAX_OPEN_CHALLENGES = 5
# Pending challenges addressed to one player at once, from everyone together.
MAX_CHALLENGES_WAITING = 10
# Pings from one player to another — challenges addressed to them, draw offers, takeback
# requests, more time given (it mentions them), together — within any sliding window.
PINGS_PER_PAIR = 3
PING_WINDOW = timedelta(hours=1)
# Answered, withdrawn and expired challenges are deleted this long after their 48 hours end.
CHALLENGE_RETENTION = timedelta(days=30)
# The clock's rounds purge old challenges and pings at most this often.
PURGE_INTERVAL = timedelta(hours=1)

PINGS = PingLimit(PINGS_PER_PAIR, PING_WINDOW)
CHALLENGE_LIMITS = ChallengeLimits(MAX_OPEN_CHALLENGES, MAX_CHALLENGES_WAITING, PINGS)


def refusal(hit: LimitHit, target: str | None, now: datetime) -> LimitReachedError:
    """The error telling the user which limit refused them (``target``: who they asked),
    and for pings in how many minutes they may ask again."""
    minutes = None
    if hit.limit is SpamLimit.PINGS_PER_PAIR:
        assert hit.retry_at is not None
        minutes = max(1, math.ceil((hit.retry_at - now).total_seconds() / 60))
    return LimitReachedError(hit.limit.value, hit.allowed, target, minutes)
