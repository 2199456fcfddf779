"""A player's finished tournaments for ``/stats`` (``service.tournament_history``): their
place and points in each, read from its final table (a knockout's from its bracket: the
champion first, the final's loser second, the losers of one round sharing the place after
those who went further, as 3rd-4th, 5th-8th)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.core import ServiceCore
from bot.service.report_results import PlayedTournament
from bot.service.tournament.facts import MatchLine
from bot.service.tournament.use_case import TournamentUseCases
from bot.store import Tournament

# At most this many tournaments are listed (the latest); the count says how many there were.
MAX_SHOWN = 10


class TournamentHistory:
    def __init__(self, core: ServiceCore, tournaments: TournamentUseCases) -> None:
        self._core = core
        self._tournaments = tournaments

    async def of_player(
        self, player_id: int, scope: int | None
    ) -> tuple[int, tuple[PlayedTournament, ...]]:
        """How many tournaments ``player_id`` finished in ``scope`` (a server's id; None:
        every server; 0: outside servers, where there are none), and the latest of them."""
        if scope == 0:
            return 0, ()
        found = await self._core.store.tournaments.finished_of(player_id, scope)
        shown = [await self._played(t, player_id) for t in found[:MAX_SHOWN]]
        return len(found), tuple(shown)

    async def _played(self, tournament: Tournament, player_id: int) -> PlayedTournament:
        table = await self._tournaments.final(tournament.id)
        players = len(table.tournament.entrants)
        if table.matches:
            place, points = knockout_place(table.matches, player_id)
        else:
            line = next((line for line in table.lines if line.player.id == player_id), None)
            place, points = (line.rank, line.points) if line is not None else (None, 0.0)
        return PlayedTournament(tournament.id, tournament.name, place, players, points)


def knockout_place(matches: Sequence[MatchLine], player_id: int) -> tuple[int | None, float]:
    """``player_id``'s place in a finished knockout of ``matches`` and their points in it:
    1 for the champion, else ``2 ** (last round - round lost) + 1`` (None: never lost a
    decided match, as when the bracket is incomplete)."""
    last = max((match.round for match in matches), default=0)
    points, place = 0.0, None
    for match in matches:
        if match.high is not None and match.high.id == player_id:
            points += match.high_points
        elif match.low is not None and match.low.id == player_id:
            points += match.low_points
        else:
            continue
        if match.winner is None:
            continue
        if match.winner.id != player_id:
            place = 2 ** (last - match.round) + 1
        elif match.round == last:
            place = 1
    return place, points
