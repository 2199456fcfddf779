"""What the tournament use case returns and raises: facts, worded at the edge
(``bot/text/tournament_words.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from bot.render.cross_table import MAX_PAGES, PAGE_ROWS
from bot.service.errors import UserError
from bot.service.results import GameView, Place, PlayerRef, ThematicStart
from bot.service.tournament.knockout import Decider, Decision
from bot.store import TournamentFormat, TournamentStatus

# Berger tables are published for up to 16 players; a round robin needs three to be one.
MIN_PLAYERS = 3
MAX_PLAYERS = 16
# A Swiss or a knockout takes more (each round's games start together, not every game).
MAX_FIELD = 256
MAX_ROUNDS = 20  # a Swiss' rounds at most
DEFAULT_ROUNDS = 5
# The formats (``TournamentFormat`` values) and their names in /tournament create's choices.
FORMAT_LABELS = (("round_robin", "Round robin"), ("swiss", "Swiss"), ("knockout", "Knockout"))
# What a Swiss bye may score (``bye:``), and in half points: a win (the default), a draw, nothing.
BYE_LABELS = (("1", "1 point"), ("0.5", "½ point"), ("0", "0 points"))
BYE_HALVES = {"1": 2, "0.5": 1, "0": 0}
DEFAULT_PLAYERS = 8
# A level knockout match plays up to this many more pairs of games (``tiebreaks:``), then the
# higher seed goes through (``bot.service.tournament.knockout``).
MAX_TIEBREAK_PAIRS = 4
DEFAULT_TIEBREAK_PAIRS = 1
# What settles a knockout match still level after its pairs (``decider:``), and its names.
DECIDER_LABELS = (
    ("seed", "The higher seed"),
    ("lots", "A drawing of lots"),
    ("armageddon", "An Armageddon game"),
)
# A player who loses this many games on time is withdrawn (``timeouts:``; 0: never).
MAX_TIMEOUTS = 10
DEFAULT_TIMEOUTS = 2
MAX_NAME_LENGTH = 60


@dataclass(frozen=True, slots=True)
class TournamentView:
    """A tournament at one moment: its terms, organiser and entrants (by pairing number
    once started, by joining order before)."""

    id: int
    name: str
    format: TournamentFormat
    cycles: int
    variant: str
    days_per_move: int
    rated: bool
    max_players: int
    start_when_full: bool
    status: TournamentStatus
    organiser: PlayerRef
    entrants: tuple[PlayerRef, ...]
    place: Place
    message_id: int | None = None
    rounds: int | None = None  # a Swiss' rounds
    starts_at: datetime | None = None  # its sign-up deadline (the clock starts it then)
    cancelled: bool = False  # called off at its deadline: too few players
    vacation: bool = True  # False: a vacation pauses none of its games' clocks
    start: ThematicStart | None = None  # a thematic start every game begins from
    tiebreak_pairs: int = DEFAULT_TIEBREAK_PAIRS  # a knockout's pairs after a level match
    timeout_limit: int = 0  # time-outs that withdraw a player (0: never)
    decider: Decider = Decider.SEED  # a knockout's match still level after its pairs

    @property
    def open(self) -> bool:
        return self.status is TournamentStatus.OPEN


class EntryKind(Enum):
    CREATED = "created"
    JOINED = "joined"
    LEFT = "left"


@dataclass(frozen=True, slots=True)
class TournamentShown:
    """A tournament's message after ``kind`` by ``actor``: edit it (or post it, when
    created); ``started``: joining filled a tournament that starts when full."""

    tournament: TournamentView
    kind: EntryKind
    actor: PlayerRef
    started: TournamentStarted | None = None


@dataclass(frozen=True, slots=True)
class Pairing:
    """A game the start created: its round and board, and the game; ``armageddon``: a
    knockout match's Armageddon game (a draw sends Black through)."""

    round: int
    board: int
    game: GameView
    armageddon: bool = False


@dataclass(frozen=True, slots=True)
class TournamentStarted:
    """A tournament started, or went on: the games just created, each opened in its
    place (its own thread where the place allows) as the outbox delivers its row."""

    tournament: TournamentView
    pairings: tuple[Pairing, ...]
    round: int | None = None  # a Swiss round or knockout games started later (None: the start)
    bye: PlayerRef | None = None  # the Swiss round's bye


@dataclass(frozen=True, slots=True)
class TournamentCancelled:
    """A tournament called off at its sign-up deadline: only ``entrants`` joined, it
    needed ``needed``; it is over, no game was started."""

    tournament: TournamentView
    entrants: int
    needed: int


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One line of the table (see ``bot.service.tournament.standings``)."""

    rank: int
    player: PlayerRef
    points: float
    played: int
    wins: int
    direct: float
    sonneborn_berger: float
    withdrawn: bool = False
    buchholz_cut1: float | None = None  # a Swiss' tie-breaks (None in a round robin)
    buchholz: float | None = None
    rating_change: float | None = None  # over the tournament's games (None: unrated)


@dataclass(frozen=True, slots=True)
class TournamentWithdrawn:
    """``player`` withdrew (or was withdrawn by ``actor``) after ``finished`` of their
    ``games``: ``struck_out`` when their results no longer count, else their ``forfeited``
    games still going were lost (see ``bot.service.tournament.withdrawals``)."""

    tournament: TournamentView
    player: PlayerRef
    actor: PlayerRef
    struck_out: bool
    finished: int
    games: int
    forfeited: int
    timeouts: int = 0  # withdrawn by the rule on time-outs: after this many


@dataclass(frozen=True, slots=True)
class TournamentRecords:
    """Every game of a tournament as one PGN file (a xiangqi record for xiangqi)."""

    tournament: TournamentView
    text: str
    filename: str
    games: int


@dataclass(frozen=True, slots=True)
class MatchLine:
    """A knockout match as the bracket shows it: its players (None: not known yet, or a
    bye), points each, its winner once decided and how."""

    round: int
    number: int
    high: PlayerRef | None
    low: PlayerRef | None
    high_points: float
    low_points: float
    winner: PlayerRef | None
    decision: Decision | None


@dataclass(frozen=True, slots=True)
class TournamentStandings:
    """The table now, how many games are over, and the winners once it finished."""

    tournament: TournamentView
    lines: tuple[StandingLine, ...]
    games: int
    finished_games: int
    winners: tuple[PlayerRef, ...] = ()
    # cells[i][j]: line i's results against line j's player ("1", "½", "0" a game).
    cells: tuple[tuple[str, ...], ...] = ()
    matches: tuple[MatchLine, ...] = ()  # a knockout's bracket
    # A rated knockout's players and their rating changes (its bracket has no lines).
    rating_changes: tuple[tuple[PlayerRef, float], ...] = ()

    @property
    def pages(self) -> int:
        """How many pages of ``STANDINGS_PAGE`` players the table shows in (a bracket: one)."""
        return max(1, -(-len(self.lines) // STANDINGS_PAGE))


# Players a page of the standings shows: its images' rows (four images of 16), so a
# player's line and their image row are on the same page.
STANDINGS_PAGE = PAGE_ROWS * MAX_PAGES
MAX_STANDINGS_PAGES = -(-MAX_FIELD // STANDINGS_PAGE)  # the pages of the biggest field


@dataclass(frozen=True, slots=True)
class StandingsUpdate:
    """The tournament's standings message brought up to date after a result: posted the
    first time, edited since (``bot.service.deliveries``)."""

    table: TournamentStandings


class TournamentRefusal(Enum):
    """Why a tournament command changed nothing."""

    NOT_ORGANISER = "not_organiser"  # creating without Manage Server; starting another's
    ALREADY_IN = "already_in"
    NOT_IN = "not_in"
    FULL = "full"
    STARTED = "started"  # joining, leaving or starting one that started or finished
    TOO_FEW = "too_few"  # starting with fewer than MIN_PLAYERS
    NO_TOURNAMENT = "no_tournament"  # none open here, or no such id here
    SEVERAL = "several"  # more than one here: name it
    BAD_SIZE = "bad_size"  # max players outside MIN_PLAYERS..MAX_PLAYERS
    BAD_NAME = "bad_name"  # empty or longer than MAX_NAME_LENGTH
    NO_ABORT = "no_abort"  # a tournament's game counts from the start
    NOT_STARTED = "not_started"  # withdrawing before the start: leave instead
    OVER = "over"  # withdrawing from a finished tournament
    WITHDRAWN = "withdrawn"  # withdrawing twice (``player``: who)
    NOT_ENTRANT = "not_entrant"  # withdrawing someone not in it (``player``: who)
    NOT_ORGANISER_OF = "not_organiser_of"  # withdrawing another without the right
    NO_GAMES = "no_games"  # its games asked for before the start
    BAD_ROUNDS = "bad_rounds"  # a Swiss' rounds outside 1..MAX_ROUNDS, or past its field
    BAD_FIELD = "bad_field"  # a Swiss' or knockout's max players outside MIN_PLAYERS..MAX_FIELD
    CANCELLED = "cancelled"  # joining, leaving or starting one called off at its deadline
    ROUNDS_NOT_SWISS = "rounds_not_swiss"  # rounds given to a round robin or a knockout
    DOUBLE_NOT_ROUND_ROBIN = "double_not_round_robin"  # double asked of a Swiss or knockout
    BYE_NOT_SWISS = "bye_not_swiss"  # a bye's score given to a round robin or a knockout
    TIEBREAKS_NOT_KNOCKOUT = "tiebreaks_not_knockout"  # tie-break pairs asked of another format
    BAD_TIEBREAKS = "bad_tiebreaks"  # tie-break pairs outside 0..MAX_TIEBREAK_PAIRS
    DECIDER_NOT_KNOCKOUT = "decider_not_knockout"  # a decider asked of another format
    BAD_TIMEOUTS = "bad_timeouts"  # a time-out limit outside 0..MAX_TIMEOUTS
    ROLE_NOT_MANAGER = "role_not_manager"  # naming the organisers' role without the right
    NO_PAGE = "no_page"  # a page of the standings past its last (``count``: its pages)


class TournamentError(UserError):
    """A tournament command refused (``reason``), nothing changed; ``tournament_id`` and
    ``count`` where they say more (the tournament meant; how many joined, or the limit);
    ``player``: the name of the player meant, when not the one who asked."""

    def __init__(
        self,
        reason: TournamentRefusal,
        *,
        tournament_id: int | None = None,
        count: int | None = None,
        choices: tuple[tuple[int, str], ...] = (),
        player: str = "",
        role_id: int | None = None,
    ) -> None:
        super().__init__()
        self.player = player
        # The organisers' role a refused organiser needed (NOT_ORGANISER...), if one is named.
        self.role_id = role_id
        self.reason = reason
        self.tournament_id = tournament_id
        self.count = count
        self.choices = choices
