"""A deterministic stand-in for the engine pool (``bot.engine.api.Engines``) for tests: a
one-ply material search with Postal's own rules.

Each position's score is the best material balance the side to move can reach with one move
(so a piece left hanging counts as lost), a mate in one is ``mate 1``; its best move is
the first move reaching that score in Postal's legal move order. Tests can hold searches
(``gate``, from the ``hold_after``-th on), make one ply fail (``fail_at``) and count the searches.
"""

from __future__ import annotations

import asyncio
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
    # xiangqi: chariot, horse, cannon, elephant, advisor, soldier, general
    "xiangqi": {"r": 900, "n": 400, "c": 450, "b": 200, "a": 200, "p": 100, "k": 0},
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
    """The best move by one ply of material, and its score for the side to move."""
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
class MaterialEngines:
    """``Engines`` for both variants (``variants`` limits them), searching as above."""

    variants: tuple[str, ...] = ("chess", "xiangqi")
    gate: asyncio.Event | None = None  # when given, searches wait until it is set
    hold_after: int | None = None  # searches after this many wait for ``gate``
    fail_at: set[int] = field(default_factory=set)  # plies (len(moves)) that fail
    requests: list[SearchRequest] = field(default_factory=list)
    closed: bool = False

    def available(self, variant_name: str) -> bool:
        return variant_name in self.variants and not self.closed

    async def search(self, request: SearchRequest) -> SearchResult:
        if not self.available(request.variant_name):
            raise EngineUnavailable(request.variant_name, UnavailableReason.MISSING, "material")
        self.requests.append(request)
        held = self.hold_after is None or len(self.requests) > self.hold_after
        if self.gate is not None and held:
            await self.gate.wait()
        await asyncio.sleep(0)  # a real engine never answers synchronously
        if len(request.moves) in self.fail_at:
            raise EngineFailed(request.variant_name, "scripted failure")
        position = rules.get_variant(request.variant_name).from_fen(request.start_fen)
        for text in request.moves:
            position = position.play(position.parse_move(text))
        best, score = search_position(position)
        return SearchResult(best, score, 1, (best,))

    async def close(self) -> None:
        self.closed = True
