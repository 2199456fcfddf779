"""A tournament's vacation rule in its games' clocks: in a game of a tournament that allows
no vacation (``tournaments.vacation`` 0) a player on vacation is, for that game's clock, not
on vacation: their deadline there was not pushed back (``Players.start_vacation`` skips such
games), a move made to them there is due ``days per move`` from now, and their own move
there spends their time bank as any. A move there does not end their vacation elsewhere (it
is no sign of being back: that clock never stopped). A takeback there restarts the clock
of the player to move as a move does, their vacation left out (``clock_players``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from bot.service.core import ServiceCore
from bot.store import GameRecord, Player, SeatedGame


async def as_the_clock_sees(core: ServiceCore, seated: SeatedGame) -> SeatedGame:
    """``seated`` with its players as its clocks see them (see the module). One read more,
    only when one of its players is on vacation."""
    players = await clock_players(core, seated.game.id, seated.players)
    return seated if players is seated.players else replace(seated, players=players)


async def clock_players(
    core: ServiceCore, game_id: int, players: Mapping[int, Player]
) -> Mapping[int, Player]:
    """``players`` of game ``game_id`` as its clocks see them: those on vacation taken off
    it in a game whose tournament allows none (the same mapping when nothing changes)."""
    now = core.now()
    if not any(player.on_vacation(now) for player in players.values()):
        return players
    if await core.store.tournaments.vacation_allowed(game_id):
        return players
    return {
        player_id: replace(player, vacation_ends_at=None) if player.on_vacation(now) else player
        for player_id, player in players.items()
    }


async def clock_movers(core: ServiceCore, records: Sequence[GameRecord]) -> dict[int, Player]:
    """The player to move of each of ``records`` (by game id; none for a finished game) as
    its clock sees them (``clock_players``): one read, and one more per game whose player
    to move is on vacation."""
    rows = await core.store.players.get_many(
        list({record.to_move_id for record in records if record.to_move_id is not None})
    )
    movers: dict[int, Player] = {}
    for record in records:
        mover = rows.get(record.to_move_id) if record.to_move_id is not None else None
        if mover is not None:
            seen = await clock_players(core, record.id, {mover.id: mover})
            movers[record.id] = seen[mover.id]
    return movers
