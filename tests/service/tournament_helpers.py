"""Players and moves shared by the tournament tests of the service: a field of five, a game
won or drawn, the tournament rows delivered as the sender delivers them."""

from __future__ import annotations

from bot.service import GameService, User
from bot.service.tournament.facts import TournamentStandings, TournamentStarted
from bot.store import OutboxKind, TournamentFormat
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE

DAVE, ERIN = User(404, "dave"), User(505, "erin")
USERS = {user.id: user for user in (ALICE, BOB, CAROL, DAVE, ERIN)}


async def knockout_of_four(
    service: GameService, tiebreaks: int | None, decider: str | None = None
) -> TournamentStarted:
    """A knockout of four started, seeded in joining order (unrated): 1-4 (alice-dave),
    2-3 (bob-carol); ``tiebreaks`` and ``decider`` as /tournament create takes them."""
    tournaments = service.tournaments
    await tournaments.create(
        ALICE,
        PLACE,
        manages_server=True,
        format=TournamentFormat.KNOCKOUT,
        players=4,
        tiebreaks=tiebreaks,
        decider=decider,
    )
    for user in (ALICE, BOB, CAROL, DAVE):
        await tournaments.join(user, PLACE)
    return await tournaments.start(ALICE, PLACE, manages_server=False)


async def went_on(service: GameService) -> list[TournamentStarted | TournamentStandings]:
    """Deliver the pending tournament rows as the sender would (each then marked sent):
    what each said."""
    said: list[TournamentStarted | TournamentStandings] = []
    deliveries = service.deliveries
    for row in await deliveries.pending_deliveries():
        if row.kind is OutboxKind.TOURNAMENT_ROUND:
            delivery = await deliveries.delivery(row)
            if delivery is not None:
                assert isinstance(delivery.content, TournamentStarted | TournamentStandings)
                said.append(delivery.content)
    await deliveries.settle_shown_deliveries()
    return said


async def win(service: GameService, winner_id: int, game: TournamentStarted, index: int) -> None:
    """Game ``index`` of ``game`` won by ``winner_id`` (the other resigns)."""
    view = game.pairings[index].game
    loser = view.black.id if view.white.id == winner_id else view.white.id
    await service.endings.confirm_resign(USERS[loser], view.id)


async def draw(service: GameService, game: TournamentStarted, index: int) -> None:
    view = game.pairings[index].game
    await service.endings.draw(USERS[view.white.id], None, game_id=view.id)
    await service.endings.accept_draw(USERS[view.black.id], view.id)
