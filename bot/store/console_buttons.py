"""The console's numbered buttons and menu choices, kept across restarts."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bot.store.database import Database


@dataclass(frozen=True, slots=True)
class ConsoleButton:
    """A button (or a select menu's choice, with its ``value``) shown as ``[number] label``.
    ``board_game_id`` marks a board's controls (a newer board of that game replaces them);
    ``allowed_user_ids`` empty means anyone may press it."""

    number: int
    group: int
    label: str
    custom_id: str
    allowed_user_ids: tuple[int, ...] = ()
    value: str | None = None
    board_game_id: int | None = None


class ConsoleButtons:
    def __init__(self, database: Database) -> None:
        self._db = database

    async def add(
        self,
        entries: Sequence[tuple[str, str, tuple[int, ...], str | None]],
        *,
        board_game_id: int | None = None,
    ) -> list[ConsoleButton]:
        """Number ``entries`` (label, custom_id, allowed user ids, value) as one group, after
        every number ever used; a board's controls replace its game's older ones."""
        made: list[ConsoleButton] = []
        async with self._db.transaction() as conn:
            if board_game_id is not None:
                await conn.execute(
                    "DELETE FROM console_buttons WHERE board_game_id = ?", (board_game_id,)
                )
            group = 0
            for label, custom_id, allowed, value in entries:
                cursor = await conn.execute(
                    "INSERT INTO console_buttons "
                    "(grp, label, custom_id, allowed, value, board_game_id) "
                    "VALUES (?, ?, ?, ?, ?, ?) RETURNING number",
                    (group, label, custom_id, json.dumps(list(allowed)), value, board_game_id),
                )
                row = await cursor.fetchone()
                await cursor.close()
                number = int(row[0])
                if not group:
                    # A group is named by its first number.
                    group = number
                    await conn.execute(
                        "UPDATE console_buttons SET grp = ? WHERE number = ?", (group, number)
                    )
                made.append(
                    ConsoleButton(number, group, label, custom_id, allowed, value, board_game_id)
                )
        return made

    async def all(self) -> list[ConsoleButton]:
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT number, grp, label, custom_id, allowed, value, board_game_id "
                "FROM console_buttons ORDER BY number"
            )
            rows = await cursor.fetchall()
        return [
            ConsoleButton(r[0], r[1], r[2], r[3], tuple(json.loads(r[4])), r[5], r[6]) for r in rows
        ]

    async def remove_group(self, group: int) -> None:
        """The group's message was answered: its buttons are gone (unless a board's)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "DELETE FROM console_buttons WHERE grp = ? AND board_game_id IS NULL", (group,)
            )
