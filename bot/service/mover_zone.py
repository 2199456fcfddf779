"""The player whose clock a stored deadline is, and what stops that clock: their weekends,
their vacation, the game's agreed pause."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from bot.service.weekends import weekend_zone
from bot.store import GameRecord, Player, Store


async def player_to_move(store: Store, record: GameRecord) -> Player | None:
    """``record``'s player to move (None for a finished game). Raises the store's errors."""
    mover = record.to_move_id
    return None if mover is None else await store.players.get(mover)


def clock_zone(record: GameRecord, mover: Player | None) -> ZoneInfo | None:
    """The zone whose weekends stop ``mover``'s clock in ``record`` (their own
    ``/settings timezone``, UTC without one); None when the game's clock runs every day."""
    return weekend_zone(record.weekends_off, None if mover is None else mover.time_zone)


def held_until(player: Player | None, record: GameRecord, now: datetime) -> datetime | None:
    """Until when the clock of ``player`` (the player to move in ``record``) stands still at
    ``now``: the later of the end of their vacation and of the game's agreed pause (None:
    it runs)."""
    ends = [
        end
        for end in (
            player.vacation_ends_at if player is not None else None,
            record.paused_until,
        )
        if end is not None and end > now
    ]
    return max(ends, default=None)
