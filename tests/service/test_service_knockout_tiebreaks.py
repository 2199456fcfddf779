"""A knockout's ``tiebreaks`` option through the service: how many pairs of games a level
match plays again before the higher seed goes through, shown on its sign-up message and
followed by every match (0: the seed at once; 2: a second pair after a level first)."""

from __future__ import annotations

import pytest

from bot.i18n.text import say
from bot.service import GameService
from bot.service.tournament.facts import TournamentStandings, TournamentStarted
from bot.service.tournament.knockout import Decision
from bot.text.tournament_words import tournament_text
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE
from tests.service.tournament_helpers import draw, knockout_of_four, went_on, win


async def _started(service: GameService, tiebreaks: int | None) -> TournamentStarted:
    """Four players seeded in joining order: 1-4 (alice-dave), 2-3 (bob-carol)."""
    started = await knockout_of_four(service, tiebreaks)
    assert started.tournament.tiebreak_pairs == (1 if tiebreaks is None else tiebreaks)
    return started


async def _level_first_matches(service: GameService, first: TournamentStarted) -> None:
    """Alice wins 1-4 2-0; bob and carol win a game each: 2-3 is level."""
    for index in (0, 1):
        await win(service, ALICE.id, first, index)
    await win(service, BOB.id, first, 2)
    await win(service, CAROL.id, first, 3)


def _match_2(table: TournamentStandings) -> tuple[int | None, Decision | None]:
    match = next(m for m in table.matches if (m.round, m.number) == (1, 2))
    return (match.winner.id if match.winner else None), match.decision


@pytest.mark.store
async def test_no_tiebreak_pairs_send_the_higher_seed_through_at_once(
    service: GameService,
) -> None:
    """``tiebreaks:0``: the level 2-3 goes to bob (seed 2) with no more games, and the
    final (alice-bob) starts straight after; the sign-up message says the rule."""
    first = await _started(service, 0)
    said = say(tournament_text(first.tournament))
    assert "Tie-break: a level match goes to the higher seed." in said
    await _level_first_matches(service, first)
    (final,) = await went_on(service)
    assert isinstance(final, TournamentStarted) and final.round == 2
    assert {p.game.white.id for p in final.pairings} == {ALICE.id, BOB.id}
    assert _match_2(await service.tournaments.standings(PLACE)) == (BOB.id, Decision.SEED)


async def test_two_tiebreak_pairs_play_a_second_pair(service: GameService) -> None:
    """``tiebreaks:2``: level after the first two games and after the first tie-break
    pair, 2-3 plays a second pair, which carol wins; then the final starts."""
    first = await _started(service, 2)
    said = say(tournament_text(first.tournament))
    assert "a level match plays up to 2 more pairs of games" in said
    await _level_first_matches(service, first)
    (pair,) = await went_on(service)  # the first tie-break pair: level again
    assert isinstance(pair, TournamentStarted) and pair.round == 1
    assert [(p.board, p.game.white.id) for p in pair.pairings] == [(2, BOB.id), (2, CAROL.id)]
    await draw(service, pair, 0)
    await draw(service, pair, 1)
    assert _match_2(await service.tournaments.standings(PLACE)) == (None, None)
    (last,) = await went_on(service)  # the second pair: carol wins it
    assert isinstance(last, TournamentStarted) and last.round == 1 and len(last.pairings) == 2
    await win(service, CAROL.id, last, 0)
    await draw(service, last, 1)
    (final,) = await went_on(service)
    assert isinstance(final, TournamentStarted) and final.round == 2
    assert {p.game.white.id for p in final.pairings} == {ALICE.id, CAROL.id}
    assert _match_2(await service.tournaments.standings(PLACE)) == (CAROL.id, Decision.TIEBREAK)
