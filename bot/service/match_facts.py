"""Club matches' facts for the adapters: a match as shown, its start, its standings (score
per board and the total), and every refusal (``MatchError``, by reason); ``bot/text/
match_words.py`` words them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.service.errors import UserError
from bot.service.results import PlayerRef
from bot.store import MatchStatus

MAX_BOARDS = 50
MAX_SIDE_NAME = 40
# Players a side may list: as many as the most boards (chess.com's club matches list no
# reserves either), so a side's names still fit one Discord message (2,000 characters)
# beside the other's, and a start ranks a bounded list.
MAX_SIDE_PLAYERS = MAX_BOARDS


class MatchRefusal(Enum):
    """Why a club match command changed nothing."""

    NO_MATCH = "no_match"  # no such match, or none going on here
    NOT_ORGANISER = "not_organiser"  # creating, accepting or starting takes an organiser
    NOT_INVITED = "not_invited"  # accepted or declined from a server it did not invite
    NOT_INVITATION = "not_invitation"  # accepted or declined once it is past that
    SAME_SERVER = "same_server"  # "against" names the server the match is made in
    BAD_BOARDS = "bad_boards"  # boards outside 1..MAX_BOARDS
    BAD_GAMES = "bad_games"  # games a board other than 1 or 2
    BAD_NAME = "bad_name"  # a side's name empty or longer than MAX_SIDE_NAME
    WHICH_SIDE = "which_side"  # one server's match: say which team to join
    NOT_A_SIDE = "not_a_side"  # joined from a server that is neither side
    ALREADY_IN = "already_in"
    SIDE_FULL = "side_full"  # the side lists MAX_SIDE_PLAYERS already
    NOT_A_MEMBER = "not_a_member"  # an organiser listed someone who is not of this server
    NO_BOTS = "no_bots"  # an organiser listed a bot
    NOT_IN = "not_in"
    NOT_OPEN = "not_open"  # joined, left or started when it is not open for players
    CHANGED = "changed"  # a join or leave came between the start's reading and its write
    TOO_FEW = "too_few"  # a side lists fewer players than the match has boards
    UNKNOWN_SERVER = "unknown_server"  # challenged a server Postal is not in
    UNKNOWN_INVITE = "unknown_invite"  # named the server by an invite Discord does not know
    NO_ABORT = "no_abort"  # a match's game counts from the start
    NO_REMATCH = "no_rematch"  # a match's finished game is not played again as a challenge


class MatchError(UserError):
    """A club match command refused (``reason``), nothing changed; ``match_id``, ``count``
    and ``side`` (its name) where they say more."""

    def __init__(
        self,
        reason: MatchRefusal,
        *,
        match_id: int | None = None,
        count: int | None = None,
        side: str = "",
    ) -> None:
        super().__init__()
        self.reason = reason
        self.match_id = match_id
        self.count = count
        self.side = side


@dataclass(frozen=True, slots=True)
class MatchView:
    """A match as its sides read it: its terms, the sides' names, servers and players
    (names, listing order; at the start, board order)."""

    id: int
    variant: str
    boards: int
    games_a_board: int
    days_per_move: int
    status: MatchStatus
    names: tuple[str, str]
    guilds: tuple[int, int]
    players: tuple[tuple[PlayerRef, ...], tuple[PlayerRef, ...]]

    @property
    def between_servers(self) -> bool:
        return self.guilds[0] != self.guilds[1]


class MatchChange(Enum):
    """What a command did to a match."""

    CREATED = "created"
    INVITED = "invited"  # created, and another server invited
    ACCEPTED = "accepted"
    DECLINED = "declined"
    JOINED = "joined"
    LEFT = "left"
    SHOWN = "shown"


@dataclass(frozen=True, slots=True)
class MatchShown:
    """``change`` done to ``match``; ``player``: who joined or left (for ``side``, 1 or 2)."""

    match: MatchView
    change: MatchChange
    player: PlayerRef | None = None
    side: int = 0


@dataclass(frozen=True, slots=True)
class BoardGame:
    """One game of a board: its id, whether side 1 has white, and its result for side 1
    and side 2 in half points (None: going on)."""

    game_id: int
    side_one_white: bool
    halves: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class BoardScore:
    """A board: its number, its two players, its games and its score in half points."""

    number: int
    players: tuple[PlayerRef, PlayerRef]
    games: tuple[BoardGame, ...]

    @property
    def halves(self) -> tuple[int, int]:
        done = [g.halves for g in self.games if g.halves is not None]
        return sum(h[0] for h in done), sum(h[1] for h in done)


@dataclass(frozen=True, slots=True)
class MatchStandings:
    """The match's standings: each board's score and the total (half points), how many
    games have ended of how many; ``over``: the last one has."""

    match: MatchView
    boards: tuple[BoardScore, ...]
    finished_games: int
    games: int

    @property
    def halves(self) -> tuple[int, int]:
        scores = [board.halves for board in self.boards]
        return sum(s[0] for s in scores), sum(s[1] for s in scores)

    @property
    def over(self) -> bool:
        return self.finished_games == self.games


@dataclass(frozen=True, slots=True)
class MatchStarted:
    """The match started: its games board by board (``standings`` with none ended)."""

    standings: MatchStandings


@dataclass(frozen=True, slots=True)
class MatchUpdate:
    """The standings message of side ``side`` of a match: posted or edited after a result."""

    standings: MatchStandings
    side: int
