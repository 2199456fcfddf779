"""Each player's rating change over a rated tournament, for its standings: the sum, over
their games of it that were rated and ended, of their rating after the game less their
rating before it (a newcomer's first rated game counts from the newcomer's rating). Games
played outside the tournament meanwhile count nowhere, nor do forfeits (never rated). Pure."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from bot.service.ratings import NEW_PLAYER
from bot.service.results import PlayerRef
from bot.service.tournament.facts import StandingLine
from bot.store import TournamentGame


def rating_changes(games: Iterable[TournamentGame]) -> dict[int, float]:
    """Each player's rating change over ``games`` (by player id; absent: no rated game)."""
    changes: dict[int, float] = {}
    for game in games:
        rated = game.ratings
        if rated is None:
            continue
        for player, before, after in (
            (game.white_id, rated.white_before, rated.white_after),
            (game.black_id, rated.black_before, rated.black_after),
        ):
            start = NEW_PLAYER.rating if before is None else before
            changes[player] = changes.get(player, 0.0) + after - start
    return changes


def with_rating_changes(
    lines: Sequence[StandingLine], games: Iterable[TournamentGame]
) -> tuple[StandingLine, ...]:
    """``lines`` with each player's rating change over ``games`` (0 before any)."""
    changes = rating_changes(games)
    return tuple(replace(line, rating_change=changes.get(line.player.id, 0.0)) for line in lines)


def changes_by_player(
    ids: Sequence[int], refs: Mapping[int, PlayerRef], games: Iterable[TournamentGame]
) -> tuple[tuple[PlayerRef, float], ...]:
    """Each of ``ids`` (in that order) with their rating change over ``games``."""
    changes = rating_changes(games)
    return tuple((refs[player], changes.get(player, 0.0)) for player in ids)
