"""A 200-player Swiss: what pairing each round (FIDE Dutch system) and the standings cost.

Run: ``python benchmarks/tournament.py [--players 200] [--rounds 9] [--seed 1] [--final]``. Pairs
rounds 1 to ``--rounds`` of a Swiss of ``--players`` with results drawn from ``--seed``
(the higher seed wins two games in three, a draw one in six), printing each round's pairing
time (wall and CPU ms) and then the standings' (Buchholz Cut 1, Buchholz,
Sonneborn-Berger) after the last round. ``--final``: the pairing knows the tournament's
length, so the last round is paired as the final one (the topscorers' rules, A.7, C8/C9:
its widest search). Pure functions: no database, no service.
"""

from __future__ import annotations

import argparse
import random
import time

from bot.service.tournament.standings import Played
from bot.service.tournament.swiss import SwissRules, pair_round
from bot.service.tournament.swiss_players import PastRound
from bot.service.tournament.swiss_standings import swiss_standings


def seeded_result(rng: random.Random, white: int, black: int) -> str:
    """The higher seed (lower number) wins two games in three, a draw one in six."""
    roll = rng.random()
    if roll < 1 / 6:
        return "1/2-1/2"
    stronger_wins = roll < 1 / 6 + 2 / 3 * 5 / 6
    return "1-0" if (white < black) == stronger_wins else "0-1"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--final", action="store_true", help="pair the last round as the final")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    players = list(range(1, args.players + 1))
    rounds: list[PastRound] = []
    for number in range(1, args.rounds + 1):
        wall, cpu = time.perf_counter(), time.process_time()
        paired = pair_round(players, rounds, SwissRules(rounds=args.rounds if args.final else None))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        games = tuple(
            Played(p.white, p.black, seeded_result(rng, p.white, p.black)) for p in paired.pairings
        )
        rounds.append(PastRound(games, paired.bye))
        took = f"{wall * 1e3:.0f} ms (CPU {cpu * 1e3:.0f} ms)"
        print(f"round {number}: {len(games)} games paired in {took}")
    every = [game for played in rounds for game in played.games]
    byes = [played.bye for played in rounds if played.bye is not None]
    wall, cpu = time.perf_counter(), time.process_time()
    swiss_standings(players, every, byes)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"standings of {len(every)} games: {wall * 1e3:.1f} ms (CPU {cpu * 1e3:.1f} ms)")


if __name__ == "__main__":
    main()
