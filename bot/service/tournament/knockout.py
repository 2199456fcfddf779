"""Knockout (single elimination) at correspondence pace. Pure: players are seeds 1..n (1
the highest rated), games are what the tournament started and how they ended.

- The bracket is seeded so that 1 meets n, 2 meets n-1, and so on, and the top two seeds
  can only meet in the final (the standard order: 1-8, 4-5, 2-7, 3-6 for eight). When n is
  not a power of two the missing places are byes, and they go to the top seeds.
- A match is two games started together, one with each colour (the higher seed white in
  the first). The player with more points wins it.
- A tied match plays another pair of games, again one with each colour, up to
  ``LevelRule.pairs`` pairs (one by default). Still tied, the organiser's decider settles
  it (``Decider``): the higher seed goes through (the default: earned by rating before the
  event, and known to both players from the start), or a drawing of lots, or one
  Armageddon game. Correspondence has no fast tie-break (no blitz at days a move), so an
  Armageddon game keeps only its draw odds: its colours are drawn by lot, White must win,
  a draw or a loss sends Black through; White's odds are the first move, as no clock can be
  shortened at this pace. It counts in no match points (the score stays level).
- Every lot is drawn from the tournament's own seed (``LevelRule.seed``, drawn once when it
  is created, stored, never shown) and the match's place (round, match, what is drawn):
  the same bracket always draws the same, so a lot is recorded by its seed and can be
  drawn again to check it; a player cannot learn it before it is drawn.
- A match of the next round starts as soon as both matches feeding it are decided, not
  when the whole round is (players waiting weeks for the slowest match is what
  correspondence organisers avoid). The final's winner is the champion.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from bot.service.tournament.standings import HALVES

MIN_PLAYERS = 2
LOTS_SEEDS = 2**31  # a tournament's lots' seed is below this (a column of 32 bits)


class Decision(Enum):
    """How a match was decided."""

    BYE = "bye"  # no opponent in the first round
    GAMES = "games"  # the first two games
    TIEBREAK = "tiebreak"  # the further pairs of games
    SEED = "seed"  # still level after them: the higher seed
    LOTS = "lots"  # still level after them: a drawing of lots
    ARMAGEDDON = "armageddon"  # still level after them: the Armageddon game


class Decider(Enum):
    """What settles a match still level after its tie-break pairs (the organiser's
    ``decider:``; stored by value)."""

    SEED = "seed"
    LOTS = "lots"
    ARMAGEDDON = "armageddon"


@dataclass(frozen=True, slots=True)
class LevelRule:
    """How a level match is decided: ``pairs`` more pairs of games, then ``decider``;
    ``seed``: the tournament's seed every lot is drawn from."""

    pairs: int = 1
    decider: Decider = Decider.SEED
    seed: int = 0


def lot(seed: int, round: int, match: int, drawn: str) -> bool:
    """A fair coin for match ``match`` of round ``round`` (``drawn``: what it decides),
    from the tournament's ``seed``: True for the higher seed. The same arguments always
    draw the same (``random.Random`` seeded by a string hashes it with SHA-512)."""
    return random.Random(f"{seed}:{round}:{match}:{drawn}").random() < 0.5


@dataclass(frozen=True, slots=True)
class KnockoutGame:
    """A game of the knockout: its round, its match (numbered from the top of the
    bracket), the seeds playing it, its result (None: going on); ``armageddon``: its
    match's Armageddon game (stored as such: never told by its place among the games)."""

    round: int
    match: int
    white: int
    black: int
    result: str | None = None
    armageddon: bool = False


@dataclass(frozen=True, slots=True)
class Match:
    """A match of the bracket: its seeds (``low`` None for a bye; either None while the
    match feeding it is undecided), its games, points each, and its winner once decided."""

    round: int
    number: int
    high: int | None
    low: int | None
    games: tuple[KnockoutGame, ...] = ()
    high_points: float = 0.0
    low_points: float = 0.0
    winner: int | None = None
    decision: Decision | None = None


def rounds_for(players: int) -> int:
    """How many rounds a knockout of ``players`` takes."""
    return max(1, (players - 1).bit_length())


def seed_order(size: int) -> list[int]:
    """The bracket's places top to bottom for ``size`` (a power of two): pairs of
    neighbours meet in the first round."""
    order = [1]
    while len(order) < size:
        mirror = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, mirror - top)]
    return order


def bracket(
    players: int, games: Sequence[KnockoutGame], rule: LevelRule = LevelRule()
) -> tuple[Match, ...]:
    """Every match of the bracket, round by round, as ``games`` leave it. Raises
    ``ValueError`` for fewer than two players."""
    if players < MIN_PLAYERS:
        raise ValueError(f"a knockout needs at least {MIN_PLAYERS} players, not {players}")
    by_match: dict[tuple[int, int], list[KnockoutGame]] = {}
    for game in games:
        by_match.setdefault((game.round, game.match), []).append(game)
    order = seed_order(1 << rounds_for(players))
    seats: list[tuple[int | None, int | None]] = [
        (order[i], order[i + 1] if order[i + 1] <= players else None)
        for i in range(0, len(order), 2)
    ]
    found: list[Match] = []
    for number in range(1, rounds_for(players) + 1):
        played = [
            _match(number, index, one, two, by_match.get((number, index), []), rule)
            for index, (one, two) in enumerate(seats, 1)
        ]
        found.extend(played)
        seats = [(played[i].winner, played[i + 1].winner) for i in range(0, len(played) - 1, 2)]
    return tuple(found)


def _match(
    number: int,
    index: int,
    one: int | None,
    two: int | None,
    games: list[KnockoutGame],
    rule: LevelRule,
) -> Match:
    """Match ``index`` of round ``number`` between ``one`` and ``two``, and its state."""
    if one is not None and two is not None:
        one, two = min(one, two), max(one, two)
    if number == 1 and one is not None and two is None:
        return Match(number, index, one, None, winner=one, decision=Decision.BYE)
    paired = 2 * (1 + rule.pairs)  # its games before the decider
    played = [game for game in games if not game.armageddon]
    decider = next((game for game in games if game.armageddon), None)
    high_halves = low_halves = 0
    for game in played:  # an Armageddon game scores no match points
        if game.result in HALVES:
            white, black = HALVES[game.result]
            high_halves += white if game.white == one else black
            low_halves += black if game.white == one else white
    shown = Match(number, index, one, two, tuple(games), high_halves / 2, low_halves / 2)
    if one is None or two is None or len(games) < 2:
        return shown
    if any(game.result is None for game in games) or len(played) % 2:
        return shown
    if high_halves != low_halves:
        decision = Decision.GAMES if len(played) == 2 else Decision.TIEBREAK
        winner = one if high_halves > low_halves else two
        return _decided(shown, winner, decision)
    if len(played) < paired:
        return shown
    if rule.decider is Decider.LOTS:
        drawn = one if lot(rule.seed, number, index, "lots") else two
        return _decided(shown, drawn, Decision.LOTS)
    if rule.decider is Decider.ARMAGEDDON:
        if decider is None:
            return shown  # its Armageddon game is started next
        through = decider.white if decider.result == "1-0" else decider.black
        return _decided(shown, through, Decision.ARMAGEDDON)
    return _decided(shown, one, Decision.SEED)


def _decided(match: Match, winner: int, decision: Decision) -> Match:
    return Match(
        match.round,
        match.number,
        match.high,
        match.low,
        match.games,
        match.high_points,
        match.low_points,
        winner,
        decision,
    )


def games_to_start(
    players: int, games: Sequence[KnockoutGame], rule: LevelRule = LevelRule()
) -> tuple[KnockoutGame, ...]:
    """The games to start now: a pair (one with each colour, the higher seed white
    first) for each match whose two players are known, that is not decided, and has no
    game going on (its first pair, or a tie-break pair after a level one); or, level
    after its pairs, its one Armageddon game (colours drawn by lot)."""
    starting: list[KnockoutGame] = []
    for match in bracket(players, games, rule):
        if match.high is None or match.low is None or match.winner is not None:
            continue
        if any(game.result is None for game in match.games):
            continue
        if sum(not game.armageddon for game in match.games) >= 2 * (1 + rule.pairs):
            # level after its pairs (else it would be decided): the Armageddon game
            high_white = lot(rule.seed, match.round, match.number, "armageddon")
            white, black = (match.high, match.low) if high_white else (match.low, match.high)
            starting.append(KnockoutGame(match.round, match.number, white, black, armageddon=True))
            continue
        starting.append(KnockoutGame(match.round, match.number, match.high, match.low))
        starting.append(KnockoutGame(match.round, match.number, match.low, match.high))
    return tuple(starting)


def champion(
    players: int, games: Sequence[KnockoutGame], rule: LevelRule = LevelRule()
) -> int | None:
    """The final's winner, once it is decided."""
    return bracket(players, games, rule)[-1].winner
