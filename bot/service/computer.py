"""Playing the computer: a game against Postal itself, and the computer's replies.

``/challenge opponent:@Postal level:3`` (or ``/challenge level:3``) starts a game at once —
nobody has to accept. The computer's moves go through the same path as a human's
(``move``), so records, PGN, GIFs, prepared answers and endings all work; its board is posted
in the game's place through the outbox, since no interaction is waiting for it (a reply
found after a restart, or after a queue, may come long after the human's interaction token
expired). Games against the computer are never rated; their results are counted apart.

The replies the computer owes are the games themselves (active, the computer to move): the
human's move writes that in its own transaction, so a restart resumes every one.
``bot.service.computer_queue`` runs them in the background, fairly across players.
"""

from __future__ import annotations

import contextlib
import logging
import random
from dataclasses import dataclass
from datetime import datetime, timedelta

import rules
from bot.engine.api import (
    Budget,
    EngineFailed,
    Engines,
    EngineUnavailable,
    SearchRequest,
    UnavailableReason,
)
from bot.engine.levels import LEVELS as ENGINE_LEVELS
from bot.service.challenge_plan import (
    DEFAULT_DAYS,
    DEFAULT_LEVEL,
    LEVELS,
    ComputerGamePlan,
    Seats,
    plan_computer_game,
)
from bot.service.claiming import claimed
from bot.service.core import ServiceCore
from bot.service.errors import UserError
from bot.service.game_facts import variant_named
from bot.service.janggi_setups import setups_of
from bot.service.option_errors import LevelError, LevelForPersonError
from bot.service.outbox_items import turn_dm
from bot.service.play import PlayUseCases
from bot.service.results import (
    BoardView,
    GameView,
    MovePlayed,
    Place,
    PlayerRef,
    PromotionNeeded,
    ThematicStart,
    User,
)
from bot.service.thematic_starts import opening_start
from bot.store import (
    DATABASE_ERRORS,
    ClaimKind,
    ComputerStuckFacts,
    GameRecord,
    NewGame,
    NotifyMode,
    OutboxItem,
    OutboxTarget,
    PendingReply,
    PreferenceChange,
    Routing,
)
from rules import Color
from rules.janggi import Setup

_log = logging.getLogger(__name__)

__all__ = ["DEFAULT_LEVEL", "LEVELS", "ComputerOpponent", "LevelError"]
# After an engine failure the reply is tried again later, waiting longer each time.
FIRST_RETRY = timedelta(seconds=30)
LONGEST_RETRY = timedelta(minutes=30)
# A reply is claimed by the process thinking it (several may share the database), for
# longer than any search takes with its retries and the pool's queue: a process killed
# mid-reply leaves the game to the others after this.
REPLY_CLAIM_LEASE = timedelta(minutes=2)
# A failure the player is told of (once per game and ply, through the outbox): an engine
# missing or not starting at once, a crash or hang at its third time in a row (after about
# a minute and a half of trying); Postal keeps trying after that, ever less often.
TELL_AFTER_FAILURES = 3


def thinking_time(level: int) -> Budget:
    """How long the computer thinks at ``level``: the time the level is made for
    (``bot.engine.levels``: 50 ms at level 1 up to 1 s at level 8). Strength comes from the
    level's engine settings, not from the time: a weak level thinking longer would only
    keep the player waiting."""
    return Budget(movetime_ms=ENGINE_LEVELS[level].movetime_ms)


def retry_delay(attempts: int) -> timedelta:
    """How long to wait after the ``attempts``-th failure at the same ply (1, 2, …)."""
    return min(FIRST_RETRY * (1 << max(attempts - 1, 0)), LONGEST_RETRY)


class ComputerUnavailableError(UserError):
    """The computer cannot play ``variant``: no engines at all (``reason`` None), or the
    variant's engine is missing or would not start. The adapters word it with how to
    install the engine (``bot.words.engine_unavailable``); ``message`` is the plain fallback."""

    def __init__(self, variant: str, reason: UnavailableReason | None) -> None:
        problem = "would not start" if reason is UnavailableReason.FAILED_TO_START else "is missing"
        super().__init__(f"Postal cannot play {variant} here: its engine {problem}.")
        self.variant = variant
        self.reason = reason


class NoComputerError(UserError):
    """The adapter has not told the service who the computer is (it is not connected)."""


@dataclass(frozen=True, slots=True)
class ComputerGameStarted:
    """A game against the computer began at once (from a custom position when
    ``custom_start``). Post ``board`` in the game's place and record it with
    ``set_game_message``; when the computer moves first its move follows through the
    outbox."""

    game: GameView
    board: BoardView
    level: int
    computer: PlayerRef
    notify: PlayerRef  # the player to move
    custom_start: bool = False
    start_fen: str | None = None  # a Chess960 or custom start (None: the usual one)
    opening: ThematicStart | None = None  # a custom chess start named by its opening
    setups: tuple[Setup, Setup] | None = None  # a janggi game's, Cho's and Han's


class ComputerOpponent:
    """Games against the computer over the service's shared core: ``service.computer``."""

    def __init__(self, core: ServiceCore, play: PlayUseCases, engines: Engines | None) -> None:
        self._core = core
        # The computer's replies are played as any player's move.
        self._play = play
        self.engines = engines
        self.identity: User | None = None
        self._ready = False

    def introduce(self, user: User) -> None:
        """Tell the service who the computer is (the bot's own user; the console's Postal).
        Until then challenging the computer raises ``NoComputerError``."""
        self.identity = User(user.id, user.name, is_bot=True)
        self._ready = False

    def is_computer(self, user: User | None) -> bool:
        """Whether ``user`` is the computer."""
        return user is not None and self.identity is not None and user.id == self.identity.id

    def meant(self, opponent: User | None, level: int | None) -> bool:
        """Whether a ``/challenge`` with this opponent and level is a game against the
        computer: the computer named, or a level given with no opponent. Raises
        ``LevelError`` for a level given with a person as opponent."""
        if self.is_computer(opponent):
            return True
        if level is None:
            return False
        if opponent is not None:
            computer = self.identity.name if self.identity is not None else "Postal"
            raise LevelForPersonError(level, opponent.name, computer)
        return True

    async def challenge(
        self,
        user: User,
        place: Place,
        *,
        level: int | None = None,
        game: str = "chess",
        color: str = "random",
        days: int | None = DEFAULT_DAYS,
        rated: bool | None = None,
        fen: str | None = None,
        increment: int | None = None,
        cap: int | None = None,
        position: int | None = None,
        start: str | None = None,
        setup: str | None = None,
        weekends_off: bool = False,
    ) -> ComputerGameStarted:
        """Start a game against the computer at ``level`` (1..8, default 3) right away:
        ``color`` is the player's seat (white, black, red in xiangqi, random), ``days`` the
        player's time per move (None: untimed), or with ``increment`` (and ``cap``) their
        time bank, as in a challenge; ``fen`` a start position, ``position`` a Chess960
        start's number (random when neither is given), ``start`` a thematic start (a line
        of moves or an opening's name), ``setup`` the player's janggi setup (the computer
        keeps the usual one); ``weekends_off`` stops the player's clock on their weekends.
        Never rated.

        Raises ``LevelError``, ``InvalidOptionError`` (``SetupError`` among them),
        ``InvalidPositionError``,
        ``BotChallengeError``, ``ComputerUnavailableError`` (no engine for the game),
        ``NoComputerError``.
        """
        coin = random.choice((Color.WHITE, Color.BLACK))
        plan = plan_computer_game(
            user,
            level=level,
            game=game,
            color=color,
            days=days,
            rated=rated,
            fen=fen,
            coin=coin,
            bank=(increment, cap),
            position=position,
            line=start,
            setup=setup,
            weekends_off=weekends_off,
        )
        self._require_engine(plan.variant)
        computer = await self._computer()
        await self._core.ensure_player(user)
        seats = plan.seats(user.id, computer.id)
        record = await self._start(plan, place, seats, user_id=user.id, computer_id=computer.id)
        return await self._started(plan, record, seats)

    async def _start(
        self, plan: ComputerGamePlan, place: Place, seats: Seats, *, user_id: int, computer_id: int
    ) -> GameRecord:
        """Write ``plan``'s game in ``place``, and wake the computer if it moves first."""
        core, now, to_move_id = self._core, self._core.now(), seats.to_move_id
        first_player = await core.store.players.get(to_move_id)
        deadline = await core.deadline_for(
            to_move_id,
            now,
            None if plan.untimed else plan.days_per_move,
            first_player,
            weekends_off=plan.weekends_off,
        )
        game_row = NewGame(
            guild_id=place.guild_id,
            channel_id=place.channel_id,
            thread_id=place.thread_id,
            variant=plan.variant,
            start_fen=plan.start_fen,
            white_id=seats.white_id,
            black_id=seats.black_id,
            days_per_move=plan.days_per_move,
            rated=False,
            untimed=plan.untimed,
            to_move_id=to_move_id,
            deadline_at=deadline,
            next_look_at=core.first_look(
                first_player, deadline, now, weekends_off=plan.weekends_off
            ),
            increment_days=plan.increment_days,
            cap_days=plan.cap_days,
            # On a time bank, the second player's waits full (``bot.service.time_bank``).
            waiting_bank=None if plan.increment_days is None else plan.days_per_move * 86400,
            weekends_off=plan.weekends_off,
        )
        record = await core.store.computer.start(
            game_row,
            computer_id=computer_id,
            level=plan.level,
            now=now,
            outbox=turn_dm(None, 0, await core.ref(to_move_id)) if to_move_id == user_id else [],
        )
        core.schedule_changed()
        if to_move_id == computer_id:
            core.computer_turn()
        return record

    async def _started(
        self, plan: ComputerGamePlan, record: GameRecord, seats: Seats
    ) -> ComputerGameStarted:
        """The game ``plan`` started, as its first board shows it to the player."""
        core = self._core
        view = await core.view(record)
        game = rules.Game(variant_named(plan.variant), plan.start_fen)
        human = view.player(plan.human)
        board = await core.board_image(game, viewer_id=human.id, seat=plan.human, record=record)
        computer = view.player(plan.human.other)
        first = view.white if seats.to_move_id == view.white.id else view.black
        told = plan.custom_start or plan.variant == "chess960"
        return ComputerGameStarted(
            view,
            board,
            plan.level,
            computer,
            first,
            plan.custom_start,
            plan.start_fen if told else None,
            opening_start(plan.variant, plan.start_fen),
            setups_of(plan.variant, plan.start_fen),
        )

    def _require_engine(self, variant: str) -> None:
        if self.engines is None:
            raise ComputerUnavailableError(variant, None)
        if not self.engines.available(variant):
            raise ComputerUnavailableError(variant, UnavailableReason.MISSING)

    async def _computer(self) -> User:
        """The computer's user, its player row made once: never notified (it needs no DMs,
        mentions or reminders)."""
        if self.identity is None:
            raise NoComputerError
        if not self._ready:
            core = self._core
            await core.ensure_player(self.identity)
            await core.store.players.update_preferences(
                self.identity.id, PreferenceChange(notify=NotifyMode.OFF)
            )
            self._ready = True
        return self.identity

    async def level_of(self, game_id: int) -> int | None:
        """The computer's level in game ``game_id``; None for a game between people."""
        return await self._core.store.computer.level_of(game_id)

    # --- replies ---------------------------------------------------------------------

    async def pending(self, limit: int) -> list[PendingReply]:
        """Games waiting for the computer's move, fairly ordered: each player's longest
        waiting first, one game per player before anyone's second (at most ``limit``)."""
        core = self._core
        if self.identity is None:
            return []
        return await core.store.computer.pending(
            self.identity.id, core.now(), limit, holder=core.process
        )

    async def next_retry(self) -> datetime | None:
        """When a reply held back by a failure may next be tried; None if none is."""
        if self.identity is None:
            return None
        return await self._core.store.computer.next_retry(self.identity.id)

    async def reply(self, pending: PendingReply) -> MovePlayed | None:
        """Think and play the computer's move in ``pending``'s game, announced in the game's
        place (through the outbox). None when there was nothing to play (the game moved on
        or ended, or another process sharing the database is thinking it) or the engine
        failed: a failure is recorded and tried again later.

        The reply is claimed (``ClaimKind.COMPUTER_REPLY``) while it is thought and played,
        so two processes never think the same move; the claim ends with the reply.
        """
        core = self._core
        game_id = pending.game_id
        kind = ClaimKind.COMPUTER_REPLY
        if not await claimed(
            core.store, core.process, kind, [game_id], core.now(), REPLY_CLAIM_LEASE
        ):
            return None
        try:
            return await self._reply(pending)
        finally:
            # Not on cancellation's path alone: a stopped process's claim would otherwise
            # hold the game from the others for the whole lease.
            with contextlib.suppress(*DATABASE_ERRORS):
                await core.store.claims.release(kind, game_id, core.process)

    async def _reply(self, pending: PendingReply) -> MovePlayed | None:
        core = self._core
        record = await core.store.games.get(pending.game_id)
        if (
            record is None
            or not record.is_active
            or record.to_move_id != pending.computer_id
            or record.ply != pending.ply
        ):
            return None
        game = await core.replay(record)
        if game.outcome() is not None:
            return None  # ended by a rule the clock applies at its deadline
        line = await core.store.games.move_line(record.id)
        request = SearchRequest(
            variant_name=record.variant,
            start_fen=record.start_fen,
            moves=tuple(move.uci for move in line),
            budget=thinking_time(pending.level),
            level=pending.level,
            requester=str(pending.requester_id),
        )
        if self.engines is None:
            await self.failed(pending, "no engines are configured", UnavailableReason.MISSING)
            return None
        try:
            found = await self.engines.search(request)
        except EngineUnavailable as error:
            await self.failed(pending, str(error), error.reason)
            return None
        except (EngineFailed, ValueError) as error:
            await self.failed(pending, str(error))
            return None
        computer = await core.ref(pending.computer_id)
        try:
            played = await self._play.move(
                User(computer.id, computer.name, is_bot=True),
                None,
                found.best_move,
                game_id=record.id,
                expected_ply=pending.ply,
                in_place=True,
            )
        except UserError as error:
            # The human resigned or took back meanwhile: nothing to play any more.
            _log.info("computer's move in game #%s not played: %r", record.id, error)
            return None
        assert not isinstance(played, PromotionNeeded), "an engine's move names its promotion"
        return played

    async def failed(
        self, pending: PendingReply, error: str, unavailable: UnavailableReason | None = None
    ) -> None:
        """Record that ``pending``'s reply failed; it is tried again later, each time later.
        The player waiting is told once (``TELL_AFTER_FAILURES``; at once when the engine is
        ``unavailable``), through the outbox, in the same transaction."""
        core = self._core
        now = core.now()
        attempts = pending.attempts + 1
        retry_at = now + retry_delay(attempts)
        tell = unavailable is not None or attempts >= TELL_AFTER_FAILURES
        outbox = await self._stuck_notice(pending, unavailable) if tell else []
        attempts = await core.store.computer.failed(
            pending.game_id, pending.ply, retry_at=retry_at, error=error, now=now, outbox=outbox
        )
        _log.warning(
            "computer's move in game #%s failed (attempt %s, again at %s): %s",
            pending.game_id,
            attempts,
            retry_at.isoformat(),
            error,
        )

    async def _stuck_notice(
        self, pending: PendingReply, unavailable: UnavailableReason | None
    ) -> list[OutboxItem]:
        """The row telling the player waiting in ``pending``'s game that the computer cannot
        move: by DM if they take their news so, else in the game's place (a mention if they
        want mentions). Keyed by game and ply, so it is written once however often it fails."""
        human = await self._core.ref(pending.requester_id)
        facts = ComputerStuckFacts(
            pending.ply, unavailable.value if unavailable is not None else None
        )
        dm = human.notify is NotifyMode.DM
        mention = not dm and human.notify is NotifyMode.CHANNEL and not human.digest
        return [
            OutboxItem(
                OutboxTarget.DM if dm else OutboxTarget.PLACE,
                facts,
                game_id=pending.game_id,
                user_id=human.id,
                routing=Routing((human.id,) if mention else ()),
                dedupe_key=f"computer_stuck:{pending.game_id}:{pending.ply}",
            )
        ]

    async def reply_all(self, limit: int = 100) -> list[MovePlayed]:
        """Every reply pending now, one after another, fairly ordered (the console's way:
        it answers each line in full before reading the next). Replies a reply makes due
        (the human's prepared answers moved, and it is the computer's turn again) follow."""
        played: list[MovePlayed] = []
        tried: set[tuple[int, int]] = set()
        while len(tried) < limit:
            batch = [p for p in await self.pending(limit) if (p.game_id, p.ply) not in tried]
            if not batch:
                break
            for pending in batch:
                tried.add((pending.game_id, pending.ply))
                done = await self._reply_or_hold(pending)
                if done is not None:
                    played.append(done)
        return played

    async def _reply_or_hold(self, pending: PendingReply) -> MovePlayed | None:
        """``reply``, a failure no engine error explains (a bug, an engine answering
        nonsense) held back like an engine's crash, as the bot's reply queue does: tried
        again later, the player told once it keeps failing, the other games answered
        meanwhile. The database's errors are raised (the caller says the outage)."""
        try:
            return await self.reply(pending)
        except DATABASE_ERRORS:
            raise
        except Exception as error:
            # Not ERROR: the console shows errors on its terminal, and its player is told
            # in words (the stuck notice), not with a traceback.
            _log.warning("computer's reply in game #%s failed", pending.game_id, exc_info=True)
            await self.failed(pending, f"bug: {type(error).__name__}: {error}")
            return None
