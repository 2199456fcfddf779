"""Round-robin pairings by the Berger tables (FIDE Handbook C.05, Annex 1).

Pure: no I/O, no store. Players are pairing numbers 1..n. With an odd number of players the
table of the next even number is used and the highest number is a bye: whoever meets it
sits that round out.

The table for an even ``n`` (``n - 1`` rounds, ``n // 2`` boards): player ``n`` stays on
board 1 and alternates colours (black in odd rounds, white in even ones); the other players
turn around a circle of ``n - 1`` places, the first board's player advancing by ``n // 2``
places each round, the other boards pairing the places on either side of it (white ahead,
black behind). Round 1 is 1-n, 2-(n-1), ..., round 2 n-(n/2+1), ..., 1-2, as the FIDE tables
print them.

A double round robin plays each pair twice with the colours reversed. Correspondence
tournaments start all their games at once (chess.com's Daily tournaments), so the second
cycle's games start with the first's; its rounds are numbered after the first cycle's.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_PLAYERS = 2


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of the table: in ``round``, on ``board``, ``white`` plays ``black``."""

    round: int
    board: int
    white: int
    black: int


@dataclass(frozen=True, slots=True)
class Round:
    """A round's games, board by board, and the player sitting out (odd fields)."""

    number: int
    pairings: tuple[Pairing, ...]
    bye: int | None = None


def berger_rounds(players: int) -> tuple[Round, ...]:
    """The Berger table of ``players`` (pairing numbers 1..players), one cycle.

    Raises ``ValueError`` for fewer than two players."""
    if players < MIN_PLAYERS:
        raise ValueError(f"a round robin needs at least {MIN_PLAYERS} players, not {players}")
    size = players + players % 2  # the bye makes an odd field even
    half, circle = size // 2, size - 1
    rounds = []
    for index in range(circle):
        first = index * half % circle  # the first board's place on the circle, from 0
        games = [(first + 1, size) if index % 2 == 0 else (size, first + 1)]
        for offset in range(1, half):
            games.append(((first + offset) % circle + 1, (first - offset) % circle + 1))
        rounds.append(_round(index + 1, games, players))
    return tuple(rounds)


def _round(number: int, games: list[tuple[int, int]], players: int) -> Round:
    """Round ``number`` of ``games`` (white, black): those against a number above
    ``players`` are the bye, the others numbered as boards in order."""
    byes = [
        white if black > players else black for white, black in games if players < max(white, black)
    ]
    played = [game for game in games if max(game) <= players]
    pairings = tuple(
        Pairing(number, board, white, black) for board, (white, black) in enumerate(played, 1)
    )
    return Round(number, pairings, byes[0] if byes else None)


def round_robin(players: int, cycles: int = 1) -> tuple[Round, ...]:
    """Every round of a ``cycles``-fold round robin (1: single, 2: double, the second
    cycle the first's with the colours reversed). Raises ``ValueError`` for fewer than
    two players or a cycle count other than 1 or 2."""
    if cycles not in (1, 2):
        raise ValueError(f"a round robin has one or two cycles, not {cycles}")
    first = berger_rounds(players)
    if cycles == 1:
        return first
    back = tuple(
        Round(
            played.number + len(first),
            tuple(
                Pairing(p.round + len(first), p.board, p.black, p.white) for p in played.pairings
            ),
            played.bye,
        )
        for played in first
    )
    return first + back


def pairings(players: int, cycles: int = 1) -> tuple[Pairing, ...]:
    """Every game of the round robin, round by round and board by board."""
    return tuple(game for played in round_robin(players, cycles) for game in played.pairings)
