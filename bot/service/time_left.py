"""How long the player to move has left in a game: the one place every list, digest and
notice reads it from, so that a change of the clock's rule (a time bank) is made here."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from bot.store import GameRecord


def time_left(record: GameRecord, now: datetime) -> timedelta | None:
    """The time the player to move has before the game is lost on time, never below
    zero; None for a game with no clock (untimed, or not active)."""
    if record.untimed or record.deadline_at is None or not record.is_active:
        return None
    return max(record.deadline_at - now, timedelta(0))


def by_urgency(games: Iterable[GameRecord], now: datetime) -> list[GameRecord]:
    """``games`` in ``/games``' order: the least time left first, untimed games last, then
    by id."""

    def order(record: GameRecord) -> tuple[bool, timedelta, int]:
        left = time_left(record, now)
        return (left is None, left or timedelta(0), record.id)

    return sorted(games, key=order)
