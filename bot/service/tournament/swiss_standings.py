"""Swiss standings: points, then the tie-breaks FIDE's tie-break regulations (C.07)
recommend for a Swiss: Buchholz Cut 1, Buchholz, Sonneborn-Berger. Pure.

- Buchholz: the sum of the scores of the player's opponents, one value a round.
- Buchholz Cut 1: the Buchholz less its lowest value.
- Sonneborn-Berger: each round's opponent score times the points the player made in it.

Unplayed rounds, as the regulations in force since 2023 (C.07 2024, Article 16) treat
them: a round the player did not play over the board (the bye, and a game won or lost by
forfeit when a player withdrew) counts against a dummy opponent whose score is the
player's own, with the points the round gave them: a forfeit win adds the player's own
score to their Sonneborn-Berger (not the withdrawn opponent's), a forfeit loss nothing.
An opponent's score, as the others' tie-breaks read it, counts each round they sat out
after withdrawing as a draw (16.3.2: rounds voluntarily unplayed at the end). The forfeit
still gives its points in the table.

Scores are kept in half points; ``SwissStanding`` gives them as floats. Players level on
every tie-break share a rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.service.tournament.standings import HALVES, Played, ranked_with_ties


@dataclass(frozen=True, slots=True)
class SwissStanding:
    """One line of a Swiss table."""

    rank: int
    player: int
    points: float
    played: int
    wins: int
    buchholz_cut1: float
    buchholz: float
    sonneborn_berger: float


def swiss_standings(
    players: Sequence[int],
    games: Iterable[Played],
    byes: Iterable[int] = (),
    bye_halves: int = 2,
    sat_out: Mapping[int, int] | None = None,
) -> tuple[SwissStanding, ...]:
    """The table of ``players`` after ``games`` (unfinished ones count nowhere) and the
    ``byes`` (one entry a bye), best first, ties by ``players``' order; ``sat_out``: the
    rounds each withdrawn player was not paired in since. Raises ``ValueError`` for a
    game of someone not in ``players``."""
    halves = dict.fromkeys(players, 0)
    played = dict.fromkeys(players, 0)
    wins = dict.fromkeys(players, 0)
    rounds: dict[int, list[tuple[int | None, int]]] = {p: [] for p in players}
    for game in games:
        if game.result not in HALVES:
            continue
        if game.white not in halves or game.black not in halves:
            raise ValueError(f"a game between {game.white} and {game.black}, not both entrants")
        for player, other, got in (
            (game.white, game.black, HALVES[game.result][0]),
            (game.black, game.white, HALVES[game.result][1]),
        ):
            halves[player] += got
            played[player] += 1
            wins[player] += got == 2
            # A forfeit is no game: its opponent is the dummy, of the player's own score.
            rounds[player].append((None if game.forfeit else other, got))
    for player in byes:
        if player in halves:
            halves[player] += bye_halves
            rounds[player].append((None, bye_halves))
    # Opponents' scores for the tie-breaks: a round sat out after withdrawing is a draw.
    scores = {p: halves[p] + (sat_out or {}).get(p, 0) for p in players}
    values = {
        player: [(scores[o] if o is not None else halves[player], got) for o, got in rounds[player]]
        for player in players
    }
    buchholz = {p: sum(score for score, _ in values[p]) for p in players}
    cut = {p: buchholz[p] - min((s for s, _ in values[p]), default=0) for p in players}
    berger = {p: sum(score * got for score, got in values[p]) for p in players}

    def key(player: int) -> tuple[int, ...]:
        return (-halves[player], -cut[player], -buchholz[player], -berger[player])

    return tuple(
        SwissStanding(
            rank,
            player,
            halves[player] / 2,
            played[player],
            wins[player],
            cut[player] / 2,
            buchholz[player] / 2,
            berger[player] / 4,
        )
        for rank, player in ranked_with_ties(players, key)
    )
