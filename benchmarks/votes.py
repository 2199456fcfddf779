"""Vote chess at scale: 100 vote games with 20 voters each, every window closing at once.

Run: ``python benchmarks/votes.py [--games 100] [--voters 20] [--seed 1]``.

On a fresh SQLite file, through the service as the bot runs it: ``votes.open`` a team (a
Discord role, so a window waits for its close rather than closing when all have voted)
against a person per game, who accepts; every voter casts a vote (``votes.vote``: the move
read, then nominated if new and the vote written, in one transaction) for one of five
opening moves; then the clock passes the windows' close and one
``votes.close_due_windows`` round closes them all. It
prints the votes' median and p99, a tally's (``votes.tally``, as ``/vote tally`` reads the
window's 20 votes) median and p99, the round's time and time per window, and checks that
every game got exactly one move, the one with most votes. For comparison it then plays the
same first move in as many ordinary games (``play.move``) and prints that move's median:
what a vote game's move costs over an ordinary one's.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from bot.service import GameService, ManualClock, User
from bot.service.results import Place
from bot.store import Store

PLACE = Place(guild_id=1, channel_id=10)
MOVES = ("e4", "d4", "c4", "Nf3", "g3")
ROLE_BASE = 7_000_000


async def run(games: int, voters: int, seed: int) -> None:
    randomness = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "votes.db")
        clock = ManualClock()
        service = GameService(store, clock)
        try:
            expected = await _open_and_vote(service, games, voters, randomness)
            clock.advance(hours=24)
            start, start_cpu = time.perf_counter(), time.process_time()
            closed = await service.votes.close_due_windows(limit=games)
            took, cpu = time.perf_counter() - start, time.process_time() - start_cpu
            played = {c.game_id: c.elected for c in closed}
            for game_id, wanted in expected.items():
                moves = await store.games.moves(game_id)
                assert len(moves) == 1 and played[game_id] == wanted, (game_id, moves)
            print(f"closed {len(closed)} windows in one round: {took * 1e3:.0f} ms wall, "
                  f"{cpu * 1e3:.0f} ms CPU, {took / len(closed) * 1e3:.1f} ms a window; "
                  "every elected move played once")  # fmt: skip
            await _ordinary_moves(service, games, took / len(closed))
        finally:
            await store.close()


async def _open_and_vote(
    service: GameService, games: int, voters: int, randomness: random.Random
) -> dict[int, str]:
    """Open ``games`` role teams' games and cast every vote; the move each must elect."""
    took: list[float] = []
    tallies: list[float] = []
    expected: dict[int, str] = {}
    for number in range(games):
        role = ROLE_BASE + number
        captain = User(10_000 + number * 100, f"captain{number}")
        opponent = User(900_000 + number, f"opponent{number}")
        opened = await service.votes.open(
            captain, PLACE, name=f"Team {number}", role_id=role, opponent=opponent,
            color="white", days=1,
        )  # fmt: skip
        assert opened.challenge is not None
        started = await service.challenges.accept_challenge(opponent, opened.challenge.challenge.id)
        ballots: list[str] = []
        for voter in range(voters):
            member = User(captain.id + 1 + voter, f"m{number}-{voter}")
            move = randomness.choice(MOVES)
            start = time.perf_counter()
            await service.votes.vote(
                member, PLACE, move, game_id=started.game.id, roles=frozenset({role})
            )
            took.append(time.perf_counter() - start)
            ballots.append(move)
        start = time.perf_counter()
        await service.votes.tally(member, PLACE, game_id=started.game.id, roles=frozenset({role}))
        tallies.append(time.perf_counter() - start)
        counts = Counter(ballots)
        top = max(counts.values())
        # A tie goes to the earliest nomination: the first of the tied moves voted for.
        expected[started.game.id] = next(move for move in ballots if counts[move] == top)
    print(f"{len(took)} votes in {games} games: {_spread(took)}")
    print(f"{len(tallies)} tallies of {voters} votes: {_spread(tallies)}")
    return expected


async def _ordinary_moves(service: GameService, games: int, window: float) -> None:
    """Play the first move of ``games`` ordinary games; print its cost beside a window's."""
    took: list[float] = []
    for number in range(games):
        white = User(50_000_000 + number, f"white{number}")
        black = User(60_000_000 + number, f"black{number}")
        created = await service.challenges.challenge(white, PLACE, black, color="white", days=1)
        started = await service.challenges.accept_challenge(black, created.challenge.id)
        start = time.perf_counter()
        await service.play.move(white, PLACE, MOVES[number % len(MOVES)], game_id=started.game.id)
        took.append(time.perf_counter() - start)
    median = statistics.median(took)
    print(f"{games} ordinary first moves (play.move): {_spread(took)}; "
          f"a vote window's close costs {window / median:.1f}x an ordinary move")  # fmt: skip


def _spread(took: list[float]) -> str:
    """Median and p99 of ``took`` (seconds) in milliseconds."""
    ordered = sorted(took)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"median {statistics.median(took) * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--voters", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    asyncio.run(run(arguments.games, arguments.voters, arguments.seed))


if __name__ == "__main__":
    main()
