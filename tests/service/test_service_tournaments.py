"""``service.tournaments``: an organiser opens a round robin, players join and leave, the
start creates every game at once (Berger pairings), standings follow the games' results,
and the last game's ending finishes it with its winner. Every refusal changes nothing."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest

from bot.service import GameService, ManualClock, User
from bot.service.tournament.facts import (
    EntryKind,
    TournamentError,
    TournamentRefusal,
    TournamentStarted,
)
from bot.store import TournamentStatus
from bot.text.errors import error_text
from bot.text.standings_words import standings_text
from bot.text.tournament_words import started_text
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE

DAVE = User(404, "dave")


async def _refused(reason: TournamentRefusal, call: object) -> TournamentError:
    with pytest.raises(TournamentError) as raised:
        await call  # type: ignore[misc]
    assert raised.value.reason is reason
    return raised.value


async def _resign(service: GameService, user: User, game_id: int) -> None:
    await service.endings.confirm_resign(user, game_id)


async def _draw(service: GameService, offerer: User, accepter: User, game_id: int) -> None:
    await service.endings.draw(offerer, None, game_id=game_id)
    await service.endings.accept_draw(accepter, game_id)


async def test_only_a_manager_opens_a_tournament(service: GameService) -> None:
    """Without Manage Server the organiser is refused and nothing is stored; sizes outside
    3-16 and overlong names are refused too."""
    tournaments = service.tournaments
    await _refused(
        TournamentRefusal.NOT_ORGANISER, tournaments.create(ALICE, PLACE, manages_server=False)
    )
    await _refused(
        TournamentRefusal.BAD_SIZE, tournaments.create(ALICE, PLACE, manages_server=True, players=2)
    )
    await _refused(
        TournamentRefusal.BAD_SIZE,
        tournaments.create(ALICE, PLACE, manages_server=True, players=17),
    )
    await _refused(
        TournamentRefusal.BAD_NAME,
        tournaments.create(ALICE, PLACE, manages_server=True, name="x" * 61),
    )
    assert await service.core.store.tournaments.latest_in(PLACE.guild_id, PLACE.channel_id) is None
    await _refused(TournamentRefusal.NO_TOURNAMENT, tournaments.join(BOB, PLACE))


@pytest.mark.store
async def test_joining_leaving_and_starting_refuse_what_cannot_be(service: GameService) -> None:
    """Joining twice, starting with two players or as someone else, joining or leaving
    once started: each refused, the field unchanged."""
    tournaments = service.tournaments
    made = await tournaments.create(ALICE, PLACE, manages_server=True, name="  Autumn   cup ")
    assert (made.kind, made.tournament.name, made.tournament.max_players) == (
        EntryKind.CREATED,
        "Autumn cup",
        8,
    )
    await tournaments.join(ALICE, PLACE)
    await tournaments.join(BOB, PLACE)
    await _refused(TournamentRefusal.ALREADY_IN, tournaments.join(BOB, PLACE))
    await _refused(TournamentRefusal.NOT_IN, tournaments.leave(CAROL, PLACE))
    await _refused(TournamentRefusal.TOO_FEW, tournaments.start(ALICE, PLACE, manages_server=False))
    joined = await tournaments.join(CAROL, PLACE)
    assert [p.id for p in joined.tournament.entrants] == [ALICE.id, BOB.id, CAROL.id]
    await _refused(
        TournamentRefusal.NOT_ORGANISER, tournaments.start(BOB, PLACE, manages_server=False)
    )
    started = await tournaments.start(BOB, PLACE, manages_server=True)
    assert len(started.pairings) == 3
    assert await service.core.store.games.all_ids() == [p.game.id for p in started.pairings]
    await _refused(TournamentRefusal.STARTED, tournaments.join(DAVE, PLACE))
    tid = started.tournament.id
    await _refused(TournamentRefusal.STARTED, tournaments.join(DAVE, PLACE, tid))
    await _refused(TournamentRefusal.STARTED, tournaments.leave(BOB, PLACE, tid))
    await _refused(
        TournamentRefusal.STARTED, tournaments.start(ALICE, PLACE, tid, manages_server=True)
    )
    assert len(await service.core.store.games.all_ids()) == 3


async def test_a_round_robin_is_played_to_its_winner(service: GameService) -> None:
    """Three players (pairing numbers by joining order): Berger's games B-C, A-B, C-A
    start together; the table follows each result, and the last ending finishes the
    tournament with its winner."""
    tournaments = service.tournaments
    await tournaments.create(ALICE, PLACE, manages_server=True, days=5)
    for user in (ALICE, BOB, CAROL):
        await tournaments.join(user, PLACE)
    started = await tournaments.start(ALICE, PLACE, manages_server=False)
    seats = [(p.round, p.game.white.id, p.game.black.id) for p in started.pairings]
    assert seats == [(1, BOB.id, CAROL.id), (2, ALICE.id, BOB.id), (3, CAROL.id, ALICE.id)]
    assert all(p.game.days_per_move == 5 and p.game.rated for p in started.pairings)
    bc, ab, ca = (p.game.id for p in started.pairings)

    async def table() -> list[tuple[int, str, float, int]]:
        shown = await tournaments.standings(PLACE)
        return [(line.rank, line.player.name, line.points, line.played) for line in shown.lines]

    assert await table() == [(1, "alice", 0, 0), (1, "bob", 0, 0), (1, "carol", 0, 0)]
    # A tournament's game counts from the start: no abort; resigning at once loses.
    await _refused(TournamentRefusal.NO_ABORT, service.endings.abort(CAROL, None, game_id=bc))
    await _resign(service, CAROL, bc)  # bob beats carol
    assert await table() == [(1, "bob", 1, 1), (2, "alice", 0, 0), (2, "carol", 0, 1)]
    await _draw(service, ALICE, BOB, ab)
    assert await table() == [(1, "bob", 1.5, 2), (2, "alice", 0.5, 1), (3, "carol", 0, 1)]
    middle = await tournaments.standings(PLACE)
    assert middle.winners == () and (middle.games, middle.finished_games) == (3, 2)
    assert middle.tournament.status is TournamentStatus.RUNNING
    await _resign(service, ALICE, ca)  # carol beats alice
    final = await tournaments.standings(PLACE)
    assert final.tournament.status is TournamentStatus.FINISHED
    assert [(line.player.name, line.points, line.sonneborn_berger) for line in final.lines] == [
        ("bob", 1.5, 1.25),
        ("carol", 1.0, 0.5),
        ("alice", 0.5, 0.75),
    ]
    assert [p.name for p in final.winners] == ["bob"]


async def test_a_double_round_robin_that_starts_when_full(service: GameService) -> None:
    """Set to start when full, the last join starts it: each pair plays both colours at
    once, everyone with as many whites as blacks."""
    tournaments = service.tournaments
    await tournaments.create(
        ALICE, PLACE, manages_server=True, players=4, double=True, start_when_full=True
    )
    for user in (ALICE, BOB, CAROL):
        assert (await tournaments.join(user, PLACE)).started is None
    last = await tournaments.join(DAVE, PLACE)
    assert isinstance(last.started, TournamentStarted)
    games = [p.game for p in last.started.pairings]
    assert len(games) == 12
    assert len({(g.white.id, g.black.id) for g in games}) == 12
    assert Counter(g.white.id for g in games) == Counter(g.black.id for g in games)
    assert last.tournament.status is TournamentStatus.RUNNING


def test_every_refusal_has_its_own_sentence() -> None:
    """Each refusal reason is worded (never the error's class name), each differently."""
    said = {
        error_text(TournamentError(reason, tournament_id=3, count=2, choices=((3, "Cup"),)))
        for reason in TournamentRefusal
    }
    said.add(error_text(TournamentError(TournamentRefusal.NOT_ORGANISER)))
    said.add(error_text(TournamentError(TournamentRefusal.NO_TOURNAMENT)))
    assert len(said) == len(TournamentRefusal) + 2
    assert not any("TournamentError" in text for text in said)


async def test_the_table_is_worded_with_its_winner(service: GameService) -> None:
    """The standings' words list every player with points and tie-breaks, and the winner."""
    tournaments = service.tournaments
    await tournaments.create(ALICE, PLACE, manages_server=True, name="Cup")
    for user in (ALICE, BOB, CAROL):
        await tournaments.join(user, PLACE)
    started = await tournaments.start(ALICE, PLACE, manages_server=False)
    assert "Round 1, game #1: bob (white) – carol (black)" in str(started_text(started))
    for pairing in started.pairings:
        black = pairing.game.black
        await _resign(service, User(black.id, black.name), pairing.game.id)
    text = str(standings_text(await tournaments.standings(PLACE)))
    assert "Standings of Cup after 3 of 3 games:" in text
    assert "1. alice — points: 1, games: 2, direct encounter: 1, Sonneborn–Berger: 1" in text
    assert "share first place" in text


async def test_a_tournament_game_lost_on_time_before_any_move_counts(
    service: GameService, clock: ManualClock
) -> None:
    """A tournament's game whose first mover never moves is lost on time, not aborted:
    the win counts in the table."""
    tournaments = service.tournaments
    await tournaments.create(ALICE, PLACE, manages_server=True, days=1)
    for user in (ALICE, BOB, CAROL):
        await tournaments.join(user, PLACE)
    await tournaments.start(ALICE, PLACE, manages_server=False)
    clock.advance(timedelta(days=2))
    ended = (await service.deadlines.expire_overdue()).ended
    assert len(ended) == 3 and all(e.ending.termination == "timeout" for e in ended)
    final = await tournaments.standings(PLACE)
    assert final.tournament.status is TournamentStatus.FINISHED
    assert [line.points for line in final.lines] == [1, 1, 1]
