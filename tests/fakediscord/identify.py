"""Discord's limits on starting gateway sessions (IDENTIFY), as ``GET /gateway/bot``'s
``session_start_limit`` reports them and the gateway enforces them.

Discord's gateway documentation ("Identifying", "Rate Limiting", "Sharding: Max
Concurrency"): a shard's rate-limit key is ``shard_id % max_concurrency``, and each key
(bucket) may IDENTIFY once per 5 seconds, whichever process or connection sends it
(``max_concurrency`` is 1 for all but the largest bots, so one IDENTIFY per 5 s for the
whole bot); past it "the Gateway will respond with an Invalid Session (opcode 9)". Every
IDENTIFY counts against ``total`` (1,000 a day): "upon hitting this limit, all active
sessions for the app will be terminated, the bot token will be reset". RESUMEs do not count.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

# "Apps also have a limit for concurrent Identify requests allowed per 5 seconds."
IDENTIFY_WINDOW_SECONDS = 5.0
# A bot's daily session starts, most bots' ``session_start_limit.total``.
SESSION_STARTS_A_DAY = 1000


@dataclass
class IdentifyLimit:
    """Which IDENTIFYs the gateway lets through: one per bucket per ``window`` seconds (on
    ``clock``), ``remaining`` of ``total`` session starts left today."""

    clock: Callable[[], float]
    max_concurrency: int = 1
    window: float = IDENTIFY_WINDOW_SECONDS
    total: int = SESSION_STARTS_A_DAY
    remaining: int = SESSION_STARTS_A_DAY
    # The IDENTIFYs let through: (shard id, the clock's time), in order.
    admitted: list[tuple[int, float]] = field(default_factory=list)
    # Each bucket's last IDENTIFY let through (the clock's time).
    _last: dict[int, float] = field(default_factory=dict)

    def bucket(self, shard_id: int) -> int:
        """The shard's rate-limit key: ``shard_id % max_concurrency``."""
        return shard_id % self.max_concurrency

    def admit(self, shard_id: int) -> str | None:
        """Count an IDENTIFY of ``shard_id`` now (one session start of ``remaining``);
        None when Discord lets it through, else why not: too soon after its bucket's last
        one (Discord answers an Invalid Session)."""
        self.remaining -= 1
        now, bucket = self.clock(), self.bucket(shard_id)
        last = self._last.get(bucket)
        if last is not None and now - last < self.window:
            return (
                f"IDENTIFY of shard {shard_id} {now - last:.2f} s after the last one of its "
                f"bucket {bucket} (max_concurrency {self.max_concurrency}: one per "
                f"{self.window:g} s)"
            )
        self._last[bucket] = now
        self.admitted.append((shard_id, now))
        return None

    def payload(self) -> dict[str, int]:
        """``session_start_limit`` as ``GET /gateway/bot`` gives it (``reset_after`` in
        milliseconds: a day's, as the fake never resets it)."""
        return {
            "total": self.total,
            "remaining": self.remaining,
            "reset_after": 86_400_000,
            "max_concurrency": self.max_concurrency,
        }
