"""Refusals a newcomer meets first: each clear and specific, nothing changed, no apology for
an unexpected failure."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.console.session import play

START = "alice /challenge bob color:white\nbob /press Accept\n"
HUGE = "99999999999999999999999"


def refusals(said: str) -> list[str]:
    return [line for line in said.splitlines() if line.startswith("! ")]


@pytest.mark.parametrize(
    "command",
    [
        f"/board {HUGE}",
        f"/gif game:{HUGE}",
        f"/pgn game:{HUGE}",
        f"/analyse game:{HUGE}",
        f"/note hello game:{HUGE}",
        f"/move e4 game:{HUGE}",
        f"/moves e2 game:{HUGE}",
        f"/resign game:{HUGE}",
        f"/draw game:{HUGE}",
        f"/conditional list game:{HUGE}",
    ],
)
async def test_a_game_number_too_big_for_the_database_names_no_game(
    tmp_path: Path, command: str
) -> None:
    """A number past what the database holds is a game that does not exist, as #0 is (it
    was an OverflowError apology)."""
    said = await play(tmp_path, f"{START}alice {command}\nalice /board\n")
    assert refusals(said) == [f"! There is no game #{HUGE}."], said
    assert "move 1. alice to move" in said.rsplit("! ", 1)[1]
