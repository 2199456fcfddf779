"""Each player's rating change over a rated tournament in its standings: the sum of the
changes its own games made (a game played outside it meanwhile counts nowhere), worded in
the table's lines (a knockout's under its bracket); an unrated tournament shows none."""

from __future__ import annotations

from collections import defaultdict

import pytest

from bot.i18n.text import say
from bot.service import GameService, User
from bot.service.results import GameEnded
from bot.store import TournamentFormat
from bot.text.standings_words import standings_text
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, start_game
from tests.service.tournament_helpers import DAVE, USERS


async def _round_robin(service: GameService, *, rated: bool | None = None) -> list[int]:
    """Three players, Berger's B-C, A-B, C-A: the games' ids."""
    tournaments = service.tournaments
    await tournaments.create(ALICE, PLACE, manages_server=True, rated=rated)
    for user in (ALICE, BOB, CAROL):
        await tournaments.join(user, PLACE)
    started = await tournaments.start(ALICE, PLACE, manages_server=False)
    return [p.game.id for p in started.pairings]


async def _resign(service: GameService, user: User, game_id: int) -> GameEnded:
    return await service.endings.confirm_resign(user, game_id)


def _add(changes: dict[int, float], ended: GameEnded) -> None:
    for change in ended.ending.rating_changes:
        changes[change.player.id] += change.after - change.before


async def test_the_table_shows_each_players_rating_change(service: GameService) -> None:
    """Bob beats carol, alice and bob draw, carol beats alice: each line's change is the
    sum of the changes those endings announced; alice's rated game against carol outside
    the tournament, ended between, is left out. The words sign each change."""
    bc, ab, ca = await _round_robin(service)
    expected: dict[int, float] = defaultdict(float)
    _add(expected, await _resign(service, CAROL, bc))
    outside = await start_game(service, white=ALICE, black=CAROL, rated=True)
    await service.endings.confirm_resign(CAROL, outside.game.id)  # not the tournament's
    await service.endings.draw(ALICE, None, game_id=ab)
    drawn = await service.endings.accept_draw(BOB, ab)
    _add(expected, drawn)
    _add(expected, await _resign(service, ALICE, ca))
    table = await service.tournaments.standings(PLACE)
    shown = {line.player.id: line.rating_change for line in table.lines}
    assert shown == pytest.approx(dict(expected))
    assert all(abs(change) > 1 for change in expected.values())
    said = say(standings_text(table))
    for line in table.lines:
        assert line.rating_change is not None
        assert f"rating {round(line.rating_change):+d}" in said


async def test_an_unrated_tournament_shows_no_rating_change(service: GameService) -> None:
    """``rated:no``: no line carries a change, and the words say none."""
    bc, _, _ = await _round_robin(service, rated=False)
    await _resign(service, CAROL, bc)
    table = await service.tournaments.standings(PLACE)
    assert {line.rating_change for line in table.lines} == {None}
    assert "rating" not in say(standings_text(table))


async def test_a_knockout_lists_the_rating_changes_under_its_bracket(
    service: GameService,
) -> None:
    """A rated knockout of four: after alice wins a game against dave, the bracket is
    followed by every player's change, alice's up, dave's down, the others' +0."""
    tournaments = service.tournaments
    await tournaments.create(
        ALICE, PLACE, manages_server=True, format=TournamentFormat.KNOCKOUT, players=4
    )
    for user in (ALICE, BOB, CAROL, DAVE):
        await tournaments.join(user, PLACE)
    first = await tournaments.start(ALICE, PLACE, manages_server=False)
    game = first.pairings[0].game
    assert (game.white.id, game.black.id) == (ALICE.id, DAVE.id)
    await _resign(service, USERS[DAVE.id], game.id)
    table = await tournaments.standings(PLACE)
    changes = {player.id: change for player, change in table.rating_changes}
    assert changes[ALICE.id] > 0 > changes[DAVE.id] and changes[BOB.id] == changes[CAROL.id] == 0
    said = say(standings_text(table))
    assert "Rating changes: alice +" in said and "bob +0" in said
