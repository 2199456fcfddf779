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

from bot.i18n.text import Plural, Text
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
    who: str = target or Text("that player")
    match hit.limit:
        case SpamLimit.OPEN_BY_CHALLENGER:
            text: Text = Text(
                "You already have {count} open challenges, the most at once; wait for "
                "answers or cancel one before challenging again.",
                count=hit.allowed,
            )
        case SpamLimit.OPEN_TO_TARGET:
            text = Text(
                "{player} already has {count} open challenges waiting, the most at once; "
                "try again once some are answered or have expired.",
                player=who,
                count=hit.allowed,
            )
        case SpamLimit.PINGS_PER_PAIR:
            assert hit.retry_at is not None
            minutes = max(1, math.ceil((hit.retry_at - now).total_seconds() / 60))
            text = Plural(
                "You have already pinged {player} {times} times in the last {window} "
                "(challenges, draw offers, takeback requests and more time together); "
                "try again in {count} minute.",
                "You have already pinged {player} {times} times in the last {window} "
                "(challenges, draw offers, takeback requests and more time together); "
                "try again in {count} minutes.",
                minutes,
                player=who,
                times=hit.allowed,
                window=_window(),
            )
    return LimitReachedError(hit.limit.value, text)


def _window() -> Text:
    hours = PING_WINDOW.total_seconds() / 3600
    return Text("hour") if hours == 1 else Text("{hours} hours", hours=format(hours, "g"))
