"""End-to-end latency of /move through Discord's protocol, with many games at once.

Starts the loopback fake Discord (tests/fakediscord/) in this process and the real bot as
``python -m bot`` in a subprocess pointed at it, sets up ``--games`` games (challenge, Accept,
a thread each), then plays ``--plies`` moves in every game concurrently: each game's player
to move sends ``/move`` after a random think time (uniform 0..2×``--think-ms``; 0 sends every
move the moment the previous reply arrives). It prints the median and 99th percentile, from
dispatching the INTERACTION_CREATE to the bot's acknowledgement, and to its final public
reply carrying the board PNG, and the CPU time the bot process spent per move (Linux).

    python benchmarks/discord_e2e.py [--games 200] [--plies 8] [--think-ms 2500]
                                     [--reminders 1000] [--faults 0.1] [--rate-limit 25]
                                     [--profile FILE] [--baseline CHECKOUT] [--rounds N]

``--profile FILE`` samples the bot while the moves are played with py-spy (``pip install
py-spy``; collapsed stacks, one per line with its count, as flame-graph tools read them).
``--baseline CHECKOUT`` measures the bot of another checkout of Postal first (the code
before a change), then this one, in the same run, so both meet the same machine;
``--rounds N`` alternates the two N times (a shared machine's load changes by the minute).

Then it drains a burst: ``--reminders`` games whose reminders are all due, a fresh bot
started on them with ``DISCORD_RATE_LIMIT=--rate-limit``, and ``--faults`` of the bot's
channel and DM calls failing (5xx, 429 per route and global, reset connections). It prints
the reminders lost and doubled (both must be 0), the most requests the fake saw in any one
second, the time from the bot being connected to the last reminder, and the CPU the bot
spent meanwhile (Linux).

The default think time (a move 0-5 s after the opponent's, in all 200 games at once: about 45
moves a second) is far busier than correspondence play; lower ``--think-ms`` to find where
one bot process saturates.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import shutil
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.discord.burst import reminders_by_game, seed_due_reminders  # noqa: E402
from tests.discord.live import (  # noqa: E402
    OPENING,
    STEP_TIMEOUT,
    Table,
    set_up_games,
    start_bot,
)
from tests.fakediscord import (  # noqa: E402
    DEFERRED_CHANNEL_MESSAGE,
    EPHEMERAL,
    Call,
    FakeDiscord,
    Faults,
    RouteLimit,
)


@dataclass
class Sample:
    autocomplete_ms: float
    ack_ms: float
    final_ms: float
    # How the move was acknowledged: "direct" (the answer itself), "public" or "private"
    # ("thinking…" first, the outcome then known to be public, or not yet known).
    ack_kind: str


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system, all threads) the process ``pid`` used so far; None where
    ``/proc`` is not there. Less noisy than latency on a shared machine: it counts only the
    bot's own work, not the time it waited for a core."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes), as ``/proc/loadavg`` has them."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile by nearest rank."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


async def play_game(
    fake: FakeDiscord, table: Table, plies: int, think_ms: float, samples: list[Sample]
) -> None:
    players = [table.white, table.black]
    for ply in range(plies):
        if think_ms > 0:
            await asyncio.sleep(random.uniform(0, 2 * think_ms) / 1000)
        player, move = players[ply % 2], OPENING[ply % len(OPENING)]
        # What Discord sends while the player types: autocomplete for the first letter.
        typing = await fake.autocomplete(
            player, "move", "move", {"move": move[0]}, channel=table.thread
        )
        if move not in [choice["value"] for choice in typing.choices]:
            raise SystemExit(f"autocomplete for {move[0]!r} did not offer {move}")
        assert typing.ack is not None
        interaction = await fake.slash(player, "move", {"move": move}, channel=table.thread)
        await asyncio.wait_for(interaction.answered.wait(), STEP_TIMEOUT)
        assert interaction.ack is not None and interaction.answered_seconds is not None
        reply = interaction.reply()
        if reply.ephemeral or not reply.files:
            raise SystemExit(f"move {ply} in {table.thread.name} failed: {reply.text()}")
        ack = interaction.ack
        deferred = ack.type == DEFERRED_CHANNEL_MESSAGE
        private = bool(ack.data.get("flags", 0) & EPHEMERAL)
        kind = "private" if deferred and private else "public" if deferred else "direct"
        samples.append(
            Sample(
                typing.ack.seconds * 1000,
                ack.seconds * 1000,
                interaction.answered_seconds * 1000,
                kind,
            )
        )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--plies", type=int, default=8, help=f"at most {len(OPENING)}")
    parser.add_argument("--think-ms", type=float, default=2500.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reminders", type=int, default=1000, help="0 skips the burst")
    parser.add_argument("--faults", type=float, default=0.0, help="fraction failing (burst)")
    parser.add_argument("--rate-limit", type=float, default=25.0, help="DISCORD_RATE_LIMIT")
    parser.add_argument("--profile", type=Path, help="py-spy's collapsed stacks of the bot")
    parser.add_argument("--baseline", type=Path, help="a checkout to measure first")
    parser.add_argument(
        "--rounds", type=int, default=1, help="measure (baseline, this) this many times"
    )
    args = parser.parse_args()
    if args.profile is not None and shutil.which("py-spy") is None:
        parser.error("--profile needs py-spy on PATH (pip install py-spy)")
    if args.baseline is not None and not (args.baseline / "bot" / "__main__.py").is_file():
        parser.error(f"{args.baseline} is not a checkout of Postal (no bot/__main__.py)")
    plies = min(args.plies, len(OPENING))
    for round_ in range(1, args.rounds + 1 if args.games > 0 else 1):
        if args.baseline is not None:
            print(f"== round {round_}, baseline: {args.baseline} (load {load()})")
            random.seed(args.seed)
            await measure_latency(args.games, plies, args.think_ms, root=args.baseline)
            print(f"== round {round_}, this checkout: {ROOT} (load {load()})")
        random.seed(args.seed)
        await measure_latency(args.games, plies, args.think_ms, profile=args.profile)
    if args.games > 0:
        print(f"load at the end: {load()}")
    if args.reminders > 0:
        await drain_burst(args.reminders, args.faults, args.rate_limit, args.seed)


async def start_profiler(pid: int, output: Path) -> asyncio.subprocess.Process:
    """py-spy sampling process ``pid`` into ``output`` as collapsed stacks, until it gets
    SIGINT: only the thread holding the GIL, so the samples are where the bot's Python
    work goes (what keeps its event loop busy), not where its threads wait."""
    return await asyncio.create_subprocess_exec(
        "py-spy", "record", "--pid", str(pid), "--format", "raw", "--rate", "200", "--gil",
        "--output", str(output), "--nonblocking",
        stdout=asyncio.subprocess.DEVNULL,
    )  # fmt: skip


def request_kinds(calls: list[Call]) -> Counter[str]:
    """The bot's REST calls by what they did (acknowledgements and answers go to the
    interaction's callback or webhook; the rest counts toward the global limit)."""
    kinds: Counter[str] = Counter()
    for call in calls:
        if "/callback" in call.path:
            kinds["callback"] += 1
        elif call.path.startswith("/api/v10/webhooks/"):
            kinds["webhook " + call.method] += 1
        elif "/messages/" in call.path and call.method in ("GET", "PATCH"):
            kinds["old board " + call.method] += 1
        else:
            kinds["other"] += 1
    return kinds


def old_boards_with_buttons(fake: FakeDiscord, tables: list[Table]) -> tuple[int, int, int]:
    """Of the games' board messages but each game's newest: how many still carry buttons;
    how many of those are the board just before a game's newest (the one players see
    above the live board, and the one the retirer edits); and how many old boards there
    are."""
    kept = previous = total = 0
    for table in tables:
        boards = [m for m in fake.channel_messages(table.thread.id) if m.files]
        total += max(0, len(boards) - 1)
        kept += sum(1 for m in boards[:-1] if m.buttons())
        previous += 1 if len(boards) > 1 and boards[-2].buttons() else 0
    return kept, previous, total


async def measure_latency(
    games: int, plies: int, think_ms: float, *, root: Path | None = None,
    profile: Path | None = None,
) -> None:  # fmt: skip
    """Play ``plies`` moves in ``games`` games at once; print acknowledgement and reply times.
    ``root``: the checkout whose bot to run (default: this one); ``profile``: where to write
    py-spy's samples of the bot while the moves are played."""
    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "postal.db"
        if root is None:
            bot = await start_bot(fake, database)
        else:  # the other checkout's bot, with this checkout's fake Discord
            bot = await start_bot(fake, database, PYTHONPATH=str(root.resolve()))
        profiler = None
        try:
            started = time.perf_counter()
            tables = await set_up_games(fake, games)
            setup = time.perf_counter() - started

            samples: list[Sample] = []
            if profile is not None:
                profiler = await start_profiler(bot.pid, profile)
            cpu_before = cpu_seconds(bot.pid)
            calls_before = len(fake.calls)
            started = time.perf_counter()
            await asyncio.gather(
                *(play_game(fake, table, plies, think_ms, samples) for table in tables)
            )
            elapsed = time.perf_counter() - started
            cpu_after = cpu_seconds(bot.pid)
            calls = fake.calls[calls_before:]
            kept, previous, old_boards = old_boards_with_buttons(fake, tables)
            await asyncio.sleep(10.0)
            kept_later, previous_later, _ = old_boards_with_buttons(fake, tables)
        finally:
            if profiler is not None:
                profiler.send_signal(signal.SIGINT)
                await profiler.wait()
            bot.terminate()
            await bot.wait()
    await fake.stop()
    completions = [s.autocomplete_ms for s in samples]
    acks = [s.ack_ms for s in samples]
    finals = [s.final_ms for s in samples]
    print(f"games: {len(tables)} concurrent (set up in {setup:.1f} s), moves: {len(samples)}")
    print(f"think time: uniform 0..{2 * think_ms:.0f} ms between a reply and the next move")
    print(
        f"move autocomplete -> choices: median {statistics.median(completions):.1f} ms, "
        f"p99 {percentile(completions, 0.99):.1f} ms"
    )
    print(
        f"/move -> acknowledgement: median {statistics.median(acks):.1f} ms, "
        f"p99 {percentile(acks, 0.99):.1f} ms, max {max(acks):.1f} ms"
    )
    print(
        f"/move -> final reply with board PNG: median {statistics.median(finals):.1f} ms, "
        f"p99 {percentile(finals, 0.99):.1f} ms, max {max(finals):.1f} ms"
    )
    kinds = Counter(s.ack_kind for s in samples)
    print(
        f"acknowledged with the answer: {kinds['direct']}, deferred publicly: "
        f"{kinds['public']}, deferred privately: {kinds['private']}"
    )
    print(f"throughput: {len(samples) / elapsed:.1f} moves/s over {elapsed:.1f} s")
    kinds = request_kinds(calls)
    print(
        f"bot requests while moving: {len(calls) / len(samples):.2f} a move ("
        + ", ".join(f"{kind} {n}" for kind, n in sorted(kinds.items()))
        + ")"
    )
    if cpu_before is not None and cpu_after is not None:
        used = cpu_after - cpu_before
        print(
            f"bot CPU: {used:.1f} s for {len(samples)} moves and their autocompletes "
            f"({1000 * used / len(samples):.1f} ms a move)"
        )
    print(
        f"old boards with buttons when the last move was answered: {kept} of {old_boards} "
        f"({previous} of them the one above a game's live board); 10 s later: {kept_later} "
        f"({previous_later})"
    )
    if fake.violations:
        print(f"Discord rule violations: {fake.violations}")


async def drain_burst(count: int, faults: float, rate_limit: float, seed: int) -> None:
    """Start a bot on ``count`` due reminders with ``faults`` failing; print what arrived."""
    fake = FakeDiscord()
    # A rate above Discord's 50 a second is that of a bot whose global limit Discord raised.
    fake.global_limit = RouteLimit(max(fake.global_limit.limit, math.ceil(rate_limit)), 1.0)
    await fake.start()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "postal.db"
        await seed_due_reminders(fake, database, count)
        if faults > 0:
            fake.faults = Faults(faults, seed=seed)
        bot = await start_bot(
            fake, database, DISCORD_RATE_LIMIT=f"{rate_limit:g}", LOG_LEVEL="ERROR"
        )
        connected = time.perf_counter()
        cpu_before = cpu_seconds(bot.pid)
        try:
            # len(messages) is cheap; the fake checks it after every call.
            await fake.wait_until(lambda: len(fake.messages) >= count, 30 + 3 * count)
            drained = time.perf_counter() - connected
            cpu_after = cpu_seconds(bot.pid)
            await asyncio.sleep(2.0)  # anything doubled would arrive now
        finally:
            bot.terminate()
            await bot.wait()
    await fake.stop()
    sent = reminders_by_game(fake)
    failed = [c for c in fake.calls if c.fault is not None]
    print(
        f"burst: {count} reminders due at once, DISCORD_RATE_LIMIT {rate_limit:g}/s, "
        f"{faults:.0%} of channel/DM calls failing ({len(failed)} failed calls)"
    )
    print(
        f"lost: {count - len(sent)}, doubled: {sum(n - 1 for n in sent.values())}, "
        f"nonce repeats answered with the first message: {fake.nonce_repeats}"
    )
    print(
        f"highest request rate in any one second: {fake.max_rate()}; "
        f"drained in {drained:.1f} s ({count / drained:.1f} reminders/s)"
    )
    if cpu_before is not None and cpu_after is not None:
        # The clock's hand-over and the sender's rounds: what each delivered row cost.
        used = cpu_after - cpu_before
        print(f"bot CPU while draining: {used:.1f} s ({1000 * used / count:.2f} ms a reminder)")


if __name__ == "__main__":
    asyncio.run(main())
