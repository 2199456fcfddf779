"""A tournament's vacation rule (``vacation:no``, chess.com's "no vacation"): a player's
vacation pauses none of its games' clocks, while it pauses their other games as ever; a
tournament that allows vacation (the default) has its games paused like any."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from bot.service import GameService, ManualClock, MovePlayed
from bot.service.tournament.facts import TournamentStarted
from bot.text.interactions import vacation_started_text
from bot.text.tournament_words import tournament_text
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, start_game


async def _round_robin(service: GameService, *, vacation: bool) -> TournamentStarted:
    made = await service.tournaments.create(
        ALICE, PLACE, manages_server=True, name="Cup", vacation=vacation
    )
    assert made.tournament.vacation is vacation
    for user in (ALICE, BOB, CAROL):
        await service.tournaments.join(user, PLACE)
    return await service.tournaments.start(ALICE, PLACE, manages_server=True)


async def _deadline(service: GameService, game_id: int) -> datetime:
    deadline = (await service.reports.game_view(game_id)).deadline
    assert deadline is not None
    return deadline


@pytest.mark.store
async def test_no_vacation_keeps_its_games_clocks_running(
    service: GameService, clock: ManualClock
) -> None:
    """Bob goes on vacation for five days: his casual game's deadline moves five days, his
    tournament game's does not (he is told two games keep running); a move made to him in
    the tournament is due three days from now, in the casual game three days after his
    vacation; his own move in the tournament does not end his vacation."""
    started = await _round_robin(service, vacation=False)
    assert "No vacation: a vacation pauses none of its games." in tournament_text(
        started.tournament
    )
    games = [p.game for p in started.pairings]
    his_move = next(g for g in games if g.white.id == BOB.id)
    theirs = next(g for g in games if g.black.id == BOB.id)
    casual = (await start_game(service, white=BOB, black=CAROL)).game
    other_casual = (await start_game(service, white=CAROL, black=BOB)).game
    before = {g.id: await _deadline(service, g.id) for g in (his_move, casual)}
    taken = await service.deadlines.vacation(BOB, 5)
    assert taken.unpaused == 2
    assert "2 games keep their clocks running: their tournament allows no vacation." in (
        vacation_started_text(taken)
    )
    assert await _deadline(service, his_move.id) == before[his_move.id]
    assert await _deadline(service, casual.id) == before[casual.id] + timedelta(days=5)
    clock.advance(hours=1)
    white = next(u for u in (ALICE, CAROL) if u.id == theirs.white.id)
    await service.play.move(white, PLACE, "e4", game_id=theirs.id)
    due = clock.now + timedelta(days=3)
    assert await _deadline(service, theirs.id) == due
    await service.play.move(CAROL, PLACE, "e4", game_id=other_casual.id)
    assert await _deadline(service, other_casual.id) == taken.until + timedelta(days=3)
    played = await service.play.move(BOB, PLACE, "d4", game_id=his_move.id)
    assert isinstance(played, MovePlayed) and not played.vacation_ended
    assert (await service.preferences.settings(BOB)).vacation_until == taken.until
    ended = await service.deadlines.end_vacation(BOB)
    assert ended.planned_until == taken.until
    assert await _deadline(service, theirs.id) == due  # nothing paused, nothing given back


async def test_a_tournament_that_allows_vacation_pauses_its_games(
    service: GameService,
) -> None:
    """The default: Bob's vacation moves his tournament game's deadline like any other."""
    started = await _round_robin(service, vacation=True)
    assert "No vacation" not in tournament_text(started.tournament)
    his_move = next(p.game for p in started.pairings if p.game.white.id == BOB.id)
    before = await _deadline(service, his_move.id)
    taken = await service.deadlines.vacation(BOB, 5)
    assert taken.unpaused == 0
    assert "keep" not in vacation_started_text(taken)
    assert await _deadline(service, his_move.id) == before + timedelta(days=5)


async def test_a_takeback_in_a_no_vacation_game_runs_the_clock_through_the_vacation(
    service: GameService, clock: ManualClock
) -> None:
    """Bob, on vacation, takes back his move in a no-vacation tournament's game: his move
    is due ``days per move`` from now, as after any move there, not from his vacation's
    end (that clock never stopped for it)."""
    started = await _round_robin(service, vacation=False)
    game = next(p.game for p in started.pairings if p.game.white.id == BOB.id)
    opponent = next(u for u in (ALICE, CAROL) if u.id == game.black.id)
    taken = await service.deadlines.vacation(BOB, 5)
    await service.play.move(BOB, PLACE, "d4", game_id=game.id)
    await service.play.move(opponent, PLACE, "d5", game_id=game.id)
    clock.advance(hours=2)
    await service.endings.takeback(BOB, PLACE, game_id=game.id)
    back = await service.endings.accept_takeback(opponent, game.id)
    assert back.plies == 2 and back.notify.id == BOB.id
    assert await _deadline(service, game.id) == clock.now + timedelta(days=3)
    assert taken.until > clock.now + timedelta(days=4)  # still on vacation meanwhile


async def test_games_shows_the_clock_a_vacation_holds_or_not(service: GameService) -> None:
    """Bob on a five-day vacation: /games gives his casual game the 3 days his held clock
    has (not the 8 to its moved deadline), and his no-vacation tournament game the 3 days
    its running clock has (the vacation holds nothing there)."""
    started = await _round_robin(service, vacation=False)
    his_move = next(p.game for p in started.pairings if p.game.white.id == BOB.id)
    casual = (await start_game(service, white=BOB, black=CAROL)).game
    await service.deadlines.vacation(BOB, 5)
    listing = await service.reports.games(BOB)
    left = {entry.game.id: entry.time_left for entry in listing.entries}
    assert left[casual.id] == left[his_move.id] == timedelta(days=3)
    assert await _deadline(service, casual.id) == await _deadline(service, his_move.id) + (
        timedelta(days=5)
    )
