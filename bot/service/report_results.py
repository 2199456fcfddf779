"""What the reports return: a player's games, history and stats, a server's leaderboard, a
game's record, a player's settings (facts only; ``bot/text/reports.py`` words them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Protocol

from bot.service.notes import NoteView
from bot.service.results import ChallengeView, GameView, PlayerRef
from bot.store import (
    ComputerResult,
    ConfirmMoves,
    JanggiNotation,
    NotifyMode,
    Orientation,
    ResultCounts,
    TakebackPolicy,
    XiangqiNotation,
)


@dataclass(frozen=True, slots=True)
class GameListEntry:
    """A game of a list: whose move (``my_turn``: the listed player's), its last move as
    the reader reads it (``12... Nf3``; None before the first), and the time the player to
    move has left (``bot.service.time_left``; None without a clock)."""

    game: GameView
    opponent: PlayerRef
    my_turn: bool
    last_move: str | None = None
    time_left: timedelta | None = None


@dataclass(frozen=True, slots=True)
class GameList:
    """A page of ``player``'s active games, their move first (by time left), then those
    waiting for the opponent; ``own``: the viewer asked for their own.
    ``more_after`` is set while more follow: the argument of the Next page button (the key
    of the last game shown) that only ``asker_id`` may press."""

    player: PlayerRef
    entries: tuple[GameListEntry, ...]
    own: bool = True
    more_after: str | None = None
    asker_id: int = 0
    # Open challenges to the player, after their games (one's own list, its last page).
    challenges: tuple[ChallengeView, ...] = ()
    # Others' running games that live where the list was asked (one's own list, asked on a
    # server, its last page): what a spectator may read there.
    running: tuple[GameListEntry, ...] = ()
    # When the list was made (the challenges' time to answer counts from it).
    at: datetime = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class RecordExport:
    """A PGN (chess) or game record (xiangqi) and where to analyse it."""

    game: GameView
    record: str
    filename: str
    analysis_url: str | None


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    game: GameView
    opponent: PlayerRef
    outcome: str  # "win", "draw", "loss" or "aborted", from the player's side
    # The viewer's own notes on the game, by move (never anyone else's: see ``history``).
    notes: tuple[NoteView, ...] = ()


@dataclass(frozen=True, slots=True)
class History:
    player: PlayerRef
    entries: tuple[HistoryEntry, ...]


@dataclass(frozen=True, slots=True)
class VariantStats:
    variant: str
    wins: int
    draws: int
    losses: int
    rating: float | None
    deviation: float | None
    rated_games: int


# Results of games against the computer at one variant and level: the player's, or, for the
# computer itself, its results against people (the store's counted rows, as they are).
ComputerStats = ComputerResult


@dataclass(frozen=True, slots=True)
class PlayedTournament:
    """A finished tournament the player was in: their ``place`` among its ``players``
    (shared places give the best; None when their results were struck out) and their
    ``points``."""

    id: int
    name: str
    place: int | None
    players: int
    points: float


class TournamentsPlayed(Protocol):
    """Where the reports read a player's tournaments (``TournamentHistory``)."""

    async def of_player(
        self, player_id: int, scope: int | None
    ) -> tuple[int, tuple[PlayedTournament, ...]]: ...


@dataclass(frozen=True, slots=True)
class Stats:
    """A player's results against people per variant (``variants``, with ratings) and,
    apart, against the computer (``computer``; ``of_computer``: the player is the computer,
    and those are its games against people); the tournaments they finished."""

    player: PlayerRef
    variants: tuple[VariantStats, ...]
    computer: tuple[ComputerStats, ...] = ()
    of_computer: bool = False
    # Finished tournaments: how many, and the latest (``tournament.history.MAX_SHOWN``).
    tournaments_played: int = 0
    tournaments: tuple[PlayedTournament, ...] = ()
    # Team games, unrated and counted apart (None: none): the vote games the player voted
    # or nominated in (their team's results), and their club matches' games.
    votes: ResultCounts | None = None
    club: ResultCounts | None = None


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int
    player: PlayerRef
    rating: float
    deviation: float
    games: int


@dataclass(frozen=True, slots=True)
class Leaderboard:
    variant: str
    rows: tuple[LeaderboardRow, ...]


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    player: PlayerRef
    notify: NotifyMode
    board_theme: str
    vacation_days_left: int
    vacation_until: datetime | None
    vacation_allowance: int = 30  # days in any VACATION_WINDOW
    themes: tuple[str, ...] = field(default=())
    orientation: Orientation = Orientation.OWN
    reminder_hours: tuple[int, ...] = (24, 1)
    time_zone: str = "UTC"
    quiet_hours: tuple[int, int] | None = None  # local minutes: from, until
    digest_at: int | None = None  # local minute of the daily digest
    takeback_policy: TakebackPolicy = TakebackPolicy.ASK
    xiangqi_notation: XiangqiNotation | None = None  # None: not chosen
    chess_pieces: str = "default"
    xiangqi_pieces: str = "default"
    # What they see when they chose nothing (their language decides): the notation xiangqi
    # moves are written to them in (Chinese for a Chinese reader; WXF, or Chinese for a
    # move typed so, for the rest) and the xiangqi piece set their boards are drawn with.
    xiangqi_notation_read: XiangqiNotation = XiangqiNotation.WXF
    xiangqi_pieces_seen: str = "traditional"
    janggi_notation: JanggiNotation = JanggiNotation.KOREAN  # janggi moves written to them
    piece_sets: tuple[str, ...] = ()  # the names a player may choose
    board_strip: bool = False
    language: str | None = None  # the catalog chosen (None: their Discord client's)
    confirm_moves: ConfirmMoves = ConfirmMoves.MENUS
