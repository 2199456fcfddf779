"""The frozen values the store returns; times are timezone-aware UTC datetimes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import Enum
from typing import NamedTuple


class NotifyMode(Enum):
    """Where a player is told it is their turn."""

    CHANNEL = "channel"
    DM = "dm"
    OFF = "off"


# The largest row id either database holds (SQLite's INTEGER, PostgreSQL's BIGINT): a
# larger number names no row, and the drivers refuse to send it.
MAX_ROW_ID = 2**63 - 1


class Orientation(Enum):
    """Which side a player sees at the bottom of the boards shown to them."""

    OWN = "own"  # their own side in their games (as lichess and chess.com show it)
    TURN = "turn"  # the side to move


class ConfirmMoves(Enum):
    """Which of a player's moves are shown to them (with Confirm / Cancel) before they are
    played."""

    MENUS = "menus"  # those chosen on the board's menus, one tap from a slip; typed: at once
    ALWAYS = "always"  # typed ``/move``s too
    NEVER = "never"


class TakebackPolicy(Enum):
    """When a player may be asked to take back a move (lichess's setting)."""

    ASK = "ask"  # always asked
    CASUAL = "casual"  # asked in casual games only
    NEVER = "never"  # never asked: requests are refused at once


class XiangqiNotation(Enum):
    """How a player reads xiangqi moves."""

    WXF = "wxf"  # C2.5
    CHINESE = "chinese"  # 炮二平五
    ICCS = "iccs"  # h2e2


class JanggiNotation(Enum):
    """How a player reads janggi moves in messages for them alone."""

    KOREAN = "korean"  # 79졸78
    COORDINATES = "coordinates"  # i4h4


class GameStatus(Enum):
    ACTIVE = "active"
    FINISHED = "finished"


class ChallengeStatus(Enum):
    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


class OfferKind(Enum):
    DRAW = "draw"
    TAKEBACK = "takeback"
    PAUSE = "pause"  # stop the game's clocks for some days, by agreement


@dataclass(frozen=True, slots=True)
class Player:
    """A player; ``vacation_ends_at`` is the end of their latest vacation (maybe past)."""

    id: int
    display_name: str
    is_bot: bool
    notify: NotifyMode
    board_theme: str
    vacation_ends_at: datetime | None = None
    orientation: Orientation = Orientation.OWN
    # Hours before a deadline to be reminded at; None: the service's default.
    reminder_hours: tuple[int, ...] | None = None
    time_zone: str = "UTC"  # an IANA name
    # Local minutes after midnight: quiet from, quiet until (None: no quiet hours).
    quiet_hours: tuple[int, int] | None = None
    digest_at: int | None = None  # local minute of the daily digest (None: no digest)
    takeback_policy: TakebackPolicy = TakebackPolicy.ASK
    xiangqi_notation: XiangqiNotation | None = None  # None: not chosen
    janggi_notation: JanggiNotation | None = None  # None: not chosen (Korean)
    chess_pieces: str = "default"  # piece set names ("default": the renderer's choice)
    xiangqi_pieces: str = "default"
    board_strip: bool = False  # names, ratings and the turn drawn on boards
    language: str | None = None  # the catalog chosen in /settings (None: the client's)
    client_locale: str | None = None  # the Discord code their client last reported

    def may_be_asked_takeback(self, rated: bool) -> bool:
        """Whether a takeback request in a (``rated``) game may be put to this player."""
        if self.takeback_policy is TakebackPolicy.CASUAL:
            return not rated
        return self.takeback_policy is TakebackPolicy.ASK

    def on_vacation(self, now: datetime) -> bool:
        return self.vacation_ends_at is not None and self.vacation_ends_at > now


@dataclass(frozen=True, slots=True)
class PreferenceChange:
    """The preferences a ``/settings`` command changes; None leaves one as it is."""

    notify: NotifyMode | None = None
    board_theme: str | None = None
    orientation: Orientation | None = None
    reminder_hours: tuple[int, ...] | None = None  # () for none
    time_zone: str | None = None
    quiet_hours: tuple[int, int] | tuple[()] | None = None  # () for none
    digest_at: int | tuple[()] | None = None  # () for none
    # When the next digest is due (set with ``digest_at``; None: none due).
    digest_due_at: datetime | None = None
    takeback_policy: TakebackPolicy | None = None
    xiangqi_notation: XiangqiNotation | None = None
    janggi_notation: JanggiNotation | None = None
    chess_pieces: str | None = None
    xiangqi_pieces: str | None = None
    board_strip: bool | None = None
    language: str | tuple[()] | None = None  # () to follow the Discord client again

    def columns(self) -> dict[str, str | int | None]:
        """The ``players`` columns to set, by name, with their stored values."""
        values: dict[str, str | int | None] = {}
        if self.notify is not None:
            values["notify"] = self.notify.value
        if self.board_theme is not None:
            values["board_theme"] = self.board_theme
        if self.orientation is not None:
            values["orientation"] = self.orientation.value
        if self.reminder_hours is not None:
            values["reminder_hours"] = ",".join(map(str, self.reminder_hours))
        if self.time_zone is not None:
            values["time_zone"] = self.time_zone
        if self.quiet_hours is not None:
            start, end = self.quiet_hours or (-1, -1)
            values["quiet_from"], values["quiet_until"] = start, end
        if self.digest_at is not None:
            values["digest_at"] = self.digest_at if isinstance(self.digest_at, int) else -1
            due = self.digest_due_at
            values["digest_due_at"] = None if due is None else to_epoch(due)
        if self.takeback_policy is not None:
            values["takeback_policy"] = self.takeback_policy.value
        if self.xiangqi_notation is not None:
            values["xiangqi_notation"] = self.xiangqi_notation.value
        if self.janggi_notation is not None:
            values["janggi_notation"] = self.janggi_notation.value
        if self.chess_pieces is not None:
            values["chess_pieces"] = self.chess_pieces
        if self.xiangqi_pieces is not None:
            values["xiangqi_pieces"] = self.xiangqi_pieces
        if self.board_strip is not None:
            values["board_strip"] = int(self.board_strip)
        if self.language is not None:
            values["language"] = self.language or None
        return values


@dataclass(frozen=True, slots=True)
class Challenge:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    challenger_id: int
    opponent_id: int | None
    variant: str
    color: str
    days_per_move: int
    rated: bool
    start_fen: str | None
    status: ChallengeStatus
    created_at: datetime
    expires_at: datetime
    game_id: int | None
    # The thread or forum post it was made in (``channel_id`` is then its parent).
    thread_id: int | None = None
    untimed: bool = False  # no deadline per move (``days_per_move`` does not apply)
    # A time bank's increment and cap (days; None: days per move).
    increment_days: int | None = None
    cap_days: int | None = None
    # The clock stops on Saturday and Sunday in each player's own time zone.
    weekends_off: bool = False

    @property
    def clock_days(self) -> int | None:
        """Days per move, None for an untimed game."""
        return None if self.untimed else self.days_per_move


@dataclass(frozen=True, slots=True)
class ThreadUpkeep:
    """A running game's own thread due a look: ``last_move_at`` tells whether a move since
    kept it active (each move posts there)."""

    game_id: int
    thread_id: int
    last_move_at: datetime


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game row. ``fen``, ``ply`` and ``to_move_id`` are caches of the move list.

    ``version`` increases on every write to the row and never repeats: the store refuses a
    write made against an older version (see ``bot.store.games``).
    """

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    variant: str
    start_fen: str
    white_id: int
    black_id: int
    days_per_move: int
    rated: bool
    status: GameStatus
    result: str | None
    termination: str | None
    ply: int
    fen: str
    to_move_id: int | None
    created_at: datetime
    last_move_at: datetime
    deadline_at: datetime | None
    finished_at: datetime | None
    version: int
    damaged_at: datetime | None = None  # set when the stored moves no longer replay
    thread_owned: bool = False  # thread_id is a public thread Postal opened in channel_id
    untimed: bool = False  # no deadline, reminders or time-outs (``days_per_move`` unused)
    # The version of the row of the move at ``ply`` (None before the first move, or when not
    # read): a replay cached with that last move is still this game, whatever else changed.
    last_move_version: int | None = None
    # A time bank's increment and cap (days; None: days per move), and the bank of the
    # player not to move, in seconds (None: days per move or untimed).
    increment_days: int | None = None
    cap_days: int | None = None
    waiting_bank: int | None = None
    # A pause agreed by both players: the clock does not run before ``paused_until`` (the
    # deadline was moved by the pause when it was agreed); ``pause_days``: the days of pause
    # the game has used.
    paused_until: datetime | None = None
    pause_days: int = 0
    # The clock stops on Saturday and Sunday in each player's own time zone (the deadline
    # stored already skips them).
    weekends_off: bool = False

    def paused(self, now: datetime) -> bool:
        """Whether an agreed pause holds the game's clocks at ``now``."""
        return self.paused_until is not None and self.paused_until > now

    @property
    def clock_days(self) -> int | None:
        """Days per move, None for an untimed game."""
        return None if self.untimed else self.days_per_move

    @property
    def is_active(self) -> bool:
        return self.status is GameStatus.ACTIVE

    def has_player(self, player_id: int) -> bool:
        return player_id in (self.white_id, self.black_id)

    def opponent_of(self, player_id: int) -> int:
        return self.black_id if player_id == self.white_id else self.white_id


@dataclass(frozen=True, slots=True)
class SeatedGame:
    """A game with what acting on it needs, read in one statement: its players (by id;
    one missing from ``players`` has no row), whether conditional lines wait in it, which
    of its players' DMs are known to be closed, and who confirms typed moves."""

    game: GameRecord
    players: Mapping[int, Player]
    has_conditionals: bool
    closed_dms: frozenset[int]
    # The players who confirm typed moves too (Confirm moves ``always``).
    confirming: frozenset[int] = frozenset()
    # The game's last few moves (up to ``games.RECENT_PLIES - 1``), oldest first, read with it:
    # a move's write adds its own to them for the line under the board (``play_move``'s
    # ``before``).
    recent: tuple[RecentMove, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """A stored move; ``version`` is the game's version the move was written at."""

    ply: int
    uci: str
    san: str
    played_at: datetime
    version: int


@dataclass(frozen=True, slots=True)
class PreparedAnswer:
    """A move to append after another in the same write: a conditional move of
    ``mover_id``."""

    uci: str
    san: str
    mover_id: int
    # Xiangqi: the move in Chinese notation, simplified (``san`` is its WXF); None in chess.
    chinese: str | None = None


class RecentMove(NamedTuple):
    """One of a game's last moves, as the line under its board shows it: ``san`` is standard
    SAN (chess) or WXF (xiangqi), ``chinese`` the xiangqi move in Chinese notation (None in
    chess, and for a xiangqi move stored before migration 0030, whose ``san`` is as its
    mover named it)."""

    ply: int
    uci: str
    san: str
    chinese: str | None = None


class StoredMove(NamedTuple):
    """A move as replaying reads it: a NamedTuple, as a long game has thousands."""

    ply: int
    uci: str
    version: int


@dataclass(frozen=True, slots=True)
class Offer:
    game_id: int
    kind: OfferKind
    from_player_id: int
    ply: int
    created_at: datetime
    days: int | None = None  # a pause's length (None for other kinds)


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the usual (1500-centred) scale."""

    rating: float
    deviation: float
    volatility: float
    games: int = 0


@dataclass(frozen=True, slots=True)
class RatingEntry:
    player_id: int
    display_name: str
    rating: Rating


@dataclass(frozen=True, slots=True)
class NewPlace:
    """A place to give a game being created: a channel of another server, where
    ``player_id`` acts from (its thread is opened as the game opens there)."""

    guild_id: int
    channel_id: int
    player_id: int


@dataclass(frozen=True, slots=True)
class NewGame:
    """A game to create at its start position: where it lives, who plays, its clock
    (``untimed``: none, ``days_per_move`` unused), who moves first and by when."""

    guild_id: int
    channel_id: int
    thread_id: int | None
    variant: str
    start_fen: str
    white_id: int
    black_id: int
    days_per_move: int
    rated: bool
    untimed: bool
    to_move_id: int
    deadline_at: datetime | None
    # When the clock must first look at it (bot.store.clock_looks; None: the default).
    next_look_at: datetime | None = None
    # When to look at the thread it starts in, to keep it active (None: none to keep).
    thread_look_at: datetime | None = None
    # A time bank's increment and cap (days; None: days per move); the second player's bank
    # (seconds) waits at the start.
    increment_days: int | None = None
    cap_days: int | None = None
    waiting_bank: int | None = None
    weekends_off: bool = False  # the clock stops on each player's own weekend
    # Its places in other servers (a club match between servers: ``game_places``).
    other_places: tuple[NewPlace, ...] = ()


@dataclass(frozen=True, slots=True)
class GameEnding:
    """How the store should close a game: result ``"1-0"``/``"0-1"``/``"1/2-1/2"``."""

    result: str
    termination: str


@dataclass(frozen=True, slots=True)
class ResultCounts:
    variant: str
    wins: int
    draws: int
    losses: int


@dataclass(frozen=True, slots=True)
class ReminderDue:
    """A reminder due for ``game``: ``hours_before`` its current deadline."""

    game: GameRecord
    hours_before: int


@dataclass(frozen=True, slots=True)
class DigestDue:
    """A player's daily digest is due: the active games where it is their move."""

    player: Player
    due_at: datetime
    games: tuple[GameRecord, ...]


class PingKind(Enum):
    """What pinged a player: each counts towards the limit of pings per pair."""

    CHALLENGE = "challenge"
    DRAW = "draw"
    TAKEBACK = "takeback"
    MORETIME = "moretime"
    PAUSE = "pause"


class SpamLimit(Enum):
    """Which limit refused a challenge or an offer."""

    OPEN_BY_CHALLENGER = "open_by_challenger"
    OPEN_TO_TARGET = "open_to_target"
    PINGS_PER_PAIR = "pings_per_pair"


@dataclass(frozen=True, slots=True)
class PingLimit:
    """At most ``count`` pings from one player to another within any ``window``."""

    count: int
    window: timedelta


@dataclass(frozen=True, slots=True)
class ChallengeLimits:
    """Pending (open) challenges at most per challenger and per target, and pings per pair."""

    open_by_challenger: int
    open_to_target: int
    pings: PingLimit


@dataclass(frozen=True, slots=True)
class LimitHit:
    """A limit refused the write: ``allowed`` is the limit; ``retry_at`` when a sliding
    window frees a place (None: when a pending challenge is answered, cancelled or expires)."""

    limit: SpamLimit
    allowed: int
    retry_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class SameChallengeOpen:
    """A challenge with the same players and settings is still open (for an open challenge:
    in the same place), so nothing was written; ``challenge`` is that first one."""

    challenge: Challenge


def to_epoch(moment: datetime) -> int:
    """Whole seconds since the epoch; naive datetimes are rejected, not guessed."""
    if moment.tzinfo is None:
        raise ValueError("naive datetime: pass a timezone-aware (UTC) datetime")
    return int(moment.timestamp())


def from_epoch(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, tz=UTC)


def from_epoch_or_none(seconds: int | None) -> datetime | None:
    return None if seconds is None else from_epoch(seconds)


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    """Both players' ratings before (None: first rated game here) and after a rated game."""

    white_before: Rating | None
    white_after: Rating
    black_before: Rating | None
    black_after: Rating


@dataclass(frozen=True, slots=True)
class Written:
    """What a conditional write did: ``ok`` is False when the game had changed meanwhile;
    ``lapsed`` lists the offers a move dropped; ``version`` is the game's version after it."""

    ok: bool
    ratings: RatingUpdate | None = None
    lapsed: tuple[OfferKind, ...] = ()
    version: int | None = None
    # The game's last few moves after the write, oldest first.
    recent: tuple[RecentMove, ...] = ()
