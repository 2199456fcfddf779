"""Round-robin standings: points, the direct encounter and Sonneborn–Berger, checked
against tables worked out by hand."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.service.tournament.cross import cross_cells
from bot.service.tournament.standings import Played, Standing, standings, winners

A, B, C, D = 1, 2, 3, 4


def _lines(table: Sequence[Standing]) -> list[tuple[int, int, float, float, float]]:
    return [(s.rank, s.player, s.points, s.direct, s.sonneborn_berger) for s in table]


def test_sonneborn_berger_separates_players_level_on_points_and_direct_encounter() -> None:
    """A beat B, drew C, lost to D; B beat C and D; C beat D. A and C are level on 1½ and
    drew each other; Sonneborn–Berger: A 2 (B) + ¾ (C) = 2¾, C ¾ (A) + 1 (D) = 1¾."""
    games = [
        Played(A, B, "1-0"),
        Played(A, C, "1/2-1/2"),
        Played(D, A, "1-0"),
        Played(B, C, "1-0"),
        Played(D, B, "0-1"),
        Played(C, D, "1-0"),
    ]
    assert _lines(standings([A, B, C, D], games)) == [
        (1, B, 2.0, 0.0, 2.5),
        (2, A, 1.5, 0.5, 2.75),
        (3, C, 1.5, 0.5, 1.75),
        (4, D, 1.0, 0.0, 1.5),
    ]


def test_the_direct_encounter_comes_before_sonneborn_berger() -> None:
    """A and B both have 1½; B's Sonneborn–Berger is higher (2½ to 2) but A beat B, so A
    ranks above B."""
    games = [
        Played(A, B, "1-0"),
        Played(C, A, "1-0"),
        Played(A, D, "1/2-1/2"),
        Played(B, C, "1-0"),
        Played(D, B, "1/2-1/2"),
        Played(C, D, "1-0"),
    ]
    assert _lines(standings([A, B, C, D], games)) == [
        (1, C, 2.0, 0.0, 2.5),
        (2, A, 1.5, 1.0, 2.0),
        (3, B, 1.5, 0.0, 2.5),
        (4, D, 1.0, 0.0, 1.5),
    ]


def test_a_double_round_robin_counts_each_game_and_games_going_on_count_nowhere() -> None:
    """Double round robin of three: A beat B twice, drew C once (the other A-C game goes
    on), B and C drew twice. A 2½ from 3 games, SB 2×1 (B) + ½×1½ (C) = 2¾."""
    games = [
        Played(A, B, "1-0"),
        Played(B, A, "0-1"),
        Played(A, C, "1/2-1/2"),
        Played(C, A, None),
        Played(B, C, "1/2-1/2"),
        Played(C, B, "1/2-1/2"),
    ]
    table = standings([A, B, C], games)
    assert [(s.player, s.points, s.played, s.wins) for s in table] == [
        (A, 2.5, 3, 2),
        (C, 1.5, 3, 0),
        (B, 1.0, 4, 0),
    ]
    assert table[0].sonneborn_berger == 2.75
    assert winners(table) == (A,)


def test_players_level_on_everything_share_a_rank() -> None:
    """Three draws: everyone has 1 point, 1 direct encounter point and SB 1½: all first."""
    games = [Played(A, B, "1/2-1/2"), Played(B, C, "1/2-1/2"), Played(C, A, "1/2-1/2")]
    table = standings([A, B, C], games)
    assert [(s.rank, s.player) for s in table] == [(1, A), (1, B), (1, C)]
    assert winners(table) == (A, B, C)
    assert [s.rank for s in standings([A, B, C], [])] == [1, 1, 1]


def test_a_game_of_a_stranger_is_refused() -> None:
    """A result between players not in the field raises ValueError."""
    with pytest.raises(ValueError):
        standings([A, B], [Played(A, D, "1-0")])


def test_cross_table_cells_in_table_order() -> None:
    """Each player's results against each other, in the table's order, one mark a game
    (a double round robin's pair shows both), nothing for a game going on or themself."""
    games = [
        Played(1, 2, "1-0"),
        Played(2, 1, "1/2-1/2"),
        Played(3, 1, "1-0"),
        Played(2, 3, None),
    ]
    assert cross_cells([3, 1, 2], games) == (
        ("", "1", ""),
        ("0", "", "1½"),
        ("", "0½", ""),
    )
