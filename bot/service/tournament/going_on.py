"""How a tournament's games are seated and started, round by round: the first round of
each format, and a Swiss or knockout going on when a round (or a match) is over.

A Swiss pairs its next round (``swiss.pair_round``) once every game of the round before has
ended, and finishes after its last round; a knockout starts each match's games
(``knockout.games_to_start``) as soon as its players are known, a tie-break pair after a
level match, and finishes with the final. Each step is one transaction guarded by the
tournament's version (``store.tournaments.add_games``): a second process, or a delivery
retried, starts nothing twice.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, replace

import rules
from bot.service.chess960_starts import random_start_number
from bot.service.core import ServiceCore
from bot.service.game_facts import variant_named
from bot.service.outbox_items import turn_dm
from bot.service.tournament.berger import round_robin
from bot.service.tournament.knockout import Decider, KnockoutGame, LevelRule, games_to_start
from bot.service.tournament.standings import Played
from bot.service.tournament.swiss import NoPairingError, SwissRules, pair_round
from bot.service.tournament.swiss_players import PastRound
from bot.store import (
    GameOpenedFacts,
    NewGame,
    OutboxItem,
    OutboxTarget,
    PairedGame,
    Tournament,
    TournamentFormat,
    TournamentGame,
)
from rules.chess960 import start_fen as chess960_start
from rules.core import Color


@dataclass(frozen=True, slots=True)
class Seat:
    """A game to start: its round and board (a knockout's match), and the pairing
    numbers playing it; ``armageddon``: its match's Armageddon game."""

    round: int
    board: int
    white: int
    black: int
    armageddon: bool = False


@dataclass(frozen=True, slots=True)
class Step:
    """What a tournament starts now: rounds begun, games, and byes (round: seed)."""

    rounds: tuple[int, ...]
    seats: tuple[Seat, ...]
    byes: Mapping[int, int]


def first_step(tournament: Tournament, players: int) -> Step:
    """The games a tournament of ``players`` starts with: every round-robin game, a
    Swiss' first round (top half against bottom half), a knockout's first matches."""
    if tournament.format is TournamentFormat.SWISS:
        return swiss_step(tournament, players, [], {})
    if tournament.format is TournamentFormat.KNOCKOUT:
        return knockout_step(players, [], (), level_rule(tournament))
    rounds = round_robin(players, tournament.cycles)
    seats = tuple(Seat(p.round, p.board, p.white, p.black) for r in rounds for p in r.pairings)
    return Step(tuple(r.number for r in rounds), seats, {})


def swiss_step(
    tournament: Tournament,
    players: int,
    games: Sequence[TournamentGame],
    byes: Mapping[int, int],
    absent: Set[int] = frozenset(),
) -> Step:
    """The Swiss' next round after ``games`` (by pairing number) and ``byes`` (round:
    pairing number), without the ``absent`` (withdrawn). Raises ``NoPairingError`` when
    no legal pairing is left."""
    by_round: dict[int, list[Played]] = {}
    for game in games:
        by_round.setdefault(game.round, []).append(
            Played(game.white_id, game.black_id, game.result, game.forfeit)
        )
    number = max([*by_round, *byes, 0]) + 1
    past = [
        PastRound(tuple(by_round.get(index, ())), byes.get(index)) for index in range(1, number)
    ]
    rules = SwissRules(tournament.bye_halves, Color.WHITE, tournament.rounds)
    present = [number for number in range(1, players + 1) if number not in absent]
    paired = pair_round(present, past, rules, sorted(absent))
    seats = tuple(Seat(number, p.board, p.white, p.black) for p in paired.pairings)
    return Step((number,), seats, {number: paired.bye} if paired.bye else {})


def level_rule(tournament: Tournament) -> LevelRule:
    """How ``tournament`` decides a level knockout match: its pairs, decider, lots' seed."""
    return LevelRule(tournament.tiebreak_pairs, Decider(tournament.decider), tournament.lots_seed)


def knockout_step(
    players: int, games: Sequence[TournamentGame], begun: Sequence[int], rule: LevelRule
) -> Step:
    """The knockout's games to start after ``games`` (by pairing number; board = match),
    a level match decided by ``rule``, and the rounds they begin that ``begun`` does not
    hold yet."""
    played = [_knockout_game(game) for game in games]
    starting = games_to_start(players, played, rule)
    seats = tuple(Seat(g.round, g.match, g.white, g.black, g.armageddon) for g in starting)
    rounds = tuple(sorted({seat.round for seat in seats} - set(begun)))
    return Step(rounds, seats, {})


def _knockout_game(game: TournamentGame) -> KnockoutGame:
    return KnockoutGame(
        game.round, game.board, game.white_id, game.black_id, game.result, game.armageddon
    )


def next_step(
    tournament: Tournament,
    players: int,
    games: Sequence[TournamentGame],
    byes: Mapping[int, int],
    begun: Sequence[int],
    absent: Set[int] = frozenset(),
) -> Step | None:
    """What a running Swiss or knockout starts now (games by pairing number), or None
    when it waits for games going on, or is over (its last round or its final played).
    A Swiss with no legal pairing left is over too."""
    if tournament.format is TournamentFormat.KNOCKOUT:
        step = knockout_step(players, games, begun, level_rule(tournament))
        return step if step.seats else None
    if any(game.result is None for game in games):
        return None
    if len(begun) >= (tournament.rounds or 0):
        return None
    if players - len(set(absent)) < 2:
        return None  # fewer than two left: over too
    try:
        return swiss_step(tournament, players, games, byes, absent)
    except NoPairingError:
        return None


def round_starts(
    variant: rules.Variant,
    rounds: Iterable[int],
    rng: random.Random | None = None,
    thematic: str | None = None,
) -> dict[int, str]:
    """The start FEN of each round's games: the tournament's ``thematic`` start, the
    variant's own, or in Chess960 one start drawn per round that all its boards play (as
    960 events do: every player meets the same position that round)."""
    if variant.name != "chess960":
        return dict.fromkeys(rounds, thematic or variant.start_fen)
    return {number: chess960_start(random_start_number(rng)) for number in sorted(rounds)}


async def new_games(
    core: ServiceCore, tournament: Tournament, seats: Sequence[Seat], by_seed: Mapping[int, int]
) -> list[PairedGame]:
    """The games of ``seats`` (pairing numbers, ``by_seed`` to player ids) ready to write:
    each with its first deadline, the row that opens it in its place (its own thread,
    made as the row is delivered: once, whatever restarts) and the first mover's DM."""
    ids = {by_seed[seat.white] for seat in seats} | {by_seed[seat.black] for seat in seats}
    players = await core.store.players.get_many(list(ids))
    if not tournament.vacation:  # a vacation does not put off the first deadline
        players = {i: replace(p, vacation_ends_at=None) for i, p in players.items()}
    refs = await core.refs(*ids) if ids else {}
    now = core.now()
    variant = variant_named(tournament.variant)
    rounds = {seat.round for seat in seats}
    starts = round_starts(variant, rounds, thematic=tournament.start_fen)
    paired = []
    for seat in seats:
        white, black = by_seed[seat.white], by_seed[seat.black]
        start_fen = starts[seat.round]
        # A thematic line of odd length leaves Black to move first: their clock runs.
        black_first = variant.from_fen(start_fen).side_to_move is Color.BLACK
        first = black if black_first else white
        deadline = await core.deadline_for(first, now, tournament.days_per_move, players.get(first))
        game = NewGame(
            tournament.guild_id,
            tournament.channel_id,
            tournament.thread_id,
            tournament.variant,
            start_fen,
            white,
            black,
            tournament.days_per_move,
            tournament.rated,
            False,
            first,
            deadline,
            core.first_look(players.get(first), deadline, now),
        )
        opened = OutboxItem(OutboxTarget.PLACE, GameOpenedFacts(seat.round, seat.board))
        outbox = (opened, *turn_dm(None, 0, refs[first]))
        paired.append(PairedGame(seat.round, seat.board, game, outbox, seat.armageddon))
    return paired
