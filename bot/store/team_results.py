"""A member's team games, for ``/stats`` to count apart from their own (issue 26): the vote
games they took part in (a vote or a nomination; the result is their team's), and their
club matches' games (unrated, counted by ``player_results`` among their games against
people as they ended, which ``/stats`` takes back out of those to show them apart).

Read from the games, not counted as they end: a member's teams and matches are found first
through ``team_votes_by_voter``, ``team_nominations_by_member`` and
``club_match_players_by_player`` (migration 0072), and only their games are read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.store.database import Database
from bot.store.records import ResultCounts

# A seat's (wins, draws, losses) by result, white's first.
_WHITE = {"1-0": (1, 0, 0), "1/2-1/2": (0, 1, 0), "0-1": (0, 0, 1)}


@dataclass(frozen=True, slots=True)
class TeamGames:
    """A member's finished team games: their vote games' results (their team's) and their
    club matches' games (``club``, in all); ``club_by_variant``: those of the club games
    counted among their games against people in the server asked about (to take out)."""

    votes: ResultCounts
    club: ResultCounts
    club_by_variant: tuple[ResultCounts, ...]


def _counted(variant: str, results: list[tuple[str, bool]]) -> ResultCounts:
    """``results`` (a result, and whether the side counted had white) added up."""
    wins = draws = losses = 0
    for result, white in results:
        won, drew, lost = _WHITE[result] if white else _WHITE[result][::-1]
        wins, draws, losses = wins + won, draws + drew, losses + lost
    return ResultCounts(variant, wins, draws, losses)


class TeamResults:
    """Reads of a member's team games."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def of(self, player_id: int, guild_id: int | None) -> TeamGames:
        """``player_id``'s team games in ``guild_id`` (None: every server): vote games of
        its teams, and club matches with a side there; aborted games aside. A player with
        none costs one read of three indexes, and no row of ``games``."""
        found = await self._db.fetch(
            "SELECT 1, team_id FROM team_votes WHERE voter_id = ? "
            "UNION SELECT 1, team_id FROM team_nominations WHERE nominated_by = ? "
            "UNION SELECT 2, match_id FROM club_match_players WHERE player_id = ?",
            (player_id, player_id, player_id),
        )
        teams = sorted(int(row[1]) for row in found if row[0] == 1)
        matches = sorted(int(row[1]) for row in found if row[0] == 2)
        votes = await self._vote_games(teams, guild_id) if teams else []
        club = await self._club_games(player_id, matches, guild_id) if matches else []
        variants = sorted({str(row[0]) for row in club if row[3]})
        by_variant = tuple(
            _counted(v, [(str(r[1]), bool(r[2])) for r in club if r[3] and r[0] == v])
            for v in variants
        )
        return TeamGames(
            _counted("", [(str(row[0]), bool(row[1])) for row in votes]),
            _counted("", [(str(row[1]), bool(row[2])) for row in club if row[4]]),
            by_variant,
        )

    async def _vote_games(self, teams: list[int], guild_id: int | None) -> list[Any]:
        """Each finished game of ``teams`` (in ``guild_id``): its result, and whether the
        team had white."""
        here = "" if guild_id is None else " AND t.guild_id = ?"
        return await self._db.fetch(
            "SELECT g.result, g.white_id = -t.id FROM teams t JOIN games g ON g.id = t.game_id "
            f"WHERE t.id IN ({', '.join('?' * len(teams))}) AND g.status = 'finished' "
            f"AND g.result <> '*'{here}",
            (*teams, *([] if guild_id is None else [guild_id])),
        )

    async def _club_games(
        self, player_id: int, matches: list[int], guild_id: int | None
    ) -> list[Any]:
        """Each finished game ``player_id`` played in ``matches``: its variant, result,
        whether they had white, whether this server's tallies counted it (the game's
        server), and whether its match has a side here."""
        here = "TRUE" if guild_id is None else "g.guild_id = ?"
        side_here = "" if guild_id is None else " AND s.guild_id = ?"
        return await self._db.fetch(
            f"SELECT g.variant, g.result, g.white_id = ?, {here}, "
            "EXISTS (SELECT 1 FROM club_match_sides s WHERE s.match_id = m.match_id"
            f"{side_here}) FROM club_match_games m JOIN games g ON g.id = m.game_id "
            f"WHERE m.match_id IN ({', '.join('?' * len(matches))}) "
            "AND g.status = 'finished' AND g.result <> '*' "
            "AND (g.white_id = ? OR g.black_id = ?)",
            (
                player_id,
                *([] if guild_id is None else [guild_id, guild_id]),
                *matches,
                player_id,
                player_id,
            ),
        )
