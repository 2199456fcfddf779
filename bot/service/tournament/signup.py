"""Sign-up deadlines on the clock (``service.signups``): when an open tournament's deadline
comes, the scheduler's round starts it, without anyone's command, or calls it off.

The rule: at its deadline a tournament with at least ``MIN_PLAYERS`` starts with the players
it has (as its organiser's ``/tournament start`` would); with fewer it is cancelled, over and
unplayed, and its place is told why (chess.com cancels a tournament that did not fill its
minimum the same way). Either is one guarded transaction that writes its announcement to the
outbox with it (the games' threads open by their own rows): a second process, or a round
after a restart, finds the tournament no longer open and does nothing.
"""

from __future__ import annotations

from datetime import datetime

from bot.service.core import WRITE_ATTEMPTS, ServiceCore
from bot.service.tournament.facts import MIN_PLAYERS, TournamentCancelled, TournamentStarted
from bot.service.tournament.signup_items import cancelled_item
from bot.service.tournament.use_case import TournamentUseCases
from bot.store import Tournament, TournamentStatus


class SignupClock:
    def __init__(self, core: ServiceCore, tournaments: TournamentUseCases) -> None:
        self._core = core
        self._tournaments = tournaments

    async def close_due(
        self, now: datetime | None = None
    ) -> list[TournamentStarted | TournamentCancelled]:
        """Start, or call off, every open tournament whose deadline is ``now`` or past;
        what this process did (another may have done some first)."""
        now = now or self._core.now()
        done: list[TournamentStarted | TournamentCancelled] = []
        for tournament in await self._core.store.tournaments.due(now):
            closed = await self._close(tournament, now)
            if closed is not None:
                done.append(closed)
        return done

    async def next_deadline(self) -> datetime | None:
        """The soonest deadline of an open tournament (None: none has one)."""
        return await self._core.store.tournaments.next_start()

    async def _close(
        self, tournament: Tournament, now: datetime
    ) -> TournamentStarted | TournamentCancelled | None:
        store = self._core.store.tournaments
        for _ in range(WRITE_ATTEMPTS):  # a join or a leave came between read and write
            entrants = len(await store.entrants(tournament.id))
            if entrants >= MIN_PLAYERS:
                started = await self._tournaments.start_by_clock(tournament)
                if started is not None:
                    return started
            elif await store.cancel(tournament, cancelled_item(tournament, entrants), now):
                view = await self._tournaments.shown(tournament.id)
                return TournamentCancelled(view, entrants, MIN_PLAYERS)
            latest = await store.get(tournament.id)
            if latest is None or latest.status is not TournamentStatus.OPEN:
                return None  # started or called off meanwhile (here or by another process)
            tournament = latest
        return None
