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
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.service import fresh_database
from bot.service import GameService, ManualClock, User
from bot.service.results import Place
from bot.store import OutboxKind, Store

PLACE = Place(guild_id=1, channel_id=10)
# Server B's channel, where the rival teams form (``--between-servers``).
RIVAL = Place(guild_id=2, channel_id=20)
MOVES = ("e4", "d4", "c4", "Nf3", "g3")
ROLE_BASE = 7_000_000


async def run(games: int, voters: int, seed: int, db: str, between: bool) -> None:
    randomness = random.Random(seed)
    with fresh_database(db) as url:
        store = await Store.open(url)
        clock = ManualClock()
        service = GameService(store, clock)
        try:
            print(f"{db}, {'two servers' if between else 'one server'} a game; "
                  f"load average {os.getloadavg()}")  # fmt: skip
            expected = await _open_and_vote(service, games, voters, randomness, between)
            clock.advance(hours=24)
            start, start_cpu = time.perf_counter(), time.process_time()
            closed = await service.votes.close_due_windows(limit=games)
            took, cpu = time.perf_counter() - start, time.process_time() - start_cpu
            played = {c.game_id: c.elected for c in closed}
            assert len(closed) == games, f"{len(closed)} windows closed of {games}"
            places = 2 if between else 1
            for game_id, wanted in expected.items():
                moves = await store.games.moves(game_id)
                assert len(moves) == 1 and played[game_id] == wanted, (game_id, moves)
                rows = await store.outbox.rows(game_id=game_id)
                told = [r for r in rows if r.kind is OutboxKind.VOTE_CLOSED]
                assert len({r.place_id for r in told}) == len(told) == places, (game_id, told)
            print(f"closed {len(closed)} windows in one round: {took * 1e3:.0f} ms wall, "
                  f"{cpu * 1e3:.0f} ms CPU, {took / len(closed) * 1e3:.1f} ms a window; "
                  f"every elected move played once, its close told once in each of "
                  f"{places} place(s)")  # fmt: skip
            await _ordinary_moves(service, games, took / len(closed))
        finally:
            await store.close()


async def _open_and_vote(
    service: GameService, games: int, voters: int, randomness: random.Random, between: bool
) -> dict[int, str]:
    """Open ``games`` role teams' games and cast every vote; the move each must elect."""
    took: list[float] = []
    tallies: list[float] = []
    expected: dict[int, str] = {}
    for number in range(games):
        role = ROLE_BASE + number
        captain = User(10_000 + number * 100, f"captain{number}")
        opponent = User(900_000 + number, f"opponent{number}")
        game_id, voting = await _open_game(service, number, captain, opponent, between)
        ballots: list[str] = []
        for voter in range(voters):
            member = User(captain.id + 1 + voter, f"m{number}-{voter}")
            move = randomness.choice(MOVES)
            start = time.perf_counter()
            await service.votes.vote(member, voting, move, game_id=game_id, roles=frozenset({role}))
            took.append(time.perf_counter() - start)
            ballots.append(move)
        start = time.perf_counter()
        await service.votes.tally(member, voting, game_id=game_id, roles=frozenset({role}))
        tallies.append(time.perf_counter() - start)
        counts = Counter(ballots)
        top = max(counts.values())
        # A tie goes to the earliest nomination: the first of the tied moves voted for.
        expected[game_id] = next(move for move in ballots if counts[move] == top)
    print(f"{len(took)} votes in {games} games: {_spread(took)}")
    print(f"{len(tallies)} tallies of {voters} votes: {_spread(tallies)}")
    return expected


async def _open_game(
    service: GameService, number: int, captain: User, opponent: User, between: bool
) -> tuple[int, Place]:
    """Game ``number``: the team of role ``ROLE_BASE + number`` (white, to vote first)
    against ``opponent``, who accepts; or, ``between`` servers, formed in server B by
    ``captain`` and accepting the challenge of a listed team of server A (``opponent``'s).
    Returns the game's id and the place its voting team plays from."""
    role = ROLE_BASE + number
    if not between:
        opened = await service.votes.open(
            captain, PLACE, name=f"Team {number}", role_id=role, opponent=opponent,
            color="white", days=1,
        )  # fmt: skip
        assert opened.challenge is not None
        challenge = opened.challenge.challenge.id
        started = await service.challenges.accept_challenge(opponent, challenge)
        return started.game.id, PLACE
    opened = await service.votes.open(
        opponent, PLACE, name=f"A{number}", color="black", days=1,
        rival_guild_id=RIVAL.guild_id,
    )  # fmt: skip
    assert opened.challenge is not None
    taken = await service.votes.accept(
        captain, opened.challenge.challenge.id, RIVAL, name=f"B{number}", role_id=role
    )
    assert taken.accepted is not None
    return taken.accepted.game.id, RIVAL


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
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument(
        "--between-servers", action="store_true", help="each game a team of A against one of B"
    )
    arguments = parser.parse_args()
    asyncio.run(
        run(arguments.games, arguments.voters, arguments.seed, arguments.db,
            arguments.between_servers)
    )  # fmt: skip


if __name__ == "__main__":
    main()
