"""Seeded Swiss tournaments paired round after round, for the test that the pairing's
optimisations change no pairing (``test_swiss_seeded.py``).

``python -m tests.service.swiss_seeded`` writes every case's pairings to
``tests/service/data/swiss/seeded_pairings.json``: the file holds what the pairing gave
before its speed-ups, and the test demands the same. Rewrite it only for a change meant to
change pairings, and say so in the commit.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from bot.service.tournament.standings import Played
from bot.service.tournament.swiss import SwissRules, pair_round
from bot.service.tournament.swiss_players import PastRound

FILE = Path(__file__).parent / "data" / "swiss" / "seeded_pairings.json"
# (players, rounds, seed, withdrawn): odd and even fields, told their last round (the
# topscorers' rules), a player withdrawing half-way in some.
CASES: tuple[tuple[int, int, int, bool], ...] = (
    (7, 5, 1, False),
    (10, 5, 2, True),
    (15, 6, 3, False),
    (16, 7, 4, True),
    (21, 7, 5, False),
    (30, 7, 6, True),
    (41, 8, 7, False),
    (64, 7, 8, True),
    (99, 7, 9, False),
    (200, 7, 1, False),
)

Pairings = list[list[list[int]]]  # a round: [white, black] pairs, then [bye] if any


def _result(rng: random.Random, white: int, black: int) -> str:
    """The higher seed wins two games in three, a draw one in six."""
    roll = rng.random()
    if roll < 1 / 6:
        return "1/2-1/2"
    return "1-0" if (white < black) == (roll < 1 / 6 + 2 / 3 * 5 / 6) else "0-1"


def play(players: int, rounds: int, seed: int, withdrawn: bool) -> Pairings:
    """Every round's pairing of a seeded tournament, results drawn from ``seed``."""
    rng = random.Random(seed)
    present = list(range(1, players + 1))
    absent: list[int] = []
    past: list[PastRound] = []
    found: Pairings = []
    rules = SwissRules(bye_halves=1 + seed % 2, rounds=rounds)
    for number in range(1, rounds + 1):
        if withdrawn and number == rounds // 2 + 1:
            gone = present[len(present) // 3]
            present.remove(gone)
            absent.append(gone)
        paired = pair_round(present, past, rules, absent)
        games = tuple(
            Played(p.white, p.black, _result(rng, p.white, p.black)) for p in paired.pairings
        )
        past.append(PastRound(games, paired.bye))
        found.append([[p.white, p.black] for p in paired.pairings])
        if paired.bye is not None:
            found[-1].append([paired.bye])
    return found


def main() -> None:
    cases = {f"{p}-{r}-{s}-{w}": play(p, r, s, w) for p, r, s, w in CASES}
    FILE.write_text(json.dumps(cases, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
