"""A tournament's vacation rule in its games' clocks: in a game of a tournament that allows
no vacation (``tournaments.vacation`` 0) a player on vacation is, for that game's clock, not
on vacation: their deadline there was not pushed back (``Players.start_vacation`` skips such
games), a move made to them there is due ``days per move`` from now, and their own move
there spends their time bank as any. A move there does not end their vacation elsewhere (it
is no sign of being back: that clock never stopped)."""

from __future__ import annotations

from dataclasses import replace

from bot.service.core import ServiceCore
from bot.store import SeatedGame


async def as_the_clock_sees(core: ServiceCore, seated: SeatedGame) -> SeatedGame:
    """``seated`` with its players as its clocks see them (see the module). One read more,
    only when one of its players is on vacation."""
    now = core.now()
    if not any(player.on_vacation(now) for player in seated.players.values()):
        return seated
    if await core.store.tournaments.vacation_allowed(seated.game.id):
        return seated
    players = {
        player_id: replace(player, vacation_ends_at=None) if player.on_vacation(now) else player
        for player_id, player in seated.players.items()
    }
    return replace(seated, players=players)
