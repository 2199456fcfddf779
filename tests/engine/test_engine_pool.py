"""The engine pool against the scripted fake engine: limits, restarts, refusals, fairness."""

from __future__ import annotations

import asyncio
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.engine.api import (
    Budget,
    EngineFailed,
    EngineUnavailable,
    Score,
    SearchRequest,
    UnavailableReason,
)
from bot.engine.pool import EnginePool, PoolLimits
from rules import Game, get_variant
from tests.engine.fake_log import received

Command = Callable[[str], tuple[str, ...]]
CHESS_START = get_variant("chess").start_fen
XIANGQI_START = get_variant("xiangqi").start_fen
# Generous deadlines: a loaded test machine must not make a healthy fake engine look hung.
LIMITS = PoolLimits(margin_s=10.0, unbounded_s=20.0, start_s=20.0, retries=1)
# Short ones for the tests of hung engines, which wait them out.
QUICK = PoolLimits(margin_s=0.3, unbounded_s=1.0, start_s=20.0, retries=1)


def chess(*moves: str, requester: str = "", level: int | None = None) -> SearchRequest:
    return SearchRequest(
        "chess", CHESS_START, moves, Budget(movetime_ms=100), level=level, requester=requester
    )


def pool_of(
    command: tuple[str, ...], processes: int = 2, limits: PoolLimits = LIMITS
) -> EnginePool:
    return EnginePool({"chess": command, "xiangqi": command}, processes, limits)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_a_search_answers_in_postal_coordinates(
    fake_command: Command, fake_log: Path
) -> None:
    pool = pool_of(fake_command("normal"))
    try:
        result = await pool.search(
            SearchRequest("xiangqi", XIANGQI_START, ("h2e2",), Budget(depth=3))
        )
        again = await pool.search(chess("e2e4"))
    finally:
        await pool.close()
    # the fake answers a7a6 in its ranks 1-10: Postal's a6a5, black's first soldier move
    assert result.best_move == "a6a5"
    assert result.pv == ("a6a5",)
    assert (result.score, result.depth) == (Score(centipawns=12), 3)
    assert again.best_move == "a7a6"
    lines = received(fake_log)
    assert "setoption name UCI_Variant value xiangqi" in lines
    assert f"position fen {XIANGQI_START} moves h3e3" in lines
    assert "setoption name Threads value 1" in lines
    assert pool.processes == 0


async def test_levels_set_the_skill_and_cap_the_depth(
    fake_command: Command, fake_log: Path
) -> None:
    pool = pool_of(fake_command("normal"), processes=1)
    try:
        await pool.search(chess(level=1))
        await pool.search(chess(level=8))
        await pool.search(chess())
    finally:
        await pool.close()
    lines = received(fake_log)
    assert lines.index("setoption name Skill Level value 0") < lines.index(
        "go movetime 100 depth 1"
    )
    assert "setoption name Skill Level value 20" in lines
    assert "go movetime 100 depth 22" in lines
    assert lines.count("go movetime 100") == 1  # full strength: no cap
    assert "setoption name UCI_LimitStrength value false" in lines


async def test_full_strength_searches_without_contempt_and_levels_with_the_default(
    fake_command: Command, fake_log: Path
) -> None:
    """An analysis (full strength) turns Fairy-Stockfish's Contempt off, which would score
    every position up for the side to move; a level's search after it has the default back.
    Each change clears the hash (ucinewgame), whose scores were searched with the other;
    a search with the same contempt keeps it."""
    pool = pool_of(fake_command("normal"), processes=1)
    try:
        await pool.search(chess())
        await pool.search(chess(level=3))
        await pool.search(chess(level=4))
    finally:
        await pool.close()
    lines = received(fake_log)
    off = lines.index("setoption name Contempt value 0")
    first_go = lines.index("go movetime 100")
    back = lines.index("setoption name Contempt value 24")
    assert off < first_go < back < lines.index("go movetime 100 depth 2")
    cleared = [i for i, line in enumerate(lines) if line == "ucinewgame"]
    assert len(cleared) == 2 and off < cleared[0] < first_go and back < cleared[1]
    assert lines.count("setoption name Contempt value 24") == 1


class Always(random.Random):
    """A random source whose every draw is 0: a level's random move is always due."""

    def random(self) -> float:
        return 0.0

    def getrandbits(self, k: int, /) -> int:  # defined, so choice() draws from it, not random()
        return super().getrandbits(k)


async def test_a_low_level_may_play_a_random_legal_move_instead_of_the_engine_s(
    fake_command: Command,
) -> None:
    """Level 1's random move replaces the engine's (first legal) one; level 8 never does."""
    pool = EnginePool({"chess": fake_command("normal")}, 1, LIMITS, rng=Always(3))
    try:
        low = [await pool.search(chess("e2e4", level=1)) for _ in range(6)]
        high = await pool.search(chess("e2e4", level=8))
    finally:
        await pool.close()
    after = Game("chess").play("e2e4").position
    legal = [after.uci(move) for move in after.legal_moves()]
    engines = legal[0]  # the fake engine's answer: the first legal move
    assert high.best_move == engines
    assert all(result.best_move in legal for result in low)
    assert all(result.pv == (result.best_move,) for result in low)
    assert any(result.best_move != engines for result in low)


async def test_bad_requests_are_refused_before_any_engine_runs(
    fake_command: Command, fake_log: Path
) -> None:
    pool = pool_of(fake_command("normal"))
    try:
        with pytest.raises(ValueError):
            await pool.search(chess("e2e5"))
        with pytest.raises(ValueError):
            await pool.search(chess("Nf3"))  # coordinates only
        with pytest.raises(ValueError):
            await pool.search(SearchRequest("chess", "8/8/8/8 w - - 0 1", (), Budget(depth=1)))
        mated = ("f2f3", "e7e5", "g2g4", "d8h4")
        with pytest.raises(ValueError, match="no legal move"):
            await pool.search(chess(*mated))
    finally:
        await pool.close()
    assert pool.started == 0
    assert received(fake_log) == []


async def test_a_null_move_starts_the_engine_after_it(
    fake_command: Command, fake_log: Path
) -> None:
    pool = pool_of(fake_command("normal"))
    try:
        await pool.search(chess("e2e4", "0000", "d2d4"))
    finally:
        await pool.close()
    after_null = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
    assert f"position fen {after_null} moves d2d4" in received(fake_log)


async def test_a_missing_engine_is_unavailable_and_says_which(tmp_path: Path) -> None:
    pool = EnginePool.from_settings(str(tmp_path / "nowhere" / "stockfish"), None, 2)
    assert not pool.available("chess")
    with pytest.raises(EngineUnavailable) as caught:
        await pool.search(chess())
    assert caught.value.reason is UnavailableReason.MISSING
    assert caught.value.variant_name == "chess"
    await pool.close()


@pytest.mark.parametrize("mode", ["exit", "no-variant"])
async def test_an_engine_that_cannot_start_is_unavailable(fake_command: Command, mode: str) -> None:
    pool = pool_of(fake_command(mode))
    try:
        with pytest.raises(EngineUnavailable) as caught:
            await pool.search(SearchRequest("xiangqi", XIANGQI_START, (), Budget(depth=2)))
    finally:
        await pool.close()
    assert caught.value.reason is UnavailableReason.FAILED_TO_START
    assert pool.processes == 0


async def test_a_crashed_engine_is_restarted(fake_command: Command) -> None:
    pool = pool_of(fake_command("crash-once"))
    try:
        result = await pool.search(chess())
    finally:
        await pool.close()
    assert result.best_move == "b1c3"
    assert pool.started == 2


async def test_an_engine_that_always_crashes_fails_after_its_retries(
    fake_command: Command,
) -> None:
    pool = pool_of(fake_command("crash"))
    try:
        with pytest.raises(EngineFailed, match="exited"):
            await pool.search(chess())
    finally:
        await pool.close()
    assert pool.started == 2  # the first try and one retry
    assert pool.processes == 0


async def test_a_hung_engine_is_killed_after_its_budget_and_margin(
    fake_command: Command, fake_log: Path
) -> None:
    pool = pool_of(fake_command("hang"), limits=QUICK)
    loop = asyncio.get_running_loop()
    began = loop.time()
    try:
        with pytest.raises(EngineFailed, match="did not answer"):
            await pool.search(chess())
    finally:
        await pool.close()
    # two tries of 100 ms + 0.3 s margin each (plus the starts), not an hour
    assert loop.time() - began < 10
    pids = {int(line.split()[0]) for line in fake_log.read_text().splitlines()}
    assert len(pids) == 2
    assert not any(alive(pid) for pid in pids)


@pytest.mark.parametrize("mode", ["garbage", "binary"])
async def test_garbage_fails_the_search(fake_command: Command, mode: str) -> None:
    pool = pool_of(fake_command(mode))
    try:
        with pytest.raises(EngineFailed):
            await pool.search(chess())
    finally:
        await pool.close()


async def test_an_illegal_best_move_is_refused_and_postal_s_moves_searched(
    fake_command: Command, fake_log: Path
) -> None:
    pool = pool_of(fake_command("illegal"))
    try:
        result = await pool.search(chess("e2e4"))
    finally:
        await pool.close()
    position = get_variant("chess").start().play(get_variant("chess").start().parse_move("e4"))
    legal = {position.uci(move) for move in position.legal_moves()}
    assert result.best_move in legal
    go_lines = [line for line in received(fake_log) if line.startswith("go")]
    assert go_lines[0] == "go movetime 100"
    assert go_lines[1].startswith("go movetime 100 searchmoves ")
    assert set(go_lines[1].split()[4:]) == legal
    assert pool.started == 2


async def test_an_illegal_best_move_every_time_fails(tmp_path: Path) -> None:
    script = tmp_path / "liar.py"
    script.write_text(
        "import sys\n"
        "for line in sys.stdin:\n"
        "    line = line.strip()\n"
        "    if line == 'uci': print('id name Liar'); print('uciok', flush=True)\n"
        "    elif line == 'isready': print('readyok', flush=True)\n"
        "    elif line.startswith('go'): print('info depth 1 score cp 0'); "
        "print('bestmove e2e5', flush=True)\n"
        "    elif line == 'quit': break\n"
    )
    pool = EnginePool({"chess": (sys.executable, str(script))}, 1, LIMITS)
    try:
        with pytest.raises(EngineFailed, match="e2e5"):
            await pool.search(chess())
    finally:
        await pool.close()


async def test_never_more_processes_than_the_limit(
    fake_command: Command, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_UCI_DELAY", "0.05")
    pool = pool_of(fake_command("slow"), processes=2)
    most = 0

    async def watch() -> None:
        nonlocal most
        while True:
            most = max(most, pool.processes)
            await asyncio.sleep(0.005)

    watcher = asyncio.create_task(watch())
    try:
        chess_searches = [pool.search(chess(requester=f"p{i}")) for i in range(6)]
        xiangqi_searches = [
            pool.search(SearchRequest("xiangqi", XIANGQI_START, (), Budget(movetime_ms=50)))
            for _ in range(3)
        ]
        results = await asyncio.gather(*chess_searches, *xiangqi_searches)
    finally:
        watcher.cancel()
        await pool.close()
    assert len(results) == 9
    assert most == 2
    assert pool.started >= 2


async def test_one_player_s_many_searches_do_not_starve_another(
    fake_command: Command, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_UCI_DELAY", "0.02")
    pool = pool_of(fake_command("slow"), processes=1)
    finished: list[str] = []

    async def search(requester: str) -> None:
        await pool.search(chess(requester=requester))
        finished.append(requester)

    try:
        busy = [asyncio.create_task(search("many")) for _ in range(10)]
        await asyncio.sleep(0)  # the ten are queued first
        other = asyncio.create_task(search("other"))
        await asyncio.gather(*busy, other)
    finally:
        await pool.close()
    # round robin: the other player's search is the third served, not the eleventh
    assert finished.index("other") == 2


async def test_a_cancelled_search_kills_its_engine_and_the_pool_goes_on(
    fake_command: Command, fake_log: Path
) -> None:
    pool = pool_of(fake_command("hang"), processes=1)
    task = asyncio.create_task(pool.search(chess()))
    for _ in range(400):
        if any(line.startswith("go") for line in received(fake_log)):
            break
        await asyncio.sleep(0.025)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert pool.processes == 0
    pid = int(fake_log.read_text().split()[0])
    await asyncio.sleep(0.05)
    assert not alive(pid)
    await pool.close()


async def test_after_close_searches_fail_and_processes_are_gone(fake_command: Command) -> None:
    pool = pool_of(fake_command("normal"))
    await pool.search(chess())
    assert pool.processes == 1
    await pool.close()
    assert pool.processes == 0
    assert not pool.available("chess")
    with pytest.raises(EngineFailed):
        await pool.search(chess())


# Not a timing claim: it turns a search or close that never returns into a failed test.
HANG_GUARD_S = 120.0


def gone(pid: int) -> bool:
    """Whether ``pid`` has exited: no such process, or a zombie that only waits for init
    to reap it (an orphan's parent is init, which may not reap in a container)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


def pids_in(log: Path) -> set[int]:
    return {int(line.split()[0]) for line in log.read_text().splitlines()}


async def test_a_flooding_engine_is_killed_reaped_and_frees_its_slot(
    fake_command: Command, fake_log: Path
) -> None:
    """An engine that writes without end during ``go`` fails its search after its budget;
    its process is reaped (Python 3.11's ``wait`` once hung on its full, unread pipe) and
    the pool's one slot serves the next search."""
    pool = EnginePool({"chess": fake_command("flood"), "xiangqi": fake_command("normal")}, 1, QUICK)
    try:
        with pytest.raises(EngineFailed):
            await asyncio.wait_for(pool.search(chess()), HANG_GUARD_S)
        assert pool.processes == 0
        flooders = pids_in(fake_log)
        assert len(flooders) == 2  # the first try and one retry
        assert all(gone(pid) for pid in flooders)
        request = SearchRequest("xiangqi", XIANGQI_START, (), Budget(depth=3))
        result = await asyncio.wait_for(pool.search(request), HANG_GUARD_S)
    finally:
        await asyncio.wait_for(pool.close(), HANG_GUARD_S)
    assert result.best_move == "a0a1"  # the fake engine: the first legal move


async def _lines(log: Path, line: str, count: int) -> None:
    """Wait until the fake engines have received ``line`` ``count`` times in all."""
    for _ in range(2000):
        if log.exists() and received(log).count(line) >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the engines never received {line!r} {count} times")


@pytest.mark.parametrize(
    ("mode", "line", "per_process"), [("hang-handshake", "uci", 1), ("hang-ready", "isready", 2)]
)
async def test_searches_cancelled_while_their_engine_starts_leave_no_process_nor_slot(
    fake_command: Command, fake_log: Path, mode: str, line: str, per_process: int
) -> None:
    """A search cancelled in its engine's handshake or configuration kills that engine and
    gives its slot back: after three, nothing runs and the pool's one slot still serves
    (a leaked slot once made every later search fail with "coroutine raised StopIteration")."""
    pool = EnginePool({"chess": fake_command(mode), "xiangqi": fake_command("normal")}, 1, LIMITS)
    try:
        for attempt in range(1, 4):
            task = asyncio.create_task(pool.search(chess()))
            await _lines(fake_log, line, attempt * per_process)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
        assert pool.processes == 0
        starters = pids_in(fake_log)
        assert len(starters) == 3
        assert all(gone(pid) for pid in starters)
        request = SearchRequest("xiangqi", XIANGQI_START, (), Budget(depth=3))
        result = await asyncio.wait_for(pool.search(request), HANG_GUARD_S)
    finally:
        await pool.close()
    assert result.best_move == "a0a1"  # the fake engine: the first legal move


@pytest.mark.parametrize("mode", ["normal", "hang"])
async def test_what_a_wrapper_script_forks_is_killed_with_its_engine(
    tmp_path: Path, fake_command: Command, mode: str
) -> None:
    """An engine wrapper that forks a child (which keeps the engine's output open): the child
    is killed with the engine when the pool closes (normal) or discards a hung engine."""
    children = tmp_path / "children"
    wrapper = tmp_path / "engine.sh"
    fake = " ".join(fake_command(mode))
    wrapper.write_text(f"#!/bin/sh\nsleep 600 &\necho $! >> {children}\nexec {fake}\n")
    wrapper.chmod(0o755)
    pool = EnginePool({"chess": (str(wrapper),)}, 1, QUICK)
    try:
        if mode == "hang":
            with pytest.raises(EngineFailed):
                await asyncio.wait_for(pool.search(chess()), HANG_GUARD_S)
        else:
            await pool.search(chess())
    finally:
        await asyncio.wait_for(pool.close(), HANG_GUARD_S)
    pids = [int(pid) for pid in children.read_text().split()]
    assert len(pids) == (2 if mode == "hang" else 1)
    for _ in range(100):  # SIGKILL is delivered asynchronously
        if all(gone(pid) for pid in pids):
            break
        await asyncio.sleep(0.01)
    assert all(gone(pid) for pid in pids)


async def test_a_node_or_depth_budget_searches_from_a_cleared_hash(
    fake_command: Command, fake_log: Path
) -> None:
    """Each search with a node or depth budget (the analysis's) is preceded by ``ucinewgame``
    and ``isready``, so its answer does not depend on what the process searched before; a
    think-time search (the computer's move) keeps the hash."""
    pool = pool_of(fake_command("normal"), processes=1)
    try:
        for budget in (Budget(nodes=1000), Budget(depth=4), Budget(movetime_ms=100)):
            await pool.search(SearchRequest("chess", CHESS_START, ("e2e4",), budget))
    finally:
        await pool.close()
    lines = [line for line in received(fake_log) if not line.startswith("setoption")]
    gos = [i for i, line in enumerate(lines) if line.startswith("go")]
    assert [lines[i] for i in gos] == ["go nodes 1000", "go depth 4", "go movetime 100"]
    for i in gos[:2]:
        assert lines[i - 3 : i - 1] == ["ucinewgame", "isready"]
    assert "ucinewgame" not in lines[gos[1] : gos[2]]
