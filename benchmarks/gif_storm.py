"""A GIF storm: another player's ``/board`` while many GIFs of a long game are asked at once.

Starts the loopback fake Discord in this process and the real bot as ``python -m bot``, sets
up two games, stops the bot to give the first one ``--plies`` stored plies (a legal chess
game kept going, as ``benchmarks/long_game.py`` makes it), starts it again, then has
``--gifs`` spectators ask for that game's GIF at once, each with a frame time of their own
(so none is served from the cache or shares another's drawing: the worst case), while the
second game's player asks for ``/board`` again and again until every GIF request is answered.
Prints the ``/board`` answer times (median, p99, max), what the GIF requests got (drawn,
refused, how long the last took) and the bot process's memory (VmRSS before, VmHWM peak).

    python benchmarks/gif_storm.py [--gifs 40] [--plies 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "benchmarks"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from long_game import chess_line, percentile, store_moves  # noqa: E402

from tests.discord.live import STEP_TIMEOUT, Table, set_up_games, start_bot  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeInteraction  # noqa: E402


def memory_mb(pid: int, field: str) -> float:
    """``field`` (VmRSS, VmHWM) of process ``pid`` in MB, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise LookupError(field)


async def board_times(
    fake: FakeDiscord, table: Table, until: asyncio.Event, count: int | None = None
) -> list[float]:
    """``/board`` by ``table``'s white player, one after another, until ``until`` is set
    (or ``count`` were answered)."""
    times: list[float] = []
    while not until.is_set() and (count is None or len(times) < count):
        began = time.perf_counter()
        asked = await fake.slash(table.white, "board", {}, channel=table.thread)
        await fake.reply(asked, STEP_TIMEOUT)
        times.append(time.perf_counter() - began)
        await asyncio.sleep(0.05)
    return times


def settled(interaction: FakeInteraction) -> bool:
    """Whether a GIF request got its GIF or a refusal (not only "queued")."""
    if not interaction.messages():
        return False
    reply = interaction.reply()
    return bool(reply.files) or "queue:" not in reply.text()


async def storm(gifs: int, plies: int) -> None:
    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "postal.db"
        bot = await start_bot(fake, database)
        long_table, other = await set_up_games(fake, 2)
        bot.send_signal(signal.SIGTERM)
        await bot.wait()
        store_moves(database, 1, "chess", chess_line(plies, random.Random(1)))
        bot = await start_bot(fake, database)
        before = memory_mb(bot.pid, "VmRSS")
        quiet = await board_times(fake, other, asyncio.Event(), count=20)
        spectators = [fake.add_user(f"spectator{n}") for n in range(gifs)]
        began = time.perf_counter()
        asked = await asyncio.gather(
            *(
                fake.slash(user, "gif", {"frame_ms": 200 + n}, channel=long_table.thread)
                for n, user in enumerate(spectators)
            )
        )
        done = asyncio.Event()
        boards = asyncio.create_task(board_times(fake, other, done))
        await fake.wait_until(lambda: all(settled(i) for i in asked), 3600)
        last = time.perf_counter() - began
        done.set()
        during = await boards
        peak = memory_mb(bot.pid, "VmHWM")
        drawn = sum(1 for i in asked if i.reply().files)
        bot.send_signal(signal.SIGTERM)
        await bot.wait()
    await fake.stop()
    print(f"{gifs} GIFs of a {plies}-ply chess game asked at once")
    print(f"  drawn {drawn}, refused {gifs - drawn}; the last answered after {last:.1f} s")
    for name, times in (("quiet", quiet), ("during the storm", during)):
        median, p99 = statistics.median(times) * 1000, percentile(times, 0.99) * 1000
        print(
            f"  /board {name} ({len(times)} asked): median {median:.0f} ms, "
            f"p99 {p99:.0f} ms, max {max(times) * 1000:.0f} ms"
        )
    print(f"  bot memory: {before:.0f} MB before, {peak:.0f} MB peak (VmHWM)")
    if fake.violations:
        print(f"  Discord rule violations: {fake.violations}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gifs", type=int, default=40)
    parser.add_argument("--plies", type=int, default=1000)
    args = parser.parse_args()
    asyncio.run(storm(args.gifs, args.plies))


if __name__ == "__main__":
    main()
