"""Starting a game: from an accepted challenge, or inside another write's transaction."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.database import Connection
from bot.store.game_places import insert_places
from bot.store.game_rows import COLUMNS, GameTable, clock_note, game_from_row
from bot.store.outbox import OutboxItem, insert_items
from bot.store.records import GameRecord, NewGame, NewPlace, to_epoch
from bot.store.teams import seat_teams


class GameStarts(GameTable):
    """Games created."""

    async def start_from_challenge(
        self,
        *,
        challenge_id: int,
        acceptor_id: int,
        white_id: int,
        black_id: int,
        start_fen: str,
        to_move_id: int,
        now: datetime,
        deadline_at: datetime | None,
        next_look_at: datetime | None = None,
        thread_look_at: datetime | None = None,
        outbox: Sequence[OutboxItem] = (),
        other_places: Sequence[NewPlace] = (),
    ) -> GameRecord | None:
        """Accept an open, unexpired challenge and create its game in one transaction,
        with its ``outbox`` rows (those without a game id get the new game's) and its
        ``other_places`` (channels of other servers: a vote game between two servers');
        ``next_look_at``: when the clock must first look at it (``bot.store.clock_looks``);
        ``thread_look_at``: when to look at its thread if it starts in one (a rematch in
        the thread Postal opened for the last game, say).

        Returns None (changing nothing) if the challenge was no longer open: of two
        simultaneous accepts exactly one creates a game.
        """
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE challenges SET status = 'accepted', opponent_id = ? "
                "WHERE id = ? AND status = 'open' AND expires_at > ? "
                "RETURNING guild_id, channel_id, thread_id, variant, days_per_move, rated, "
                "untimed, increment_days, cap_days, weekends_off",
                (acceptor_id, challenge_id, to_epoch(now)),
            )
            row = await cursor.fetchone()
            await cursor.close()
            if row is None:
                return None
            new = _challenged_game(
                row,
                start_fen=start_fen,
                seats=(white_id, black_id, to_move_id),
                deadline_at=deadline_at,
                looks=(next_look_at, thread_look_at),
            )
            new = dataclasses.replace(new, other_places=tuple(other_places))
            game = await insert_game(conn, new, now, outbox)
            await conn.execute(
                "UPDATE challenges SET game_id = ? WHERE id = ?", (game.id, challenge_id)
            )
        return game


def _challenged_game(
    row: Any,
    *,
    start_fen: str,
    seats: tuple[int, int, int],
    deadline_at: datetime | None,
    looks: tuple[datetime | None, datetime | None],
) -> NewGame:
    """The game an accepted challenge (``row``: its place and terms) starts: white, black
    and who moves first (``seats``), the first deadline, when the clock and the thread
    upkeep first look at it."""
    # The game lives where it was challenged: a channel, or a thread or forum post.
    guild_id, channel_id, thread_id, variant, days_per_move, rated, untimed = row[:7]
    increment_days, cap_days, weekends_off = row[7:]
    white_id, black_id, to_move_id = seats
    next_look_at, thread_look_at = looks
    return NewGame(
        guild_id,
        channel_id,
        thread_id,
        variant,
        start_fen,
        white_id,
        black_id,
        days_per_move,
        bool(rated),
        bool(untimed),
        to_move_id,
        deadline_at,
        next_look_at,
        None if thread_id is None else thread_look_at,
        increment_days,
        cap_days,
        # On a time bank, the second player's waits full (``bot.service.time_bank``).
        None if increment_days is None else days_per_move * 86400,
        bool(weekends_off),
    )


async def insert_game(
    conn: Connection,
    game: NewGame,
    now: datetime,
    outbox: Sequence[OutboxItem] = (),
) -> GameRecord:
    """Create ``game`` inside the caller's transaction, with its ``outbox`` rows (those
    without a game id get the new game's)."""
    cursor = await conn.execute(
        "INSERT INTO games (guild_id, channel_id, thread_id, variant, start_fen, "
        "white_id, black_id, days_per_move, rated, status, ply, fen, to_move_id, "
        "created_at, last_move_at, deadline_at, untimed, clock_deadline, clock_next_at, "
        "thread_upkeep_at, increment_days, cap_days, waiting_bank, weekends_off) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        f"RETURNING {COLUMNS}",
        (
            game.guild_id,
            game.channel_id,
            game.thread_id,
            game.variant,
            game.start_fen,
            game.white_id,
            game.black_id,
            game.days_per_move,
            int(game.rated),
            game.start_fen,
            game.to_move_id,
            to_epoch(now),
            to_epoch(now),
            None if game.deadline_at is None else to_epoch(game.deadline_at),
            int(game.untimed),
            *clock_note(game.deadline_at, game.next_look_at),
            None if game.thread_look_at is None else to_epoch(game.thread_look_at),
            game.increment_days,
            game.cap_days,
            game.waiting_bank,
            int(game.weekends_off),
        ),
    )
    row = await cursor.fetchone()
    await cursor.close()
    created = game_from_row(row)
    # Its other places first: its rows said in its place are copied to each of them.
    await insert_places(conn, created.id, game.other_places)
    await insert_items(conn, _for_game(outbox, created.id), now)
    # A team seated (vote chess) is linked to its game, its window opened if it moves first.
    await seat_teams(conn, created.id, (game.white_id, game.black_id), game.to_move_id, now)
    return created


def _for_game(items: Sequence[OutboxItem], game_id: int) -> list[OutboxItem]:
    """``items``, those without a game id given ``game_id``."""
    return [
        item if item.game_id is not None else dataclasses.replace(item, game_id=game_id)
        for item in items
    ]
