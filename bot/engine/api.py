"""The engine contract: what the service asks an engine and what it gets back.

Values are frozen dataclasses; moves are in Postal's coordinates (chess UCI ``e2e4``/``e7e8q``,
xiangqi ICCS ``h2e2``), never an engine's own. The service depends on ``Engines`` only; the
process pool in ``bot.engine.pool`` implements it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

MIN_LEVEL = 1
MAX_LEVEL = 8


@dataclass(frozen=True, slots=True)
class Score:
    """An evaluation from the side to move's point of view, as UCI reports it.

    Exactly one of ``centipawns`` and ``mate`` is set; ``mate`` counts moves to mate, negative
    when the side to move is being mated (0: it is mated already).
    """

    centipawns: int | None = None
    mate: int | None = None

    def __post_init__(self) -> None:
        if (self.centipawns is None) == (self.mate is None):
            raise ValueError("a score has exactly one of centipawns and mate")

    def negated(self) -> Score:
        """The same evaluation from the other side's point of view."""
        if self.mate is not None:
            return Score(mate=-self.mate)
        assert self.centipawns is not None
        return Score(centipawns=-self.centipawns)


@dataclass(frozen=True, slots=True)
class Budget:
    """How long one search may think: exactly one of the three limits, positive. A depth or
    node budget gives the same answer to the same request every time (the pool clears the
    engine's hash first, and each engine searches on one thread); a think time cannot.

    Raises ``ValueError`` when none, several, or a non-positive one is given.
    """

    movetime_ms: int | None = None
    depth: int | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        given = [v for v in (self.movetime_ms, self.depth, self.nodes) if v is not None]
        if len(given) != 1:
            raise ValueError("a budget has exactly one of movetime_ms, depth and nodes")
        if given[0] <= 0:
            raise ValueError("a budget must be positive")


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """One search: the position (start FEN plus moves) and how hard to look.

    ``variant_name`` is a name ``rules.get_variant`` knows; ``level`` 1..8 weakens the engine
    (``None``: full strength, as analysis wants); ``requester`` is the fairness key (the
    player the work is for) by which the pool shares its processes.
    Raises ``ValueError`` for a level outside 1..8.
    """

    variant_name: str
    start_fen: str
    moves: tuple[str, ...]
    budget: Budget
    level: int | None = None
    requester: str = ""

    def __post_init__(self) -> None:
        if self.level is not None and not MIN_LEVEL <= self.level <= MAX_LEVEL:
            raise ValueError(f"level must be {MIN_LEVEL}..{MAX_LEVEL}, got {self.level}")


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The engine's answer: ``best_move`` has been checked legal by ``rules``; ``pv`` starts
    with it (it may be cut short where the engine's line stopped being legal)."""

    best_move: str
    score: Score
    depth: int
    pv: tuple[str, ...]


class UnavailableReason(Enum):
    """Why no engine can serve a variant; the edge words each with how to fix it."""

    MISSING = "missing"  # no such program: not installed, or the setting names a wrong path
    FAILED_TO_START = "failed_to_start"  # it runs, but exits or never answers the handshake


class EngineUnavailable(Exception):
    """No engine for ``variant_name``: see ``reason``; ``command`` is what Postal tried to run."""

    def __init__(self, variant_name: str, reason: UnavailableReason, command: str = "") -> None:
        super().__init__(f"no {variant_name} engine ({reason.value}): {command}")
        self.variant_name = variant_name
        self.reason = reason
        self.command = command


class EngineFailed(Exception):
    """The engine crashed, hung or answered garbage on this request, after its retries."""

    def __init__(self, variant_name: str, detail: str) -> None:
        super().__init__(f"{variant_name} engine failed: {detail}")
        self.variant_name = variant_name
        self.detail = detail


class Engines(Protocol):
    """Engines for every variant Postal plays, shared by all callers."""

    def available(self, variant_name: str) -> bool:
        """Whether a search for this variant can be tried (its engine was found)."""
        ...

    async def search(self, request: SearchRequest) -> SearchResult:
        """Search the request's position.

        Raises ``EngineUnavailable`` (no engine for the variant), ``EngineFailed`` (it
        crashed, hung or answered garbage after its retries), ``ValueError`` (the request's
        FEN or moves are not legal for Postal's rules, or the position has no legal move).
        """
        ...

    async def close(self) -> None:
        """Stop every engine process; afterwards ``available`` is false and searches raise
        ``EngineFailed``."""
        ...
