"""The player whose clock a stored deadline is, and the weekends that stop it."""

from __future__ import annotations

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
