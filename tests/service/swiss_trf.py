"""Read FIDE TRF(x) tournament files (the format JaVaFo and bbpPairings read) into the
Swiss pairing's input, for the reference cases in ``tests/service/data/swiss``.

A TRF player line (``001``) carries the pairing number in columns 5-8 and, from column
92, ten columns a round: the opponent (4 digits, 0000 for none), the colour (w, b, -),
the result (1 0 = played; + - forfeits; H F U Z byes and absences).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.service.tournament.standings import Played
from bot.service.tournament.swiss import SwissRules
from bot.service.tournament.swiss_players import PastRound, Unplayed
from rules.core import Color

# Half points of the unplayed results (a forfeit win blocks the bye, as the bye does).
_UNPLAYED = {"+": 2, "-": 0, "H": 1, "F": 2, "Z": 0, "U": 2}
_PLAYED = {"1": (2, 0), "0": (0, 2), "=": (1, 1), "W": (2, 0), "L": (0, 2), "D": (1, 1)}
_RESULT = {(2, 0): "1-0", (0, 2): "0-1", (1, 1): "1/2-1/2"}


@dataclass(frozen=True, slots=True)
class Tournament:
    """A TRF file read up to a round: the players, the rounds played before it, the
    settings it implies, and who sits that round out."""

    players: tuple[int, ...]
    rounds: tuple[PastRound, ...]
    rules: SwissRules
    absent: frozenset[int]  # players with a result already for the round to pair


def read_rows(path: Path) -> tuple[dict[int, list[tuple[int, str, str]]], int | None]:
    """Each player's round cells (opponent, colour, result), and the XXR round count."""
    rows: dict[int, list[tuple[int, str, str]]] = {}
    total = None
    for line in path.read_text().splitlines():
        if line.startswith("XXR"):
            total = int(line.split()[1])
        if line.startswith("001"):
            cells = []
            for start in range(91, len(line), 10):
                cell = line[start : start + 8].ljust(8)
                opponent = int(cell[:4]) if cell[:4].strip() else 0
                cells.append((opponent, cell[5], cell[7]))
            rows[int(line[4:8])] = cells
    return rows, total


def before_round(path: Path, number: int | None = None) -> Tournament:
    """The tournament as it stood for pairing round ``number`` (by default the round
    after the last one with a game); players with a result already in that round (a bye
    asked for, an absence) are absent from its pairing."""
    rows, total = read_rows(path)
    if number is None:
        number = 1 + max(
            (i + 1 for cells in rows.values() for i, c in enumerate(cells) if c[2] in _PLAYED),
            default=0,
        )
    rounds = tuple(_round(rows, index) for index in range(number - 1))
    absent = frozenset(
        player
        for player, cells in rows.items()
        if len(cells) >= number and cells[number - 1][0] == 0 and cells[number - 1][2] != "U"
    )
    initial = Color.WHITE
    for opponent, colour, _ in rows.get(1, [])[:1]:
        if opponent and colour == "b":
            initial = Color.BLACK
    return Tournament(tuple(sorted(rows)), rounds, SwissRules(2, initial, total), absent)


def paired_in(path: Path, number: int) -> set[tuple[int, int]]:
    """Round ``number``'s pairing as the file records it: (white, black), (bye, 0)."""
    rows, _ = read_rows(path)
    found = set()
    for player, cells in rows.items():
        if len(cells) < number:
            continue
        opponent, colour, result = cells[number - 1]
        if opponent and colour == "w":
            found.add((player, opponent))
        elif result == "U":
            found.add((player, 0))
    return found


def _round(rows: dict[int, list[tuple[int, str, str]]], index: int) -> PastRound:
    """Round ``index`` (from 0): its played games once each, its bye, its unplayed."""
    games, unplayed, bye = [], [], None
    for number, cells in sorted(rows.items()):
        if index >= len(cells):
            continue
        opponent, colour, result = cells[index]
        if result in _PLAYED and colour == "w" and opponent:
            games.append(Played(number, opponent, _RESULT[_PLAYED[result]]))
        elif result == "U":
            bye = number
        elif result in _UNPLAYED:
            unplayed.append(Unplayed(number, _UNPLAYED[result], result in "+F"))
    return PastRound(tuple(games), bye, tuple(unplayed))


def read_pairs(path: Path) -> set[tuple[int, int]]:
    """An expected round as bbpPairings writes it: the count, then 'white black' lines
    (black 0: the bye)."""
    lines = path.read_text().split("\n")[1:]
    return {(int(a), int(b)) for a, b in (line.split() for line in lines if line.strip())}
