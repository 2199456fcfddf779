"""Postal's store (SQLite or PostgreSQL): the only package with SQL; it returns frozen
dataclasses.

``await Store.open(path_or_url)`` opens an SQLite file (WAL, foreign keys, busy timeout) or a
PostgreSQL database (``bot.store.postgres``) and applies the numbered migrations;
``store.players``, ``store.challenges``, ``store.games``, ``store.ratings``,
``store.bot_state``, ``store.uptime``, ``store.outbox``, ``store.pings``,
``store.conditionals``, ``store.notes``, ``store.claims``, ``store.clock``,
``store.computer``, ``store.analyses``, ``store.tallies`` and ``store.tournaments`` hold the
queries, each write one transaction.
"""

from __future__ import annotations

from pathlib import Path

from bot.store.analyses import Analyses, PositionEvaluation, ProgressShown, StoredAnalysis
from bot.store.batches import Batches, batches_for
from bot.store.boards import AnswerBoard, Boards, OldBoard
from bot.store.bot_state import BotState
from bot.store.challenges import Challenges
from bot.store.claims import ClaimKind, Claims
from bot.store.clock_looks import LOOK_HORIZON, REMINDER_HORIZON, ClockLook, ClockLooks
from bot.store.club_matches import (
    ClubMatch,
    ClubMatches,
    ListChange,
    MatchGame,
    MatchPlayer,
    MatchSide,
    MatchStatus,
    NewMatch,
    PairedMatchGame,
)
from bot.store.computer import ComputerGames, PendingReply
from bot.store.conditionals import ConditionalNode, Conditionals
from bot.store.confirmations import Confirmations
from bot.store.console_buttons import ConsoleButton, ConsoleButtons
from bot.store.database import (
    DATABASE_ERRORS,
    Connection,
    Database,
    DatabaseNotFound,
    Dialect,
    SqliteDatabase,
    StoreConflict,
    StoreError,
    StoreUnavailable,
)
from bot.store.ending_batches import BatchEnding, OutboxSource
from bot.store.game_lists import UNTIMED_LAST, ActiveKey
from bot.store.game_places import GamePlace, GamePlaces
from bot.store.games import Games
from bot.store.move_write import MoveWrite
from bot.store.notes import Note, Notes
from bot.store.opening import open_database
from bot.store.outbox import (
    Outbox,
    OutboxCounts,
    OutboxItem,
    OutboxRow,
    OutboxState,
    PlayerNotice,
    new_nonce,
)
from bot.store.outbox_answers import Answering, answer_holder
from bot.store.outbox_facts import (
    OWN_PLACE,
    ChallengeFacts,
    ComputerStuckFacts,
    DigestFacts,
    EndingFacts,
    GameOpenedFacts,
    InvitationFacts,
    MatchStandingsFacts,
    MessageFacts,
    MoreTimeFacts,
    OfferClosedFacts,
    OfferFacts,
    OutboxKind,
    OutboxTarget,
    PauseFacts,
    ReminderFacts,
    Routing,
    TakebackFacts,
    TeamCountsFacts,
    TeamReminderFacts,
    TournamentCancelledFacts,
    TournamentEndedFacts,
    TournamentRoundFacts,
    TournamentStandingsFacts,
    TournamentStartedFacts,
    TournamentTimeoutsFacts,
    TurnFacts,
    UnreadableFacts,
    VoteClosedFacts,
)
from bot.store.patience import when_available
from bot.store.pings import Pings
from bot.store.players import Players
from bot.store.previews import Preview, Previews
from bot.store.ratings import RateFunction, Ratings
from bot.store.records import (
    MAX_ROW_ID,
    Challenge,
    ChallengeLimits,
    ChallengeStatus,
    ConfirmMoves,
    GameEnding,
    GameRecord,
    GameStatus,
    JanggiNotation,
    LimitHit,
    MoveRecord,
    NewGame,
    NewPlace,
    NotifyMode,
    Offer,
    OfferKind,
    Orientation,
    PingKind,
    PingLimit,
    Player,
    PreferenceChange,
    PreparedAnswer,
    Rating,
    RatingEntry,
    RatingUpdate,
    RecentMove,
    ReminderDue,
    ResultCounts,
    SameChallengeOpen,
    SeatedGame,
    SpamLimit,
    StoredMove,
    TakebackPolicy,
    ThreadUpkeep,
    Written,
    XiangqiNotation,
)
from bot.store.servers import ServerLanguages, TournamentRoles
from bot.store.shards import ALL_SHARDS, ShardLease, ShardLeases
from bot.store.tallies import ComputerResult, PlayerResults, Tallies
from bot.store.team_polls import TeamPoll, TeamPolls
from bot.store.team_results import TeamGames, TeamResults
from bot.store.team_thread_members import TeamThreadMembers
from bot.store.teams import (
    Ballot,
    BallotOutcome,
    DueWindow,
    NewTeam,
    Nomination,
    Team,
    Teams,
    VoteClose,
    team_of_player,
    team_player_id,
)
from bot.store.tournament_records import (
    Entrant,
    Entry,
    EntryChange,
    GameRatings,
    NewTournament,
    PairedGame,
    Tournament,
    TournamentFormat,
    TournamentGame,
    TournamentStatus,
)
from bot.store.tournaments import Tournaments
from bot.store.uptime import DowntimeCredit, Uptime


class Store:
    """The database of one process, grouped by table."""

    def __init__(self, database: Database) -> None:
        self.database = database
        # A round's batch sizes on this store (``bot.store.batches``); a test or a benchmark
        # may set others.
        self.batches: Batches = batches_for(database.dialect)
        self.players = Players(database)
        self.challenges = Challenges(database)
        self.games = Games(database)
        self.game_places = GamePlaces(database)
        self.club_matches = ClubMatches(database)
        self.ratings = Ratings(database)
        self.bot_state = BotState(database)
        self.uptime = Uptime(database)
        self.outbox = Outbox(database)
        self.pings = Pings(database)
        self.conditionals = Conditionals(database)
        self.notes = Notes(database)
        self.confirmations = Confirmations(database)
        self.previews = Previews(database)
        self.boards = Boards(database)
        self.console_buttons = ConsoleButtons(database)
        self.claims = Claims(database)
        self.clock = ClockLooks(database)
        self.shards = ShardLeases(database)
        self.computer = ComputerGames(database)
        self.analyses = Analyses(database)
        self.server_languages = ServerLanguages(database)
        self.tournament_roles = TournamentRoles(database)
        self.tallies = Tallies(database)
        self.team_results = TeamResults(database)
        self.tournaments = Tournaments(database)
        self.teams = Teams(database)
        self.team_polls = TeamPolls(database)
        self.team_thread_members = TeamThreadMembers(database)

    @classmethod
    async def open(
        cls, target: Path | str, *, synchronous: str = "FULL", create: bool = True
    ) -> Store:
        """Open and migrate ``target``: an SQLite file (a path or ``sqlite:///`` URL) or a
        ``postgresql://`` URL (see ``SqliteDatabase.open`` for ``synchronous`` and
        ``create``). Raises ``StoreError`` (``DatabaseNotFound``: a missing file or folder)."""
        return cls(await open_database(target, synchronous=synchronous, create=create))

    @property
    def path(self) -> Path:
        """The SQLite file. Raises ``StoreError`` on PostgreSQL, which has none."""
        if not isinstance(self.database, SqliteDatabase):
            raise StoreError(f"{self.database.name} is not an SQLite file")
        return self.database.path

    async def close(self) -> None:
        await self.database.close()


__all__ = [
    "ALL_SHARDS",
    "DATABASE_ERRORS",
    "LOOK_HORIZON",
    "MAX_ROW_ID",
    "OWN_PLACE",
    "REMINDER_HORIZON",
    "UNTIMED_LAST",
    "ActiveKey",
    "Analyses",
    "AnswerBoard",
    "Answering",
    "Ballot",
    "BallotOutcome",
    "BatchEnding",
    "Batches",
    "Boards",
    "Challenge",
    "ChallengeFacts",
    "ChallengeLimits",
    "ChallengeStatus",
    "ClaimKind",
    "Claims",
    "ClockLook",
    "ClockLooks",
    "ClubMatch",
    "ClubMatches",
    "ComputerGames",
    "ComputerResult",
    "ComputerStuckFacts",
    "ConditionalNode",
    "Conditionals",
    "ConfirmMoves",
    "Connection",
    "ConsoleButton",
    "ConsoleButtons",
    "Database",
    "DatabaseNotFound",
    "Dialect",
    "DigestFacts",
    "DowntimeCredit",
    "DueWindow",
    "EndingFacts",
    "Entrant",
    "Entry",
    "EntryChange",
    "GameEnding",
    "GameOpenedFacts",
    "GamePlace",
    "GamePlaces",
    "GameRatings",
    "GameRecord",
    "GameStatus",
    "InvitationFacts",
    "JanggiNotation",
    "LimitHit",
    "ListChange",
    "MatchGame",
    "MatchPlayer",
    "MatchSide",
    "MatchStandingsFacts",
    "MatchStatus",
    "MessageFacts",
    "MoreTimeFacts",
    "MoveRecord",
    "MoveWrite",
    "NewGame",
    "NewMatch",
    "NewPlace",
    "NewTeam",
    "NewTournament",
    "Nomination",
    "Note",
    "Notes",
    "NotifyMode",
    "Offer",
    "OfferClosedFacts",
    "OfferFacts",
    "OfferKind",
    "OldBoard",
    "Orientation",
    "Outbox",
    "OutboxCounts",
    "OutboxItem",
    "OutboxKind",
    "OutboxRow",
    "OutboxSource",
    "OutboxState",
    "OutboxTarget",
    "PairedGame",
    "PairedMatchGame",
    "PauseFacts",
    "PendingReply",
    "PingKind",
    "PingLimit",
    "Player",
    "PlayerNotice",
    "PlayerResults",
    "PositionEvaluation",
    "PreferenceChange",
    "PreparedAnswer",
    "Preview",
    "Previews",
    "ProgressShown",
    "RateFunction",
    "Rating",
    "RatingEntry",
    "RatingUpdate",
    "RecentMove",
    "ReminderDue",
    "ReminderFacts",
    "ResultCounts",
    "Routing",
    "SameChallengeOpen",
    "SeatedGame",
    "ServerLanguages",
    "ShardLease",
    "ShardLeases",
    "SpamLimit",
    "Store",
    "StoreConflict",
    "StoreError",
    "StoreUnavailable",
    "StoredAnalysis",
    "StoredMove",
    "TakebackFacts",
    "TakebackPolicy",
    "Tallies",
    "Team",
    "TeamCountsFacts",
    "TeamGames",
    "TeamPoll",
    "TeamPolls",
    "TeamReminderFacts",
    "TeamResults",
    "TeamThreadMembers",
    "Teams",
    "ThreadUpkeep",
    "Tournament",
    "TournamentCancelledFacts",
    "TournamentEndedFacts",
    "TournamentFormat",
    "TournamentGame",
    "TournamentRoles",
    "TournamentRoundFacts",
    "TournamentStandingsFacts",
    "TournamentStartedFacts",
    "TournamentStatus",
    "TournamentTimeoutsFacts",
    "Tournaments",
    "TurnFacts",
    "UnreadableFacts",
    "VoteClose",
    "VoteClosedFacts",
    "Written",
    "XiangqiNotation",
    "answer_holder",
    "new_nonce",
    "team_of_player",
    "team_player_id",
    "when_available",
]
