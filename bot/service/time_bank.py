"""A game's clock as a value: days per move, or a time bank with an increment and a cap.

Both are one Fischer clock counted in days. Each player has a bank; the bank of the player to
move runs; when they move, their bank becomes

    bank_after = min(cap, time_left + increment)

and the opponent's bank starts running from what it was when they last moved. Days per move
is the case ``increment = cap = days`` (the bank is refilled to ``days`` by every move); a
time bank starts both banks at ``days`` and adds ``increment`` per move up to ``cap``.

The store keeps the bank of the player to move as the game's deadline (``deadline_at``:
time left = deadline - now) and the other player's as ``waiting_bank`` (seconds), so the
scheduler, reminders and time-outs need nothing new: a game times out when its deadline,
that is its bank, runs out. Pure: no store, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum
from zoneinfo import ZoneInfo

from bot.service.weekends import running_between

DAY = timedelta(days=1)


class ClockKind(Enum):
    """How a game is timed."""

    UNTIMED = "untimed"
    PER_MOVE = "per_move"
    BANK = "bank"


@dataclass(frozen=True, slots=True)
class ClockTerms:
    """A game's clock as chosen: ``days`` to start (per move, without an increment),
    ``increment_days`` per move and ``cap_days`` for a time bank (both None for days per
    move); ``untimed``: no clock at all."""

    days: int
    increment_days: int | None = None
    cap_days: int | None = None
    untimed: bool = False

    @property
    def kind(self) -> ClockKind:
        if self.untimed:
            return ClockKind.UNTIMED
        return ClockKind.PER_MOVE if self.increment_days is None else ClockKind.BANK

    @property
    def start(self) -> timedelta:
        """Each player's bank before their first move."""
        return self.days * DAY

    @property
    def increment(self) -> timedelta:
        """What each move adds to its mover's bank (days per move: a full refill)."""
        return (self.increment_days or self.days) * DAY

    @property
    def cap(self) -> timedelta:
        """The most a bank holds after a move."""
        return (self.cap_days or self.days) * DAY

    def bank_after_move(self, left: timedelta) -> timedelta:
        """The mover's bank once they move with ``left`` on their clock (never below the
        increment, never over the cap)."""
        return min(self.cap, max(left, timedelta(0)) + self.increment)


def time_left(
    deadline: datetime,
    now: datetime,
    paused_until: datetime | None = None,
    weekends: ZoneInfo | None = None,
) -> timedelta:
    """What is left on the clock of a player due at ``deadline`` at ``now``: the clock does
    not run before ``paused_until`` (the end of their vacation), so that part is not left
    to spend after it, nor on the weekends of ``weekends`` (a game with weekends off: the
    player's zone)."""
    starts = now if paused_until is None else max(now, paused_until)
    if weekends is not None:
        return running_between(starts, deadline, weekends)
    return max(deadline - starts, timedelta(0))


def terms_of(days: int, untimed: bool, increment: int | None, cap: int | None) -> ClockTerms:
    """The terms a stored challenge or game keeps in these columns."""
    return ClockTerms(days, increment, cap, untimed)


def banks_after(
    terms: ClockTerms, mover_left: timedelta, waiting: timedelta, moves: int
) -> tuple[timedelta, timedelta]:
    """The banks (the player to move's, the waiting player's) after ``moves`` moves made at
    once (a move and the prepared answers it sets off), the first by the player with
    ``mover_left`` on their clock, the waiting player having ``waiting``."""
    running, other = mover_left, waiting
    for _ in range(moves):
        running, other = other, terms.bank_after_move(running)
    return running, other


def takeback_banks(
    left: timedelta, waiting: timedelta, switched: bool
) -> tuple[timedelta, timedelta]:
    """The banks (the player to move's, the waiting player's) after a takeback, as lichess
    switches its clocks: no time is given back. When the move goes back to the waiting
    player (``switched``), they run on their bank as it stood after their move, and the
    player who had the move keeps the ``left`` they had; otherwise nothing changes."""
    return (waiting, left) if switched else (left, waiting)
