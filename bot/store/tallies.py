"""Each player's results counted as games end: wins, draws and losses per server, variant,
rated or not, and opponent (a person, or the computer at a level), in ``player_results``.

The ending's own write counts them (``count_result``, called where the store stores a result),
so the counts can never disagree with the games; ``/stats`` reads a few counter rows instead of
adding up every finished game of the player (issue 29.6). Migration 0043 counted the games
that had ended before. Aborted games count nowhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.database import Connection, Database
from bot.store.records import GameRecord, ResultCounts

ABORTED = "aborted"  # the termination of a game ended before it began: never counted
PEOPLE = 0  # the level of a game between people (the computer's levels are 1-8)

# One seat's result added to its counters. The level is read from ``computer_games`` in the
# statement (a game against the computer has its row from its start).
_COUNT = (
    "INSERT INTO player_results (player_id, guild_id, variant, rated, level, wins, draws, losses) "
    "VALUES (?, ?, ?, ?, COALESCE((SELECT level FROM computer_games WHERE game_id = ?), 0), "
    "?, ?, ?) ON CONFLICT (player_id, guild_id, variant, rated, level) DO UPDATE SET "
    "wins = player_results.wins + excluded.wins, draws = player_results.draws + excluded.draws, "
    "losses = player_results.losses + excluded.losses"
)
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
    the transaction that stores it. The rows are written in player order, so two endings
    between the same players never wait for each other's rows in opposite orders."""
    if termination == ABORTED:
        return
    seats = sorted(
        ((game.white_id, _WHITE.get(result)), (game.black_id, _BLACK.get(result))),
        key=lambda seat: seat[0],
    )
    for player_id, counts in seats:
        wins, draws, losses = counts or (0, 0, 0)
        await conn.execute(
            _COUNT,
            (
                player_id,
                game.guild_id,
                game.variant,
                int(game.rated),
                game.id,
                wins,
                draws,
                losses,
            ),
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
