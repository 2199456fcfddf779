"""Engine figures: each level's reply time and its rating, for chess and xiangqi.

``python benchmarks/engine.py [--only reply,fairness,calibrate] [--variants chess,xiangqi]``

- ``reply``: the time the pool takes to answer at each level (the level's own think time as
  the budget), over ``--positions`` positions from games of random moves; median and p99.
- ``computer``: the time from a human's move to the computer's reply through the service
  and the background queue (what a player waits), per level; median and p99.
- ``fairness``: one player's 50 searches queued at once, then another player's one: the
  pool serves waiting players in turn, so the second is answered after about one search.
- ``calibrate``: a short match per level against the same engine held at fixed ``UCI_Elo``
  steps (``UCI_LimitStrength``), both sides thinking the level's own time: ``--rounds``
  rounds of ``--games`` games, colours alternating, each round's anchor moved ``--step`` up
  after a score over 70 % and down under 30 % (within ``--anchors``, the engine's range), the
  next level starting at the last one's rating. A game ends by the rules, at ``--max-plies``
  (a draw), or when the last two moves' scores agree one side is ahead by ``--adjudicate``
  centipawns or a mate (a win). Prints each round and the rating that best explains all the
  level's games (maximum likelihood under the Elo model); a level that wins or loses every
  game is only bounded.

- ``analysis``: ``/analyse`` of 40-move games through the service (``--analyses`` per
  variant; see ``benchmarks/engine_analysis.py``).

Other figures (computer replies through the service) are further sections:
add a coroutine taking the parsed arguments to ``SECTIONS``.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine_analysis import analysis  # the analysis section, in its own file

from bot.engine.api import Budget, SearchRequest
from bot.engine.coordinates import from_engine, read_move, to_engine
from bot.engine.levels import LEVELS, Level, apply_level, blend, level, limit_elo
from bot.engine.pool import EnginePool
from bot.engine.programs import engine_command, locate
from bot.engine.uci import UciEngine, go_command
from bot.service import GameService, MovePlayed, Place, User, system_clock
from bot.service.computer_queue import ReplyQueue
from bot.store import Store
from rules import Color, Game, get_variant


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def random_positions(variant_name: str, count: int, rng: random.Random) -> list[tuple[str, ...]]:
    """Move lists of 6–40 random plies from the start that leave the side to move a move."""
    found: list[tuple[str, ...]] = []
    while len(found) < count:
        game = Game(variant_name)
        for _ in range(rng.randint(6, 40)):
            if game.outcome() is not None:
                break
            game = game.play(rng.choice(list(game.position.legal_moves())))
        if game.outcome() is None:
            found.append(tuple(game.uci_moves()))
    return found


async def reply(args: argparse.Namespace) -> None:
    """Each level's reply time through the pool, per variant."""
    rng = random.Random(2026)
    pool = EnginePool.from_settings(None, None, args.processes)
    try:
        for name in args.variants:
            if not pool.available(name):
                print(f"{name}: no engine (apt-get install stockfish fairy-stockfish)")
                continue
            start = get_variant(name).start_fen
            positions = random_positions(name, args.positions, rng)
            # started before timing: a reply waits for a start only once per process
            await asyncio.gather(
                *(
                    pool.search(SearchRequest(name, start, (), Budget(depth=1), requester=str(i)))
                    for i in range(pool.capacity)
                )
            )
            print(f"\n{name}: reply time per level ({len(positions)} positions, ms)")
            print("level  think  median     p99")
            for number, chosen in LEVELS.items():
                samples = []
                for moves in positions:
                    request = SearchRequest(
                        name, start, moves, Budget(movetime_ms=chosen.movetime_ms), level=number
                    )
                    began = time.perf_counter()
                    await pool.search(request)
                    samples.append((time.perf_counter() - began) * 1000)
                print(
                    f"{number:>5}  {chosen.movetime_ms:>5}  {statistics.median(samples):>6.0f}"
                    f"  {percentile(samples, 0.99):>6.0f}"
                )
    finally:
        await pool.close()


@dataclass
class Player:
    """One side of a calibration game: an engine process, how it is asked to move, and
    the level whose random moves it blends in (``None``: an anchor, the engine's move)."""

    engine: UciEngine
    go: str
    level: Level | None = None


async def level_player(command: tuple[str, ...], name: str, number: int) -> Player:
    engine = await UciEngine.start(command)
    await _configure(engine, name)
    chosen = level(number)
    assert chosen is not None
    apply_level(engine, chosen)
    go = go_command(Budget(movetime_ms=chosen.movetime_ms), chosen.depth_cap)
    return Player(engine, go, chosen)


async def anchor_player(command: tuple[str, ...], name: str, elo: int, think_ms: int) -> Player:
    engine = await UciEngine.start(command)
    await _configure(engine, name)
    limit_elo(engine, elo)
    return Player(engine, go_command(Budget(movetime_ms=think_ms)))


async def _configure(engine: UciEngine, name: str) -> None:
    engine.set_option("Threads", 1)
    if "UCI_Variant" in engine.options:
        engine.set_option("UCI_Variant", name)
    await engine.ready(10)


async def play_game(
    name: str, white: Player, black: Player, args: argparse.Namespace, rng: random.Random
) -> float:
    """One game; white's result (1, ½ or 0)."""
    game = Game(name)
    fen = game.start.fen()
    moves: list[str] = []  # the engines' coordinates
    ahead: list[int] = []  # each move's score for white, in centipawns (mate: ±100,000)
    for _ in range(args.max_plies):
        outcome = game.outcome()
        if outcome is not None:
            return {Color.WHITE: 1.0, Color.BLACK: 0.0, None: 0.5}[outcome.winner]
        player = white if game.position.side_to_move is Color.WHITE else black
        for engine in (white.engine, black.engine):
            await engine.ready(10)
        answer = await player.engine.search(fen, moves, player.go, timeout=30)
        board = game.position
        legal = [board.uci(move) for move in board.legal_moves()]
        text = blend(player.level, from_engine(name, answer.best_move), legal, rng)
        game = game.play(read_move(game.position, text))
        moves.append(to_engine(name, text))
        score = answer.score
        value = 0
        if score is not None:
            value = (
                score.centipawns
                if score.centipawns is not None
                else (100_000 if (score.mate or 0) > 0 else -100_000)
            )
        ahead.append(value if player is white else -value)
        last, before = ahead[-1], ahead[-2] if len(ahead) > 1 else 0
        if min(abs(last), abs(before)) >= args.adjudicate and (last > 0) == (before > 0):
            return 1.0 if last > 0 else 0.0
    return 0.5


def rating(results: list[tuple[int, float]]) -> tuple[float | None, str]:
    """The Elo that best explains ``(anchor, score)`` results (maximum likelihood, bisection);
    ``None`` with a bound when the level won or lost everything."""
    total = sum(score for _, score in results)
    if total == 0:
        return None, f"< {min(a for a, _ in results)}"
    if total == len(results):
        return None, f"> {max(a for a, _ in results)}"

    def excess(r: float) -> float:  # actual minus expected score: decreasing in r
        return sum(s - 1 / (1 + 10 ** ((a - r) / 400)) for a, s in results)

    low, high = -1000.0, 5000.0
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if excess(middle) > 0 else (low, middle)
    # the standard error from the likelihood's curvature (Fisher information) at the estimate
    slope = math.log(10) / 400
    information = sum(
        slope**2 * p * (1 - p) for p in (1 / (1 + 10 ** ((a - low) / 400)) for a, _ in results)
    )
    return low, f"{low:.0f} ± {1 / math.sqrt(information):.0f}"


@dataclass(frozen=True)
class Opponent:
    """Whom a level plays in a calibration round: the engine at ``UCI_Elo`` ``rating``, or
    (``level`` set) a level measured earlier in the run, standing at its estimate."""

    rating: int
    level: int | None = None

    def __str__(self) -> str:
        return f"{self.rating}" if self.level is None else f"L{self.level}@{self.rating}"


async def match_game(
    command: tuple[str, ...],
    name: str,
    number: int,
    opponent: Opponent,
    index: int,
    args: argparse.Namespace,
    limit: asyncio.Semaphore,
) -> tuple[int, float]:
    """One game of level ``number`` against ``opponent`` (white on even indexes); the
    opponent's rating and the level's score."""
    async with limit:
        rng = random.Random(f"{name} {number} {opponent} {index} {args.seed}")
        mine = await level_player(command, name, number)
        if opponent.level is None:
            think = LEVELS[number].movetime_ms  # the same time for both: no time odds
            theirs = await anchor_player(command, name, opponent.rating, think)
        else:
            theirs = await level_player(command, name, opponent.level)
        try:
            if index % 2 == 0:
                return opponent.rating, await play_game(name, mine, theirs, args, rng)
            return opponent.rating, 1.0 - await play_game(name, theirs, mine, args, rng)
        finally:
            await mine.engine.close()
            await theirs.engine.close()


def ladder(args: argparse.Namespace, measured: dict[int, float]) -> list[Opponent]:
    """The opponents, weakest first: levels measured earlier in the run whose estimate is
    below the lowest ``UCI_Elo`` (the only yardstick down there), then the ``UCI_Elo``
    steps."""
    low, high = args.anchors[0], args.anchors[-1]
    below = sorted(
        (Opponent(round(estimate), number) for number, estimate in measured.items()),
        key=lambda opponent: opponent.rating,
    )
    return [o for o in below if o.rating < low] + [
        Opponent(elo) for elo in range(low, high + 1, args.step)
    ]


def nearest(opponents: list[Opponent], rating: float) -> int:
    return min(range(len(opponents)), key=lambda i: abs(opponents[i].rating - rating))


async def calibrate(args: argparse.Namespace) -> None:
    """Each level's match against the anchors, per variant. A level too weak for the
    lowest ``UCI_Elo`` plays a level measured before it in the run (run the levels from
    the top down, ``--levels 4,3,2,1``, to rate the weakest this way)."""
    for name in args.variants:
        command = locate(engine_command(name, None))
        if command is None:
            print(f"{name}: no engine")
            continue
        print(
            f"\n{name}: each level against {command[0]} with UCI_LimitStrength (or a level "
            f"rated before it), {args.rounds} rounds of {args.games} games, both sides "
            "thinking the level's time"
        )
        print("level  opponent: score ...                                rating  (games)")
        limit = asyncio.Semaphore(args.processes)
        measured: dict[int, float] = {}
        start = float(args.first_anchor or args.anchors[0])
        for number in args.levels:
            opponents = ladder(args, measured)
            at = nearest(opponents, start)
            results: list[tuple[int, float]] = []
            rounds = []
            for _ in range(args.rounds):
                opponent = opponents[at]
                played = await asyncio.gather(
                    *(
                        match_game(command, name, number, opponent, i, args, limit)
                        for i in range(args.games)
                    )
                )
                results += played
                score = sum(s for _, s in played)
                rounds.append(f"{opponent}: {score:g}/{len(played)}")
                # the next round where it tells most: the opponent this level is nearest to
                if score > 0.7 * len(played):
                    at = min(len(opponents) - 1, at + 1)
                elif score < 0.3 * len(played):
                    at = max(0, at - 1)
            estimate, text = rating(results)
            print(f"{number:>5}  {', '.join(rounds):<48}  {text:>10}  ({len(results)})", flush=True)
            if estimate is not None:
                measured[number] = estimate
                start = estimate


async def computer(args: argparse.Namespace) -> None:
    """Time from a human's move to the computer's reply, at each level, through the bot's
    own path: the move (the service's answer) wakes the background queue, which reads the
    waiting game, asks the engine pool and plays the reply through the service, as a move
    of a person's would be. The human plays random legal moves; a finished game is replaced
    by a new one (untimed, in a throwaway database)."""
    pool = EnginePool.from_settings(None, None, args.processes)
    try:
        for name in args.variants:
            if not pool.available(name):
                print(f"{name}: no engine (apt-get install stockfish fairy-stockfish)")
                continue
            print(f"\n{name}: human move to computer reply, per level ({args.positions} moves, ms)")
            print("level  think  median     p99")
            times = await computer_reply_times(pool, name, list(LEVELS), args.positions)
            for number, samples in times.items():
                print(
                    f"{number:>5}  {LEVELS[number].movetime_ms:>5}"
                    f"  {statistics.median(samples) * 1000:>6.0f}"
                    f"  {percentile(samples, 0.99) * 1000:>6.0f}",
                    flush=True,
                )
    finally:
        await pool.close()


async def fairness(args: argparse.Namespace) -> None:
    """One player's 50 searches queued, then another's one: how long each waits."""
    rng = random.Random(7)
    pool = EnginePool.from_settings(None, None, args.processes)
    try:
        name = "chess"
        if not pool.available(name):
            print("chess: no engine")
            return
        start = get_variant(name).start_fen
        positions = random_positions(name, 51, rng)
        budget = Budget(movetime_ms=100)

        async def timed(moves: tuple[str, ...], requester: str) -> float:
            began = time.perf_counter()
            await pool.search(SearchRequest(name, start, moves, budget, requester=requester))
            return (time.perf_counter() - began) * 1000

        await timed(positions[0], "warm-up")
        many = [asyncio.create_task(timed(moves, "many")) for moves in positions[:50]]
        await asyncio.sleep(0)
        other = await timed(positions[50], "other")
        waits = await asyncio.gather(*many)
        print(
            f"\nfairness ({pool.capacity} processes, 100 ms searches): one player's 50 queued "
            f"searches took {max(waits) / 1000:.1f} s in all; another player's one, asked "
            f"after them, was answered in {other:.0f} ms"
        )
    finally:
        await pool.close()


async def computer_reply_times(
    engines: EnginePool, variant: str, levels: list[int], replies: int, seed: int = 1
) -> dict[int, list[float]]:
    """Seconds from each human move (the service's answer) to the computer's reply written,
    ``replies`` times per level."""
    rng = random.Random(seed)
    human, place = User(1, "human"), Place(guild_id=1, channel_id=1)
    times: dict[int, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db", synchronous="NORMAL")
        service = GameService(store, engines=engines)
        service.computer.introduce(User(2, "Postal", is_bot=True))
        answered: dict[int, asyncio.Future[MovePlayed]] = {}

        def on_reply(played: MovePlayed) -> None:
            waiting = answered.pop(played.game.id, None)
            if waiting is not None and not waiting.done():
                waiting.set_result(played)

        queue = ReplyQueue(service.computer, system_clock, capacity=1, on_reply=on_reply)
        queue.start()
        try:
            for number in levels:
                samples = times.setdefault(number, [])
                game_id: int | None = None
                while len(samples) < replies:
                    if game_id is None:
                        started = await service.computer.challenge(
                            human, place, level=number, game=variant, color="white", days=None
                        )
                        game_id = started.game.id
                    record = await store.games.get(game_id)
                    assert record is not None
                    position = get_variant(variant).from_fen(record.fen)
                    move = position.uci(rng.choice(list(position.legal_moves())))
                    reply = asyncio.get_running_loop().create_future()
                    answered[game_id] = reply
                    began = time.perf_counter()
                    played = await service.play.move(human, place, move, game_id=game_id)
                    assert isinstance(played, MovePlayed)
                    if played.ending is not None:
                        answered.pop(game_id, None)
                        game_id = None
                        continue
                    queue.wake()
                    answer = await asyncio.wait_for(reply, 60)
                    samples.append(time.perf_counter() - began)
                    if answer.ending is not None:
                        game_id = None
        finally:
            await queue.stop()
            await store.close()
    return times


SECTIONS: dict[str, Callable[[argparse.Namespace], Awaitable[None]]] = {
    "reply": reply,
    "fairness": fairness,
    "calibrate": calibrate,
    "computer": computer,
    "analysis": analysis,
}


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--only", default=",".join(SECTIONS), help="sections, comma-separated")
    parser.add_argument("--variants", default="chess,xiangqi")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--analyses", type=int, default=2, help="40-move games analysed")
    parser.add_argument("--games", type=int, default=4, help="games per calibration round")
    parser.add_argument("--rounds", type=int, default=4, help="calibration rounds per level")
    parser.add_argument("--step", type=int, default=250, help="anchor step between rounds")
    parser.add_argument(
        "--anchors", default="1350,2850", help="lowest and highest UCI_Elo (the engines' range)"
    )
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026, help="the random moves' seed")
    parser.add_argument("--levels", default=",".join(map(str, LEVELS)), help="levels to calibrate")
    parser.add_argument(
        "--first-anchor", type=int, default=0, help="rating to start the first level at"
    )
    parser.add_argument("--adjudicate", type=int, default=800)
    args = parser.parse_args()
    args.variants = args.variants.split(",")
    args.anchors = [int(elo) for elo in args.anchors.split(",")]
    args.levels = [int(number) for number in args.levels.split(",")]
    for section in args.only.split(","):
        began = time.perf_counter()
        load = os.getloadavg()[0]
        await SECTIONS[section](args)
        print(
            f"({section}: {time.perf_counter() - began:.0f} s; machine load average "
            f"{load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end, "
            f"{os.cpu_count()} cores)"
        )


if __name__ == "__main__":
    asyncio.run(main())
