"""What a game's ending writes about its club match, inside the ending's own transaction:
a row that brings each side's standings message up to date, and the match's end with its
last game."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.store.club_matches import FINISHED_GAMES
from bot.store.database import Connection
from bot.store.outbox import OutboxItem
from bot.store.outbox_facts import MatchStandingsFacts, OutboxTarget
from bot.store.records import to_epoch


async def games_ended(conn: Connection, game_ids: Sequence[int], now: datetime) -> list[OutboxItem]:
    """For each of ``game_ids`` (just ended in this transaction) of a club match: its
    match finished when no game of it goes on, and the rows that update each side's
    standings message (once per ending game and side). Games of no match (most) cost one
    statement between them."""
    marks = ", ".join("?" * len(game_ids))
    cursor = await conn.execute(
        f"SELECT game_id, match_id FROM club_match_games WHERE game_id IN ({marks}) "
        "ORDER BY game_id",
        list(game_ids),
    )
    in_matches = [(int(row[0]), int(row[1])) for row in await cursor.fetchall()]
    await cursor.close()
    items = []
    for game_id, match_id in in_matches:
        # The match's row first (locked until the transaction ends): two last games
        # ending at once take turns, and the second sees the first's ending.
        cursor = await conn.execute(
            "UPDATE club_matches SET version = version + 1 WHERE id = ? RETURNING id",
            (match_id,),
        )
        await cursor.fetchone()
        await cursor.close()
        cursor = await conn.execute(FINISHED_GAMES, (match_id,))
        finished = int((await cursor.fetchone())[0])
        await cursor.close()
        await conn.execute(
            "UPDATE club_matches SET status = 'finished', finished_at = ? WHERE id = ? "
            "AND status = 'running' AND NOT EXISTS (SELECT 1 FROM club_match_games m "
            "JOIN games g ON g.id = m.game_id WHERE m.match_id = ? AND g.status = 'active')",
            (to_epoch(now), match_id, match_id),
        )
        cursor = await conn.execute(
            "SELECT side FROM club_match_sides s WHERE s.match_id = ? AND (s.side = 1 OR "
            "s.guild_id <> (SELECT o.guild_id FROM club_match_sides o WHERE o.match_id = ? "
            "AND o.side = 1)) ORDER BY side",
            (match_id, match_id),
        )
        sides = [int(row[0]) for row in await cursor.fetchall()]
        await cursor.close()
        items += [
            OutboxItem(
                OutboxTarget.PLACE,
                MatchStandingsFacts(match_id, finished, side),
                game_id=game_id,
                dedupe_key=f"match:{match_id}:standings:{game_id}:{side}",
            )
            for side in sides
        ]
    return items
