"""``/analyse``: a finished game's positions evaluated by the engine at a fixed budget, in
the background, stored as they come; then each move judged by lichess's rules
(``bot.service.judgement``), each player's accuracy and average loss, the critical moment,
the evaluation graph and the record with ``[%eval]`` comments.

An analysis is one background job per game, shared by everyone who asks: the first request
starts it, later ones follow its progress, and a finished one is read from the store at once.
Each evaluation is stored when the engine gives it, so a restart carries an unfinished
analysis on from where it stopped (``resume``) without searching a position twice. Several
processes sharing the database run it once: the process holding its claim runs it, one
asked meanwhile follows its progress in the store and takes it over if that one stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING

import rules
from bot.engine.api import (
    Budget,
    EngineFailed,
    Engines,
    EngineUnavailable,
    SearchRequest,
    UnavailableReason,
)
from bot.service.analysis_report import GameAnalysis, build_analysis
from bot.service.claiming import claimed
from bot.service.errors import UserError
from bot.service.notation import report_namer
from bot.service.results import GameView, Place, User
from bot.store import (
    DATABASE_ERRORS,
    ClaimKind,
    GameRecord,
    PositionEvaluation,
    ProgressShown,
    StoredAnalysis,
)

if TYPE_CHECKING:
    from bot.service.core import ServiceCore

_log = logging.getLogger(__name__)

# Every position gets the same search: a node budget gives the same evaluations whatever the
# machine's load (a time budget would not). 100,000 nodes is about depth 13-15 for Stockfish
# and takes 0.1-0.5 s a position on a busy 2-core machine (see benchmarks/engine.py).
ANALYSIS_NODES = 100_000
# Positions of one analysis searched at once: the pool shares its processes fairly between
# requesters, so one analysis may keep two busy without starving anyone's computer game.
PARALLEL_SEARCHES = 2
# How long a process's claim on an analysis it runs lasts unless renewed (after each position
# it stores): several processes on one database resume an unfinished analysis once, and a
# killed process's analysis is taken over by the next to start once the lease has run out.
ANALYSIS_CLAIM_LEASE = timedelta(minutes=2)
# How often a process following another's analysis reads its progress from the store (and
# tries its claim, to take it over once that process stopped or died).
WATCH_SECONDS = 1.0

ProgressCallback = Callable[["AnalysisProgress"], Awaitable[None]]


# The refusals and failures below carry their facts; ``bot.text.refusals`` words them, and
# ``NoEngineError`` is worded with ``bot.text.reasons.engine_unavailable`` like the computer's.


class NotFinishedError(UserError):
    """Analysis is for finished games only: during a game it would be cheating."""

    def __init__(self, game_id: int) -> None:
        super().__init__()
        self.game_id = game_id


class NothingToAnalyseError(UserError):
    """The game ended before its first move (aborted, or lost on time at once)."""

    def __init__(self, game_id: int) -> None:
        super().__init__()
        self.game_id = game_id


class NoEngineError(UserError):
    """No engine for the game's variant; ``reason`` says why. The edge words it with how
    to fix it (``bot.words.engine_unavailable``, its analysis form); ``message`` is only a
    plain fallback for logs."""

    def __init__(self, variant: str, reason: UnavailableReason) -> None:
        super().__init__(f"no {variant} engine to analyse with ({reason.value})")
        self.variant = variant
        self.reason = reason


class AnalysisFailedError(UserError):
    """The engine failed on this game's analysis; asking again carries it on."""

    def __init__(self, game_id: int, done: int, total: int) -> None:
        super().__init__()
        self.game_id = game_id
        self.done = done
        self.total = total


class AnalysisInterruptedError(UserError):
    """Postal stopped (a restart) while the analysis ran; it carries on when Postal is back."""

    def __init__(self, game_id: int) -> None:
        super().__init__()
        self.game_id = game_id


@dataclass(frozen=True, slots=True)
class AnalysisProgress:
    """``done`` of ``total`` positions evaluated."""

    game_id: int
    done: int
    total: int


@dataclass(frozen=True, slots=True)
class AnalysisStarted:
    """The answer to ``/analyse``: the analysis at once when stored (``result``), else the
    progress of the job now running."""

    game: GameView
    progress: AnalysisProgress
    result: GameAnalysis | None = None


@dataclass(frozen=True, slots=True)
class ProgressMessage:
    """A running analysis whose progress shows in a message (``channel_id``,
    ``message_id``) an adapter posted before a restart; ``viewer`` is the asker it answered
    (whose language and looks it takes)."""

    game: GameView
    channel_id: int
    message_id: int
    viewer: User
    progress: AnalysisProgress


@dataclass
class _Job:
    """A running analysis and whoever follows it."""

    game_id: int
    total: int
    done: int
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    finished: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    running_here: bool = False  # False: another process runs it, this one follows it

    def progress(self) -> AnalysisProgress:
        return AnalysisProgress(self.game_id, self.done, self.total)

    def advance(self) -> None:
        self.done += 1
        self.changed.set()


class Analyses:
    """``/analyse`` and its background jobs (``service.analysis``)."""

    def __init__(
        self,
        core: ServiceCore,
        *,
        nodes: int = ANALYSIS_NODES,
        parallel: int = PARALLEL_SEARCHES,
        watch_seconds: float = WATCH_SECONDS,
    ) -> None:
        self._core = core
        self.nodes = nodes
        self.parallel = parallel
        self.watch_seconds = watch_seconds
        # Told the messages to go on showing an analysis this process took over from
        # another (stopped or dead) one: those that process showed it in.
        self.on_taken_over: Callable[[list[ProgressMessage]], None] | None = None
        self._jobs: dict[int, _Job] = {}
        self._closing = False

    async def analyse(
        self, user: User, place: Place | None, *, game_id: int | None = None
    ) -> AnalysisStarted:
        """The analysis of the finished game meant: at once if stored; otherwise started (or
        joined, when someone already asked) in the background — follow it with ``follow``.
        Raises ``NotFinishedError``, ``NothingToAnalyseError``, ``NoEngineError`` and the
        errors of finding the game."""
        core = self._core
        record = await core.resolve(user, place, game_id, finished_ok=True)
        if record.is_active:
            raise NotFinishedError(record.id)
        if record.ply == 0:
            raise NothingToAnalyseError(record.id)
        view = await core.view(record)
        stored = await core.store.analyses.get(record.id)
        if stored is not None and stored.finished_at is not None:
            total = stored.positions
            result = await self._result(record, stored, user)
            return AnalysisStarted(view, AnalysisProgress(record.id, total, total), result)
        self._require_engine(record.variant)
        job = self._jobs.get(record.id)
        if job is None:
            stored = await core.store.analyses.start(
                record.id,
                nodes=self.nodes,
                positions=record.ply + 1,
                requested_by=user.id,
                now=core.now(),
            )
            job = await self._launch(record, stored)
        return AnalysisStarted(view, job.progress())

    async def follow(
        self,
        user: User,
        game_id: int,
        on_progress: ProgressCallback | None = None,
    ) -> GameAnalysis:
        """Wait for game ``game_id``'s analysis to finish, calling ``on_progress`` each time
        positions were evaluated (at most one call at a time; progress made meanwhile is
        reported by the next). Raises ``AnalysisFailedError`` when the engine failed, and
        ``AnalysisInterruptedError`` when Postal stops meanwhile (``close``)."""
        job = self._jobs.get(game_id)
        while job is not None and not job.finished.is_set():
            job.changed.clear()
            changed = asyncio.ensure_future(job.changed.wait())
            finished = asyncio.ensure_future(job.finished.wait())
            try:
                await asyncio.wait({changed, finished}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                changed.cancel()
                finished.cancel()
            if on_progress is not None and not job.finished.is_set():
                await on_progress(job.progress())
        if self._closing:
            raise AnalysisInterruptedError(game_id)
        core = self._core
        record = await core.game_record(game_id)
        stored = await core.store.analyses.get(game_id)
        if stored is None or stored.finished_at is None:
            done = len(await core.store.analyses.evaluations(game_id))
            raise AnalysisFailedError(game_id, done, record.ply + 1)
        return await self._result(record, stored, user)

    async def show_progress_in(
        self, user: User, game_id: int, channel_id: int, message_id: int
    ) -> None:
        """Remember the message an adapter shows game ``game_id``'s analysis to ``user`` in,
        so that after a restart this process goes on updating that message
        (``progress_messages``), in their language and looks."""
        core = self._core
        await core.store.analyses.show_progress_in(
            game_id, channel_id, message_id, user.id, core.process
        )

    async def progress_messages(self) -> list[ProgressMessage]:
        """The messages this process showed the analyses going on now (``resume`` carried
        them on, here or in another process) in before the restart, each to its own asker:
        the adapter follows each there."""
        core = self._core
        found = []
        for stored in await core.store.analyses.unfinished():
            job = self._jobs.get(stored.game_id)
            if job is None:
                continue
            record = await core.store.games.get(stored.game_id)
            if record is None:
                continue
            # Running it, this process also shows the messages nobody is known to show.
            mine = (core.process, "") if job.running_here else (core.process,)
            shown = await core.store.analyses.progress_messages(stored.game_id, mine)
            found += await self._shown(record, job, shown)
        return found

    async def _shown(
        self, record: GameRecord, job: _Job, messages: list[ProgressShown]
    ) -> list[ProgressMessage]:
        """``messages`` of ``job``'s analysis, for the adapter."""
        core = self._core
        view = await core.view(record)
        found = []
        for shown in messages:
            asker = await core.ref(shown.viewer_id)
            found.append(
                ProgressMessage(
                    view,
                    shown.channel_id,
                    shown.message_id,
                    User(asker.id, asker.name),
                    job.progress(),
                )
            )
        return found

    async def resume(self) -> int:
        """Carry on every stored analysis left unfinished (by a restart); how many."""
        resumed = 0
        for stored in await self._core.store.analyses.unfinished():
            if stored.game_id in self._jobs:
                continue
            record = await self._core.store.games.get(stored.game_id)
            if record is None or self.engines is None or not self.engines.available(record.variant):
                continue  # tried again when someone asks, and refused clearly then
            if not await self._claim(stored.game_id):
                # Another process sharing the database runs it: this one follows it if it
                # showed it to someone before the restart (their messages are its to update).
                mine = await self._core.store.analyses.progress_messages(
                    stored.game_id, (self._core.process,)
                )
                if mine:
                    await self._launch(record, stored)
                continue
            await self._launch(record, stored)
            resumed += 1
        return resumed

    async def _claim(self, game_id: int) -> bool:
        """Take or renew this process's claim on game ``game_id``'s analysis; whether it
        holds it (False: another live process does)."""
        core = self._core
        kind = ClaimKind.ANALYSIS
        return bool(
            await claimed(
                core.store, core.process, kind, [game_id], core.now(), ANALYSIS_CLAIM_LEASE
            )
        )

    async def close(self) -> None:
        """Stop the running jobs (their evaluations so far are stored; ``resume`` goes on);
        whoever follows one is told Postal is stopping."""
        self._closing = True
        tasks = [job.task for job in self._jobs.values() if job.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def running(self, game_id: int) -> AnalysisProgress | None:
        job = self._jobs.get(game_id)
        return None if job is None else job.progress()

    # --- the job ------------------------------------------------------------------------

    @property
    def engines(self) -> Engines | None:
        return self._core.engines

    def _require_engine(self, variant: str) -> None:
        # The pool knows only whether the engine was found: anything else shows in a search.
        if self.engines is None or not self.engines.available(variant):
            raise NoEngineError(variant, UnavailableReason.MISSING)

    async def _launch(self, record: GameRecord, stored: StoredAnalysis) -> _Job:
        """The game's job: the one running (someone asked meanwhile), or a new one."""
        done = await self._core.store.analyses.evaluated(record.id)
        running = self._jobs.get(record.id)
        if running is not None:
            return running
        job = _Job(record.id, stored.positions, done)
        self._jobs[record.id] = job
        # The claim decides where it runs: here if free (it keeps the other processes'
        # resume off it); if another process runs it, this job follows that one.
        held = job.running_here = bool(await self._claim(record.id))
        job.task = asyncio.create_task(
            self._drive(job, record, stored, held), name=f"analysis of game {record.id}"
        )
        return job

    async def _drive(
        self, job: _Job, record: GameRecord, stored: StoredAnalysis, held: bool
    ) -> None:
        """Run the analysis here, once this process holds its claim (``held``: it does);
        until then follow the progress the holder stores. Ends the job either way."""
        try:
            if not held:
                held = job.running_here = await self._await_claim(job)
                if held:
                    await self._taken_over(record, job)
            if held:
                await self._run(job, record, stored)
        finally:
            self._jobs.pop(record.id, None)
            if held:
                # Not on cancellation's path alone: a stopped process's claim would otherwise
                # keep the others' resume off the analysis for the whole lease.
                with contextlib.suppress(*DATABASE_ERRORS):
                    await self._core.store.claims.release(
                        ClaimKind.ANALYSIS, record.id, self._core.process
                    )
            job.finished.set()
            job.changed.set()

    async def _taken_over(self, record: GameRecord, job: _Job) -> None:
        """The messages the stopped process showed the analysis in are this one's now: they
        go to the adapter."""
        core = self._core
        try:
            taken = await core.store.analyses.take_progress_messages(record.id, core.process)
            shown = await self._shown(record, job, taken) if self.on_taken_over else []
        except DATABASE_ERRORS:
            _log.warning("analysis of game %s: its messages were not taken over", record.id)
            return
        if shown and self.on_taken_over is not None:
            self.on_taken_over(shown)

    async def _await_claim(self, job: _Job) -> bool:
        """Follow another process's run of the job's analysis through the store, as its
        evaluations are stored, until it ends (False) or this process takes its claim over
        (True: that process stopped, or died and its lease ran out)."""
        analyses = self._core.store.analyses
        while True:
            await asyncio.sleep(self.watch_seconds)
            try:
                stored = await analyses.get(job.game_id)
                if stored is None or stored.finished_at is not None or stored.failure:
                    return False  # ``follow`` reads how it ended
                done = await analyses.evaluated(job.game_id)
                if done != job.done:
                    job.done = done
                    job.changed.set()
                if await self._claim(job.game_id):
                    return True
            except DATABASE_ERRORS:
                _log.warning("analysis of game %s: the database failed", job.game_id)

    async def _run(self, job: _Job, record: GameRecord, stored: StoredAnalysis) -> None:
        core = self._core
        try:
            # Read again: another process may have stored some while this one waited.
            done = {e.ply for e in await core.store.analyses.evaluations(record.id)}
            job.done = len(done)
            replay = await core.replay(record)
            todo = [ply for ply in range(stored.positions) if ply not in done]
            slots = asyncio.Semaphore(self.parallel)

            async def evaluate(ply: int) -> None:
                async with slots:
                    evaluation = await self._evaluate(replay, ply, stored)
                    await core.store.analyses.add_evaluation(record.id, evaluation)
                    job.advance()
                    await self._claim(record.id)  # renewed while it makes progress

            async with asyncio.TaskGroup() as group:
                for ply in todo:
                    group.create_task(evaluate(ply))
            await core.store.analyses.finish(record.id, core.now())
        except* (EngineFailed, EngineUnavailable) as failures:
            reason = str(failures.exceptions[0])
            _log.warning("analysis of game %s stopped: %s", record.id, reason)
            await core.store.analyses.fail(record.id, reason[:500])
        except* Exception:
            _log.exception("analysis of game %s failed", record.id)
            await core.store.analyses.fail(record.id, "internal error")

    async def _evaluate(
        self, replay: rules.Game, ply: int, stored: StoredAnalysis
    ) -> PositionEvaluation:
        """The engine's evaluation of the position after ``ply`` moves; a position the game
        ended in (no legal move) is judged by the rules, not searched."""
        position = replay.positions[ply]
        if not position.legal_moves():
            # Mated (and stalemated in xiangqi, where that loses) is mate 0; a chess
            # stalemate is a draw.
            lost = position.is_check() or position.variant.name == "xiangqi"
            return PositionEvaluation(ply, None if lost else 0, 0 if lost else None, 0, None)
        assert self.engines is not None
        request = SearchRequest(
            variant_name=replay.variant.name,
            start_fen=replay.start.fen(),
            moves=tuple(
                p.uci(m) for p, m in zip(replay.positions[:ply], replay.moves[:ply], strict=True)
            ),
            budget=Budget(nodes=stored.nodes),
            level=None,
            requester=str(stored.requested_by),
        )
        found = await self.engines.search(request)
        score = found.score
        return PositionEvaluation(
            ply, score.centipawns, score.mate, found.depth, found.best_move, found.pv
        )

    # --- the result ---------------------------------------------------------------------

    async def _result(self, record: GameRecord, stored: StoredAnalysis, user: User) -> GameAnalysis:
        """The report of a finished analysis, its board in ``user``'s looks."""
        core = self._core
        replay = await core.replay(record)
        view = await core.view(record)
        evaluations = await core.store.analyses.evaluations(record.id)
        board = await core.board_image(replay, viewer_id=user.id, seat=view.color_of(user.id))
        chess = rules.is_chess_family(record.variant)
        asker = None if chess else await core.store.players.get(user.id)
        name = report_namer(record.variant, asker)
        return build_analysis(view, record, replay, evaluations, stored.nodes, board, name)
