"""A knockout going on with games of two rounds at once: one announcement, each game under
its own round (a tie-break pair of round 1 beside a round-2 match), read in one statement."""

from __future__ import annotations

import pytest

from bot.i18n.text import say
from bot.service import GameService, User
from bot.service.tournament.facts import TournamentStarted
from bot.store import TournamentFormat
from bot.text.tournament_words import started_text
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE
from tests.service.tournament_helpers import DAVE, ERIN, USERS, draw, went_on, win

FRANK = User(606, "frank")


async def _knockout_of_six(service: GameService) -> TournamentStarted:
    """Six seeded in joining order: alice and bob (1, 2) have byes; 3-6 and 4-5 play."""
    tournaments = service.tournaments
    await tournaments.create(
        ALICE, PLACE, manages_server=True, format=TournamentFormat.KNOCKOUT, players=6
    )
    for user in (ALICE, BOB, CAROL, DAVE, ERIN, FRANK):
        await tournaments.join(user, PLACE)
    return await tournaments.start(ALICE, PLACE, manages_server=False)


@pytest.mark.store  # GameReads.get_many's statement, on PostgreSQL too
async def test_one_going_on_begins_games_of_two_rounds(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """dave wins 4-5 2-0 while 3-6 is level 1-1, both before the tournament goes on: it
    begins 3-6's tie-break pair (round 1) and alice against dave (round 2) at once, and
    the announcement heads each round's games with its own number; its games are read
    together (no read of one game)."""
    monkeypatch.setitem(USERS, FRANK.id, FRANK)
    first = await _knockout_of_six(service)
    games = {frozenset((p.game.white.id, p.game.black.id)) for p in first.pairings}
    assert games == {frozenset((CAROL.id, FRANK.id)), frozenset((DAVE.id, ERIN.id))}
    by_pair = sorted(
        range(4), key=lambda i: first.pairings[i].game.white.id in (CAROL.id, FRANK.id)
    )
    dave_erin, carol_frank = by_pair[:2], by_pair[2:]
    for index in dave_erin:
        await win(service, DAVE.id, first, index)
    for index in carol_frank:
        await draw(service, first, index)

    async def one_game(game_id: int) -> None:
        raise AssertionError(f"game {game_id} read alone")

    monkeypatch.setattr(service.core.store.games, "get", one_game)
    (said,) = await went_on(service)
    assert isinstance(said, TournamentStarted)
    rounds = sorted((p.round, frozenset((p.game.white.id, p.game.black.id))) for p in said.pairings)
    assert rounds == [
        (1, frozenset((CAROL.id, FRANK.id))),
        (1, frozenset((CAROL.id, FRANK.id))),
        (2, frozenset((ALICE.id, DAVE.id))),
        (2, frozenset((ALICE.id, DAVE.id))),
    ]
    text = say(started_text(said))
    assert "round 1: 2 games start." in text and "round 2: 2 games start." in text, text
    assert text.index("round 1:") < text.index("carol") < text.index("round 2:")
