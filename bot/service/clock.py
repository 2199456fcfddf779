"""Where the service gets the time: the real clock, or a hand-moved one for tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    """Now, in UTC."""
    return datetime.now(UTC)


class ManualClock:
    """A clock that only moves when told to; call it like ``system_clock``."""

    def __init__(self, start: datetime | None = None) -> None:
        start = start or datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
        if start.tzinfo is None:
            raise ValueError("ManualClock needs a timezone-aware start time")
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, delta: timedelta | None = None, **units: float) -> datetime:
        """Move forward by ``delta`` or by keyword units (``days=1, hours=2``)."""
        self.now += delta if delta is not None else timedelta(**units)
        return self.now
