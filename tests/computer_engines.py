"""A deterministic stand-in for the engine pool (``bot.engine.api.Engines``) for tests of the
computer opponent: it plays, by Postal's own rules, a capture if there is one, else the first
legal move in coordinate order; it records every request, can be held (a gate) to see what
is queued, and can be told to fail."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

import rules
from bot.engine.api import (
    EngineFailed,
    EngineUnavailable,
    Score,
    SearchRequest,
    SearchResult,
    UnavailableReason,
)


class ScriptedEngines:
    """``Engines`` for tests: ``variants`` are available; ``failures`` searches fail first
    (``EngineFailed``); with ``gate`` set, each search waits for it to open."""

    def __init__(self, variants: Iterable[str] = ("chess", "xiangqi")) -> None:
        self.variants = set(variants)
        self.requests: list[SearchRequest] = []
        self.failures = 0
        self.gate: asyncio.Event | None = None
        self.thinking = 0  # searches under way now
        self.most_thinking = 0
        self.closed = False

    def available(self, variant_name: str) -> bool:
        return variant_name in self.variants and not self.closed

    async def search(self, request: SearchRequest) -> SearchResult:
        if not self.available(request.variant_name):
            raise EngineUnavailable(request.variant_name, UnavailableReason.MISSING, "none")
        self.requests.append(request)
        self.thinking += 1
        self.most_thinking = max(self.most_thinking, self.thinking)
        try:
            if self.gate is not None:
                await self.gate.wait()
            else:
                await asyncio.sleep(0)
            if self.failures > 0:
                self.failures -= 1
                raise EngineFailed(request.variant_name, "scripted crash")
            return choose(request)
        finally:
            self.thinking -= 1

    async def close(self) -> None:
        self.closed = True


def choose(request: SearchRequest) -> SearchResult:
    """The scripted engine's move: the first capture, else the first move, by coordinates."""
    variant = rules.get_variant(request.variant_name)
    game = rules.Game(variant, request.start_fen).extended(list(request.moves))
    position = game.position
    moves = sorted(position.legal_moves(), key=position.uci)
    captures = [m for m in moves if position.piece_at(m.to_square) is not None]
    best = (captures or moves)[0]
    return SearchResult(position.uci(best), Score(centipawns=0), 1, (position.uci(best),))
