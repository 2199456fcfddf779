"""SIGTERM under load: how long `python -m bot` takes to exit, and that no answered move is lost.

Starts the loopback fake Discord in this process and the real bot as ``python -m bot``,
sets up ``--games`` games, then has every game's player to move send ``/move`` after a random
think time (uniform 0..2×``--think-ms``) for ``--load-seconds``, sends SIGTERM, and keeps the
load coming until the process has exited. It prints the time from SIGTERM to exit, the exit
status, how many moves were in flight at the signal, and checks the database afterwards:
every move the bot answered is stored (lost must be 0) and ``integrity_check`` passes.

    python benchmarks/sigterm.py [--games 200] [--think-ms 1000] [--load-seconds 5]

With ``--outage 30,60,120`` it measures instead, for each outage length, the time from
SIGTERM to exit when the gateway has been down that long (the fake closes the bot's gateway
session and refuses new ones with 503, as ``FakeDiscord.gateway_outage`` does): the bot
is then waiting out discord.py's reconnect back-off, which the stop must not wait for.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.discord.live import OPENING, Table, set_up_games, start_bot  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeInteraction  # noqa: E402


async def keep_playing(
    fake: FakeDiscord,
    table: Table,
    think_ms: float,
    running: asyncio.Event,
    sent: list[tuple[int, FakeInteraction]],
) -> None:
    """Play ``table``'s opening move after move until ``running`` is cleared."""
    players = [table.white, table.black]
    for ply in range(len(OPENING)):
        await asyncio.sleep(random.uniform(0, 2 * think_ms) / 1000)
        if not running.is_set():
            return
        interaction = await fake.slash(
            players[ply % 2], "move", {"move": OPENING[ply]}, channel=table.thread
        )
        sent.append((table.thread.id, interaction))
        while running.is_set() and not interaction.answered.is_set():
            await asyncio.sleep(0.01)
        if not interaction.answered.is_set():
            return


def stored_moves(database: Path) -> tuple[int, str]:
    """(moves stored, integrity_check's first line)."""
    conn = sqlite3.connect(database)
    try:
        (count,) = conn.execute("SELECT COUNT(*) FROM moves").fetchone()
        (integrity,) = conn.execute("PRAGMA integrity_check").fetchone()
    finally:
        conn.close()
    return int(count), str(integrity)


async def stop_during_outage(outage_seconds: float) -> tuple[float, int | None, int]:
    """Start the bot, take the gateway down for ``outage_seconds``, send SIGTERM; returns
    (seconds from SIGTERM to exit, exit status, gateway connections refused meanwhile)."""
    fake = FakeDiscord()
    await fake.start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            bot = await start_bot(fake, Path(folder) / "postal.db", stderr=asyncio.subprocess.PIPE)
            # discord.py logs every failed reconnect with its traceback: read, not shown.
            drained = asyncio.create_task(bot.stderr.read() if bot.stderr else asyncio.sleep(0))
            await fake.gateway_outage()
            await asyncio.sleep(outage_seconds)
            signalled = time.perf_counter()
            bot.send_signal(signal.SIGTERM)
            status = await bot.wait()
            exit_seconds = time.perf_counter() - signalled
            await drained
    finally:
        await fake.stop()
    return exit_seconds, status, fake.gateway_refused


async def outages(lengths: list[float]) -> None:
    for length in lengths:
        seconds, status, refused = await stop_during_outage(length)
        print(
            f"gateway down {length:.0f} s ({refused} reconnects refused): "
            f"SIGTERM -> exit {seconds * 1000:.0f} ms, exit status {status}"
        )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--think-ms", type=float, default=1000.0)
    parser.add_argument("--load-seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--outage",
        type=lambda text: [float(part) for part in text.split(",")],
        help="comma-separated outage lengths in seconds: measure SIGTERM during each",
    )
    args = parser.parse_args()
    random.seed(args.seed)
    if args.outage:
        await outages(args.outage)
        return

    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "postal.db"
        bot = await start_bot(fake, database)
        tables = await set_up_games(fake, args.games)
        running = asyncio.Event()
        running.set()
        sent: list[tuple[int, FakeInteraction]] = []
        players = [
            asyncio.create_task(keep_playing(fake, table, args.think_ms, running, sent))
            for table in tables
        ]
        await asyncio.sleep(args.load_seconds)
        in_flight = sum(1 for _, i in sent if not i.answered.is_set())
        before = len(sent)
        signalled = time.perf_counter()
        bot.send_signal(signal.SIGTERM)
        status = await bot.wait()
        exit_seconds = time.perf_counter() - signalled
        running.clear()
        await asyncio.gather(*players)
        answered = [i for _, i in sent if i.answered.is_set() and not i.reply().ephemeral]
        stored, integrity = stored_moves(database)
    await fake.stop()

    print(f"games: {len(tables)}, think time uniform 0..{2 * args.think_ms:.0f} ms")
    print(f"moves sent before SIGTERM: {before} ({in_flight} in flight at the signal)")
    print(f"moves sent while stopping: {len(sent) - before}")
    print(f"SIGTERM -> exit: {exit_seconds * 1000:.0f} ms, exit status {status}")
    print(f"moves answered: {len(answered)}, stored: {stored} (setup moves: 0)")
    # Every answered move must be stored; a stored move whose answer never left is allowed.
    print(f"answered but not stored (lost): {max(0, len(answered) - stored)}")
    print(f"integrity_check: {integrity}")
    if fake.violations:
        print(f"Discord rule violations: {fake.violations}")


if __name__ == "__main__":
    asyncio.run(main())
