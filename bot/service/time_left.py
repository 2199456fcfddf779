"""How long the player to move has left in a game: the one place every list, digest, notice
and clock (a move's, a takeback's) reads it from, so that a change of the clock's rule is
made here.

Time left is the mover's clock, not the wall clock: a deadline stored for a game with
weekends off, or pushed back by a vacation or an agreed pause, lies further away than the
time the player has to spend (Friday noon with a Monday-noon deadline and weekends off is 24
hours, not 3 days). The deadline itself is the real instant the game is lost on time.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from bot.service import time_bank
from bot.service.mover_zone import clock_zone, held_until
from bot.store import GameRecord, Player


def time_left(record: GameRecord, now: datetime, mover: Player | None) -> timedelta | None:
    """The time on the clock of ``record``'s player to move (``mover``, their row as the
    game's clock sees it: see ``vacation_rule.clock_movers``) at ``now``, never below
    zero: their weekends (a game with weekends off), their vacation and the game's pause
    not counted; None for a game with no clock (untimed, the computer's move, over)."""
    if record.untimed or record.deadline_at is None or not record.is_active:
        return None
    return time_bank.time_left(
        record.deadline_at, now, held_until(mover, record, now), clock_zone(record, mover)
    )


def by_urgency(games: Iterable[GameRecord]) -> list[GameRecord]:
    """``games`` in ``/games``' order (``store.game_lists.ActiveKey``): the soonest deadline,
    when a game is lost on time, first, untimed games last, then by id."""

    def order(record: GameRecord) -> tuple[bool, float, int]:
        due = record.deadline_at
        return (due is None, 0.0 if due is None else due.timestamp(), record.id)

    return sorted(games, key=order)
