"""A thematic tournament (``/tournament create start:"1. e4 d5"`` or an opening's name):
every game begins from the position the line reaches; a bad line, or a start in Chess960,
is refused as ``/challenge`` refuses it, and nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import GameService, MovePlayed
from bot.service.thematic_starts import StartLineError, StartLineProblem
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, snapshot

USERS = {user.id: user for user in (ALICE, BOB, CAROL)}


async def _round_robin(service: GameService, start: str) -> list[int]:
    await service.tournaments.create(ALICE, PLACE, manages_server=True, name="Cup", start=start)
    for user in USERS.values():
        await service.tournaments.join(user, PLACE)
    started = await service.tournaments.start(ALICE, PLACE, manages_server=True)
    return [pairing.game.id for pairing in started.pairings]


@pytest.mark.parametrize("start", ["1. e4 d5", "Scandinavian Defense"])
async def test_every_game_of_a_round_robin_starts_from_the_line(
    service: GameService, start: str
) -> None:
    """Each game is White's to move after 1. e4 d5: exd5 (no move from the usual start)
    is played in every one."""
    game_ids = await _round_robin(service, start)
    assert len(game_ids) == 3
    for game_id in game_ids:
        view = await service.reports.game_view(game_id)
        assert view.to_move is not None and view.to_move.id == view.white.id
        white = USERS[view.white.id]
        played = await service.play.move(white, PLACE, "exd5", game_id=game_id)
        assert isinstance(played, MovePlayed) and played.uci == "e4d5"


async def test_a_line_of_odd_length_has_black_move_first(service: GameService) -> None:
    """After 1. e4 Black is to move in every game: their clock runs, they play c5."""
    for game_id in await _round_robin(service, "1. e4"):
        view = await service.reports.game_view(game_id)
        assert view.to_move is not None and view.to_move.id == view.black.id
        played = await service.play.move(USERS[view.black.id], PLACE, "c5", game_id=game_id)
        assert isinstance(played, MovePlayed) and played.uci == "c7c5"


@pytest.mark.parametrize(
    ("game", "start", "problem"),
    [
        ("chess", "1. e4 e4", StartLineProblem.BAD_MOVE),
        ("chess", "Sicilan Defence", StartLineProblem.UNKNOWN_NAME),
        ("chess960", "1. e4", StartLineProblem.NOT_HERE),
    ],
)
async def test_a_bad_start_is_refused_and_creates_nothing(
    service: GameService, db_path: Path | str, game: str, start: str, problem: StartLineProblem
) -> None:
    """An illegal line, an unknown opening and a start in a Chess960 tournament are refused
    with the challenge's reasons; no tournament is written."""
    await service.challenges.challenge(ALICE, PLACE, BOB)  # the players exist
    before = snapshot(db_path)
    with pytest.raises(StartLineError) as raised:
        await service.tournaments.create(
            ALICE, PLACE, manages_server=True, name="Cup", game=game, start=start
        )
    assert raised.value.problem is problem
    assert snapshot(db_path) == before
