"""Thematic starts through the service: a game that begins after a line of moves or a named
chess opening; bad lines are refused with their reason and create nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from bot.service import GameService, MovePlayed
from bot.service.thematic_starts import StartLineError, StartLineProblem
from tests.service.service_helpers import ALICE, BOB, PLACE, snapshot

SICILIAN = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"


@pytest.mark.parametrize("start", ["1. e4 c5", "1.e4 c5 *", "e4 c5", "sicilian defense"])
async def test_a_line_or_an_opening_name_is_the_start(service: GameService, start: str) -> None:
    """``start:"1. e4 c5"`` (numbers and result or not) and ``start:"Sicilian Defense"`` both
    start the game after 1. e4 c5, white to move; it is a custom start, so unrated."""
    created = await service.challenges.challenge(ALICE, PLACE, BOB, color="white", start=start)
    assert created.challenge.start_fen == SICILIAN and not created.challenge.rated
    await service.challenges.accept_challenge(BOB, created.challenge.id)
    played = await service.play.move(ALICE, PLACE, "Nf3")
    assert isinstance(played, MovePlayed) and played.uci == "g1f3"


async def test_a_xiangqi_line_in_its_notations(service: GameService) -> None:
    """Xiangqi takes a line in any notation it reads (WXF and Chinese mixed)."""
    created = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="xiangqi", color="red", start="1. C2.5 马8进7"
    )
    expected = rules.Game(rules.get_variant("xiangqi")).play("h2e2").play("h9g7")
    assert created.challenge.start_fen == expected.position.fen()


@pytest.mark.parametrize(
    ("game", "start", "fen", "problem", "facts"),
    [
        ("chess", "1. e4 e4", None, StartLineProblem.BAD_MOVE, ("e4", 2, ())),
        ("chess", "1. e4 e5 2. Ke3", None, StartLineProblem.BAD_MOVE, ("Ke3", 3, ())),
        ("chess", "Sicilan Defence", None, StartLineProblem.UNKNOWN_NAME, ("", 0, ())),
        ("xiangqi", "1. e4", None, StartLineProblem.BAD_MOVE, ("e4", 1, ())),
        ("chess", "1. e4", SICILIAN, StartLineProblem.WITH_OTHER_START, ("", 0, ())),
        ("chess960", "1. e4", None, StartLineProblem.NOT_HERE, ("", 0, ())),
        ("chess", "1. f3 e5 2. g4 Qh4#", None, StartLineProblem.GAME_OVER, ("", 0, ())),
    ],
)
async def test_a_bad_start_is_refused_and_creates_nothing(
    service: GameService,
    db_path: Path | str,
    game: str,
    start: str,
    fen: str | None,
    problem: StartLineProblem,
    facts: tuple[str, int, tuple[str, ...]],
) -> None:
    """An illegal move in the line (named with its place), an unknown name, a second start
    beside it, Chess960, a line that ends the game: each refused, nothing written."""
    await service.challenges.challenge(ALICE, PLACE, BOB)  # the players exist
    before = snapshot(db_path)
    with pytest.raises(StartLineError) as raised:
        await service.challenges.challenge(
            ALICE, PLACE, BOB, game=game, color="black", start=start, fen=fen
        )
    error = raised.value
    assert (error.problem, (error.move, error.ply, error.suggestions)) == (problem, facts)
    assert snapshot(db_path) == before


async def test_a_misspelt_name_suggests_openings(service: GameService) -> None:
    """A name that is no opening but whose words are in some suggests those, shortest first."""
    with pytest.raises(StartLineError) as raised:
        await service.challenges.challenge(ALICE, PLACE, BOB, start="najdorf")
    assert raised.value.suggestions[0] == "Sicilian Defense: Najdorf Variation"


async def test_the_computer_plays_from_a_thematic_start(service: GameService) -> None:
    """A game against the computer takes the same ``start`` (checked before any engine)."""
    with pytest.raises(StartLineError):
        await service.computer.challenge(ALICE, PLACE, start="1. e4 e4")
