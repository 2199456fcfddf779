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
    """The error telling the user which limit refused them (``target``: who they asked)."""
    who = target or "that player"
    match hit.limit:
        case SpamLimit.OPEN_BY_CHALLENGER:
            text = (
                f"You already have {hit.allowed} open challenges, the most at once; wait for "
                "answers or cancel one before challenging again."
            )
        case SpamLimit.OPEN_TO_TARGET:
            text = (
                f"{who} already has {hit.allowed} open challenges waiting, the most at once; "
                "try again once some are answered or have expired."
            )
        case SpamLimit.PINGS_PER_PAIR:
            assert hit.retry_at is not None
            minutes = max(1, math.ceil((hit.retry_at - now).total_seconds() / 60))
            text = (
                f"You have already pinged {who} {hit.allowed} times in the last "
                f"{_window()} (challenges, draw offers, takeback requests and more time together); "
                f"try again in {minutes} minute{'s' if minutes != 1 else ''}."
            )
    return LimitReachedError(hit.limit.value, text)


def _window() -> str:
    hours = PING_WINDOW.total_seconds() / 3600
    return "hour" if hours == 1 else f"{hours:g} hours"
