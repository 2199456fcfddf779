"""What a command waits on, measured: the store's lock and the event loop, by who holds them.

``Waits.install(database)`` replaces an SQLite store's lock with one that times each wait
and each hold, and times every callback the event loop runs; each is put to the account of
the work it belongs to (``Waits.account()`` around one command) and to the label of the task
(``LABEL``, e.g. ``round``) and stage (``STAGE``, e.g. ``time-outs``) it ran in. A command's
wall time is then split into:

- ``lock wait``: waiting for the store's lock (another task's read or transaction held it);
- ``store``: holding it (its own statements on SQLite's thread, the commit's wait on the disk);
- ``own CPU``: its own callbacks on the event loop (parsing, the replay, the description);
- ``loop wait``: the rest: ready to run while the loop ran another task's callback (a
  round's replays), or while the machine gave the process no core.

Load swells every part, but a wait on the lock or the loop is bounded by what the other task
holds: the holds and callbacks of each label and stage are kept to say how long.
"""

from __future__ import annotations

import asyncio
import asyncio.events
import collections
import contextlib
import gc
import os
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from bot.store import sqlite_steps

# The task a hold or callback belongs to (a round, a drain) and its stage within it.
LABEL: ContextVar[str] = ContextVar("bench_label", default="other")
STAGE: ContextVar[str] = ContextVar("bench_stage", default="")


@dataclass
class Account:
    """One command's time, in seconds, by what it went on."""

    started: float = field(default_factory=time.perf_counter)
    wall: float = 0.0
    lock_wait: float = 0.0
    store: float = 0.0
    own_cpu: float = 0.0
    holding: bool = False
    # Who held the lock while this command waited for it, and how long it waited on each.
    waited_on: dict[str, float] = field(default_factory=lambda: defaultdict(float))

    @property
    def loop_wait(self) -> float:
        return max(0.0, self.wall - self.lock_wait - self.store - self.own_cpu)


_TICK = os.sysconf("SC_CLK_TCK")
_ACCOUNT: ContextVar[Account | None] = ContextVar("bench_account", default=None)
PARTS = ("lock wait", "store", "own CPU", "loop wait")


def parts_ms(account: Account) -> dict[str, float]:
    return {
        "wall": account.wall * 1000,
        "lock wait": account.lock_wait * 1000,
        "store": account.store * 1000,
        "own CPU": account.own_cpu * 1000,
        "loop wait": account.loop_wait * 1000,
    }


class _TimedLock(asyncio.Lock):
    """The store's lock, timing waits and holds."""

    def __init__(self, waits: Waits) -> None:
        super().__init__()
        self._waits = waits
        self._held: tuple[Account | None, float, float, str] | None = None
        # The last holds (who, from, to): a wait is put to the holds it overlapped.
        self._recent: collections.deque[tuple[str, float, float]] = collections.deque(maxlen=64)

    async def acquire(self) -> Literal[True]:
        asked = time.perf_counter()
        await super().acquire()
        got = time.perf_counter()
        account = _ACCOUNT.get()
        if account is not None:
            account.lock_wait += got - asked
            for where, start, end in self._recent:
                overlap = min(end, got) - max(start, asked)
                if overlap > 0:
                    account.waited_on[where] += overlap
            account.holding = True
        self._held = (account, got, self._waits.store_cpu(), _where())
        return True

    def release(self) -> None:
        assert self._held is not None
        account, got, cpu, where = self._held
        released = time.perf_counter()
        self._waits.hold_cpu[where].append(self._waits.store_cpu() - cpu)
        self._held = None
        if account is not None:
            account.store += released - got
            account.holding = False
        self._waits.holds[where].append(released - got)
        self._recent.append((where, got, released))
        super().release()


def _where() -> str:
    """The label, stage and store function of the hold being taken (``round: time-outs:
    games.overdue``)."""
    parts = [LABEL.get(), STAGE.get(), _store_caller()]
    return ": ".join(part for part in parts if part)


def _store_caller() -> str:
    """The outermost function of ``bot/store`` (not its database) on the stack."""
    frame = sys._getframe(2)
    found = ""
    while frame is not None:
        path = frame.f_code.co_filename
        if f"{os.sep}bot{os.sep}store{os.sep}" in path and not path.endswith("database.py"):
            found = f"{Path(path).stem}.{frame.f_code.co_name}"
        elif found:
            break
        frame = frame.f_back  # type: ignore[assignment]
    return found


class Waits:
    """The lock's holds and the loop's callbacks, by label and stage (seconds)."""

    def __init__(self) -> None:
        self.holds: dict[str, list[float]] = defaultdict(list)
        self.callbacks: dict[str, list[float]] = defaultdict(list)
        self.callback_cpu: dict[str, list[float]] = defaultdict(list)
        # The CPU SQLite's thread used during each hold (the rest of a hold: the disk, and
        # the machine's other work).
        self.hold_cpu: dict[str, list[float]] = defaultdict(list)
        self._store_thread: Path | None = None
        self.collections: dict[str, list[float]] = defaultdict(list)
        # The COMMITs of transactions (``Database.transaction``: the wait on the disk).
        self.commits: dict[str, list[float]] = defaultdict(list)
        self._undo: list[Callable[[], None]] = []

    def install(self, database: Any) -> None:
        """Time ``database``'s lock (an ``SqliteDatabase``) and the event loop's callbacks."""
        database._lock = _TimedLock(self)
        connection = database._connection
        native = connection._thread.native_id
        self._store_thread = Path(f"/proc/self/task/{native}/stat")
        run = connection._execute
        commits = self.commits

        async def timed_thread_run(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            if fn is not sqlite_steps.commit:  # a transaction's COMMIT, on SQLite's thread
                return await run(fn, *args, **kwargs)
            started = time.perf_counter()
            try:
                return await run(fn, *args, **kwargs)
            finally:
                commits[_where()].append(time.perf_counter() - started)

        connection._execute = timed_thread_run
        handle_run = asyncio.events.Handle._run
        callbacks, callback_cpu = self.callbacks, self.callback_cpu

        def timed_run(handle: asyncio.events.Handle) -> None:
            context = handle._context  # type: ignore[attr-defined]
            account = context.get(_ACCOUNT)
            # A callback that takes the lock has its hold counted as the store's.
            mine = account is not None and not account.holding
            started, cpu = time.perf_counter(), time.thread_time()
            try:
                handle_run(handle)
            finally:
                took = time.perf_counter() - started
                if mine and account is not None:
                    account.own_cpu += took
                label, stage = context.get(LABEL, "other"), context.get(STAGE, "")
                where = f"{label}: {stage}" if stage else label
                callbacks[where].append(took)
                # Its CPU: a long callback of little CPU was the process kept off a core
                # (or the GIL held by SQLite's thread), not work on the loop.
                callback_cpu[where].append(time.thread_time() - cpu)

        asyncio.events.Handle._run = timed_run  # type: ignore[method-assign,assignment]
        self._undo.append(lambda: setattr(asyncio.events.Handle, "_run", handle_run))
        # Python's collections of cyclic garbage stop the loop too (a full one walks every
        # object: the replay cache's games among them).
        collections_ = self.collections
        began = [0.0]

        def collected(phase: str, info: dict[str, int]) -> None:
            if phase == "start":
                began[0] = time.perf_counter()
            else:
                collections_[f"generation {info['generation']}"].append(
                    time.perf_counter() - began[0]
                )

        gc.callbacks.append(collected)
        self._undo.append(lambda: gc.callbacks.remove(collected))

    def store_cpu(self) -> float:
        """CPU-seconds SQLite's thread (aiosqlite's) has used so far (0 if unknown)."""
        if self._store_thread is None:
            return 0.0
        try:
            stat = self._store_thread.read_text()
        except OSError:  # the thread has ended (the store closed while still timed)
            return 0.0
        fields = stat.rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICK

    def uninstall(self) -> None:
        for undo in reversed(self._undo):
            undo()
        self._undo.clear()

    def clear(self) -> None:
        self.holds.clear()
        self.callbacks.clear()
        self.callback_cpu.clear()
        self.hold_cpu.clear()
        self.collections.clear()
        self.commits.clear()

    @staticmethod
    @contextlib.contextmanager
    def account() -> Iterator[Account]:
        """Put the lock's waits and the loop's callbacks of the block to a new account."""
        account = Account()
        token = _ACCOUNT.set(account)
        try:
            yield account
        finally:
            account.wall = time.perf_counter() - account.started
            _ACCOUNT.reset(token)

    def hold_table(self, prefix: str = "", top: int = 10) -> list[str]:
        """Lines: the ``top`` longest lock holds and loop callbacks of each label and stage
        starting with ``prefix`` (count, p50, p99, max ms: the max is the longest a command
        could wait behind one; the CPU's, counted in the kernel's 10 ms ticks, means only
        in its mean)."""
        lines = []
        tables = (
            ("lock held", self.holds),
            ("SQLite's CPU in a hold", self.hold_cpu),
            ("commit", self.commits),
            ("loop callback", self.callbacks),
            ("loop callback's CPU", self.callback_cpu),
            ("garbage collection", self.collections),
        )
        for kind, table in tables:
            found = sorted(
                ((max(samples), where, sorted(samples)) for where, samples in table.items()
                 if where.startswith(prefix) or table is self.collections),
                reverse=True,
            )  # fmt: skip
            for _, where, samples in found[:top]:
                lines.append(
                    f"  {kind} by {where}: {len(samples)}, mean "
                    f"{sum(samples) / len(samples) * 1000:.1f}, p50 {_ms(samples, 0.5)}, "
                    f"p99 {_ms(samples, 0.99)}, max {samples[-1] * 1000:.1f} ms"
                )
        return lines


def _ms(ordered: list[float], fraction: float) -> str:
    return f"{ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))] * 1000:.1f}"


def breakdown(accounts: list[Account]) -> list[str]:
    """Lines: p50 and p99 of the wall time, the parts of the moves at and above the p99
    (what the tail is made of), and the p99 of each part on its own."""
    if not accounts:
        return ["  (no commands)"]
    ordered = sorted(accounts, key=lambda a: a.wall)
    walls = [a.wall * 1000 for a in ordered]
    p99_index = round(0.99 * (len(ordered) - 1))
    lines = [
        f"  {len(ordered)} commands: p50 {walls[round(0.5 * (len(walls) - 1))]:.1f} ms, "
        f"p99 {walls[p99_index]:.1f} ms, max {walls[-1]:.1f} ms"
    ]
    for account in ordered[p99_index:]:  # the tail: what the slowest were made of
        parts = parts_ms(account)
        line = "  tail: " + ", ".join(f"{name} {parts[name]:.1f}" for name in ("wall", *PARTS))
        if account.waited_on:
            held = ", ".join(f"{k} {v * 1000:.1f}" for k, v in account.waited_on.items())
            line += f" (the lock held by {held})"
        lines.append(line)
    each = []
    for name in PARTS:
        values = sorted(parts_ms(a)[name] for a in accounts)
        each.append(
            f"{name} {values[round(0.5 * (len(values) - 1))]:.1f} / "
            f"{values[round(0.99 * (len(values) - 1))]:.1f}"
        )
    lines.append("  each part p50 / p99 ms: " + ", ".join(each))
    return lines
