"""Games past their deadline ended on time, in batches: after an outage thousands are due at
once, and one transaction a game (a wait on the disk each) drained them at tens a second.

Each game is replayed on its own first (a damaged one is marked and skipped, as everywhere),
its ending worked out, then the store's ``batches.endings`` (``bot.store.batches``: few on
SQLite, whose one connection a waiting command needs) are written by one transaction
(``store.games.finish_many``): each game guarded by the version it was read at, ratings in the
batch's order, the announcements as outbox rows beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from bot.service.core import ServiceCore
from bot.service.endings import EndingUseCases, finished_record, settled, stored_ending
from bot.service.outbox_items import ending_items
from bot.service.results import GameEnded, PlayerRef
from bot.store import BatchEnding, GameRecord, Written
from rules import Color, Outcome, Termination


@dataclass(frozen=True, slots=True)
class _TimeOut:
    """A game to end on time, as it ends (``rated`` False: aborted before play)."""

    record: GameRecord
    outcome: Outcome
    rated: bool


class TimeOuts:
    """Ending overdue games on time, many a transaction."""

    def __init__(self, core: ServiceCore, endings: EndingUseCases) -> None:
        self._core = core
        self._endings = endings

    async def end(
        self, records: Sequence[GameRecord], now: datetime, *, describe: bool = True
    ) -> tuple[int, list[GameEnded]]:
        """End ``records`` (games past their deadline that this process holds) on time, in
        order: the side to move loses, unless the other could never mate (a draw). A game
        changed since it was read is skipped (the next round looks at it again); a damaged
        one is logged, marked and skipped. Returns how many ended and, if ``describe``,
        what each looks like (the outbox rows announce them either way). Raises the
        store's errors (the batches written before stay written)."""
        await self._core.replays.replay_ahead(records)  # their moves read together
        due = await self._core.replays.each_game(records, lambda record: record.id, self._due)
        refs = await self._core.refs(
            *{player for item in due for player in (item.record.white_id, item.record.black_id)}
        )
        count, ended = 0, []
        size = self._core.store.batches.endings
        for start in range(0, len(due), size):
            batch = due[start : start + size]
            written = await self._write(batch, refs, now)
            count += len(written)
            if describe:
                ended += [await self._described(item, done, refs, now) for item, done in written]
        if count:
            self._core.schedule_changed()
        return count, ended

    async def _due(self, record: GameRecord) -> _TimeOut:
        """How ``record`` ends on time. Raises ``DamagedGameError`` for a game whose moves no
        longer replay."""
        assert record.to_move_id is not None
        game = await self._core.replay(record)
        loser = Color.WHITE if record.to_move_id == record.white_id else Color.BLACK
        ruled = game.outcome()
        if ruled is not None:
            # Stored before a rule that ends it now (xiangqi's move limit): nobody could move
            # any more, so the rules' ending stands, not a loss on time.
            outcome = ruled
        elif not game.variant.has_insufficient_material(game.position, loser.other):
            outcome = Outcome(Termination.TIMEOUT, loser.other)
        else:
            outcome = Outcome(Termination.TIMEOUT_DRAW, None)
        counts = await self._endings.counts_from_start(record)  # a tournament's game
        outcome, rated = settled(record, outcome, True, counts)
        return _TimeOut(record, outcome, rated)

    async def _write(
        self, batch: Sequence[_TimeOut], refs: dict[int, PlayerRef], now: datetime
    ) -> list[tuple[_TimeOut, Written]]:
        """One transaction ending ``batch``; the games ended, with what was written."""
        written = await self._core.store.games.finish_many(
            [
                BatchEnding(
                    item.record,
                    stored_ending(item.outcome),
                    self._core.rate(item.record) if item.rated else None,
                    # The player who ran out of time is the ending's actor, as on /resign.
                    partial(
                        ending_items,
                        item.record,
                        refs,
                        in_place=True,
                        actor_id=item.record.to_move_id,
                    ),
                )
                for item in batch
            ],
            now,
            # Its wait for the disk holds up no command (``Database.transaction``).
            sync_outside_lock=True,
        )
        # A game changed meanwhile is absent: the next round looks at it again.
        return [(item, written[item.record.id]) for item in batch if item.record.id in written]

    async def _described(
        self, item: _TimeOut, done: Written, refs: dict[int, PlayerRef], now: datetime
    ) -> GameEnded:
        """What ``item``'s game looks like ended (the console shows it; the Discord adapter
        announces through the outbox rows and asks for none: a view, a text and a board
        for each of thousands of games after an outage)."""
        updated = finished_record(item.record, item.outcome, now, done.version)
        return await self._endings.game_ended(
            updated, item.outcome, item.record.to_move_id, done.ratings, refs
        )
