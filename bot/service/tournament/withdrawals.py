"""Withdrawing from a running round robin, as the FIDE Handbook's general rule for round
robins does it (C.05, also ICCF's practice), counted over the games the player was paired in:

- fewer than half of their games finished: their results are struck out; they leave the
  table, and no game against them counts for anyone;
- half or more finished: their results stand, and every game of theirs still going is lost
  by them (ended as a resignation, unrated: a game not played changes no rating), a win for
  each opponent.

Either way every game of theirs still going ends at once, in the same transaction as the
withdrawal, and each game's ending is told in its place, as a time-out is. A player
withdraws themselves; the organiser, or a member who may manage the server, may withdraw
anyone. Pure rule here; the use case (``TournamentUseCases.withdraw``) applies it.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import TournamentGame


def struck_out(player_id: int, games: Sequence[TournamentGame]) -> tuple[bool, int, int]:
    """Whether ``player_id``'s results are struck out on withdrawing now, with how many of
    their games finished and how many they have in all."""
    theirs = [g for g in games if player_id in (g.white_id, g.black_id)]
    finished = sum(g.result is not None for g in theirs)
    return finished * 2 < len(theirs), finished, len(theirs)


def counted(games: Sequence[TournamentGame], struck: set[int]) -> list[TournamentGame]:
    """The games the table counts: none against a player whose results were struck out."""
    return [g for g in games if g.white_id not in struck and g.black_id not in struck]


def going_on(player_id: int, games: Sequence[TournamentGame]) -> list[int]:
    """The ids of ``player_id``'s games still going."""
    return [g.game_id for g in games if g.result is None and player_id in (g.white_id, g.black_id)]
