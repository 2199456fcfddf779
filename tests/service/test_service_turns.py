"""A round's long loops give the event loop back (``bot.service.turns``): after an outage a
round replays hundreds of games in a row, and as one callback that held every command waiting
on the event loop for a quarter of a second and more at a million games
(``benchmarks/move_waits.py``). Here the slice is made zero, so each step of the loop yields:
a task that counts its turns must have run between any two replays."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import pytest

import rules
from bot.service import GameService, turns
from bot.store import GameRecord
from tests.service.service_helpers import BOB, CAROL, play, start_game


@pytest.fixture(autouse=True)
def every_step_yields(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turns, "SLICE_SECONDS", 0.0)


@asynccontextmanager
async def ticking() -> AsyncIterator[Callable[[], int]]:
    """A task beside the test's counting the times it gets to run; yields its count."""
    ticks = 0

    async def probe() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    task = asyncio.create_task(probe())
    await asyncio.sleep(0)
    try:
        yield lambda: ticks
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def _played_games(service: GameService, count: int) -> list[GameRecord]:
    """``count`` games with a few moves each, out of the replay cache."""
    records = []
    for n in range(count):
        started = await start_game(service, black=BOB if n % 2 else CAROL)
        await play(service, started.game.id, "e4", "e5", "Nf3")
        service.core.replays.forget(started.game.id)
        record = await service.core.store.games.get(started.game.id)
        assert record is not None
        records.append(record)
    return records


async def test_replays_read_together_let_another_task_run_between_them(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``replay_ahead`` (a round's time-outs: their moves read at once, then each game
    replayed) lets a waiting task run between one game's replay and the next."""
    records = await _played_games(service, 4)
    replays = service.core.replays
    seen: list[int] = []
    replay_one: Callable[..., Awaitable[rules.Game]] = replays._from_start

    async with ticking() as ticks:

        async def noted(*args: object) -> rules.Game:
            seen.append(ticks())
            return await replay_one(*args)

        monkeypatch.setattr(replays, "_from_start", noted)
        await replays.replay_ahead(records)
    assert len(seen) == 4
    assert all(later > earlier for earlier, later in itertools.pairwise(seen)), seen
    assert all(replays.cache.get(record.id) is not None for record in records)


async def test_work_on_each_game_lets_another_task_run_between_games(
    service: GameService,
) -> None:
    """``each_game`` (a round's time-outs and reminders, one game after another) lets a
    waiting task run between two games' work, even when the work never waits itself."""
    seen: list[int] = []
    async with ticking() as ticks:

        async def work(item: int) -> int:
            seen.append(ticks())
            return item

        done = await service.core.replays.each_game(range(5), lambda item: item, work)
    assert done == [0, 1, 2, 3, 4]
    assert all(later > earlier for earlier, later in itertools.pairwise(seen)), seen
