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
    ``nodes`` of search, started by ``requested_by`` (the engine pool's fairness key, kept
    whoever asks later); finished when ``finished_at`` is set, stopped by ``failure``."""

    game_id: int
    nodes: int
    positions: int
    requested_by: int
    created_at: datetime
    finished_at: datetime | None
    failure: str | None


@dataclass(frozen=True, slots=True)
class ProgressShown:
    """A message (``channel_id``, ``message_id``) showing game ``game_id``'s analysis to
    ``viewer_id``, who asked for it there."""

    game_id: int
    viewer_id: int
    channel_id: int
    message_id: int


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


_ANALYSIS = "game_id, nodes, positions, requested_by, created_at, finished_at, failure"


def _analysis(row: Any) -> StoredAnalysis:
    return StoredAnalysis(
        row[0], row[1], row[2], row[3], from_epoch(row[4]), from_epoch_or_none(row[5]), row[6]
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
        self, game_id: int, channel_id: int, message_id: int, asker_id: int, shown_by: str = ""
    ) -> None:
        """Remember the message showing the analysis's progress to ``asker_id``, shown by
        process ``shown_by`` (which goes on updating it after a restart); it replaces that
        asker's earlier one. ``requested_by`` stays."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO analysis_progress_messages "
                "(game_id, viewer_id, channel_id, message_id, shown_by) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, viewer_id) DO UPDATE SET "
                "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                "shown_by = excluded.shown_by",
                (game_id, asker_id, channel_id, message_id, shown_by),
            )

    async def progress_messages(
        self, game_id: int, shown_by: tuple[str, ...] | None = None
    ) -> list[ProgressShown]:
        """The messages showing game ``game_id``'s analysis (only those shown by one of the
        processes ``shown_by``, when given; '' is nobody), in the order first shown."""
        marks = "" if shown_by is None else ", ".join("?" * len(shown_by))
        mine = "" if shown_by is None else f" AND shown_by IN ({marks})"
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT game_id, viewer_id, channel_id, message_id "
                f"FROM analysis_progress_messages WHERE game_id = ?{mine} ORDER BY message_id",
                (game_id, *(shown_by or ())),
            )
            rows = await cursor.fetchall()
        return [ProgressShown(int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in rows]

    async def take_progress_messages(self, game_id: int, shown_by: str) -> list[ProgressShown]:
        """Make process ``shown_by`` the one showing game ``game_id``'s messages that
        another process showed (it took the analysis over); returns those."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE analysis_progress_messages SET shown_by = ? "
                "WHERE game_id = ? AND shown_by <> ? "
                "RETURNING game_id, viewer_id, channel_id, message_id",
                (shown_by, game_id, shown_by),
            )
            rows = await cursor.fetchall()
            await cursor.close()
        shown = [ProgressShown(int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in rows]
        return sorted(shown, key=lambda m: m.message_id)

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

    async def evaluated(self, game_id: int) -> int:
        """How many positions are evaluated so far."""
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT COUNT(*) FROM analysis_positions WHERE game_id = ?", (game_id,)
            )
            row = await cursor.fetchone()
        return 0 if row is None else int(row[0])

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
        """Mark the analysis finished; its progress messages need no following any more."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE analyses SET finished_at = ?, failure = NULL WHERE game_id = ?",
                (to_epoch(now), game_id),
            )
            await conn.execute(
                "DELETE FROM analysis_progress_messages WHERE game_id = ?", (game_id,)
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
