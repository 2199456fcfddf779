"""Swiss standings: points, Buchholz Cut 1, Buchholz, Sonneborn-Berger, on tables worked
out by hand (the bye counted with a virtual opponent of the player's own score)."""

from __future__ import annotations

from bot.service.tournament.standings import Played
from bot.service.tournament.swiss_standings import SwissStanding, swiss_standings


def _lines(table: tuple[SwissStanding, ...]) -> list[tuple[float, ...]]:
    return [
        (s.rank, s.player, s.points, s.buchholz_cut1, s.buchholz, s.sonneborn_berger) for s in table
    ]


def test_buchholz_decides_between_players_level_on_points() -> None:
    """1 and 2 both have 1½; their opponents: 1 met 3 (1) and 2 (1½), 2 met 4 (0) and 1
    (1½). Cut 1 is 1½ for both, the full Buchholz 2½ against 1½ puts 1 first; SB: 1 beat
    3 (1 x 1) and drew 2 (½ x 1½) = 1¾, 2 beat 4 (0) and drew 1 = ¾."""
    games = [
        Played(1, 3, "1-0"),
        Played(4, 2, "0-1"),
        Played(2, 1, "1/2-1/2"),
        Played(3, 4, "1-0"),
    ]
    assert _lines(swiss_standings([1, 2, 3, 4], games)) == [
        (1, 1, 1.5, 1.5, 2.5, 1.75),
        (2, 2, 1.5, 1.5, 1.5, 0.75),
        (3, 3, 1.0, 1.5, 1.5, 0.0),
        (4, 4, 0.0, 1.5, 2.5, 0.0),
    ]


def test_a_bye_counts_a_virtual_opponent_of_the_players_own_score() -> None:
    """3 had the round-1 bye (a win) and drew 1; 2 had round 2's. 3's Buchholz: itself
    (1½) and 1 (1½) = 3, cut 1½; 1's: 2 (1) and 3 (1½) = 2½, cut 1½: 3 ranks first."""
    games = [Played(1, 2, "1-0"), Played(3, 1, "1/2-1/2")]
    table = swiss_standings([1, 2, 3], games, byes=[3, 2])
    assert _lines(table) == [
        (1, 3, 1.5, 1.5, 3.0, 2.25),
        (2, 1, 1.5, 1.5, 2.5, 1.75),
        (3, 2, 1.0, 1.5, 2.5, 1.0),
    ]


def test_players_level_on_everything_share_a_rank_and_games_going_on_count_nowhere() -> None:
    """Two draws of the same shape: equal lines, one rank; an unfinished game adds none."""
    games = [Played(1, 2, "1/2-1/2"), Played(3, 4, "1/2-1/2"), Played(1, 3, None)]
    assert [line.rank for line in swiss_standings([1, 2, 3, 4], games)] == [1, 1, 1, 1]


def test_a_half_point_bye() -> None:
    """A tournament scoring the bye as a draw gives half a point."""
    assert (
        swiss_standings([1, 2, 3], [Played(1, 2, "1-0")], byes=[3], bye_halves=1)[1].points == 0.5
    )


def test_a_forfeit_counts_against_a_dummy_of_the_players_own_score() -> None:
    """C.07 (2024) Article 16, by hand. Round 1: 1 beats 2, 3 and 4 draw. Round 2: 3 beats
    1; 4 withdraws, so 2 wins their game by forfeit. Round 3: 2 and 3 draw, 1 has the bye;
    4 sits out. Scores: 1 and 3 two, 2 one and a half, 4 a half (read by the others as 1:
    the round sat out is a draw). 2's forfeit win counts 2's own 1½ in Sonneborn-Berger
    (1½ x 1 + 3's 2 x ½ = 2½; as a win over 4 it would be ½ + 1 = 1½), 4's forfeit loss 4's
    own ½ x 0; 3's draw with 4 counts 4 as 1 (1 x ½ + 2 x 1 + 1½ x ½ = 3¼)."""
    games = [
        Played(1, 2, "1-0"),
        Played(3, 4, "1/2-1/2"),
        Played(1, 3, "0-1"),
        Played(2, 4, "1-0", forfeit=True),
        Played(2, 3, "1/2-1/2"),
    ]
    table = swiss_standings([1, 2, 3, 4], games, byes=[1], sat_out={4: 1})
    assert _lines(table) == [
        (1, 1, 2.0, 4.0, 5.5, 3.5),  # 1½ (2) + 2 (3) + 2 (own, the bye); SB 1½ + 0 + 2
        (2, 3, 2.0, 3.5, 4.5, 3.25),  # 1 (4, read as 1) + 2 (1) + 1½ (2)
        (3, 2, 1.5, 4.0, 5.5, 2.5),  # 2 (1) + 1½ (own, the forfeit) + 2 (3)
        (4, 4, 0.5, 2.0, 2.5, 1.0),  # 2 (3) + ½ (own, the forfeit); SB 2 x ½
    ]
