"""``/tournament create``'s options that cannot go together, or cannot be, are each refused
with its own reason before anything is written (the organiser's player row included)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from bot.service.errors import UserError
from bot.service.option_errors import Unratable, UnratableError
from bot.service.thematic_starts import StartLineError, StartLineProblem
from bot.service.tournament.facts import TournamentError, TournamentRefusal
from bot.store import TournamentFormat
from tests.service.service_helpers import ALICE, PLACE, snapshot

SWISS, KNOCKOUT = TournamentFormat.SWISS, TournamentFormat.KNOCKOUT
REFUSED: list[tuple[dict[str, Any], object]] = [
    ({"rounds": 3}, TournamentRefusal.ROUNDS_NOT_SWISS),
    ({"format": KNOCKOUT, "rounds": 3}, TournamentRefusal.ROUNDS_NOT_SWISS),
    ({"format": SWISS, "double": True}, TournamentRefusal.DOUBLE_NOT_ROUND_ROBIN),
    ({"format": KNOCKOUT, "double": True}, TournamentRefusal.DOUBLE_NOT_ROUND_ROBIN),
    ({"bye_halves": 1}, TournamentRefusal.BYE_NOT_SWISS),
    ({"format": KNOCKOUT, "bye_halves": 0}, TournamentRefusal.BYE_NOT_SWISS),
    ({"tiebreaks": 2}, TournamentRefusal.TIEBREAKS_NOT_KNOCKOUT),
    ({"format": SWISS, "tiebreaks": 0}, TournamentRefusal.TIEBREAKS_NOT_KNOCKOUT),
    ({"format": KNOCKOUT, "tiebreaks": 5}, TournamentRefusal.BAD_TIEBREAKS),
    ({"format": KNOCKOUT, "tiebreaks": -1}, TournamentRefusal.BAD_TIEBREAKS),
    ({"timeouts": 11}, TournamentRefusal.BAD_TIMEOUTS),
    ({"timeouts": -1}, TournamentRefusal.BAD_TIMEOUTS),
    ({"players": 17}, TournamentRefusal.BAD_SIZE),
    ({"format": SWISS, "players": 257}, TournamentRefusal.BAD_FIELD),
    ({"format": SWISS, "players": 4, "rounds": 4}, TournamentRefusal.BAD_ROUNDS),
    ({"name": "x" * 200}, TournamentRefusal.BAD_NAME),
    ({"game": "chess960", "start": "1. e4"}, StartLineProblem.EACH_ROUND),
    ({"start": "1. e4 d5", "rated": True}, Unratable.CUSTOM_START),
]


def _why(error: UserError) -> object:
    if isinstance(error, TournamentError):
        return error.reason
    if isinstance(error, StartLineError):
        return error.problem
    assert isinstance(error, UnratableError)
    return error.reason


@pytest.mark.parametrize(("options", "reason"), REFUSED)
async def test_a_bad_combination_is_refused_by_name_and_writes_nothing(
    service: GameService, db_path: Path | str, options: dict[str, Any], reason: object
) -> None:
    """Each refusal says which option (or pair of options) cannot be; the database is as
    it was, even the organiser's own player row unwritten."""
    before = snapshot(db_path)
    with pytest.raises(UserError) as raised:
        await service.tournaments.create(ALICE, PLACE, manages_server=True, **options)
    assert _why(raised.value) is reason
    assert snapshot(db_path) == before


async def test_the_options_of_its_own_format_are_taken(service: GameService) -> None:
    """``rounds`` with a Swiss and ``double`` with a round robin open their tournaments;
    ``double:no`` with a knockout is no contradiction."""
    swiss = await service.tournaments.create(
        ALICE, PLACE, manages_server=True, name="S", format=SWISS, rounds=3, players=8
    )
    assert swiss.tournament.rounds == 3
    double = await service.tournaments.create(
        ALICE, PLACE, manages_server=True, name="D", double=True, players=4
    )
    assert double.tournament.cycles == 2
    knockout = await service.tournaments.create(
        ALICE, PLACE, manages_server=True, name="K", format=KNOCKOUT, double=False
    )
    assert knockout.tournament.rounds is None
