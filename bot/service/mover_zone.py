"""The weekends that stop a stored deadline: those of the game's player to move."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from bot.service.weekends import weekend_zone
from bot.store import GameRecord, Store


async def mover_zone(store: Store, record: GameRecord) -> ZoneInfo | None:
    """The zone whose weekends stop the clock of ``record``'s player to move (their own
    ``/settings timezone``, UTC without one); None when the game's clock runs every day.
    Raises the store's errors."""
    if not record.weekends_off:
        return None
    mover = record.to_move_id
    player = None if mover is None else await store.players.get(mover)
    return weekend_zone(True, None if player is None else player.time_zone)
