"""Vote chess's results and refusals, as facts (``bot/text/vote_words.py`` words them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from bot.service.computer import ComputerGameStarted
from bot.service.controls_values import MenuPage
from bot.service.errors import UserError
from bot.service.results import ChallengeCreated, GameStarted, GameView, MovePlayed, PlayerRef
from bot.service.vote_rules import ElectedBy
from bot.store import GameRecord, Team


class VoteRefusal(Enum):
    NOT_A_MEMBER = "not_a_member"  # not listed, or no longer holding the team's role
    NO_VOTE_GAME = "no_vote_game"  # no running vote game of a team of the voter's
    SEVERAL = "several"  # several: ``game:`` picks one (``games`` lists them)
    WINDOW_CLOSED = "window_closed"  # the team is not to move, or the window closed
    NOMINATION_LIMIT = "nomination_limit"  # this turn's nominations used up (``count``)
    CHANGE_LIMIT = "change_limit"  # this turn's changes of vote used up (``count``)
    NEEDS_PIECE = "needs_piece"  # a promotion nominated without its piece
    NEEDS_DAYS = "needs_days"  # an untimed game or a time bank: no window fits
    WINDOW_LENGTH = "window_length"  # not 1..days per move in hours (``count``: the most)
    BAD_NAME = "bad_name"  # empty or longer than ``count``
    TOO_MANY = "too_many"  # more members listed than ``count``
    OPPONENT_IN_TEAM = "opponent_in_team"  # the opponent is one of the team
    NOT_MENTIONS = "not_mentions"  # Discord: the members are not all @mentions of users
    POLL_SECRET = "poll_secret"  # a poll shows its counts to voters: not for secret votes
    NOTHING_NOMINATED = "nothing_nominated"  # a poll needs a nomination to ask about
    POLL_LIMIT = "poll_limit"  # the team's polls of this turn posted already (``count``)
    NO_POLL_PERMISSION = "no_poll_permission"  # Discord: Postal may not send polls there
    POLLS_ON_DISCORD = "polls_on_discord"  # the console has no polls (nor threads)
    NO_THREAD_PERMISSION = "no_thread_permission"  # Discord: no private threads there
    NOT_A_TEAM_CHALLENGE = "not_a_team_challenge"  # a team accepts only a team's challenge
    ACCEPT_TERMS = "accept_terms"  # accepting a challenge, with terms of one's own given
    ANOTHER_SERVER = "another_server"  # a team's challenge accepted from another server
    SERVER_AND_OPPONENT = "server_and_opponent"  # a server challenged, and a player or level
    ANOTHER_SERVERS_TEAMS = "another_servers_teams"  # a player accepting a challenge to a server
    SHOWN_ANYWAY = "shown_anyway"  # counts after voting asked of votes shown all along
    BOTH_SIDES = "both_sides"  # on both teams of the game (holding both roles, say)


class VoteError(UserError):
    """A vote chess command refused (``reason``), nothing changed; ``count`` and ``games``
    where they say more."""

    def __init__(
        self, reason: VoteRefusal, *, count: int | None = None, games: tuple[int, ...] = ()
    ) -> None:
        super().__init__()
        self.reason = reason
        self.count = count
        self.games = games


@dataclass(frozen=True, slots=True)
class TeamShown:
    """A team: its name, captain's name, listed members' names (empty for a role team),
    its Discord role, the window in hours and whether votes are secret (``after_vote``:
    until the member has voted, not until the close)."""

    name: str
    captain: str
    members: tuple[str, ...]
    role_id: int | None
    window_hours: int
    secret: bool
    after_vote: bool = False


@dataclass(frozen=True, slots=True)
class VoteGameOpened:
    """A team's game opened: challenged (``challenge``, a person or a team to accept),
    started against the computer (``game_id``, ``started`` its first board), or started by
    accepting another team's challenge (``game_id``, ``accepted``)."""

    team: TeamShown
    challenge: ChallengeCreated | None = None
    game_id: int | None = None
    started: ComputerGameStarted | None = None
    accepted: GameStarted | None = None


@dataclass(frozen=True, slots=True)
class MoveCount:
    """A nominated move (as sentences name it), its votes (None: secret for now) and its
    UCI (what a vote menu sends back)."""

    san: str
    votes: int | None
    uci: str = ""


@dataclass(frozen=True, slots=True)
class WindowClosed:
    """The window of ``team`` in ``game_id`` closed: ``elected`` played (``by`` why, and
    ``played`` the move's result), or nothing (the clock decides); ``counts`` the votes."""

    game_id: int
    team: str
    counts: tuple[MoveCount, ...]
    elected: str | None = None
    by: ElectedBy | None = None
    played: MovePlayed | None = None


@dataclass(frozen=True, slots=True)
class VoteClosedNotice:
    """The clock closed a team's window in ``game``: ``closed`` (its counts empty: the
    other side reads the game's place), said there by the outbox."""

    game: GameView
    closed: WindowClosed


@dataclass(frozen=True, slots=True)
class TeamThreadAsked:
    """A team's private thread, as a member's ask or its counts need it: the game's channel
    to open it in, the thread opened already (None: none), the members to add when it is
    opened (captain and listed; none more for a role team); the team's server and role, and
    whom Postal added to the thread so far (``added``)."""

    team_id: int
    team: str
    game_id: int
    channel_id: int
    thread_id: int | None
    members: tuple[int, ...]
    guild_id: int = 0
    role_id: int | None = None
    added: tuple[int, ...] = ()

    @property
    def holders(self) -> tuple[int, ...]:
        """Whom Postal added as holders of the team's role (not its captain nor a listed
        member): each stays in the thread only while they hold it."""
        if self.role_id is None:
            return ()
        return tuple(member for member in self.added if member not in self.members)


def team_thread_asked(team: Team, record: GameRecord, added: Sequence[int] = ()) -> TeamThreadAsked:
    """``team``'s thread in its game ``record`` (as seen from the team's own server);
    ``added``: whom Postal added to it so far."""
    members = tuple(dict.fromkeys((team.captain_id, *team.members)))
    return TeamThreadAsked(
        team.id,
        team.name,
        record.id,
        record.channel_id,
        team.thread_id,
        members,
        team.guild_id,
        team.role_id,
        tuple(added),
    )


@dataclass(frozen=True, slots=True)
class TeamCountsNotice:
    """A team's window in ``game`` closed: ``closed`` with every nomination's votes, said
    to the team alone, in its private thread (``thread``: opened first when it has none)."""

    game: GameView
    closed: WindowClosed
    thread: TeamThreadAsked


@dataclass(frozen=True, slots=True)
class HeldRole:
    """A role team's role (in server ``guild_id``) that the member a reminder is addressed
    to must still hold when it goes out: the store never knows who holds a role."""

    guild_id: int
    role_id: int


@dataclass(frozen=True, slots=True)
class TeamReminder:
    """``hours_before`` hours or less are left before ``team``'s vote in ``game`` closes (at
    ``closes_at``): said in the game's place, mentioning ``role_id`` (None: not this time)
    and ``members`` (those yet to vote who want mentions). A member's own reminder (their
    DM, or its mention when their DMs are closed) is for a holder of ``must_hold`` alone,
    when they are on the team by its role."""

    game: GameView
    team: str
    hours_before: int
    closes_at: datetime
    role_id: int | None
    members: tuple[PlayerRef, ...]
    must_hold: HeldRole | None = None


@dataclass(frozen=True, slots=True)
class BallotTaken:
    """``voter``'s nomination (``voted`` False) or vote for ``san`` in ``game_id`` taken;
    ``new``: the move was nominated by it; ``counts`` shown when the team shows votes;
    ``closed``: the window this vote closed (every listed member has voted)."""

    game_id: int
    team: str
    voter: str
    san: str
    voted: bool
    new: bool
    counts: tuple[MoveCount, ...] = ()
    closed: WindowClosed | None = None


@dataclass(frozen=True, slots=True)
class VoteTally:
    """The nominations of ``team``'s open turn in ``game_id`` (votes None while secret),
    and when its vote closes (``closes_at``; None: no vote open)."""

    game_id: int
    team: str
    counts: tuple[MoveCount, ...]
    open: bool
    closes_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class VoteReminderDMs:
    """Whether ``team``'s member now gets a DM (``wanted``) when its vote in ``game_id`` is
    open and they have not voted: at most one a vote, with the team's reminders."""

    game_id: int
    team: str
    wanted: bool


@dataclass(frozen=True, slots=True)
class VoteMenu:
    """The vote menu a member opened from the board of ``game_id`` at ``ply``: the turn's
    first nominations (``counts``, votes None while secret) and how many more there are;
    ``pieces``: the menus of the pieces that can move, to nominate a move (as Move…), in
    a game of ``variant``."""

    game_id: int
    ply: int
    team: str
    counts: tuple[MoveCount, ...]
    more: int = 0
    pieces: tuple[MenuPage, ...] = ()
    variant: str = "chess"


@dataclass(frozen=True, slots=True)
class PollAsked:
    """A poll to post (in the team's private thread) for ``team``'s turn at ``ply`` in
    ``game_id``: ``counts`` its answers (their moves' UCI sent back by Discord as answer
    numbers), open ``hours``; ``more`` nominations left out."""

    game_id: int
    team_id: int
    team: str
    ply: int
    hours: int
    counts: tuple[MoveCount, ...]
    more: int = 0
