"""What the outbox hands the adapters: a row ready to send (``Delivery``) and what it says,
a player's digest, a turn notice, a reminder, a notice for a player's next command."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum
from typing import Protocol, TypedDict, Unpack

from bot.service.invitation_facts import Invitation
from bot.service.match_facts import MatchUpdate
from bot.service.pause_facts import PauseAgreed
from bot.service.report_results import GameListEntry
from bot.service.results import (
    BoardView,
    Button,
    ChallengeClosed,
    ComputerStuck,
    GameEnded,
    GameView,
    MoreTimeGiven,
    OfferDeclined,
    OfferMade,
    PlayerRef,
    TakenBack,
)
from bot.service.tournament.facts import (
    StandingsUpdate,
    TournamentCancelled,
    TournamentStandings,
    TournamentStarted,
    TournamentWithdrawn,
)
from bot.service.vote_facts import TeamCountsNotice, TeamReminder, VoteClosedNotice
from bot.store import OutboxRow, OutboxTarget

# The other games a turn notice lists where it is the player's move, at most.
MY_TURN_SHOWN = 5


@dataclass(frozen=True, slots=True)
class Digest:
    """A player's daily digest: the games where it is their move, the least time left
    first, as ``/games`` lists them (``entries``: each with its last move and time left)."""

    player: PlayerRef
    games: tuple[GameView, ...]
    entries: tuple[GameListEntry, ...] = ()


@dataclass(frozen=True, slots=True)
class Reminder:
    """Remind ``player`` (to move) that ``hours_before`` hours are left; then call
    ``mark_reminder_sent(reminder)``."""

    game: GameView
    player: PlayerRef
    hours_before: int
    deadline: datetime
    # A vote chess team to move: its window's close (what the reminder counts back from)
    # and whether its Discord role is mentioned (``bot/service/team_reminders.py``).
    window_closes_at: datetime | None = None
    mention_role: bool = False
    # The team's members yet to vote who asked for a DM (``/vote remind``).
    dm_members: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GameOpened:
    """A tournament's or club match's game just created (``number`` of ``round``: its
    board, or a knockout's match; both None: a game of no event, a vote game between two
    teams), to open with its first ``board`` (for the first mover): in a place
    of its own when ``new_thread`` (the game is still in the tournament's place) and the
    adapter may make one (on Discord: a thread under the tournament's channel, or a post of
    the forum the tournament is posted in); ``own_thread``: the game has its own place
    already (both players are mentioned there, which adds them)."""

    game: GameView
    board: BoardView
    round: int | None
    number: int | None
    new_thread: bool
    own_thread: bool


@dataclass(frozen=True, slots=True)
class OfferClosed:
    """An offer was answered: the messages in the delivery's place that still show it
    with its ``buttons`` (its Accept and Decline, as made) lose them (the adapter finds
    them among the place's latest messages; none, when a press on it rewrote it)."""

    game: GameView
    buttons: tuple[Button, ...]


# Where an outbox row goes: the game's place, a player's DMs, an edit of a message.
DeliveryTarget = OutboxTarget


@dataclass(frozen=True, slots=True)
class MoveTold:
    """A move a turn notice tells: ``player`` played ``notation`` as move ``number``
    (``12.``, ``12...``); ``conditional``: an answer they had prepared."""

    player: PlayerRef
    number: str
    notation: str
    conditional: bool = False


@dataclass(frozen=True, slots=True)
class TurnNotice:
    """It is ``player``'s move (a DM, or a mention in the place when DMs are closed) after
    ``moves`` (the last one, or every one since their turn when prepared answers followed
    it; none in a new game); ``check``: the player to move is in check."""

    game: GameView
    player: PlayerRef
    moves: tuple[MoveTold, ...]
    check: bool = False
    # The board, when the notice stands for a move typed away from the game's place.
    board: BoardView | None = None
    # The player's other games where it is their move, in ``/games``' order (the least
    # time left first): each game's id and time left (None: no clock), at most
    # ``MY_TURN_SHOWN`` of ``my_turn_count``.
    my_turn: tuple[tuple[int, timedelta | None], ...] = ()
    my_turn_count: int = 0


# What is said in a tournament's place about no single game: its start, a round begun, its
# standings, its end, a calling off, a withdrawal.
TournamentSaid = (
    TournamentStandings
    | TournamentStarted
    | TournamentCancelled
    | StandingsUpdate
    | TournamentWithdrawn
)
# What is said about no single game (no players to tell when its place refuses it).
NoGameSaid = ChallengeClosed | Digest | TournamentSaid | MatchUpdate | Invitation


# What is said about one game (its players told when its place refuses it).
GameSaid = (
    TurnNotice
    | Reminder
    | GameEnded
    | OfferMade
    | OfferDeclined
    | OfferClosed
    | PauseAgreed
    | MoreTimeGiven
    | TakenBack
    | ComputerStuck
    | GameOpened
    | VoteClosedNotice
    | TeamCountsNotice
    | TeamReminder
)
# What a delivery says.
DeliveryContent = GameSaid | NoGameSaid


@dataclass(frozen=True, slots=True)
class Delivery:
    """One outbox row, ready to send: what to say (``content``) and where.

    ``channel_id`` is the game's place (its thread, or the parent channel after a thread
    refused), or the channel of the message to edit; ``parent_id`` the channel a thread
    belongs to (None when the place is a channel); ``user`` the DM's recipient;
    ``mention`` the players to ping; ``dm_fallback`` says the player's DMs were closed.
    """

    row_id: int
    lane: str
    attempts: int
    nonce: str
    target: DeliveryTarget
    content: DeliveryContent
    guild_id: int = 0
    channel_id: int | None = None
    parent_id: int | None = None
    message_id: int | None = None
    user: PlayerRef | None = None
    mention: tuple[PlayerRef, ...] = ()
    dm_fallback: bool = False
    game_id: int | None = None
    # The game's other place it goes to (a server more, ``game_places``); None: its own.
    place_id: int | None = None

    @classmethod
    def of_row(
        cls,
        row: OutboxRow,
        target: DeliveryTarget,
        content: DeliveryContent,
        **where: Unpack[DeliveryWhere],
    ) -> Delivery:
        """``content`` to send to ``target`` for outbox ``row`` (its id, lane, attempts and
        nonce carried over), ``where`` says (the other fields, each as named above)."""
        return cls(row.id, row.lane, row.attempts, row.nonce, target, content, **where)


class Placed(Protocol):
    """A place messages go to: a channel of a server, or a thread (or forum post) in it
    (``Place``, a club match's side)."""

    @property
    def guild_id(self) -> int: ...
    @property
    def channel_id(self) -> int | None: ...
    @property
    def thread_id(self) -> int | None: ...
    @property
    def target_id(self) -> int | None: ...


def posted_in(place: Placed) -> DeliveryWhere:
    """Where a delivery to ``place`` goes: its server, the channel or thread to post in,
    and a thread's parent channel (for the adapter to fall back on)."""
    parent = place.channel_id if place.thread_id is not None else None
    return DeliveryWhere(guild_id=place.guild_id, channel_id=place.target_id, parent_id=parent)


class DeliveryWhere(TypedDict, total=False):
    """Where a ``Delivery`` goes and whom it names: its fields after ``content``."""

    guild_id: int
    channel_id: int | None
    parent_id: int | None
    message_id: int | None
    user: PlayerRef | None
    mention: tuple[PlayerRef, ...]
    dm_fallback: bool
    game_id: int | None
    place_id: int | None


class NoticeKind(Enum):
    MISSING_PERMISSIONS = "missing_permissions"
    UNREACHABLE = "unreachable"


@dataclass(frozen=True, slots=True)
class Notice:
    """Something a player is told at their next command: the permissions Postal lacks in
    a game's place (``detail`` names them), or a game whose place Discord no longer knows."""

    kind: NoticeKind
    game_id: int | None
    detail: str
