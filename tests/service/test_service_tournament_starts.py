"""A thematic tournament (``/tournament create start:"1. e4 d5"`` or an opening's name):
every game begins from the position the line reaches; a bad line, or a start in Chess960,
is refused as ``/challenge`` refuses it, and nothing is written. Such a tournament is
unrated (its games begin from a custom position) and says which start it uses."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from bot.service import GameService, MovePlayed
from bot.service.option_errors import Unratable, UnratableError
from bot.service.thematic_starts import StartLineError, StartLineProblem, line_words
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
        ("chess960", "1. e4", StartLineProblem.EACH_ROUND),
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


async def test_a_thematic_tournament_is_unrated_by_default(service: GameService) -> None:
    """Its games begin from a custom position, which no challenge may rate: the tournament
    and every game of it are unrated unless asked, and ``rated:no`` is taken too."""
    for game_id in await _round_robin(service, "1. e4 d5"):
        assert not (await service.reports.game_view(game_id)).rated
    shown = await service.tournaments.create(
        ALICE, PLACE, manages_server=True, name="Casual", rated=False, start="1. d4"
    )
    assert not shown.tournament.rated
    usual = await service.tournaments.create(ALICE, PLACE, manages_server=True, name="Usual")
    assert usual.tournament.rated  # without start: rated, as before


async def test_a_rated_thematic_tournament_is_refused_and_creates_nothing(
    service: GameService, db_path: Path | str
) -> None:
    """``rated:yes`` with ``start`` is refused as a rated challenge from a custom start is,
    before anything (the organiser's own player row included) is written."""
    before = snapshot(db_path)
    with pytest.raises(UnratableError) as raised:
        await service.tournaments.create(
            ALICE, PLACE, manages_server=True, name="Cup", rated=True, start="1. e4 d5"
        )
    assert raised.value.reason is Unratable.CUSTOM_START
    assert snapshot(db_path) == before


@pytest.mark.parametrize(
    ("game", "start", "opening", "line"),
    [
        ("chess", "1. e4 d5", ("B01", "Scandinavian Defense"), "1. e4 d5"),
        ("chess", "Scandinavian Defense", ("B01", "Scandinavian Defense"), "1. e4 d5"),
        ("chess", "1. e4 d5 2. a3 a6", None, ""),
        ("xiangqi", "C2.5", None, ""),
    ],
)
async def test_the_tournament_says_which_start_it_uses(
    service: GameService,
    game: str,
    start: str,
    opening: tuple[str, str] | None,
    line: str,
) -> None:
    """The tournament's facts name its start as players are told it: the opening and its
    line where chess names the position, else only the FEN the line reaches."""
    shown = await service.tournaments.create(
        ALICE, PLACE, manages_server=True, name="Cup", game=game, start=start
    )
    told = shown.tournament.start
    assert told is not None
    named = None if told.opening is None else (told.opening.eco, told.opening.name)
    assert (named, told.line) == (opening, line)
    reached = rules.Game(rules.get_variant(game))
    for word in line_words(start if named is None else line):
        reached = reached.play(word)
    assert told.fen == reached.position.fen()
    usual = await service.tournaments.create(ALICE, PLACE, manages_server=True, name="Usual")
    assert usual.tournament.start is None
