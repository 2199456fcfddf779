"""The daily digest: one DM a day listing the games where it is the player's move, for
players who chose it instead of a notice per move."""

from __future__ import annotations

from datetime import datetime

from bot.service.core import ServiceCore
from bot.service.delivery_results import (
    Digest,
)
from bot.service.glance import list_entries
from bot.service.local_time import next_time_of_day, zone_or_utc
from bot.service.time_left import by_urgency
from bot.store import DigestFacts, GameRecord, OutboxItem, OutboxTarget
from bot.store.records import to_epoch


class DigestUseCases:
    def __init__(self, core: ServiceCore) -> None:
        self._core = core

    async def hand_over_digests(self, now: datetime | None = None) -> list[Digest]:
        """Write each daily digest due at ``now`` to the outbox — a DM listing the games
        where it is the player's move, nothing when there is none — and make the next one
        due at the same local time the next day, one transaction per player (a digest is
        written once however often this runs). Returns the digests written."""
        now = now or self._core.now()
        written: list[Digest] = []
        for player, due_at in await self._core.store.players.digests_due(now):
            assert player.digest_at is not None
            waiting = await self._waiting_for(player.id)
            following = next_time_of_day(now, player.digest_at, zone_or_utc(player.time_zone))
            items = [
                OutboxItem(
                    OutboxTarget.DM,
                    DigestFacts(tuple(record.id for record in waiting)),
                    user_id=player.id,
                    dedupe_key=f"digest:{player.id}:{to_epoch(due_at)}",
                )
            ]
            done = await self._core.store.players.hand_over_digest(
                player.id, due_at, following, items if waiting else [], now
            )
            if done and waiting:
                written.append(await self.digest(player.id, waiting))
        return written

    async def _waiting_for(self, player_id: int) -> list[GameRecord]:
        """The player's active games where it is their move (``digest`` orders them)."""
        games = await self._core.store.games.active_for_player(player_id)
        return [g for g in games if g.to_move_id == player_id and g.damaged_at is None]

    async def digest(self, player_id: int, games: list[GameRecord]) -> Digest:
        """The digest of ``games`` (where it is ``player_id``'s move) in ``/games``' order:
        the soonest deadline first (``by_urgency``), untimed games last; each with its last
        move and time left, as ``/games`` lists it."""
        games = by_urgency(games)
        refs = await self._core.refs(
            player_id, *{p for g in games for p in (g.white_id, g.black_id)}
        )
        entries = await list_entries(self._core, games, refs, player_id, player_id)
        return Digest(refs[player_id], tuple(entry.game for entry in entries), entries)
