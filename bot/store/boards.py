"""Board messages: the game's newest one, and the older ones whose buttons are still to go."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store.database import Database, Statement
from bot.store.outbox_answers import answered_statement, waiting_statement
from bot.store.records import to_epoch


@dataclass(frozen=True, slots=True)
class OldBoard:
    """A board message replaced by a newer one: its buttons are to be removed."""

    message_id: int
    game_id: int
    channel_id: int


@dataclass(frozen=True, slots=True)
class AnswerBoard:
    """A board that was an interaction's answer, recorded (``Boards.replace_answer``): the
    board it replaces (None: none), and whether rows of its game still wait in the outbox
    (``waiting``: behind the answer's row in the game's lane, such as its copies for the
    game's other places, which only a sender's round sends)."""

    old: OldBoard | None
    waiting: bool


class Boards:
    def __init__(self, database: Database) -> None:
        self._db = database

    async def replace(
        self,
        game_id: int,
        channel_id: int,
        message_id: int,
        now: datetime,
        *,
        place_id: int | None = None,
    ) -> OldBoard | None:
        """Record ``message_id`` (in ``channel_id``, the game's place) as the game's board
        message and, in the same transaction, the one it replaces as an ``OldBoard`` to
        retire (returned; None if there was none or it is the same). ``place_id``: the
        board was posted in the game's other place (``game_places``) instead: see
        ``_in_place``."""
        if place_id is not None:
            return await self._in_place(game_id, place_id, channel_id, message_id, now)
        results = await self._db.write(self._replacing(game_id, channel_id, message_id, now))
        return _old_board(results, game_id, channel_id)

    async def replace_answer(
        self, game_id: int, channel_id: int, message_id: int, now: datetime, answered: str
    ) -> AnswerBoard:
        """``replace`` for a board that is an interaction's answer, in the game's place:
        the outbox row it stood in for (nonce ``answered``) is marked sent in the same
        write (see ``Outbox.answered``), which also tells whether rows of the game still
        wait to be sent."""
        results = await self._db.write(
            [
                *self._replacing(game_id, channel_id, message_id, now),
                answered_statement(game_id, answered, channel_id, message_id, now),
                waiting_statement(game_id),
            ]
        )
        return AnswerBoard(_old_board(results, game_id, channel_id), bool(results and results[-1]))

    def _replacing(
        self, game_id: int, channel_id: int, message_id: int, now: datetime
    ) -> list[Statement]:
        """The old board listed first (read from the game's row inside the transaction),
        then the row points to the new one: sent whole, in one write."""
        return [
            Statement(
                "INSERT INTO board_retirements (message_id, game_id, channel_id, created_at) "
                "SELECT message_id, id, ?, ? FROM games WHERE id = ? "
                f"AND message_id IS NOT NULL AND message_id <> ?{self._db.row_lock} "
                "ON CONFLICT (message_id) DO NOTHING RETURNING message_id",
                (channel_id, to_epoch(now), game_id, message_id),
            ),
            Statement(
                "UPDATE games SET message_id = ?, version = version + 1 WHERE id = ? "
                "AND (message_id IS NULL OR message_id <> ?)",
                (message_id, game_id, message_id),
            ),
        ]

    async def _in_place(
        self, game_id: int, place_id: int, channel_id: int, message_id: int, now: datetime
    ) -> OldBoard | None:
        """As ``replace``, in the game's other place ``place_id``: its board message is the
        place's (``game_places.message_id``), whether an outbox row's copy posted it or an
        interaction answered with it there."""
        results = await self._db.write(
            [
                Statement(
                    "INSERT INTO board_retirements (message_id, game_id, channel_id, created_at) "
                    "SELECT message_id, game_id, ?, ? FROM game_places WHERE id = ? "
                    "AND game_id = ? AND message_id IS NOT NULL AND message_id <> ?"
                    f"{self._db.row_lock} ON CONFLICT (message_id) DO NOTHING "
                    "RETURNING message_id",
                    (channel_id, to_epoch(now), place_id, game_id, message_id),
                ),
                Statement(
                    "UPDATE game_places SET message_id = ? WHERE id = ? AND game_id = ?",
                    (message_id, place_id, game_id),
                ),
            ]
        )
        listed = results[0] if results else []
        return OldBoard(int(listed[0][0]), game_id, channel_id) if listed else None

    async def to_retire(self, limit: int) -> list[OldBoard]:
        """The oldest boards still to retire, only each game's newest (the others are
        superseded: see ``retired``)."""
        rows = await self._db.fetch(
            "SELECT message_id, game_id, channel_id FROM board_retirements "
            f"WHERE message_id IN ({_NEWEST}) ORDER BY created_at, message_id LIMIT ?",
            (limit,),
        )
        return [OldBoard(int(r[0]), int(r[1]), int(r[2])) for r in rows]

    async def retired(self, *message_ids: int) -> list[OldBoard]:
        """The edits were tried (done, or the messages are out of reach): forget them, and,
        in the same transaction, the boards to retire that a newer old board of the same
        game supersedes; returns the latter. Their buttons refuse a press (they carry the
        ply they were made at): while moves come faster than edits may go out, editing
        every old board would fall behind without end, so the one kept per game is the one
        just above the live board, where a player looks; the adapter may edit the others
        later, when their channel is quiet (best effort: they are no longer stored)."""
        if not message_ids:
            return []
        marks = ", ".join("?" * len(message_ids))
        results = await self._db.write(
            [
                # The superseded first: once the done ones are gone, an older board
                # would pass for its game's newest.
                # The boards just tried are not among them: they were edited already.
                Statement(
                    f"DELETE FROM board_retirements WHERE message_id NOT IN ({_NEWEST}) "
                    f"AND message_id NOT IN ({marks}) RETURNING message_id, game_id, channel_id",
                    message_ids,
                ),
                Statement(
                    f"DELETE FROM board_retirements WHERE message_id IN ({marks})", message_ids
                ),
            ]
        )
        rows = sorted(results[0]) if results else []
        return [OldBoard(int(r[0]), int(r[1]), int(r[2])) for r in rows]


def _old_board(results: list[list[Any]] | None, game_id: int, channel_id: int) -> OldBoard | None:
    """The board ``_replacing`` listed to retire (its first statement's row), if any."""
    listed = results[0] if results else []
    return OldBoard(int(listed[0][0]), game_id, channel_id) if listed else None


# Each game's newest board to retire in each of its places (a game between servers has a
# board in each: ``game_places``). Message ids are Discord snowflakes, which grow with
# time: the newest is the largest. No index: the table holds about one row per game.
_NEWEST = "SELECT MAX(message_id) FROM board_retirements GROUP BY game_id, channel_id"
