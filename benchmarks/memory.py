"""Resident memory per active game: ``python benchmarks/memory.py [--games 1000 10000]``.

For each number of games, in a fresh process: the games are challenged and accepted through
``GameService``, each is given ``--plies`` stored plies (a random game, chess and xiangqi
alternating, written straight into the SQLite file as a long-running bot would have them),
then every game gets one more move through the service — so each is replayed from the file
and cached exactly as after a restart. Prints the resident set size (VmRSS from
/proc/self/status) before and after, per game, and the replay cache's entries and estimate;
with the default cache budget, and for the smallest number also with no bound, to show
what one cached game weighs.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules
from bot.service import GameService, Place, User
from bot.service.replays import DEFAULT_BUDGET_BYTES
from bot.store import Store

UNBOUNDED = 1 << 60
LINES = 20  # distinct random games, shared out among the games


def rss_bytes() -> int:
    """The process's resident set size."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def random_line(variant: str, plies: int, rng: random.Random) -> list[str]:
    """``plies`` random legal moves that no rule ends."""
    game = rules.Game(variant)
    ucis: list[str] = []
    while len(ucis) < plies:
        moves = list(game.position.legal_moves())
        rng.shuffle(moves)
        for move in moves:
            after = game.play(move)
            if after.outcome() is None:
                break
        else:
            return random_line(variant, plies, rng)  # a dead end: start again
        ucis.append(game.position.uci(move))
        game = after
    return ucis


async def measure(games: int, plies: int, budget: int) -> dict[str, float]:
    rng = random.Random(5)
    lines = {
        variant: [random_line(variant, plies + 1, rng) for _ in range(LINES)]
        for variant in ("chess", "xiangqi")
    }
    gc.collect()
    before = rss_bytes()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.db"
        store = await Store.open(path, synchronous="NORMAL")  # setting up, not timing
        service = GameService(store, replay_cache_bytes=budget)
        try:
            started = []
            for number in range(games):
                white, black = (
                    User(100_000 + number, f"w{number}"),
                    User(200_000 + number, f"b{number}"),
                )
                variant = "xiangqi" if number % 2 else "chess"
                place = Place(guild_id=1, channel_id=1_000 + number // 20)
                made = await service.challenges.challenge(
                    white, place, black, game=variant, color="white"
                )
                game = await service.challenges.accept_challenge(black, made.challenge.id)
                started.append(
                    (game.game.id, variant, white, black, lines[variant][number % LINES])
                )
            with sqlite3.connect(path) as conn:
                for game_id, variant, _, _, line in started:
                    stored = rules.Game.replay(variant, None, line[:plies])
                    conn.executemany(
                        "INSERT INTO moves (game_id, ply, uci, san, played_at, version) "
                        "VALUES (?, ?, ?, ?, 0, ?)",
                        [(game_id, n, uci, uci, n) for n, uci in enumerate(line[:plies], 1)],
                    )
                    conn.execute(
                        "UPDATE games SET ply = ?, fen = ?, version = ?, to_move_id = "
                        "CASE WHEN ? THEN white_id ELSE black_id END WHERE id = ?",
                        (plies, stored.position.fen(), plies + 10, plies % 2 == 0, game_id),
                    )
            for game_id, _, white, black, line in started:
                mover = white if plies % 2 == 0 else black
                await service.play.move(mover, None, line[plies], game_id=game_id)
            gc.collect()
            after = rss_bytes()
            cache = service.core._replays
            return {
                "games": games,
                "rss_before": before,
                "rss_after": after,
                "cached": len(cache),
                "estimate": cache.size,
            }
        finally:
            await store.close()


def run_child(games: int, plies: int, budget: int) -> dict[str, float]:
    output = subprocess.run(
        [sys.executable, __file__, "--child", str(games), str(plies), str(budget)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, float] = json.loads(output.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--plies", type=int, default=80)
    parser.add_argument("--child", type=int, nargs=3, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        games, plies, budget = arguments.child
        print(json.dumps(asyncio.run(measure(games, plies, budget))))
        return
    mb = 1024 * 1024
    print(f"{arguments.plies}-ply games, half chess, half xiangqi, each replayed and cached:")
    runs = [(min(arguments.games), "no bound", UNBOUNDED)]
    runs += [(games, "default budget", DEFAULT_BUDGET_BYTES) for games in arguments.games]
    for games, name, budget in runs:
        found = run_child(games, arguments.plies, budget)
        grown = found["rss_after"] - found["rss_before"]
        print(
            f"  {games:>6} games, {name:14}: RSS {found['rss_after'] / mb:7.1f} MB "
            f"(+{grown / mb:6.1f} MB, {grown / games / 1024:5.1f} KB/game); "
            f"{found['cached']:.0f} cached, estimated {found['estimate'] / mb:.1f} MB",
            flush=True,
        )


if __name__ == "__main__":
    main()
