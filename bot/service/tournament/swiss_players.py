"""A Swiss entrant before a round, read from the rounds played, and the colour rules of
FIDE C.04.3 (2017): colour preferences (A.6) and the allocation of colours (E). Pure.

Scores are kept in half points (integers). A pairing-allocated bye scores ``bye_halves``
(a win, 2, unless the tournament says otherwise: FIDE C.04.1.c), gives no colour, counts
as a downfloat, and makes the player ineligible for another bye (C.04.3 C2).

A game won and lost by forfeit (``Played.forfeit``: a withdrawal ended it) is an unplayed
game, as FIDE handles one: its points count, but it gives neither player a colour (C.04.2,
colour history: "only played games count in situations where the colour sequence is
meaningful", BWB=W read as =BWBW), it is no encounter (C.04.1.b forbids playing each other
twice; the handbook's rule for unplayed pairings, C.04.1 F.2 before 2017, says "such a
pairing is not considered to be illegal in future rounds", and JaVaFo and bbpPairings, the
endorsed programs, pair such players again), both players count as not having played (a
downfloat, C.04.3 A.4.b), and the forfeit win blocks the bye (C.04.1.d).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum

from bot.service.tournament.standings import HALVES, Played
from rules.core import Color


class Strength(IntEnum):
    """How strongly a player wants the colour (A.6): none (nothing played yet), mild
    (colour difference 0: alternate), strong (difference ±1), absolute (±2 or more, or
    the same colour in the two latest games)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


class Float(Enum):
    """A round's float (A.4): down for the higher-scored of two players with different
    scores, and for a player who did not play (a bye, a forfeit, an absence); up for the
    lower-scored."""

    NONE = "none"
    DOWN = "down"
    UP = "up"


@dataclass(frozen=True, slots=True)
class Unplayed:
    """Points a player got in a round without a game: a forfeit (win or loss), a
    half-point bye asked for, an absence. ``no_bye``: a forfeit win, after which the
    pairing-allocated bye may not go to them (C2)."""

    player: int
    halves: int
    no_bye: bool = False


@dataclass(frozen=True, slots=True)
class PastRound:
    """A round played: its games (each finished), the player given the pairing-allocated
    bye, and the points given without a game."""

    games: tuple[Played, ...]
    bye: int | None = None
    unplayed: tuple[Unplayed, ...] = ()


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """An entrant as the next round's pairing sees them: pairing number, half points,
    opponents met, colours played in order, whether the bye may go to them, each
    round's float, and the colour preference those colours give."""

    number: int
    halves: int
    opponents: frozenset[int]
    colours: tuple[Color, ...]
    bye_eligible: bool
    floats: tuple[Float, ...]
    preference: Color | None
    strength: Strength
    topscorer: bool = False  # over half the possible score, pairing the final round (A.7)
    partners: frozenset[int] = frozenset()  # whom they may meet (``may_meet``), when known

    @property
    def rank(self) -> tuple[int, int]:
        """Pairing order (A.2): score first, then pairing number."""
        return (-self.halves, self.number)

    @property
    def colour_difference(self) -> int:
        return sum(1 if c is Color.WHITE else -1 for c in self.colours)


def preference(colours: Sequence[Color]) -> tuple[Color | None, Strength]:
    """The colour preference (A.6) that ``colours`` (the games played, in order) give."""
    if not colours:
        return None, Strength.NONE
    difference = sum(1 if c is Color.WHITE else -1 for c in colours)
    latest = tuple(colours[-2:])
    if difference < -1 or latest == (Color.BLACK, Color.BLACK):
        return Color.WHITE, Strength.ABSOLUTE
    if difference > 1 or latest == (Color.WHITE, Color.WHITE):
        return Color.BLACK, Strength.ABSOLUTE
    if difference:
        return (Color.WHITE if difference < 0 else Color.BLACK), Strength.STRONG
    return colours[-1].other, Strength.MILD


def swiss_players(
    players: Sequence[int], rounds: Sequence[PastRound], bye_halves: int = 2
) -> dict[int, SwissPlayer]:
    """Every entrant of ``players`` after ``rounds``. Raises ``ValueError`` for a game
    of someone not in ``players`` or one not finished."""
    halves = dict.fromkeys(players, 0)
    met: dict[int, set[int]] = {player: set() for player in players}
    colours: dict[int, list[Color]] = {player: [] for player in players}
    floats: dict[int, list[Float]] = {player: [] for player in players}
    byes: set[int] = set()
    for played in rounds:
        before = dict(halves)
        for number in players:  # a round without a game counts as a downfloat
            floats[number].append(Float.DOWN)
        for game in played.games:
            white, black = game.white, game.black
            if white not in halves or black not in halves or game.result not in HALVES:
                raise ValueError(f"game {white}-{black} ({game.result}) cannot be counted")
            got = HALVES[game.result]
            halves[white] += got[0]
            halves[black] += got[1]
            if game.forfeit:  # not played: points only, and a win blocks the bye
                byes.update(n for n, won in zip((white, black), got, strict=True) if won == 2)
                continue
            met[white].add(black)
            met[black].add(white)
            colours[white].append(Color.WHITE)
            colours[black].append(Color.BLACK)
            floats[white][-1] = floats[black][-1] = Float.NONE
            if before[white] != before[black]:
                high, low = (white, black) if before[white] > before[black] else (black, white)
                floats[high][-1], floats[low][-1] = Float.DOWN, Float.UP
        if played.bye is not None and played.bye in halves:
            halves[played.bye] += bye_halves
            byes.add(played.bye)
        for points in played.unplayed:
            if points.player in halves:
                halves[points.player] += points.halves
                if points.no_bye:
                    byes.add(points.player)
    return {
        number: SwissPlayer(
            number,
            halves[number],
            frozenset(met[number]),
            tuple(colours[number]),
            number not in byes,
            tuple(floats[number]),
            *preference(colours[number]),
        )
        for number in players
    }


def may_meet(one: SwissPlayer, two: SwissPlayer) -> bool:
    """The absolute criteria between two players (C1, C3): they have not met, and they
    do not both need the same colour absolutely (unless one is a topscorer)."""
    if two.number in one.opponents or one.number == two.number:
        return False
    return (
        one.topscorer
        or two.topscorer
        or one.strength is not Strength.ABSOLUTE
        or two.strength is not Strength.ABSOLUTE
        or one.preference is not two.preference
    )


def colour_misses(one: SwissPlayer, two: SwissPlayer) -> tuple[int, int]:
    """How many of the two will not get their colour preference (C10), and how many of
    those had a strong one (C11): one of them when both want the same colour."""
    if one.preference is None or one.preference is not two.preference:
        return 0, 0
    return 1, int(min(one.strength, two.strength) >= Strength.STRONG)


def colour_excesses(
    one: SwissPlayer, two: SwissPlayer, initial: Color = Color.WHITE
) -> tuple[int, int]:
    """For a pair with a topscorer: how many of the two the colours allocated would take
    past a colour difference of ±2 (C8), and to a third colour in a row (C9)."""
    if not (one.topscorer or two.topscorer):
        return 0, 0
    white, _ = allocate(one, two, initial)
    beyond = in_a_row = 0
    for player in (one, two):
        colour = Color.WHITE if player.number == white else Color.BLACK
        difference = player.colour_difference + (1 if colour is Color.WHITE else -1)
        beyond += abs(difference) > 2
        in_a_row += player.colours[-2:] == (colour, colour)
    return beyond, in_a_row


def allocate(one: SwissPlayer, two: SwissPlayer, initial: Color = Color.WHITE) -> tuple[int, int]:
    """(white, black) for a pair, by the colour allocation rules (E.1-E.5)."""
    high, low = sorted((one, two), key=lambda player: player.rank)
    colour = _high_colour(high, low, initial)
    return (high.number, low.number) if colour is Color.WHITE else (low.number, high.number)


def _high_colour(high: SwissPlayer, low: SwissPlayer, initial: Color) -> Color:
    """The colour the higher-ranked player of the pair gets."""
    if high.preference is None and low.preference is None:  # E.5
        return initial if high.number % 2 else initial.other
    if low.preference is None or (high.preference not in (None, low.preference)):
        return high.preference or Color.WHITE  # E.1: both granted (or the only one)
    if high.preference is None:
        return low.preference.other
    if high.strength != low.strength:  # E.2: the stronger preference
        return high.preference if high.strength > low.strength else low.preference.other
    if high.strength is Strength.ABSOLUTE:  # both absolute (topscorers): the wider gap
        wider = abs(high.colour_difference) - abs(low.colour_difference)
        if wider:
            return high.preference if wider > 0 else low.preference.other
    for mine, theirs in zip(reversed(high.colours), reversed(low.colours), strict=False):
        if mine is not theirs:  # E.3: alternate from the latest games that differed
            return mine.other
    return high.preference  # E.4: the higher-ranked player's preference
