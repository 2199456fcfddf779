"""Two real bot processes (``SHARD_IDS=0`` and ``1`` of 2) on one database (SQLite, and
PostgreSQL where it is installed) and the sharded fake: games in servers on both shards,
each reminder posted once, and one process killed with SIGKILL while its time-out
announcements are in flight: the other posts them, once, after the dead process's claims
run out."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.store import OutboxKind, OutboxRow, OutboxState, Store
from tests.discord.harness import command, play, start_game
from tests.discord.live import bot_env
from tests.discord.shard_process import shift_clock
from tests.fakediscord import FakeChannel, FakeDiscord
from tests.processes import process_env

STEP = 60.0
GAMES_PER_SHARD = 3
DAY = 86_400.0


class Deployment:
    """Two bot processes sharing ``database`` and the clock file ``clock``."""

    def __init__(self, fake: FakeDiscord, database: str, folder: Path) -> None:
        self.fake = fake
        self.database = database  # its DATABASE_URL
        self.folder = folder
        self.clock = folder / "clock"
        self.processes: dict[int, asyncio.subprocess.Process] = {}

    async def start(self, shard: int) -> None:
        env = bot_env(self.fake, self.folder / "unused.db", SHARD_COUNT="2", SHARD_IDS=str(shard))
        del env["DEV_GUILD_ID"]  # servers on both shards use the global commands
        env["DATABASE_URL"] = self.database
        env["POSTAL_TEST_CLOCK"] = str(self.clock)
        env["POSTAL_TEST_WINDOW_SCALE"] = str(self.fake.window_scale)
        self.processes[shard] = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.discord.shard_process",
            cwd=self.folder, env=process_env(env),
        )  # fmt: skip

    def signal(self, shard: int, signum: int) -> None:
        process = self.processes[shard]
        if process.returncode is None:
            process.send_signal(signum)

    async def stop(self) -> None:
        for shard in list(self.processes):
            self.signal(shard, signal.SIGTERM)
        for process in self.processes.values():
            try:
                await asyncio.wait_for(process.wait(), STEP)
            except TimeoutError:
                process.kill()
                await process.wait()


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The processes' DATABASE_URL: an SQLite file, or a new database on the tests'
    PostgreSQL server (skipped where PostgreSQL is not installed)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'postal.db'}"
        return
    server = request.getfixturevalue("pg_server")
    url = server.new_database()
    try:
        yield url
    finally:
        server.drop_database(url)


@pytest.fixture
async def deployment(
    fake: FakeDiscord, shared_database: str, tmp_path: Path
) -> AsyncIterator[Deployment]:
    running = Deployment(fake, shared_database, tmp_path)
    shift_clock(running.clock, 0.0)
    try:
        yield running
    finally:
        await running.stop()


def posts(fake: FakeDiscord, thread: FakeChannel, words: str) -> int:
    return len([m for m in fake.channel_messages(thread.id) if words in m.text()])


async def every_thread(
    fake: FakeDiscord, threads: list[FakeChannel], words: str, timeout: float = STEP
) -> None:
    await fake.wait_until(lambda: all(posts(fake, t, words) for t in threads), timeout)


async def test_two_processes_share_the_clock_and_survive_a_kill(
    fake: FakeDiscord, deployment: Deployment
) -> None:
    """Reminders go out once with both processes running; the process of shard 0, killed
    with its time-out posts in flight, leaves them to shard 1's, which posts each once
    (in threads of both shards) when the claims of the dead one have run out."""
    servers = [fake.add_guild(f"Server {shard}", shard=(shard, 2)) for shard in (0, 1)]
    await deployment.start(0)
    await deployment.start(1)
    await fake.wait_until(lambda: fake.commands() and len(fake._sockets) == 2, STEP)
    assert fake.command_puts == ["global"]

    threads, black_names = [], []
    for server in servers:
        assert server.guild_id is not None
        for n in range(GAMES_PER_SHARD):
            white = fake.add_user(f"w{server.guild_id % 1000}{n}")
            black = fake.add_user(f"b{server.guild_id % 1000}{n}")
            thread, _ = await start_game(fake, white, black, days=3, channel=server)
            # (these bots run in their own processes: white turns Confirm moves off)
            await command(fake, white, "settings", {"confirm": "never"}, channel=thread)
            for player, move in ((white, "e4"), (black, "e5"), (white, "Nf3")):
                await play(fake, player, move, thread)  # rated from ply 2: a real time-out
            threads.append(thread)
            black_names.append(black.name)

    # 23 hours before black's deadlines: both processes look, each reminder goes out once.
    shift_clock(deployment.clock, 2 * DAY + 3600)
    for shard in (0, 1):
        deployment.signal(shard, signal.SIGUSR1)
    await every_thread(fake, threads, "Reminder")
    await asyncio.sleep(1.0)  # time for a second reminder, if one were coming
    assert all(posts(fake, t, "Reminder") == 1 for t in threads)

    # Past the deadlines, Discord slow to answer: shard 0's process ends the games, and
    # its announcements are posted but their answers have not come back when it is killed.
    fake.posting.clear()
    shift_clock(deployment.clock, 3 * DAY + 120)
    deployment.signal(0, signal.SIGUSR1)
    await fake.wait_until(lambda: fake.held_posts >= 1, STEP)
    await asyncio.sleep(0.3)  # more of its rows in flight, if it has more
    deployment.signal(0, signal.SIGKILL)
    assert await deployment.processes[0].wait() == -signal.SIGKILL
    fake.posting.set()

    # Ten minutes later the dead process's claims have run out; shard 1's takes its rows
    # over and sends them with their nonces: Discord returns the messages already posted.
    shift_clock(deployment.clock, 3 * DAY + 720)
    deployment.signal(1, signal.SIGUSR1)
    await every_thread(fake, threads, "ran out of time")
    # The posts held when the process died exist already (their threads show them): wait
    # for the survivor's repeats of them and for every row to be marked sent, not a fixed
    # time. Each held post is repeated with its nonce; a request still on its way at the
    # kill may reach Discord after the gate opened, unheld, and be repeated too: so the
    # repeats are at least the held posts, and each thread still shows one announcement.
    in_flight = fake.held_posts
    await fake.wait_until(lambda: fake.nonce_repeats >= in_flight, STEP)
    endings = await settled_endings(deployment.database, len(threads))
    await asyncio.sleep(1.0)  # time for a second announcement, if one were coming
    for thread, name in zip(threads, black_names, strict=True):
        assert posts(fake, thread, f"{name} ran out of time") == 1, thread.name
    assert in_flight >= 1 and fake.nonce_repeats >= in_flight
    assert [row.state for row in endings] == [OutboxState.SENT] * len(threads)
    # One attempt each by the survivor, after one by the dead process for those it claimed.
    assert sum(row.attempts for row in endings) >= len(threads) + in_flight


async def settled_endings(database: str, count: int) -> list[OutboxRow]:
    """The outbox's ENDING rows once ``count`` of them are sent (or as they are after
    ``STEP`` seconds): the survivor marks a row sent after Discord answered its post."""
    store = await Store.open(database.removeprefix("sqlite:///"))
    try:
        for _ in range(int(STEP / 0.1)):
            rows = [row for row in await store.outbox.rows() if row.kind is OutboxKind.ENDING]
            if [row.state for row in rows] == [OutboxState.SENT] * count:
                break
            await asyncio.sleep(0.1)
        return rows
    finally:
        await store.close()


async def test_a_second_process_on_the_same_shards_waits_for_the_first(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """Two ``python -m bot`` without SHARD_IDS on one database (a rolling deploy, ``--scale
    2``): the second says in one line that it waits for the first, and does not connect;
    when the first stops it takes the shards over and answers commands. (On SQLite: the
    shards' lease between two stores is proved on both databases by tests/store's
    test_store_shards; the kill above runs on both.)"""
    env = bot_env(fake, tmp_path / "postal.db")
    first = await spawn_bot(env, tmp_path)
    second: asyncio.subprocess.Process | None = None
    try:
        await fake.wait_until(lambda: fake.commands(fake.guild_id) and fake._sockets, STEP)
        second = await spawn_bot(env, tmp_path, stderr=asyncio.subprocess.PIPE)
        assert second.stderr is not None
        waiting = await asyncio.wait_for(line_with(second.stderr, "waiting"), STEP)
        assert "shards all are served by another process" in waiting
        await asyncio.sleep(1.0)  # time to connect, if it were going to
        assert len(fake.identify_payloads) == 1, "the second process connected"
        first.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(first.wait(), STEP) == 0
        await fake.wait_until(lambda: len(fake.identify_payloads) == 2, STEP)
        alice = fake.add_user("alice")
        answer = await command(fake, alice, "games")
        assert answer.ephemeral and answer.text()
        second.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(second.wait(), STEP) == 0
        rest = (await second.stderr.read()).decode()
        assert "waiting" not in rest, "the wait is said once"
    finally:
        for process in (first, second):
            if process is not None and process.returncode is None:
                process.kill()
                await process.wait()


async def spawn_bot(
    env: dict[str, str], folder: Path, stderr: int | None = None
) -> asyncio.subprocess.Process:
    """``python -m bot`` with ``env``, in ``folder`` (no project .env leaks in)."""
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=folder, env=process_env(env), stderr=stderr
    )


async def line_with(stream: asyncio.StreamReader, words: str) -> str:
    """The first line of ``stream`` containing ``words``."""
    while line := (await stream.readline()).decode():
        if words in line:
            return line
    raise AssertionError(f"no line with {words!r}")
