"""The frozen values the tournament store returns and takes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from bot.store.outbox import OutboxItem
from bot.store.records import NewGame


class TournamentFormat(Enum):
    """How a tournament pairs its players."""

    ROUND_ROBIN = "round_robin"  # everyone meets everyone (Berger tables), all games at once
    SWISS = "swiss"  # a round at a time, by score (FIDE Dutch system)
    KNOCKOUT = "knockout"  # single elimination, two-game matches


class TournamentStatus(Enum):
    OPEN = "open"  # taking entrants
    RUNNING = "running"  # started: its games are on
    FINISHED = "finished"  # every game over


@dataclass(frozen=True, slots=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    organiser_id: int
    name: str
    format: TournamentFormat
    cycles: int
    variant: str
    days_per_move: int
    rated: bool
    max_players: int
    start_when_full: bool
    status: TournamentStatus
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    version: int
    rounds: int | None = None  # a Swiss' rounds
    bye_halves: int = 2  # what a Swiss bye scores, in half points
    starts_at: datetime | None = None  # its sign-up deadline: the clock starts it then
    cancelled_at: datetime | None = None  # called off at its deadline, too few players
    vacation: bool = True  # False: a vacation pauses none of its games' clocks
    start_fen: str | None = None  # a thematic start every game begins from (None: the usual)
    tiebreak_pairs: int = 1  # a knockout's pairs of games after a level match
    standings_message_id: int | None = None  # its standings message, kept up to date
    timeout_limit: int = 0  # time-outs that withdraw a player (0: never)
    decider: str = "seed"  # a knockout's match still level after its pairs: seed, lots, armageddon
    lots_seed: int = 0  # what its lots are drawn from (never shown)


@dataclass(frozen=True, slots=True)
class NewTournament:
    """A tournament to open, taking entrants: where, by whom, and how it is played."""

    guild_id: int
    channel_id: int
    thread_id: int | None
    organiser_id: int
    name: str
    format: TournamentFormat
    cycles: int
    variant: str
    days_per_move: int
    rated: bool
    max_players: int
    start_when_full: bool
    rounds: int | None = None  # a Swiss' rounds
    bye_halves: int = 2  # what a Swiss bye scores, in half points
    starts_at: datetime | None = None  # its sign-up deadline
    vacation: bool = True  # False: a vacation pauses none of its games' clocks
    start_fen: str | None = None  # a thematic start every game begins from (None: the usual)
    tiebreak_pairs: int = 1  # a knockout's pairs of games after a level match
    timeout_limit: int = 0  # time-outs that withdraw a player (0: never)
    decider: str = "seed"  # a knockout's match still level after its pairs: seed, lots, armageddon
    lots_seed: int = 0  # what its lots are drawn from (never shown)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player in a tournament; ``seed`` is their pairing number once it started;
    ``withdrawn`` after a withdrawal, ``annulled`` when their results were struck out."""

    player_id: int
    name: str
    joined_at: datetime
    seed: int | None
    withdrawn: bool = False
    annulled: bool = False


@dataclass(frozen=True, slots=True)
class TournamentGame:
    """A game a tournament started, as its standings read it (``result`` None: going on;
    ``forfeit``: ended by a player's withdrawal, not played out); ``ratings``: once a rated
    game ended, each side's rating before it (None: their first rated game there) and after
    it, white's then black's; ``armageddon``: a knockout match's Armageddon game."""

    game_id: int
    round: int
    board: int
    white_id: int
    black_id: int
    result: str | None
    forfeit: bool = False
    ratings: GameRatings | None = None
    armageddon: bool = False


@dataclass(frozen=True, slots=True)
class GameRatings:
    """A rated game's ratings: each side's before (None: a newcomer's first) and after."""

    white_before: float | None
    white_after: float
    black_before: float | None
    black_after: float


@dataclass(frozen=True, slots=True)
class PairedGame:
    """A game to start with a tournament: its round and board, the game, its outbox rows
    (those without a game id get the new game's); ``armageddon``: a knockout match's
    Armageddon game, stored as such."""

    round: int
    board: int
    game: NewGame
    outbox: tuple[OutboxItem, ...] = ()
    armageddon: bool = False


class EntryChange(Enum):
    """What joining or leaving did: done, or why nothing changed."""

    DONE = "done"
    ALREADY_IN = "already_in"  # joining twice
    NOT_IN = "not_in"  # leaving a tournament one is not in
    FULL = "full"
    NOT_OPEN = "not_open"  # started or finished
    UNKNOWN = "unknown"  # no such tournament


@dataclass(frozen=True, slots=True)
class Entry:
    """The outcome of a join or a leave, and the field after it."""

    change: EntryChange
    entrants: int = 0
    tournament: Tournament | None = None
