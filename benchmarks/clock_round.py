"""What a scheduler round costs with players' own reminders and digests.

``python benchmarks/clock_round.py [--games 1000] [--players 200] [--rounds 50]`` builds a
database of ``--games`` active games (3 days per move), gives half of the players their own
reminder hours, quiet hours in a time zone and a daily digest, then times what the deadline
scheduler asks after every change: ``next_wakeup`` (the soonest deadline, reminder or digest),
``due_reminders`` at a moment when many are due, and ``hand_over_digests`` for every player at
once. Prints the median and 99th percentile of each.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service import GameService, ManualClock, Place, User
from bot.store import Store

PLACE = Place(guild_id=1, channel_id=1)
ZONES = ("Europe/Paris", "America/New_York", "Asia/Shanghai", "UTC")


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def timed(rounds: int, work: Callable[[], Awaitable[object]]) -> list[float]:
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        await work()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument(
        "--plain", action="store_true", help="no player chooses anything (runs on older code)"
    )
    args = parser.parse_args()
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "clock.db", synchronous="NORMAL")
        clock = ManualClock()
        service = GameService(store, clock)
        players = [User(10_000 + n, f"player{n}") for n in range(args.players)]
        for number, player in enumerate(players):
            if number % 2 and not args.plain:
                await service.preferences.settings(
                    player,
                    reminders=rng.choice(("48, 6", "12", "24, 1", "none")),
                    timezone=rng.choice(ZONES),
                    quiet="23:00-07:00",
                    digest="08:00",
                )
        for _ in range(args.games):
            white, black = rng.sample(players, 2)
            created = await service.challenges.challenge(white, PLACE, black, color="white", days=3)
            await service.challenges.accept_challenge(black, created.challenge.id)
            clock.advance(minutes=rng.randrange(0, 5))
        wakeup = await timed(args.rounds, service.deadlines.next_wakeup)
        clock.advance(days=2, hours=12)  # many 24 h and 12 h reminders are due
        due = await timed(args.rounds, service.deadlines.due_reminders)
        reminders = len(await service.deadlines.due_reminders())
        clock.advance(days=1)
        started = time.perf_counter()
        digests = await service.digests.hand_over_digests() if not args.plain else []
        digest_ms = (time.perf_counter() - started) * 1000
        await store.close()
    terms = "nobody" if args.plain else "half"
    print(f"{args.games} active games, {args.players} players ({terms} with their own terms)")
    for name, samples in (("next_wakeup", wakeup), ("due_reminders", due)):
        print(
            f"{name:>14}: median {statistics.median(samples):.2f} ms, "
            f"p99 {percentile(samples, 0.99):.2f} ms"
        )
    print(f"{'':>14}  ({reminders} reminders due)")
    print(f"hand_over_digests: {len(digests)} digests written in {digest_ms:.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
