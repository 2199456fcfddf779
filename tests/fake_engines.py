"""One deterministic stand-in for the engine pool (``bot.engine.api.Engines``), for the tests
of the computer opponent and of the analysis: a one-ply material search by Postal's rules.

Each position's score is the best material balance the side to move can reach with one move
(so a piece left hanging counts as lost), a mate in one is ``mate 1``; its best move is the
first move reaching that score in Postal's legal move order. It records every request and
how many searches run at once; tests can hold searches (``gate``, from the ``hold_after``-th
on), make the next ``failures`` searches fail, or every search at some plies (``fail_at``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import rules
from bot.engine.api import (
    EngineFailed,
    EngineUnavailable,
    Score,
    SearchRequest,
    SearchResult,
    UnavailableReason,
)

VALUES = {
    "chess": {"p": 100, "n": 300, "b": 300, "r": 500, "q": 900, "k": 0},
    "chess960": {"p": 100, "n": 300, "b": 300, "r": 500, "q": 900, "k": 0},
    # xiangqi: chariot, horse, cannon, elephant, advisor, soldier, general
    "xiangqi": {"r": 900, "n": 400, "c": 450, "b": 200, "a": 200, "p": 100, "k": 0},
    # janggi: the counting rule's points (chariot 13, cannon 7, horse 5, elephant and guard 3)
    "janggi": {"r": 1300, "c": 700, "n": 500, "b": 300, "a": 300, "p": 200, "k": 0},
}


def material(position: rules.Position) -> int:
    """Material of the side to move minus the other side's, in centipawns."""
    values = VALUES[position.variant.name]
    total = 0
    for piece in position.pieces().values():
        value = values[piece.kind]
        total += value if piece.color is position.side_to_move else -value
    return total


def search_position(position: rules.Position) -> tuple[str, Score]:
    """The best move by one ply of material, and its score for the side to move.

    Raises ``ValueError`` when the side to move has no legal move."""
    best: tuple[int, str] | None = None
    for move in position.legal_moves():
        after = position.play(move)
        if not after.legal_moves():
            if after.is_check() or position.variant.name == "xiangqi":
                return position.uci(move), Score(mate=1)
            value = 0  # stalemate in chess: a draw
        else:
            value = -material(after)
        if best is None or value > best[0]:
            best = (value, position.uci(move))
    if best is None:
        raise ValueError("no legal move: the game is over here")
    return best[1], Score(centipawns=best[0])


@dataclass
class FakeEngines:
    """``Engines`` for the ``variants`` given (both by default), searching as above."""

    variants: Iterable[str] = ("chess", "xiangqi")
    gate: asyncio.Event | None = None  # when given, searches wait until it is set
    hold_after: int | None = None  # searches after this many wait for ``gate``
    failures: int = 0  # the next this many searches fail (``EngineFailed``)
    fail_at: set[int] = field(default_factory=set)  # plies (len(moves)) that always fail
    requests: list[SearchRequest] = field(default_factory=list)
    thinking: int = 0  # searches under way now
    most_thinking: int = 0
    closed: bool = False

    def __post_init__(self) -> None:
        self.variants = tuple(self.variants)
        self._changed: asyncio.Condition | None = None

    async def wait_until(self, predicate: Callable[[], object], timeout: float = 10.0) -> None:
        """Wait until ``predicate()`` holds, checked whenever a search starts or ends (the
        fake Discord's ``wait_until`` only looks when Discord's state changes)."""
        if self._changed is None:
            self._changed = asyncio.Condition()
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(predicate), timeout)

    async def _notify(self) -> None:
        if self._changed is not None:
            async with self._changed:
                self._changed.notify_all()

    def available(self, variant_name: str) -> bool:
        return variant_name in tuple(self.variants) and not self.closed

    async def search(self, request: SearchRequest) -> SearchResult:
        if not self.available(request.variant_name):
            raise EngineUnavailable(request.variant_name, UnavailableReason.MISSING, "fake")
        self.requests.append(request)
        self.thinking += 1
        self.most_thinking = max(self.most_thinking, self.thinking)
        await self._notify()
        try:
            held = self.hold_after is None or len(self.requests) > self.hold_after
            if self.gate is not None and held:
                await self.gate.wait()
            await asyncio.sleep(0)  # a real engine never answers synchronously
            if self.failures > 0:
                self.failures -= 1
                raise EngineFailed(request.variant_name, "scripted crash")
            if len(request.moves) in self.fail_at:
                raise EngineFailed(request.variant_name, "scripted failure")
            game = rules.Game(request.variant_name, request.start_fen).extended(list(request.moves))
            best, score = search_position(game.position)
            return SearchResult(best, score, 1, (best,))
        finally:
            self.thinking -= 1
            await self._notify()

    async def close(self) -> None:
        self.closed = True
