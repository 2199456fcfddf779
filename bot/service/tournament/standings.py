"""Round-robin standings: points and tie-breaks, from the games' results. Pure.

Points: a win 1, a draw ½, a loss 0; games going on count nowhere. Ties are broken, as the
FIDE tie-break regulations (C.07) recommend for round robins, by:

1. the direct encounter: among the players level on points, the points each scored in the
   finished games between them;
2. the Sonneborn–Berger score: for every finished game, the opponent's points multiplied by
   the player's own points in that game (a win counts the opponent's whole score, a draw
   half of it; a double round robin counts each of the pair's games).

Players level on all three share a rank. Scores are kept in half points (integers) so sums
are exact; ``Standing`` gives them as floats.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

# Half points a result gives white and black.
HALVES = {"1-0": (2, 0), "0-1": (0, 2), "1/2-1/2": (1, 1)}


@dataclass(frozen=True, slots=True)
class Played:
    """A game's seats and result (``1-0``, ``0-1``, ``1/2-1/2``; None: going on);
    ``forfeit``: won and lost by a withdrawal, not played out."""

    white: int
    black: int
    result: str | None
    forfeit: bool = False


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line: rank (shared by players level on every tie-break), points,
    games finished, wins, the direct encounter and Sonneborn–Berger scores."""

    rank: int
    player: int
    points: float
    played: int
    wins: int
    direct: float
    sonneborn_berger: float


def _finished(games: Iterable[Played]) -> list[tuple[int, int, int, int]]:
    """The finished games as (white, black, white's half points, black's)."""
    return [(g.white, g.black, *HALVES[g.result]) for g in games if g.result in HALVES]


def standings(players: Sequence[int], games: Iterable[Played]) -> tuple[Standing, ...]:
    """The table of ``players`` after ``games``, best first (ties by ``players``' order).

    Raises ``ValueError`` for a game of someone not in ``players``."""
    finished = _finished(games)
    halves: dict[int, int] = dict.fromkeys(players, 0)
    played: dict[int, int] = dict.fromkeys(players, 0)
    wins: dict[int, int] = dict.fromkeys(players, 0)
    for white, black, white_halves, black_halves in finished:
        if white not in halves or black not in halves:
            raise ValueError(f"a game between {white} and {black}, not both entrants")
        for player, got in ((white, white_halves), (black, black_halves)):
            halves[player] += got
            played[player] += 1
            wins[player] += got == 2
    # Sonneborn–Berger in quarter points: own half points x the opponent's half points.
    berger: dict[int, int] = dict.fromkeys(players, 0)
    for white, black, white_halves, black_halves in finished:
        berger[white] += white_halves * halves[black]
        berger[black] += black_halves * halves[white]
    direct = _direct(players, halves, finished)

    def key(player: int) -> tuple[int, ...]:
        return (-halves[player], -direct[player], -berger[player])

    return tuple(
        Standing(
            rank,
            player,
            halves[player] / 2,
            played[player],
            wins[player],
            direct[player] / 2,
            berger[player] / 4,
        )
        for rank, player in ranked_with_ties(players, key)
    )


def ranked_with_ties(
    players: Sequence[int], key: Callable[[int], tuple[int, ...]]
) -> list[tuple[int, int]]:
    """``(rank, player)``, lowest ``key`` first and ``players``' own order among equals;
    players with equal keys share a rank (1, 2, 2, 4)."""
    order = {player: index for index, player in enumerate(players)}
    ranked = sorted(players, key=lambda player: (key(player), order[player]))
    ranks: list[tuple[int, int]] = []
    for index, player in enumerate(ranked):
        tied = index > 0 and key(ranked[index - 1]) == key(player)
        ranks.append((ranks[-1][0] if tied else index + 1, player))
    return ranks


def _direct(
    players: Sequence[int], halves: dict[int, int], finished: list[tuple[int, int, int, int]]
) -> dict[int, int]:
    """Each player's half points in the finished games against those level with them on
    points (0 for a player level with nobody)."""
    direct: dict[int, int] = dict.fromkeys(players, 0)
    for white, black, white_halves, black_halves in finished:
        if halves[white] == halves[black]:
            direct[white] += white_halves
            direct[black] += black_halves
    return direct


def winners(table: Sequence[Standing]) -> tuple[int, ...]:
    """The players ranked first (more than one when level on every tie-break)."""
    return tuple(line.player for line in table if line.rank == 1)
