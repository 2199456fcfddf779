"""The engine pool: Postal's ``Engines``, a bounded set of UCI processes shared fairly.

At most ``processes`` engines run at once (one search each); requests beyond that wait their
requester's turn (``FairQueue``). Each search is checked by Postal's rules before and after:
the request's moves must be legal, the engine's best move must be legal. An engine that
crashes, hangs past its budget plus a margin, or writes garbage is killed and the search tried
again on a fresh process, up to ``retries`` times; then ``EngineFailed``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.engine.api import (
    EngineFailed,
    EngineUnavailable,
    SearchRequest,
    SearchResult,
    UnavailableReason,
)
from bot.engine.coordinates import from_engine, read_move, replay, to_engine
from bot.engine.fairness import FairQueue
from bot.engine.levels import apply_level, blend, level
from bot.engine.programs import PROGRAMS, engine_command, locate
from bot.engine.uci import UciEngine, UciError, UciGarbage, go_command
from rules import Game


@dataclass(frozen=True, slots=True)
class PoolLimits:
    """Deadlines and retries. ``margin_s``: how long past a time budget a search may run
    before its engine counts as hung; ``unbounded_s``: the same for depth and node budgets,
    whose duration is unknown; ``start_s``: the handshake's deadline."""

    margin_s: float = 2.0
    unbounded_s: float = 60.0
    start_s: float = 10.0
    retries: int = 1


@dataclass(frozen=True, slots=True)
class _Position:
    """A request as the engine gets it: its FEN, its moves and its legal moves (Postal's)."""

    game: Game
    fen: str
    moves: tuple[str, ...]


class EnginePool:
    """``Engines`` over local UCI processes (see the module docstring)."""

    def __init__(
        self,
        commands: Mapping[str, tuple[str, ...] | None],
        processes: int | None = None,
        limits: PoolLimits | None = None,
        rng: random.Random | None = None,
    ) -> None:
        """``commands``: each variant's located command (``None``: its engine is missing);
        ``rng`` draws the low levels' random moves (``bot.engine.levels.blend``).

        Raises ``ValueError`` for fewer than one process.
        """
        self._commands = dict(commands)
        self._rng = rng or random.Random()
        self._limits = limits or PoolLimits()
        self._queue = FairQueue(processes or os.cpu_count() or 1)
        self._idle: dict[str, list[UciEngine]] = {}
        self._running: set[UciEngine] = set()
        self._starting = 0
        self._closed = False
        self.started = 0  # processes started, restarts included (tests and figures read it)

    @classmethod
    def from_settings(
        cls,
        chess: str | None,
        xiangqi: str | None,
        processes: int | None,
        limits: PoolLimits | None = None,
    ) -> EnginePool:
        """The pool for the ``ENGINE_CHESS``/``ENGINE_XIANGQI``/``ENGINE_PROCESSES`` settings
        (``None``: the default program, the machine's cores); Chess960 is played by the
        chess engine, janggi by the xiangqi one (Fairy-Stockfish plays both)."""
        settings = {"chess": chess, "chess960": chess, "xiangqi": xiangqi, "janggi": xiangqi}
        commands = {name: locate(engine_command(name, settings[name])) for name in PROGRAMS}
        return cls(commands, processes, limits)

    @property
    def capacity(self) -> int:
        return self._queue.capacity

    @property
    def processes(self) -> int:
        """Engine processes running now (busy, idle or starting)."""
        return len(self._running) + self._starting

    def available(self, variant_name: str) -> bool:
        return not self._closed and self._commands.get(variant_name) is not None

    def command(self, variant_name: str) -> tuple[str, ...] | None:
        """The located command for a variant (``None``: missing)."""
        return self._commands.get(variant_name)

    async def search(self, request: SearchRequest) -> SearchResult:
        name = request.variant_name
        if self._closed:
            raise EngineFailed(name, "the engines are shut down")
        command = self._commands.get(name)
        if command is None:
            program = PROGRAMS.get(name)
            if program is None:
                raise ValueError(f"no engine plays {name!r}")
            raise EngineUnavailable(name, UnavailableReason.MISSING, program)
        position = _prepare(request)
        problems: list[str] = []
        searchmoves: tuple[str, ...] = ()
        async with self._queue.slot(request.requester):
            for _ in range(1 + self._limits.retries):
                engine = await self._take(name, command)
                try:
                    result = await self._search_on(engine, request, position, searchmoves)
                except _IllegalBestMove as error:
                    # Engines' rules may differ from Postal's (xiangqi's chase rules):
                    # the retry lets the engine choose among Postal's legal moves only.
                    problems.append(str(error))
                    searchmoves = tuple(
                        to_engine(name, position.game.position.uci(move))
                        for move in position.game.position.legal_moves()
                    )
                    await self._discard(engine)
                    continue
                except UciError as error:
                    problems.append(str(error))
                    await self._discard(engine)
                    continue
                except BaseException:
                    await self._discard(engine)  # cancelled mid-search: its state is unknown
                    raise
                self._idle.setdefault(name, []).append(engine)
                return result
        raise EngineFailed(name, "; ".join(problems))

    async def close(self) -> None:
        self._closed = True
        self._idle.clear()
        engines = list(self._running)
        self._running.clear()
        await asyncio.gather(*(engine.close() for engine in engines), return_exceptions=True)

    async def _take(self, name: str, command: tuple[str, ...]) -> UciEngine:
        """An idle engine for ``name``, else a new one, making room by stopping an idle one
        of another variant. The caller holds a queue slot, so busy engines < capacity."""
        idle = self._idle.get(name)
        while idle:
            engine = idle.pop()
            if engine.alive:
                return engine
            await self._discard(engine)
        # Engines starting count too: their handshake yields to other searches. The caller's
        # slot guarantees an idle engine to stop while the count is at the limit.
        while len(self._running) + self._starting >= self._queue.capacity:
            victim = next(engines for engines in self._idle.values() if engines).pop()
            await self._discard(victim)
        return await self._start(name, command)

    async def _start(self, name: str, command: tuple[str, ...]) -> UciEngine:
        self._starting += 1
        try:
            engine = await UciEngine.start(command, timeout=self._limits.start_s)
        except OSError as error:
            raise EngineUnavailable(name, UnavailableReason.MISSING, " ".join(command)) from error
        except UciError as error:
            raise EngineUnavailable(
                name, UnavailableReason.FAILED_TO_START, " ".join(command)
            ) from error
        finally:
            self._starting -= 1
        self.started += 1
        self._running.add(engine)
        try:
            _configure(engine, name)
            await engine.ready(self._limits.start_s)
        except (UciError, KeyError, ValueError) as error:
            await self._discard(engine)
            raise EngineUnavailable(
                name, UnavailableReason.FAILED_TO_START, " ".join(command)
            ) from error
        except BaseException:
            # Cancelled while it configures (an analysis cancels its other searches when one
            # fails): nobody will use it, and left counted it would hold a slot for good.
            await self._discard(engine)
            raise
        return engine

    async def _discard(self, engine: UciEngine) -> None:
        self._running.discard(engine)
        for idle in self._idle.values():
            if engine in idle:
                idle.remove(engine)
        with contextlib.suppress(Exception):
            await engine.close(grace=0)  # kills at once, even if this is cancelled

    async def _search_on(
        self,
        engine: UciEngine,
        request: SearchRequest,
        position: _Position,
        searchmoves: tuple[str, ...],
    ) -> SearchResult:
        chosen = level(request.level)
        apply_level(engine, chosen)
        budget = request.budget
        if budget.movetime_ms is None:
            # A node or depth budget is reproducible only from a clean engine: what this
            # process searched before (its hash and history tables) would change the answer.
            engine.new_game()
            await engine.ready(self._limits.start_s)
        timeout = (
            budget.movetime_ms / 1000 + self._limits.margin_s
            if budget.movetime_ms is not None
            else self._limits.unbounded_s
        )
        go = go_command(budget, chosen.depth_cap if chosen else None, searchmoves)
        answer = await engine.search(position.fen, position.moves, go, timeout)
        name = request.variant_name
        try:
            best = from_engine(name, answer.best_move)
            read_move(position.game.position, best)
        except ValueError as error:
            raise _IllegalBestMove(f"bestmove {answer.best_move!r} refused: {error}") from error
        if answer.score is None:
            raise UciGarbage(f"bestmove {answer.best_move} without a score")
        line = _legal_line(position.game, name, answer.pv)
        board = position.game.position
        played = blend(chosen, best, [board.uci(move) for move in board.legal_moves()], self._rng)
        if played != best:
            # A low level's random move: the score stays the engine's view of the position,
            # the line is the move alone (the engine did not look past it).
            best, line = played, (played,)
        return SearchResult(best, answer.score, answer.depth, line)


class _IllegalBestMove(UciError):
    """The engine's best move is malformed or not legal by Postal's rules."""


def _configure(engine: UciEngine, name: str) -> None:
    """One search thread each (the pool's size is the parallelism) and the variant chosen.

    Raises ``KeyError``/``ValueError`` when the engine cannot play ``name``.
    """
    if "Threads" in engine.options:
        engine.set_option("Threads", 1)
    # Chess960 is chess with UCI_Chess960 on (castling written as the king taking its rook,
    # as Postal writes it): Stockfish's and Fairy-Stockfish's way alike.
    chess960 = name == "chess960"
    uci_variant = "chess" if chess960 else name
    variant_option = engine.options.get("UCI_Variant")
    if variant_option is not None:
        if uci_variant not in variant_option.choices:
            raise ValueError(f"{engine.name} does not play {name}")
        engine.set_option("UCI_Variant", uci_variant)
    elif uci_variant != "chess":
        raise KeyError(f"{engine.name} has no UCI_Variant option: it plays chess only")
    if chess960:
        engine.set_option("UCI_Chess960", True)


def _prepare(request: SearchRequest) -> _Position:
    """The request checked by Postal's rules and put in the engine's terms.

    Raises ``ValueError`` for a bad FEN or move, or a position without a legal move.
    """
    name = request.variant_name
    game = replay(name, request.start_fen, request.moves)
    if not game.position.legal_moves():
        raise ValueError("the position has no legal move: the game is over")
    # A null move (0000, a passed turn in some records) has no UCI form: the engine starts
    # from the position after the last one instead of the start.
    last_null = max((i for i, move in enumerate(request.moves) if move == "0000"), default=-1)
    start = game.positions[last_null + 1] if last_null >= 0 else game.start
    moves = tuple(to_engine(name, move) for move in request.moves[last_null + 1 :])
    return _Position(game, start.fen(), moves)


def _legal_line(game: Game, name: str, line: Sequence[str]) -> tuple[str, ...]:
    """The engine's principal variation in Postal's coordinates, cut where a move stops
    being legal by Postal's rules (it starts with the checked best move)."""
    moves: list[str] = []
    position = game.position
    for text in line:
        try:
            move = read_move(position, from_engine(name, text))
        except ValueError:
            break
        moves.append(position.uci(move))
        position = position.play(move)
    return tuple(moves)
