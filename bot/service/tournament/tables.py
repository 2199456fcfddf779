"""A tournament's table as its format reads it: the round robin's (direct encounter,
Sonneborn-Berger), the Swiss' (Buchholz Cut 1, Buchholz, Sonneborn-Berger, byes counted)
and the knockout's bracket. Pure, given the players' references."""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

from bot.service.results import PlayerRef
from bot.service.tournament.facts import MatchLine, StandingLine
from bot.service.tournament.knockout import KnockoutGame, LevelRule, bracket
from bot.service.tournament.standings import Played, standings, winners
from bot.service.tournament.swiss_standings import swiss_standings
from bot.store import Tournament, TournamentFormat, TournamentGame


def table_lines(
    tournament: Tournament,
    ids: Sequence[int],
    games: Sequence[TournamentGame],
    byes: Mapping[int, int],
    refs: Mapping[int, PlayerRef],
    gone: Set[int] = frozenset(),
) -> tuple[tuple[StandingLine, ...], tuple[PlayerRef, ...]]:
    """The lines of the table, best first, and who is first on it (by player id);
    ``gone``: the players who withdrew (their lines marked)."""
    if tournament.format is TournamentFormat.SWISS:
        played = [Played(g.white_id, g.black_id, g.result, g.forfeit) for g in games]
        sat_out = _sat_out(gone, games, byes)
        swiss = swiss_standings(ids, played, byes.values(), tournament.bye_halves, sat_out)
        lines = tuple(
            StandingLine(
                s.rank,
                refs[s.player],
                s.points,
                s.played,
                s.wins,
                0.0,
                s.sonneborn_berger,
                s.player in gone,
                s.buchholz_cut1,
                s.buchholz,
            )
            for s in swiss
        )
        return lines, tuple(refs[s.player] for s in swiss if s.rank == 1)
    # A round robin's forfeits count as played against the scheduled opponent (see
    # ``standings``): only a Swiss has rounds a withdrawn player sits out.
    table = standings(ids, [Played(g.white_id, g.black_id, g.result) for g in games])
    lines = tuple(
        StandingLine(
            s.rank,
            refs[s.player],
            s.points,
            s.played,
            s.wins,
            s.direct,
            s.sonneborn_berger,
            s.player in gone,
        )
        for s in table
    )
    return lines, tuple(refs[player] for player in winners(table))


def _sat_out(
    gone: Set[int], games: Sequence[TournamentGame], byes: Mapping[int, int]
) -> dict[int, int]:
    """How many of the rounds begun each withdrawn player of ``gone`` was not paired in
    (the rounds after their withdrawal: until then everyone has a game or the bye)."""
    begun = max([g.round for g in games] + list(byes), default=0)
    return {
        player: begun
        - len(
            {g.round for g in games if player in (g.white_id, g.black_id)}
            | {number for number, had in byes.items() if had == player}
        )
        for player in gone
    }


def bracket_lines(
    ids: Sequence[int],
    games: Sequence[TournamentGame],
    refs: Mapping[int, PlayerRef],
    rule: LevelRule,
) -> tuple[tuple[MatchLine, ...], PlayerRef | None]:
    """A knockout's matches (``ids`` in seed order; a level match decided by ``rule``)
    and its champion once decided."""
    seeds = {player: number for number, player in enumerate(ids, 1)}
    played = [
        KnockoutGame(g.round, g.board, seeds[g.white_id], seeds[g.black_id], g.result, g.armageddon)
        for g in games
    ]

    def ref(seed: int | None) -> PlayerRef | None:
        return None if seed is None else refs[ids[seed - 1]]

    matches = bracket(len(ids), played, rule)
    lines = tuple(
        MatchLine(
            m.round,
            m.number,
            ref(m.high),
            ref(m.low),
            m.high_points,
            m.low_points,
            ref(m.winner),
            m.decision,
        )
        for m in matches
    )
    return lines, ref(matches[-1].winner)
