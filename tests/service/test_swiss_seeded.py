"""The Swiss pairing's speed-ups change no pairing: seeded tournaments, every round paired
again, must give what the pairing gave before them (``swiss_seeded.py`` wrote the file)."""

from __future__ import annotations

import json

import pytest

from tests.service.swiss_seeded import CASES, FILE, play


@pytest.mark.parametrize(("players", "rounds", "seed", "withdrawn"), CASES)
def test_a_seeded_tournament_pairs_as_before_the_speed_ups(
    players: int, rounds: int, seed: int, withdrawn: bool
) -> None:
    expected = json.loads(FILE.read_text())[f"{players}-{rounds}-{seed}-{withdrawn}"]
    assert play(players, rounds, seed, withdrawn) == expected
