"""Replaying a stored game: from this process's cache of replays when it holds the game at
the record's version, else played on from the cached game, else from the start; a game whose
moves no longer replay is marked damaged and skipped from then on."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import datetime
from functools import lru_cache
from typing import TypeVar

import rules
from bot.service.errors import DamagedGameError, GameChangedError
from bot.service.game_facts import same_last_move, variant_named
from bot.service.replays import ReplayCache, Replayed
from bot.service.turns import Turns
from bot.store import DATABASE_ERRORS, GameRecord, Store, StoredMove
from rules.chess.openings import Opening

_log = logging.getLogger(__name__)

T = TypeVar("T")
Item = TypeVar("Item")

# Replaying more moves than this goes to a worker thread (a thread costs ~0.1 ms; a ply
# ~30 µs): only long games after a restart, or long gaps, get there.
_REPLAY_IN_THREAD_PLIES = 200


class GameReplays:
    """The games this process replayed, each valid for one version of its row: they save
    replaying, and never decide anything the stored moves would not."""

    def __init__(self, store: Store, now: Callable[[], datetime], cache_bytes: int) -> None:
        self._store = store
        self._now = now
        self.cache = ReplayCache(cache_bytes)
        # Replays under way, by game and version: asked again meanwhile (a GIF storm after a
        # restart: forty replays of one long game in the shared worker threads kept every
        # board waiting), the same game is replayed once and shared.
        self._rebuilding: dict[tuple[int, int], asyncio.Future[rules.Game]] = {}

    async def replay(self, record: GameRecord) -> rules.Game:
        """The rules game of ``record``, rebuilt from its stored moves. Raises
        ``DamagedGameError`` (after marking the game damaged) when they no longer replay."""
        if record.damaged_at is not None:
            raise DamagedGameError(record.id)
        try:
            return await self._rebuild(record)
        except (DamagedGameError, GameChangedError):
            raise
        except DATABASE_ERRORS:
            raise
        except Exception as error:
            await self.mark_damaged(record.id, error)
            raise DamagedGameError(record.id) from error

    async def mark_damaged(self, game_id: int, error: BaseException) -> None:
        """Log ``error`` with the game's id and mark the game damaged, so that it stops
        holding up the clock and its players are told why it cannot be played."""
        _log.error(
            "game #%s is damaged and is skipped from now on: %s: %s",
            game_id,
            type(error).__name__,
            error,
            exc_info=(type(error), error, error.__traceback__),
        )
        await self._store.games.mark_damaged(
            game_id, f"{type(error).__name__}: {error}", self._now()
        )
        self.forget(game_id)

    async def each_game(
        self,
        items: Iterable[Item],
        game_id: Callable[[Item], int],
        work: Callable[[Item], Awaitable[T]],
    ) -> list[T]:
        """``work`` for each item (a game, a reminder …) on its own: one whose game fails
        is logged with the game's id, the game marked damaged, and skipped; the rest go on.
        A database failure ends the round early but keeps what was already done (the
        remaining items come next round)."""
        done: list[T] = []
        turns = Turns()
        for item in items:
            await turns.take()  # hundreds in a row: commands arriving meanwhile go first
            try:
                done.append(await work(item))
            except DamagedGameError:
                continue  # logged and marked when it was found
            except DATABASE_ERRORS:
                _log.exception(
                    "the database failed at game #%s; the round ends here", game_id(item)
                )
                break
            except Exception as error:
                await self.mark_damaged(game_id(item), error)
        return done

    async def _rebuild(self, record: GameRecord) -> rules.Game:
        """``_replay`` without the damage check: ``_rebuild_now``, shared with the callers
        asking for the same game at the same version meanwhile."""
        key = (record.id, record.version)
        while (under_way := self._rebuilding.get(key)) is not None:
            try:
                return await asyncio.shield(under_way)
            except asyncio.CancelledError:
                if not under_way.cancelled():
                    raise  # this caller was cancelled
                # The one replaying was cancelled: the next caller replays.
        shared: asyncio.Future[rules.Game] = asyncio.get_running_loop().create_future()
        # Read here so that an error nobody else waited for is not reported as unretrieved.
        shared.add_done_callback(lambda done: done.cancelled() or done.exception())
        self._rebuilding[key] = shared
        try:
            game = await self._rebuild_now(record)
        except Exception as error:
            shared.set_exception(error)
            raise
        except BaseException:
            shared.cancel()
            raise
        finally:
            del self._rebuilding[key]
        shared.set_result(game)
        return game

    async def _rebuild_now(self, record: GameRecord) -> rules.Game:
        """From the cache when it holds the game at ``record.version`` (no move read), else
        played on from the cached game with the moves stored since, else replayed from the
        start position."""
        cached = self.cache.get(record.id)
        if cached is not None and cached.start_fen == record.start_fen:
            if cached.version == record.version:
                return cached.game
            if same_last_move(cached, record):
                # Only something beside the moves changed (the board message recorded, a
                # deadline moved): the cached game is still this one, at the new version.
                self.remember(record, cached.game, cached.move_version)
                return cached.game
            game = await self._played_on(record, cached)
            if game is not None:
                return game
        return await self._from_start(record, await self.line(record, 1))

    async def _from_start(self, record: GameRecord, line: list[StoredMove]) -> rules.Game:
        """``record``'s game replayed from its start position with ``line``, cached."""
        start = rules.Game(variant_named(record.variant), _start(record.variant, record.start_fen))
        game = await self.extended(start, [move.uci for move in line])
        self.remember(record, game, line[-1].version if line else None)
        return game

    async def replay_ahead(self, records: Sequence[GameRecord]) -> None:
        """Replay those of ``records``' games not cached at their version, their moves read
        together: at most the store's ``batches.plies_a_read`` a read (one game longer than
        that alone), not a read a game, for a read holds SQLite's one connection and its moves
        are held in memory at once. ``replay`` then finds them cached. A game whose moves do
        not replay as read is left to ``replay``, which judges it (and marks it damaged)."""
        wanted: list[GameRecord] = []
        plies, limit = 0, self._store.batches.plies_a_read
        for record in records:
            cached = self.cache.get(record.id)
            if record.damaged_at is not None or (
                cached is not None
                and cached.version == record.version
                and cached.start_fen == record.start_fen
            ):
                continue
            if wanted and plies + record.ply > limit:
                await self._ahead(wanted)
                wanted, plies = [], 0
            wanted.append(record)
            plies += record.ply
        await self._ahead(wanted)

    async def _ahead(self, records: list[GameRecord]) -> None:
        if not records:
            return
        lines = await self._store.games.move_lines([record.id for record in records])
        turns = Turns()
        for record in records:
            await turns.take()  # up to a thousand replays: never one long callback
            line = [move for move in lines.get(record.id, []) if move.ply <= record.ply]
            if len(line) != record.ply or any(move.version > record.version for move in line):
                continue  # a write came between the two reads: replay() reads it again
            try:
                await self._from_start(record, line)
            except Exception:  # replay() finds the fault again, and marks the game damaged
                continue

    async def _played_on(self, record: GameRecord, cached: Replayed) -> rules.Game | None:
        """The cached game followed by the moves stored after it, or None when its last move
        is no longer stored as it was (taken back, played again)."""
        ply = cached.game.ply
        if record.ply < ply:
            return None
        line = await self.line(record, max(ply, 1))
        if ply > 0:
            if not line or (line[0].ply, line[0].version) != (ply, cached.move_version):
                return None
            line = line[1:]
        game = await self.extended(cached.game, [move.uci for move in line])
        self.remember(record, game, line[-1].version if line else cached.move_version)
        return game

    async def line(self, record: GameRecord, from_ply: int) -> list[StoredMove]:
        """The stored moves ``from_ply`` to ``record.ply``, as they were when ``record`` was
        read. Raises ``GameChangedError`` when a write came in between the two reads (moves
        missing, or written after ``record``'s version): replaying them would give another
        game than ``record``'s, which several connections (PostgreSQL) make easy to see."""
        line = await self._store.games.move_line(record.id, from_ply=from_ply, to_ply=record.ply)
        if len(line) != max(record.ply - from_ply + 1, 0) or any(
            move.version > record.version for move in line
        ):
            raise GameChangedError()
        return line

    @staticmethod
    async def extended(game: rules.Game, ucis: list[str]) -> rules.Game:
        """``game`` followed by stored moves; many of them are played in a worker thread, so
        a long game replayed (after a restart) never holds up everyone else's commands."""
        if len(ucis) > _REPLAY_IN_THREAD_PLIES:
            return await asyncio.to_thread(game.extended, ucis)
        return game.extended(ucis)

    def remember(self, record: GameRecord, game: rules.Game, move_version: int | None) -> None:
        """Cache ``game`` as ``record`` at its version, if it is that version's game (the
        moves read may be newer than the record)."""
        if game.ply == record.ply:
            self.cache.put(
                record.id,
                game,
                start_fen=record.start_fen,
                version=record.version,
                move_version=move_version,
            )

    def forget(self, game_id: int) -> None:
        self.cache.forget(game_id)

    def opening(self, record: GameRecord) -> Opening | None:
        """The opening of ``record``'s game when this process holds that game (replayed for
        the message being made); None when it does not: naming never replays."""
        cached = self.cache.get(record.id)
        if cached is None or cached.start_fen != record.start_fen:
            return None
        if cached.version == record.version or same_last_move(cached, record):
            return self.cache.opening(record.id)
        return None


@lru_cache(maxsize=64)
def _start(variant: str, fen: str) -> rules.Position:
    """The start position ``fen`` of ``variant``, read once (positions are immutable; most
    games share a few starts, and reading a FEN costs a tenth of a short game's replay)."""
    return variant_named(variant).from_fen(fen)
