"""Analyses after the game: one row per analysed game, and each position's evaluation kept as
soon as it is known, so an analysis can be shown again at once and carried on after a
restart."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store.database import Database
from bot.store.records import from_epoch, from_epoch_or_none, to_epoch


@dataclass(frozen=True, slots=True)
class StoredAnalysis:
    """An analysis of game ``game_id``: ``positions`` to evaluate (its plies + 1), each with
    ``nodes`` of search; finished when ``finished_at`` is set, stopped by ``failure``;
    ``progress_message`` is where its progress shows (channel id, message id), if known."""

    game_id: int
    nodes: int
    positions: int
    requested_by: int
    created_at: datetime
    finished_at: datetime | None
    failure: str | None
    progress_message: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class PositionEvaluation:
    """The engine's view of the position after ``ply`` moves, from the side to move's point of
    view: exactly one of ``centipawns`` and ``mate`` (0: mated already). ``best_move`` and
    ``pv`` are in Postal's coordinates; None and () for a position where the game ended."""

    ply: int
    centipawns: int | None
    mate: int | None
    depth: int
    best_move: str | None
    pv: tuple[str, ...] = ()


_ANALYSIS = (
    "game_id, nodes, positions, requested_by, created_at, finished_at, failure, "
    "progress_channel_id, progress_message_id"
)


def _analysis(row: Any) -> StoredAnalysis:
    shown = None if row[7] is None or row[8] is None else (int(row[7]), int(row[8]))
    return StoredAnalysis(
        row[0],
        row[1],
        row[2],
        row[3],
        from_epoch(row[4]),
        from_epoch_or_none(row[5]),
        row[6],
        shown,
    )


class Analyses:
    """Reads and writes of ``analyses`` and ``analysis_positions``."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def get(self, game_id: int) -> StoredAnalysis | None:
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_ANALYSIS} FROM analyses WHERE game_id = ?", (game_id,)
            )
            row = await cursor.fetchone()
        return None if row is None else _analysis(row)

    async def start(
        self, game_id: int, *, nodes: int, positions: int, requested_by: int, now: datetime
    ) -> StoredAnalysis:
        """The game's analysis: a new one, or the stored one (a failed one is tried again:
        its failure is cleared, its evaluations kept)."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO analyses (game_id, nodes, positions, requested_by, created_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET failure = NULL "
                f"RETURNING {_ANALYSIS}",
                (game_id, nodes, positions, requested_by, to_epoch(now)),
            )
            row = await cursor.fetchone()
            await cursor.close()
        assert row is not None
        return _analysis(row)

    async def show_progress_in(
        self, game_id: int, channel_id: int, message_id: int, asker_id: int
    ) -> None:
        """Remember the message showing the analysis's progress, the latest asker's (the one
        a restart goes on updating); that asker becomes the analysis's ``requested_by``."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE analyses SET progress_channel_id = ?, progress_message_id = ?, "
                "requested_by = ? WHERE game_id = ?",
                (channel_id, message_id, asker_id, game_id),
            )

    async def evaluations(self, game_id: int) -> list[PositionEvaluation]:
        """The positions evaluated so far, by ply."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT ply, centipawns, mate, depth, best_move, pv FROM analysis_positions "
                "WHERE game_id = ? ORDER BY ply",
                (game_id,),
            )
            rows = await cursor.fetchall()
        return [PositionEvaluation(r[0], r[1], r[2], r[3], r[4], tuple(r[5].split())) for r in rows]

    async def add_evaluation(self, game_id: int, evaluation: PositionEvaluation) -> None:
        """Keep one position's evaluation (a second one for the same ply is ignored: the
        first stands, so a resumed analysis never changes what was shown)."""
        e = evaluation
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO analysis_positions "
                "(game_id, ply, centipawns, mate, depth, best_move, pv) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, ply) DO NOTHING",
                (game_id, e.ply, e.centipawns, e.mate, e.depth, e.best_move, " ".join(e.pv)),
            )

    async def finish(self, game_id: int, now: datetime) -> None:
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE analyses SET finished_at = ?, failure = NULL WHERE game_id = ?",
                (to_epoch(now), game_id),
            )

    async def fail(self, game_id: int, reason: str) -> None:
        """Stop the analysis with ``reason`` (asking again tries again)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE analyses SET failure = ? WHERE game_id = ? AND finished_at IS NULL",
                (reason, game_id),
            )

    async def unfinished(self) -> list[StoredAnalysis]:
        """Analyses neither finished nor stopped by a failure (a restart carries them on),
        oldest first."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                f"SELECT {_ANALYSIS} FROM analyses "
                "WHERE finished_at IS NULL AND failure IS NULL ORDER BY created_at, game_id"
            )
            rows = await cursor.fetchall()
        return [_analysis(row) for row in rows]
