"""Each player's results counted as games end: wins, draws and losses per server, variant,
rated or not, and opponent (a person, or the computer at a level), in ``player_results``.

The ending's own write counts them (``count_result``, called where the store stores a result),
so the counts can never disagree with the games; ``/stats`` reads a few counter rows instead of
adding up every finished game of the player (issue 29.6). Migration 0043 counted the games
that had ended before. Aborted games count nowhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.store.database import Connection, Database, typed_values
from bot.store.records import GameRecord, ResultCounts

ABORTED = "aborted"  # the termination of a game ended before it began: never counted
PEOPLE = 0  # the level of a game between people (the computer's levels are 1-8)

# A seat's (wins, draws, losses) by result, white's first.
_WHITE = {"1-0": (1, 0, 0), "1/2-1/2": (0, 1, 0), "0-1": (0, 0, 1)}
_BLACK = {"1-0": (0, 0, 1), "1/2-1/2": (0, 1, 0), "0-1": (1, 0, 0)}


@dataclass(frozen=True, slots=True)
class ComputerResult:
    """Finished games against the computer at one variant and level (aborted ones excluded),
    from ``player_id``'s side: theirs when they are the human, the computer's otherwise."""

    variant: str
    level: int
    wins: int
    draws: int
    losses: int


@dataclass(frozen=True, slots=True)
class PlayerResults:
    """A player's counted results: against people per variant, against the computer per
    variant and level (for the computer: its results against people), each in order."""

    people: tuple[ResultCounts, ...]
    computer: tuple[ComputerResult, ...]


async def count_result(conn: Connection, game: GameRecord, result: str, termination: str) -> None:
    """Add ``game``'s ending (``result``, ``termination``) to both players' counters, inside
    the transaction that stores it (``count_results`` of one game)."""
    await count_results(conn, [(game, result, termination)])


async def count_results(conn: Connection, endings: Sequence[tuple[GameRecord, str, str]]) -> None:
    """Add each (game, result, termination) of ``endings`` to both players' counters, inside
    the transaction that stores them: one statement, each counter row written once (a
    player in several of the games gets their sum), in player order, so two endings between
    the same players never wait for each other's rows in opposite orders."""
    seats = [
        (player_id, game.guild_id, game.variant, game.id, int(game.rated), *counts)
        for game, result, termination in endings
        if termination != ABORTED
        for player_id, counts in (
            (game.white_id, _WHITE.get(result, (0, 0, 0))),
            (game.black_id, _BLACK.get(result, (0, 0, 0))),
        )
    ]
    if not seats:
        return
    # player, server, variant, game: then rated and the counts, small numbers.
    values = typed_values(len(seats), ("BIGINT", "BIGINT", "TEXT", "BIGINT", *["INTEGER"] * 4))
    # The level is read from ``computer_games`` (a game against the computer has its row
    # from its start). SQLite needs the WHERE to read ON CONFLICT as the upsert's.
    await conn.execute(
        "WITH seat (player_id, guild_id, variant, game_id, rated, wins, draws, losses) AS "
        f"({values}) INSERT INTO player_results (player_id, guild_id, variant, rated, level, "
        "wins, draws, losses) SELECT seat.player_id, seat.guild_id, seat.variant, seat.rated, "
        "COALESCE(c.level, 0), SUM(seat.wins), SUM(seat.draws), SUM(seat.losses) FROM seat "
        "LEFT JOIN computer_games c ON c.game_id = seat.game_id WHERE true "
        "GROUP BY seat.player_id, seat.guild_id, seat.variant, seat.rated, COALESCE(c.level, 0) "
        "ORDER BY 1, 2, 3, 4, 5 ON CONFLICT (player_id, guild_id, variant, rated, level) "
        "DO UPDATE SET wins = player_results.wins + excluded.wins, "
        "draws = player_results.draws + excluded.draws, "
        "losses = player_results.losses + excluded.losses",
        [value for seat in seats for value in seat],
    )


class Tallies:
    """Reads of ``player_results`` (written by ``count_result`` only)."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def of(self, player_id: int, guild_id: int | None) -> PlayerResults:
        """``player_id``'s results on ``guild_id`` (None: every server), rated and casual
        together: one read of the player's counter rows, never of their games."""
        where, params = "player_id = ?", [player_id]
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        async with self._db.read() as conn:
            cursor = await conn.execute(
                "SELECT variant, level, SUM(wins), SUM(draws), SUM(losses) FROM player_results "
                f"WHERE {where} GROUP BY variant, level ORDER BY variant, level",
                params,
            )
            rows = await cursor.fetchall()
        people = tuple(
            ResultCounts(row[0], int(row[2]), int(row[3]), int(row[4]))
            for row in rows
            if row[1] == PEOPLE
        )
        computer = tuple(
            ComputerResult(row[0], int(row[1]), int(row[2]), int(row[3]), int(row[4]))
            for row in rows
            if row[1] != PEOPLE
        )
        return PlayerResults(people, computer)
