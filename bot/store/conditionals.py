"""Conditional moves: each player's prepared lines in a game, stored as a tree.

A root is a move the owner's opponent may play next (its ``ply`` is the game's ply + 1); its
one child is the owner's answer; the answer's children are the opponent's possible replies
to it, and so on. Every write that changes a tree raises the game's ``version`` under the
same guard as a move (``WHERE id = ? AND version = ?``), so a move checked against the lines
it read can never be stored beside lines changed meanwhile, and a line checked against a
position is never stored after a move changed it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.store.database import Connection, Database, Statement
from bot.store.records import GameRecord, to_epoch


@dataclass(frozen=True, slots=True)
class ConditionalNode:
    """One prepared move: ``parent_id`` None for a root (an expected move of the opponent)."""

    id: int
    player_id: int
    parent_id: int | None
    ply: int
    uci: str


class Conditionals:
    """Reads and writes of ``conditional_moves``."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def tree(self, game_id: int, player_id: int | None = None) -> list[ConditionalNode]:
        """The prepared moves of a game (of one player if ``player_id`` is set), by ply and
        then in the order they were entered."""
        where, params = "game_id = ?", [game_id]
        if player_id is not None:
            where += " AND player_id = ?"
            params.append(player_id)
        rows = await self._db.fetch(
            "SELECT id, player_id, parent_id, ply, uci FROM conditional_moves "
            f"WHERE {where} ORDER BY ply, id",
            params,
        )
        return [ConditionalNode(*row) for row in rows]

    async def add_line(
        self, game: GameRecord, player_id: int, ucis: Sequence[str], now: datetime
    ) -> int | None:
        """Merge a line (UCI moves from the game's next ply on) into ``player_id``'s tree if
        the game is still active at ``game.version``: moves already stored are shared, the
        rest are added. Returns how many moves were added, None (changing nothing) if the
        game moved on."""
        async with self._db.transaction() as conn:
            if not await _raise_version(conn, game):
                return None
            parent: int | None = None
            added = 0
            for offset, uci in enumerate(ucis):
                ply = game.ply + 1 + offset
                cursor = await conn.execute(
                    "SELECT id FROM conditional_moves WHERE game_id = ? AND player_id = ? "
                    "AND parent_id IS NOT DISTINCT FROM ? AND ply = ? AND uci = ?",
                    (game.id, player_id, parent, ply, uci),
                )
                row = await cursor.fetchone()
                await cursor.close()
                if row is None:
                    cursor = await conn.execute(
                        "INSERT INTO conditional_moves "
                        "(game_id, player_id, parent_id, ply, uci, created_at) "
                        "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                        (game.id, player_id, parent, ply, uci, to_epoch(now)),
                    )
                    row = await cursor.fetchone()
                    await cursor.close()
                    assert row is not None
                    added += 1
                parent = int(row[0])
        return added

    async def clear(self, game: GameRecord, player_id: int) -> int | None:
        """Delete all of ``player_id``'s lines in a game still at ``game.version``: how many
        moves were deleted, None (changing nothing) if the game moved on."""
        async with self._db.transaction() as conn:
            if not await _raise_version(conn, game):
                return None
            cursor = await conn.execute(
                "SELECT COUNT(*) FROM conditional_moves WHERE game_id = ? AND player_id = ?",
                (game.id, player_id),
            )
            row = await cursor.fetchone()
            await cursor.close()
            await conn.execute(
                "DELETE FROM conditional_moves WHERE game_id = ? AND player_id = ?",
                (game.id, player_id),
            )
        return int(row[0]) if row else 0


async def _raise_version(conn: Connection, game: GameRecord) -> bool:
    cursor = await conn.execute(
        "UPDATE games SET version = version + 1 "
        "WHERE id = ? AND version = ? AND status = 'active' AND ply = ?",
        (game.id, game.version, game.ply),
    )
    return cursor.rowcount == 1


def followed(game_id: int, node_ids: Sequence[int], ply: int) -> list[Statement]:
    """The statements, inside a move's write, saying the game followed the prepared moves
    ``node_ids`` and is now at ``ply``: what follows each becomes its owner's new roots;
    every other line (used up, not matching the moves played, or from before) is dropped."""
    return [
        *(
            Statement("UPDATE conditional_moves SET parent_id = NULL WHERE parent_id = ?", (node,))
            for node in node_ids
        ),
        _drop_invalid(game_id, ply),
    ]


async def drop_invalid(conn: Connection, game_id: int, ply: int | None) -> None:
    """Inside a transaction that moved the game to ``ply`` (None: ended it): drop every line
    that no longer starts at the next ply (a move not expected, a takeback), subtrees
    included."""
    statement = _drop_invalid(game_id, ply)
    await conn.execute(statement.sql, statement.params)


def _drop_invalid(game_id: int, ply: int | None) -> Statement:
    if ply is None:
        return Statement("DELETE FROM conditional_moves WHERE game_id = ?", (game_id,))
    return Statement(
        "DELETE FROM conditional_moves WHERE game_id = ? AND parent_id IS NULL AND ply <> ?",
        (game_id, ply + 1),
    )
