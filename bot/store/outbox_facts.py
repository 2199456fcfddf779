"""What an outbox row says, as facts: one frozen dataclass per kind of message (the kind is
the message's key; ``bot/text`` words it when the row is delivered, in the language that
applies then), and how the row goes out (``Routing``: whom it mentions, a DM refused, a
thread's parent instead of the thread).

A row stores both as one small JSON object, versioned: ``{"v": 2, <the facts' fields>,
"mention": [ids], "dm_fallback": true, "channel_id": id}`` (routing keys only when set).
Version 1 (no ``"v"``: before migration 0046) said ``"from"`` for a turn's first ply and an
offer's maker, and a reminder's mention as true/false; 0046 rewrote every row to version 2,
keeping its state, attempts and nonce, so a row queued before the upgrade is delivered once.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

FACTS_VERSION = 2


class OutboxKind(Enum):
    """What a row says."""

    TURN = "turn"  # it is the player's move
    REMINDER = "reminder"  # a deadline is near
    ENDING = "ending"  # the game is over
    CHALLENGE = "challenge"  # a challenge closed: its message loses its buttons
    DIGEST = "digest"  # a player's daily digest: the games where it is their move
    OFFER = "offer"  # a draw offer or takeback request typed away from the game's place
    TAKEBACK = "takeback"  # a takeback granted away from the game's place: the board there
    COMPUTER_STUCK = "computer_stuck"  # the computer's engine keeps failing in a game
    TOURNAMENT_ENDED = "tournament_ended"  # a tournament's last game ended: its final table
    TOURNAMENT_ROUND = "tournament_round"  # a Swiss round, or a knockout match, is over
    GAME_OPENED = "game_opened"  # a tournament's game just created: its thread, first board
    TOURNAMENT_STARTED = "tournament_started"  # the clock started it at its deadline
    TOURNAMENT_CANCELLED = "tournament_cancelled"  # too few players at its deadline
    VOTE_CLOSED = "vote_closed"  # the clock closed a team's voting window (vote chess)
    TEAM_REMINDER = "team_reminder"  # a team's voting window closes soon (vote chess)
    TOURNAMENT_STANDINGS = "tournament_standings"  # a result: its standings message updated
    TOURNAMENT_TIMEOUTS = "tournament_timeouts"  # a player timed out too often: withdrawn
    MATCH_STANDINGS = "match_standings"  # a club match's result: a side's standings message
    PAUSE = "pause"  # a pause agreed, said where the answer did not show it (between servers)
    OFFER_CLOSED = "offer_closed"  # an offer answered: its messages in a place lose their buttons
    MORE_TIME = "more_time"  # /moretime, said where the answer did not show it (between servers)
    # An invitation posted in another server: a club match's, or a team's vote challenge
    # (stored under the name it had when only matches had one: queued rows keep going).
    INVITATION = "match_invitation"
    TEAM_COUNTS = "team_counts"  # a team's closed vote, its counts, in its private thread


class OutboxTarget(Enum):
    """Where a row goes: the game's place, the player's DMs, or an edit of a message."""

    PLACE = "place"
    DM = "dm"
    MESSAGE = "message"


@dataclass(frozen=True, slots=True)
class TurnFacts:
    """It is the player's move after ``ply``. ``board``: the board goes with it (the move
    was typed away from the game's place). ``since_ply``: prepared answers followed the
    move, so every move from that ply on is told, those at the ``conditional`` plies
    marked as prepared."""

    ply: int
    board: bool = False
    since_ply: int | None = None
    conditional: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ReminderFacts:
    """``hours`` or less are left before ``deadline`` (epoch seconds)."""

    deadline: int
    hours: int


@dataclass(frozen=True, slots=True)
class EndingFacts:
    """The game ended (its record says how); ``actor_id`` ended it, if a player did;
    ``ratings``: white before/after, black before/after, if rated."""

    actor_id: int | None = None
    ratings: tuple[float | None, ...] | None = None


@dataclass(frozen=True, slots=True)
class ChallengeFacts:
    """The challenge closed with ``status`` (its message loses its buttons)."""

    status: str


@dataclass(frozen=True, slots=True)
class DigestFacts:
    """The player's daily digest of ``games`` (ids) where it was their move."""

    games: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OfferFacts:
    """``from_id`` offered ``offer`` (an ``OfferKind`` value) at ``ply``; ``declined``: the
    opponent declined it (said in a game's other places, between servers)."""

    offer: str
    from_id: int
    ply: int
    declined: bool = False


@dataclass(frozen=True, slots=True)
class OfferClosedFacts:
    """``from_id``'s offer of ``offer`` (an ``OfferKind`` value) made at ``ply`` was
    answered: the messages showing it with its buttons, in each of the game's places, lose
    them (a press there would be refused), whoever answered and wherever."""

    offer: str
    from_id: int
    ply: int


@dataclass(frozen=True, slots=True)
class PauseFacts:
    """``by`` agreed to the opponent's pause of ``days``: the clocks stand still until
    ``until`` (epoch seconds)."""

    days: int
    by: int
    until: int


@dataclass(frozen=True, slots=True)
class MoreTimeFacts:
    """``by`` gave the player to move ``days`` more: the deadline became ``deadline``
    (epoch seconds)."""

    days: int
    by: int
    deadline: int


@dataclass(frozen=True, slots=True)
class TakebackFacts:
    """``by`` granted a takeback of ``plies``, leaving the game at ``ply``."""

    ply: int
    plies: int
    by: int


@dataclass(frozen=True, slots=True)
class ComputerStuckFacts:
    """The computer cannot move at ``ply``: ``reason`` (an ``UnavailableReason`` value), or
    None when its engine keeps crashing or hanging."""

    ply: int
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class TournamentEndedFacts:
    """Tournament ``tournament_id`` is over: its final table and winners."""

    tournament_id: int


@dataclass(frozen=True, slots=True)
class TournamentRoundFacts:
    """A Swiss round or a knockout match of tournament ``tournament_id`` is over: it goes
    on (its next games, or its end) as the row is delivered, and the write that goes on
    restates the row as what it says (``TournamentStartedFacts`` of the new games, or
    ``TournamentEndedFacts``), so a retried delivery says it again instead of nothing."""

    tournament_id: int


@dataclass(frozen=True, slots=True)
class TournamentStandingsFacts:
    """A game of tournament ``tournament_id`` ended, the ``finished``-th: its standings
    message is posted (the first time) or edited to the table as the row is delivered;
    a row overtaken by a later result is superseded by that result's own."""

    tournament_id: int
    finished: int


@dataclass(frozen=True, slots=True)
class MatchStandingsFacts:
    """A game of club match ``match_id`` ended, the ``finished``-th: the standings message
    of ``side`` (in that side's place) is posted or edited as the row is delivered, as a
    tournament's is (``TournamentStandingsFacts``)."""

    match_id: int
    finished: int
    side: int


@dataclass(frozen=True, slots=True)
class InvitationFacts:
    """An invitation to another server, posted there in its system channel or else the
    first channel Postal may write in (``server``: the name of the inviting server): club
    match ``match_id``'s, with Accept and Decline, or the vote challenge ``challenge_id``
    of a team (a team formed there accepts it by command); one of the two is set.
    ``lost``: why it could not be posted (a ``LostInvitation`` value): then that is said
    to the inviter (the match's organiser, the team's captain) in their place instead."""

    server: str
    match_id: int | None = None
    challenge_id: int | None = None
    lost: str | None = None


@dataclass(frozen=True, slots=True)
class TournamentTimeoutsFacts:
    """``player_id`` has lost ``timeouts`` games of tournament ``tournament_id`` on time,
    its limit: they are withdrawn (their games left lost) as the row is delivered, and
    that is said in its place. The withdrawal's write restates the row with what it did
    (``withdrawn``: ``struck_out``, ``finished`` of their ``games``, ``forfeited``), so a
    retried delivery says it again instead of nothing."""

    tournament_id: int
    player_id: int
    timeouts: int
    withdrawn: bool = False
    struck_out: bool = False
    finished: int = 0
    games: int = 0
    forfeited: int = 0


@dataclass(frozen=True, slots=True)
class TournamentStartedFacts:
    """Tournament ``tournament_id`` was started by the clock at its sign-up deadline with
    ``games`` (ids): its pairings are said in its place (the games open in their threads by
    rows of their own). Also a Swiss round or knockout match begun later, ``round`` (its
    number; None: the start), as a ``TournamentRoundFacts`` row is restated."""

    tournament_id: int
    games: tuple[int, ...] = ()
    round: int | None = None


@dataclass(frozen=True, slots=True)
class TournamentCancelledFacts:
    """Tournament ``tournament_id`` was called off at its sign-up deadline: only
    ``entrants`` had joined."""

    tournament_id: int
    entrants: int


@dataclass(frozen=True, slots=True)
class GameOpenedFacts:
    """A tournament's or a club match's game was created as ``board`` of ``round`` (both
    None: a game of no event, a vote game between two teams): it opens in a thread of its
    own under its place's channel (where Postal may make one) with its first board, both
    players mentioned there, as the row is delivered."""

    round: int | None = None
    board: int | None = None


@dataclass(frozen=True, slots=True)
class VoteClosedFacts:
    """The clock closed the voting window of team ``team_id`` at ``ply``: the move it
    elected (or none) and, when the team shows its votes, their counts, said in the
    game's place as the row is delivered."""

    team_id: int
    ply: int


@dataclass(frozen=True, slots=True)
class TeamCountsFacts:
    """The voting window of team ``team_id`` at ``ply`` closed (by the clock or by the last
    member's vote): every nomination's votes, the move elected and why, said to the team
    alone (on Discord in its private thread, opened if need be; never in the game's place)
    as the row is delivered."""

    team_id: int
    ply: int


@dataclass(frozen=True, slots=True)
class TeamReminderFacts:
    """``hours`` or less are left before team ``team_id``'s voting window closes at
    ``closes_at`` (epoch seconds); ``role``: its Discord role is mentioned (at most once a
    day); the members who have not voted yet are mentioned as the row is delivered."""

    team_id: int
    closes_at: int
    hours: int
    role: bool = False


@dataclass(frozen=True, slots=True)
class UnreadableFacts:
    """A stored row whose facts this Postal cannot read (another version, damaged JSON):
    delivery records it failed with ``problem`` instead of stopping on it."""

    problem: str


MessageFacts = (
    TurnFacts
    | ReminderFacts
    | EndingFacts
    | ChallengeFacts
    | DigestFacts
    | OfferFacts
    | OfferClosedFacts
    | PauseFacts
    | TakebackFacts
    | MoreTimeFacts
    | ComputerStuckFacts
    | TournamentEndedFacts
    | TournamentRoundFacts
    | GameOpenedFacts
    | TournamentStartedFacts
    | TournamentCancelledFacts
    | VoteClosedFacts
    | TeamCountsFacts
    | TeamReminderFacts
    | TournamentStandingsFacts
    | TournamentTimeoutsFacts
    | MatchStandingsFacts
    | InvitationFacts
)

# Each kind's facts.
FACTS_OF: dict[OutboxKind, type[MessageFacts]] = {
    OutboxKind.TURN: TurnFacts,
    OutboxKind.REMINDER: ReminderFacts,
    OutboxKind.ENDING: EndingFacts,
    OutboxKind.CHALLENGE: ChallengeFacts,
    OutboxKind.DIGEST: DigestFacts,
    OutboxKind.OFFER: OfferFacts,
    OutboxKind.TAKEBACK: TakebackFacts,
    OutboxKind.MORE_TIME: MoreTimeFacts,
    OutboxKind.COMPUTER_STUCK: ComputerStuckFacts,
    OutboxKind.TOURNAMENT_ENDED: TournamentEndedFacts,
    OutboxKind.TOURNAMENT_ROUND: TournamentRoundFacts,
    OutboxKind.GAME_OPENED: GameOpenedFacts,
    OutboxKind.TOURNAMENT_STARTED: TournamentStartedFacts,
    OutboxKind.TOURNAMENT_CANCELLED: TournamentCancelledFacts,
    OutboxKind.VOTE_CLOSED: VoteClosedFacts,
    OutboxKind.TEAM_REMINDER: TeamReminderFacts,
    OutboxKind.TOURNAMENT_STANDINGS: TournamentStandingsFacts,
    OutboxKind.TOURNAMENT_TIMEOUTS: TournamentTimeoutsFacts,
    OutboxKind.MATCH_STANDINGS: MatchStandingsFacts,
    OutboxKind.PAUSE: PauseFacts,
    OutboxKind.OFFER_CLOSED: OfferClosedFacts,
    OutboxKind.INVITATION: InvitationFacts,
    OutboxKind.TEAM_COUNTS: TeamCountsFacts,
}
KIND_OF: dict[type, OutboxKind] = {facts: kind for kind, facts in FACTS_OF.items()}


@dataclass(frozen=True, slots=True)
class Routing:
    """How a row goes out besides where: the players it mentions, whether it stands for a
    DM Discord refused, and the channel it was redirected to (a thread's parent, after the
    thread refused it; set by ``Outbox.redirect``)."""

    mention: tuple[int, ...] = ()
    dm_fallback: bool = False
    channel_id: int | None = None
    # The place of the game an interaction's answer showed it in (``OWN_PLACE``: the game's
    # own; else a ``game_places`` id), where the row is not said again (between servers).
    shown_in: int | None = None


NO_ROUTING = Routing()
# ``Routing.shown_in`` of the game's own place (a ``game_places`` id is never 0).
OWN_PLACE = 0


def kind_of(facts: MessageFacts) -> OutboxKind:
    """The kind of message ``facts`` say."""
    return KIND_OF[type(facts)]


def encode(facts: MessageFacts, routing: Routing = NO_ROUTING) -> str:
    """``facts`` and ``routing`` as a row's JSON (keys sorted: the same facts, the same text)."""
    stored: dict[str, Any] = {"v": FACTS_VERSION}
    for field in dataclasses.fields(facts):
        value = getattr(facts, field.name)
        stored[field.name] = list(value) if isinstance(value, tuple) else value
    if routing.mention:
        stored["mention"] = list(routing.mention)
    if routing.dm_fallback:
        stored["dm_fallback"] = True
    if routing.channel_id is not None:
        stored["channel_id"] = routing.channel_id
    if routing.shown_in is not None:
        stored["shown_in"] = routing.shown_in
    return json.dumps(stored, sort_keys=True)


def decode(kind: OutboxKind, text: str) -> tuple[MessageFacts | UnreadableFacts, Routing]:
    """A row's facts and routing from its JSON; ``UnreadableFacts`` (and no routing) for
    JSON of another version or not of ``kind``'s shape."""
    try:
        stored = json.loads(text)
        if not isinstance(stored, dict) or stored.get("v") != FACTS_VERSION:
            version = stored.get("v", 1) if isinstance(stored, dict) else "?"
            problem = f"outbox facts of version {version}, not {FACTS_VERSION}"
            return UnreadableFacts(problem), NO_ROUTING
        return _facts(FACTS_OF[kind], stored), _routing(stored)
    except (ValueError, TypeError, KeyError) as error:
        return UnreadableFacts(f"unreadable outbox facts: {error}"), NO_ROUTING


def _facts(shape: type[MessageFacts], stored: Mapping[str, Any]) -> MessageFacts:
    """``shape`` from the stored fields it has (a missing one takes its default)."""
    values: dict[str, Any] = {}
    for field in dataclasses.fields(shape):
        if field.name in stored:
            value = stored[field.name]
            values[field.name] = tuple(value) if isinstance(value, list) else value
    return shape(**values)


def _routing(stored: Mapping[str, Any]) -> Routing:
    channel, shown = stored.get("channel_id"), stored.get("shown_in")
    return Routing(
        tuple(int(i) for i in stored.get("mention", ())),
        bool(stored.get("dm_fallback", False)),
        int(channel) if channel is not None else None,
        int(shown) if shown is not None else None,
    )
