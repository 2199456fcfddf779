"""GIFs made one at a time, a few waiting, one per player, the recent ones kept.

A GIF of a long game takes seconds of CPU and hundreds of MB while it is drawn; drawn in
the worker threads boards share, forty at once kept every board waiting behind them (a
``/board`` 14.2 s) and grew the process from 70 to 486 MB. Here GIFs are drawn on a thread
of their own, ``RENDERERS`` at a time; a player has one GIF in the queue at most; past
``WAITING_LIMIT`` waiting GIFs a new one is refused; and a GIF asked again (the same moves,
frame time and looks) is served from a small cache, or shares the drawing already under way.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from bot.render.animation import Animation
from bot.service.after_game import GameAnimation
from bot.service.errors import UserError
from bot.service.results import User
from rules import Color, Move

# GIFs drawn at once (on one thread of their own). Each holds a core while it draws; with
# one, boards always have the other core and the shared worker threads to themselves.
RENDERERS = 1
# GIFs that may wait for a renderer; more are refused (each waiting one is a player's
# deferred interaction, answered only when its turn comes).
WAITING_LIMIT = 8
# Bytes of finished GIFs kept for the next asker (Discord's uploads are at most 10 MiB).
CACHE_BYTES = 32 * 1024 * 1024


class AnimationBusyError(UserError):
    """The player already has a GIF waiting or being drawn."""

    def __init__(self) -> None:
        super().__init__()


class AnimationQueueFullError(UserError):
    """Too many GIFs are waiting to be drawn; nothing was queued."""

    def __init__(self) -> None:
        super().__init__()


class AnimationStoppedError(UserError):
    """Postal is stopping: the GIF being drawn or waiting is dropped (worded at the edge)."""


_P = ParamSpec("_P")
_T = TypeVar("_T")


class _DaemonThread(Executor):
    """Runs what is submitted, in order, on one daemon thread: a GIF still being drawn when
    the process ends is dropped with it, not waited for (a worker of a ThreadPoolExecutor
    is joined at exit: SIGTERM took 7 s with a 2,000-ply GIF under way)."""

    def __init__(self) -> None:
        self._work: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]] | None] = (
            queue.SimpleQueue()
        )
        threading.Thread(target=self._run, name="postal-gif", daemon=True).start()

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        done: Future[_T] = Future()
        self._work.put((done, lambda: fn(*args, **kwargs)))
        return done

    def _run(self) -> None:
        while (item := self._work.get()) is not None:
            done, call = item
            if not done.set_running_or_notify_cancel():
                continue  # cancelled while waiting
            try:
                done.set_result(call())
            except BaseException as error:  # handed to the asker, as an executor does
                done.set_exception(error)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._work.put(None)


@dataclass(frozen=True, slots=True)
class _Key:
    """What a GIF looks like: the game's moves (its version: a takeback and another move
    is another GIF) and how it is drawn."""

    game_id: int
    start_fen: str
    moves: tuple[Move, ...]
    frame_ms: int
    orientation: Color
    theme: str | None
    pieces: str | None
    limit_bytes: int


def _key(animation: GameAnimation, limit_bytes: int) -> _Key:
    replay = animation.replay
    return _Key(
        animation.game.id,
        replay.start.fen(),
        tuple(replay.moves),
        animation.frame_ms,
        animation.orientation,
        animation.theme,
        animation.pieces,
        limit_bytes,
    )


class AnimationQueue:
    """Draws ``GameAnimation``s for the adapters, within the limits above."""

    def __init__(
        self, *, waiting_limit: int = WAITING_LIMIT, cache_bytes: int = CACHE_BYTES
    ) -> None:
        self._waiting_limit = waiting_limit
        self._cache_bytes = cache_bytes
        self._executor: _DaemonThread | None = None
        self._drawing: dict[_Key, asyncio.Future[Animation]] = {}
        self._askers: set[int] = set()
        self._cache: OrderedDict[_Key, Animation] = OrderedDict()

    @property
    def pending(self) -> int:
        """GIFs being drawn or waiting for a renderer."""
        return len(self._drawing)

    def ahead(self, user: User, animation: GameAnimation, limit_bytes: int) -> int:
        """How many GIFs would wait before this one if asked now (0: it is drawn at once,
        or served from the cache). Raises ``AnimationBusyError`` when ``user`` has a GIF in
        the queue, ``AnimationQueueFullError`` when the queue is full; nothing is queued."""
        key = _key(animation, limit_bytes)
        if key in self._cache or key in self._drawing:
            return 0
        if user.id in self._askers:
            raise AnimationBusyError
        if self.pending >= RENDERERS + self._waiting_limit:
            raise AnimationQueueFullError
        return max(0, self.pending - RENDERERS + 1)

    async def render(self, user: User, animation: GameAnimation, limit_bytes: int) -> Animation:
        """The GIF, no larger than ``limit_bytes``: from the cache, from the drawing of the
        same GIF under way, or drawn when a renderer is free. Raises as ``ahead`` does."""
        key = _key(animation, limit_bytes)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        drawing = self._drawing.get(key)
        if drawing is not None:
            return await self._shared(drawing)
        self.ahead(user, animation, limit_bytes)
        if self._executor is None:
            self._executor = _DaemonThread()
        loop = asyncio.get_running_loop()
        drawing = loop.run_in_executor(self._executor, animation.render, limit_bytes)
        self._drawing[key] = drawing
        self._askers.add(user.id)
        try:
            made = await self._shared(drawing)
        finally:
            self._askers.discard(user.id)
            if drawing.done():
                self._drawing.pop(key, None)
            else:
                drawing.add_done_callback(lambda _: self._drawing.pop(key, None))
        self._remember(key, made)
        return made

    @staticmethod
    async def _shared(drawing: asyncio.Future[Animation]) -> Animation:
        """The drawing's GIF. Shielded: an asker who goes away (a cancelled interaction)
        leaves it to finish for the cache and for anyone sharing it. Raises
        ``AnimationStoppedError`` when ``close`` dropped it."""
        try:
            return await asyncio.shield(drawing)
        except asyncio.CancelledError:
            if drawing.cancelled():
                raise AnimationStoppedError from None
            raise

    def _remember(self, key: _Key, made: Animation) -> None:
        if len(made.data) > self._cache_bytes:
            return
        self._cache[key] = made
        self._cache.move_to_end(key)
        while sum(len(kept.data) for kept in self._cache.values()) > self._cache_bytes:
            self._cache.popitem(last=False)

    def close(self) -> None:
        """Stop drawing: the GIFs being drawn or waiting are dropped, and their askers told
        at once that Postal is restarting (``AnimationStoppedError``)."""
        for drawing in list(self._drawing.values()):
            drawing.cancel()
        if self._executor is not None:
            self._executor.shutdown()
            self._executor = None
