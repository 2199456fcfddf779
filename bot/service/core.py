"""What every use case shares: the store, the clock, finding the game meant, replaying it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import TypeVar

import rules
from bot.engine.api import Engines
from bot.i18n.names import Command, Option
from bot.i18n.text import Text
from bot.render import PlayerLabel, Strip
from bot.service.clock import Clock, system_clock
from bot.service.errors import (
    ChooseGameError,
    DamagedGameError,
    GameChangedError,
    GameOverError,
    InvalidOptionError,
    NoGameError,
    NotAPlayerError,
    NotYourTurnError,
    UnknownGameError,
)
from bot.service.game_facts import (
    board_orientation,
    ending_text,
    game_label,
    may_read,
    named_moves,
    only_placement_changed,
    rating_facts,
    refs_of,
    same_last_move,
    told_by_mention,
    xiangqi_pieces_for,
)
from bot.service.notation import (
    MoveNamer,
    chess_namer,
    namer,
    reading_notation,
    recent_line,
)
from bot.service.ratings import NEW_PLAYER, rate_game
from bot.service.reminder_times import first_event, next_look, reminder_hours
from bot.service.replays import DEFAULT_BUDGET_BYTES, ReplayCache, Replayed
from bot.service.results import (
    BoardView,
    ChallengeView,
    Ending,
    GameView,
    Place,
    PlayerRef,
    RatingChange,
    User,
    VacationEnded,
)
from bot.service.text import clean_name
from bot.service.themes import DEFAULT_THEME
from bot.store import (
    DATABASE_ERRORS,
    LOOK_HORIZON,
    MAX_ROW_ID,
    Answering,
    Challenge,
    ClockLook,
    GameRecord,
    NotifyMode,
    OutboxItem,
    OutboxKind,
    OutboxTarget,
    Player,
    RateFunction,
    RatingUpdate,
    RecentMove,
    SeatedGame,
    Store,
    StoredMove,
    XiangqiNotation,
    answer_holder,
    new_nonce,
)
from rules import Color, Outcome, Termination

_log = logging.getLogger(__name__)

DEFAULT_REMINDER_HOURS = (24, 1)

T = TypeVar("T")
Item = TypeVar("Item")

VACATION_DAYS_PER_YEAR = 30
# Vacation days are counted over this window (see ``deadlines.vacation_window_start``).
VACATION_WINDOW = timedelta(days=365)
# A running game's own thread is looked at after this long without a move: a day before
# Discord archives a thread left a week (its longest auto-archive time) without activity.
THREAD_IDLE_LOOK = timedelta(days=6)
# Replaying more moves than this goes to a worker thread (a thread costs ~0.1 ms; a ply
# ~30 µs): only long games after a restart, or long gaps, get there.
_REPLAY_IN_THREAD_PLIES = 200
# A write refused only because the game's version moved on for something that does not bear
# on it is tried again against the fresh game, a few times at most.
WRITE_ATTEMPTS = 3
# What an interaction's answer says is also written as an outbox row, held for the answer
# this long: Discord's interaction token lives 15 minutes, so no answer can land after it.
ANSWER_LEASE = timedelta(minutes=15)


def variant_named(name: str) -> rules.Variant:
    """The rules of ``name``; raises ``InvalidOptionError`` for an unknown or missing game."""
    if name not in rules.VARIANT_NAMES:
        raise InvalidOptionError(
            Text(
                '"{name}" is not a game Postal plays; choose {games}.',
                name=name,
                games=" or ".join(rules.VARIANT_NAMES),
            )
        )
    try:
        return rules.get_variant(name)
    except ImportError as error:
        raise InvalidOptionError(
            Text("{name} is not available on this server yet.", name=name)
        ) from error


def named_game(game_id: int) -> int:
    """``game_id`` as typed, when it may name a game. Raises ``UnknownGameError`` for a
    number no game can have (below 1, or past what the database holds)."""
    if not 0 < game_id <= MAX_ROW_ID:
        raise UnknownGameError(game_id)
    return game_id


class ServiceCore:
    """State and helpers shared by the use-case mixins of ``GameService``."""

    def __init__(
        self,
        store: Store,
        clock: Clock = system_clock,
        *,
        reminder_hours: Sequence[int] = DEFAULT_REMINDER_HOURS,
        vacation_days_per_year: int = VACATION_DAYS_PER_YEAR,
        on_schedule_change: Callable[[], None] | None = None,
        on_computer_turn: Callable[[], None] | None = None,
        replay_cache_bytes: int = DEFAULT_BUDGET_BYTES,
        process: str = "shards:all",
        engines: Engines | None = None,
        hold_answers: bool = False,
    ) -> None:
        self.store = store
        # Whether a move answered in its place writes what the answer says as outbox rows
        # too, held for the answer (``_answering``): for an adapter whose answers can be
        # lost (Discord's); the console prints its answers before the next line is read.
        self.hold_answers = hold_answers
        # This process's name in the claims on the clock's work (several processes may
        # share the database; ``bot.service.claiming``).
        self.process = process
        # The engine processes (None: none configured; what needs one says so).
        self.engines = engines
        self.clock = clock
        self.reminder_hours = tuple(sorted(set(reminder_hours), reverse=True))
        if any(timedelta(hours=h) > LOOK_HORIZON for h in self.reminder_hours):
            # The clock looks at a game no earlier than that before its deadline.
            raise ValueError(f"reminders are at most {LOOK_HORIZON} before a deadline")
        self.vacation_days_per_year = vacation_days_per_year
        self.on_schedule_change = on_schedule_change
        # Called when a game became the computer's to move (its replies' queue looks then).
        self.on_computer_turn = on_computer_turn
        # name, bot or not, the language their app reported (None: not known)
        self._known_users: dict[int, tuple[str, bool, str | None]] = {}
        self._existing_players: set[int] = set()  # ids known to have a row (no write needed)
        # Games replayed by this process, each valid for one version of its row: they save
        # replaying, and never decide anything the stored moves would not.
        self._replays = ReplayCache(replay_cache_bytes)
        # Replays under way, by game and version: asked again meanwhile (a GIF storm after a
        # restart: forty replays of one long game in the shared worker threads kept every
        # board waiting), the same game is replayed once and shared.
        self._rebuilding: dict[tuple[int, int], asyncio.Future[rules.Game]] = {}

    # --- time ----------------------------------------------------------------------------

    def now(self) -> datetime:
        moment = self.clock()
        if moment.tzinfo is None:
            raise ValueError("the clock must return timezone-aware datetimes")
        return moment.replace(microsecond=0)

    def schedule_changed(self) -> None:
        if self.on_schedule_change is not None:
            self.on_schedule_change()

    def computer_turn(self) -> None:
        """A change just stored made a game the computer's to move."""
        if self.on_computer_turn is not None:
            self.on_computer_turn()

    async def deadline_for(
        self, player_id: int, now: datetime, days: int | None, player: Player | None = None
    ) -> datetime | None:
        """When ``player_id``'s move is due: ``days`` from now, or from the end of their
        vacation if they are on one (``player`` saves looking them up); None for an untimed
        game (``days`` None), and for the computer, which answers within seconds."""
        if days is None:
            return None
        if player is None or player.id != player_id:
            player = await self.store.players.get(player_id)
        if player is not None and player.is_bot:
            return None
        starts = now
        if player is not None and player.on_vacation(now):
            assert player.vacation_ends_at is not None
            starts = player.vacation_ends_at
        return starts + timedelta(days=days)

    def first_look(
        self, player: Player | None, deadline: datetime | None, now: datetime
    ) -> datetime | None:
        """When the clock must first look at a game where ``player`` has just got the move
        (due ``deadline``, None: untimed): their first reminder, else the deadline."""
        if deadline is None:
            return None
        chosen = None if player is None else player.reminder_hours
        return first_event(
            deadline, reminder_hours(deadline, now, chosen, self.reminder_hours), now
        )

    async def look_again(self, looks: list[ClockLook], now: datetime) -> None:
        """Record when the clock must next look at each of ``looks``' games (all dealt with
        at ``now``): their next reminder or deadline."""
        await self.store.clock.note(
            [
                (look.game.id, look.game.deadline_at, next_look(look, self.reminder_hours, now))
                for look in looks
                if look.game.deadline_at is not None
            ]
        )

    async def vacation_ended(
        self, player_id: int, now: datetime, planned: datetime, *, by_move: bool
    ) -> VacationEnded:
        """What ending a vacation at ``now`` (planned to end at ``planned``) left."""
        used = await self.store.players.vacation_days_used(player_id, now - VACATION_WINDOW, now)
        return VacationEnded(
            player=await self.ref(player_id),
            ended_at=now,
            planned_until=planned,
            days_left=self.vacation_days_per_year - used,
            by_move=by_move,
        )

    async def end_vacation_by_move(self, player: Player | None, now: datetime) -> bool:
        """A move by a player on vacation ends it (their clocks run again). True if it did."""
        if player is None or not player.on_vacation(now):
            return False
        if await self.store.players.end_vacation(player.id, now) is None:
            return False
        self.schedule_changed()
        return True

    async def namer(
        self,
        position: rules.Position,
        player_id: int,
        typed: str = "",
        *,
        player: Player | None = None,
    ) -> MoveNamer:
        """How to name moves for ``player_id``: SAN in chess (``ChessMove``s, said with the
        reader's piece letters); in xiangqi their notation, or the one they ``typed`` in
        (see ``reading_notation``). ``player``: their row, if the caller has it (saves
        reading it)."""
        if position.variant.name != "xiangqi":
            return chess_namer(position)
        return namer(position, await self.notation(player_id, typed, player=player))

    async def notation(
        self, player_id: int | None, typed: str = "", *, player: Player | None = None
    ) -> XiangqiNotation:
        """The xiangqi notation ``player_id`` reads (``reading_notation``; None: nobody in
        particular, the language's default). ``player``: their row, if the caller has it."""
        if player_id is not None and (player is None or player.id != player_id):
            player = await self.store.players.get(player_id)
        return reading_notation(player if player_id is not None else None, typed)

    async def recent_line(
        self,
        record: GameRecord,
        moves: Sequence[RecentMove],
        notation: XiangqiNotation,
        game: rules.Game | None = None,
    ) -> str:
        """``moves``, the last of ``record``'s, as the line under its board, xiangqi moves in
        ``notation``. A xiangqi move stored without its Chinese (before migration 0030) is
        named from the game replayed (``game`` if the caller has it at ``record``'s moves).
        Raises ``DamagedGameError`` as ``_replay``."""
        chess = record.variant != "xiangqi"
        if not chess and any(move.chinese is None for move in moves):
            moves = named_moves(game or await self.replay(record), moves)
        return recent_line(moves, record.start_fen, chess=chess, notation=notation)

    # --- players -------------------------------------------------------------------------

    async def ensure_player(self, user: User) -> None:
        """Create the acting player on first sight and keep their name current.

        Only a player's own interactions come here: ``user.name`` is then the name they
        chose for themselves (their global name), never a server nickname or a name
        someone else's command carried (see ``_ensure_known``)."""
        known = self._known_users.get(user.id)
        same = known is not None and known[:2] == (user.name, user.is_bot)
        if same and (user.locale is None or (known is not None and known[2] == user.locale)):
            return
        name = clean_name(user.name, f"player {user.id}")
        await self.store.players.ensure(user.id, name, user.is_bot, self.now(), user.locale)
        self._known_users[user.id] = (user.name, user.is_bot, user.locale)

    def locale_seen(self, user: User) -> None:
        """Note that ``user``'s app language is stored (a move wrote it), so their next
        ``_ensure_player`` writes nothing for it."""
        known = self._known_users.get(user.id)
        if known is not None and user.locale is not None:
            self._known_users[user.id] = (known[0], known[1], user.locale)

    async def ensure_known(self, user: User) -> None:
        """Make sure a player someone else named (an opponent, ``/stats user:X``) exists,
        without ever renaming them: a name is stored from a mention only for a player
        Postal has never seen, and their own next interaction replaces it."""
        if user.id in self._known_users or user.id in self._existing_players:
            return
        name = clean_name(user.name, f"player {user.id}")
        await self.store.players.ensure_exists(user.id, name, user.is_bot, self.now())
        self._existing_players.add(user.id)

    async def refs(self, *player_ids: int) -> dict[int, PlayerRef]:
        refs = refs_of(await self.store.players.get_many(list(set(player_ids))), player_ids)
        return await self.reachable(refs)

    async def reachable(self, refs: dict[int, PlayerRef]) -> dict[int, PlayerRef]:
        """``refs`` with players whose DMs Discord refused lately told by mention instead:
        no DM is tried on every turn only to be refused again."""
        wanting_dms = [ref.id for ref in refs.values() if ref.notify is NotifyMode.DM]
        if not wanting_dms:
            return refs
        return told_by_mention(refs, await self.store.outbox.closed_dms(wanting_dms, self.now()))

    # --- the outbox ----------------------------------------------------------------------

    @staticmethod
    def turn_dm(game_id: int | None, ply: int, player: PlayerRef | None) -> list[OutboxItem]:
        """A DM telling ``player`` it is their move at ``ply``, if that is how they want to
        hear it (``game_id`` None: the game being created); not to a player who reads of
        their turns in a daily digest."""
        if player is None or player.notify is not NotifyMode.DM or player.digest:
            return []
        return [
            OutboxItem(
                OutboxKind.TURN,
                OutboxTarget.DM,
                game_id=game_id,
                user_id=player.id,
                facts={"ply": ply},
            )
        ]

    def answering(self) -> Answering:
        """The claim on the outbox rows an interaction's answer stands for, written with
        the change: kept while the answer is on its way (see ``ANSWER_LEASE``), marked sent
        when it lands (``answered``), released when it is lost (``unanswered``), and
        released by this process's next run if it dies first."""
        until = self.now() + ANSWER_LEASE
        return Answering(answer_holder(self.process), until.timestamp(), new_nonce())

    @staticmethod
    def turn_in_place(
        game_id: int, ply: int, player: PlayerRef, answering: Answering | None = None
    ) -> list[OutboxItem]:
        """The board after the move at ``ply``, posted in the game's place, mentioning
        ``player`` (to move) if they want mentions: for a move typed elsewhere, or, held
        for it (``answering``), what the move's answer in the place says."""
        mention = [player.id] if player.notify is NotifyMode.CHANNEL and not player.digest else []
        return [
            OutboxItem(
                OutboxKind.TURN,
                OutboxTarget.PLACE,
                game_id=game_id,
                user_id=player.id,
                facts={"ply": ply, "mention": mention, "board": True},
                answering=answering,
            )
        ]

    @staticmethod
    def ending_items(
        record: GameRecord,
        refs: dict[int, PlayerRef],
        ratings: RatingUpdate | None = None,
        *,
        in_place: bool,
        actor_id: int | None,
        answering: Answering | None = None,
    ) -> list[OutboxItem]:
        """The end of ``record`` told by DM to players who want DMs, and, when nobody's
        interaction shows it (``in_place``: a time-out) or held for the interaction's answer
        that does (``answering``), posted in the game's place with the players mentioned."""
        facts: dict[str, object] = {"actor_id": actor_id, "ratings": rating_facts(ratings)}
        players = [refs[record.white_id], refs[record.black_id]]
        items = [
            OutboxItem(
                OutboxKind.ENDING,
                OutboxTarget.DM,
                game_id=record.id,
                user_id=player.id,
                facts=facts,
                dedupe_key=f"ending:{record.id}:dm:{player.id}",
            )
            for player in players
            if player.notify is NotifyMode.DM
        ]
        if in_place or answering is not None:
            mention = [p.id for p in players if p.notify is NotifyMode.CHANNEL]
            items.append(
                OutboxItem(
                    OutboxKind.ENDING,
                    OutboxTarget.PLACE,
                    game_id=record.id,
                    facts={**facts, "mention": mention},
                    dedupe_key=f"ending:{record.id}:place",
                    answering=answering,
                )
            )
        return items

    async def ref(self, player_id: int) -> PlayerRef:
        return (await self.refs(player_id))[player_id]

    # --- games ---------------------------------------------------------------------------

    async def game_record(self, game_id: int) -> GameRecord:
        record = await self.store.games.get(named_game(game_id))
        if record is None:
            raise UnknownGameError(game_id)
        return record

    async def refreshed_placement(self, record: GameRecord) -> GameRecord:
        """The fresh record after a write against ``record`` was refused, when only where the
        game is shown changed meanwhile (the adapter records the thread and board message
        right after a game starts), so the write may be tried again. Raises
        ``GameChangedError`` when the game itself changed."""
        fresh = await self.store.games.get(record.id)
        if fresh is None or not only_placement_changed(record, fresh):
            raise GameChangedError
        return fresh

    async def resolve(
        self, user: User, place: Place | None, game_id: int | None, *, finished_ok: bool = False
    ) -> GameRecord:
        """The game a command means (see ``_seat``)."""
        return (await self.seat(user, place, game_id, finished_ok=finished_ok)).game

    async def seat(
        self, user: User, place: Place | None, game_id: int | None, *, finished_ok: bool = False
    ) -> SeatedGame:
        """The game a command means, with its players (``SeatedGame``: in the common cases
        one statement reads all a move needs): ``game_id`` if given; else the game of this
        thread; else the user's only active game in this channel (or, with ``finished_ok`` and none
        active, their latest finished one here). Raises ``NoGameError``/``ChooseGameError``,
        and ``UnknownGameError`` for a ``game_id`` that the user may not read from ``place``
        (see ``may_read``; ``place`` None — a button on a message the user sees, or a
        caller inside the service — skips that check)."""
        now = self.now()
        if game_id is not None:
            found = await self.store.games.seated(named_game(game_id), now)
            if found is None or (place is not None and not may_read(found.game, user.id, place)):
                # Exactly the answer for a game that does not exist: ids are sequential,
                # so "not yours" would confirm that game #N exists somewhere.
                raise UnknownGameError(game_id)
            return found
        if place is None:
            raise NoGameError(
                Text("Say which game you mean with the {option} option.", option=Option("game"))
            )
        if place.thread_id is not None:
            in_thread = await self.store.games.seated_by_thread(place.thread_id, now)
            if in_thread is not None:
                return in_thread
        channel = place.thread_id if place.thread_id is not None else place.channel_id
        seated = await self.store.games.seated_in_channel(user.id, channel, now)
        if place.thread_id is not None and not seated:
            seated = await self.store.games.seated_in_channel(user.id, place.channel_id, now)
        if len(seated) == 1:
            return seated[0]
        if len(seated) > 1:
            games = [s.game for s in seated]
            refs = await self.refs(*{p for g in games for p in (g.white_id, g.black_id)})
            raise ChooseGameError([(g.id, game_label(g, refs, user.id)) for g in games])
        finished = await self.store.games.finished_for_player(user.id, None, 20)
        here = [g for g in finished if channel in (g.channel_id, g.thread_id)]
        if here and finished_ok:
            latest = await self.store.games.seated(here[0].id, now)
            if latest is not None:
                return latest
        if here:
            # Someone typing /move after the end deserves "it is over", not "what game?".
            raise GameOverError(here[0].id, here[0].result)
        raise NoGameError(
            Text(
                "You have no game in this channel. Start one with {command}.",
                command=Command("challenge"),
            )
        )

    async def challenge_view(self, challenge: Challenge) -> ChallengeView:
        ids = [challenge.challenger_id]
        if challenge.opponent_id is not None:
            ids.append(challenge.opponent_id)
        refs = await self.refs(*ids)
        return ChallengeView(
            id=challenge.id,
            challenger=refs[challenge.challenger_id],
            opponent=refs[challenge.opponent_id] if challenge.opponent_id is not None else None,
            variant=challenge.variant,
            color=challenge.color,
            days_per_move=challenge.days_per_move,
            untimed=challenge.untimed,
            rated=challenge.rated,
            start_fen=challenge.start_fen,
            expires_at=challenge.expires_at,
            guild_id=challenge.guild_id,
            channel_id=challenge.channel_id,
            thread_id=challenge.thread_id,
            message_id=challenge.message_id,
        )

    @staticmethod
    def require_player(record: GameRecord, user: User) -> None:
        if not record.has_player(user.id):
            raise NotAPlayerError(record.id)

    @staticmethod
    def require_active(record: GameRecord) -> None:
        if not record.is_active:
            raise GameOverError(record.id, record.result)

    async def require_turn(self, record: GameRecord, user: User) -> None:
        if record.to_move_id != user.id:
            opponent = await self.ref(record.opponent_of(user.id))
            raise NotYourTurnError(opponent.name)

    async def replay(self, record: GameRecord) -> rules.Game:
        """The rules game of ``record``, rebuilt from its stored moves. Raises
        ``DamagedGameError`` (after marking the game damaged) when they no longer replay."""
        if record.damaged_at is not None:
            raise DamagedGameError(record.id)
        try:
            return await self._rebuild(record)
        except (DamagedGameError, GameChangedError):
            raise
        except DATABASE_ERRORS:
            raise
        except Exception as error:
            await self.mark_damaged(record.id, error)
            raise DamagedGameError(record.id) from error

    async def mark_damaged(self, game_id: int, error: BaseException) -> None:
        """Log ``error`` with the game's id and mark the game damaged, so that it stops
        holding up the clock and its players are told why it cannot be played."""
        _log.error(
            "game #%s is damaged and is skipped from now on: %s: %s",
            game_id,
            type(error).__name__,
            error,
            exc_info=(type(error), error, error.__traceback__),
        )
        await self.store.games.mark_damaged(game_id, f"{type(error).__name__}: {error}", self.now())
        self.forget(game_id)

    async def each_game(
        self,
        items: Iterable[Item],
        game_id: Callable[[Item], int],
        work: Callable[[Item], Awaitable[T]],
    ) -> list[T]:
        """``work`` for each item (a game, a reminder …) on its own: one whose game fails
        is logged with the game's id, the game marked damaged, and skipped; the rest go on.
        A database failure ends the round early but keeps what was already done (the
        remaining items come next round)."""
        done: list[T] = []
        for item in items:
            try:
                done.append(await work(item))
            except DamagedGameError:
                continue  # logged and marked when it was found
            except DATABASE_ERRORS:
                _log.exception(
                    "the database failed at game #%s; the round ends here", game_id(item)
                )
                break
            except Exception as error:
                await self.mark_damaged(game_id(item), error)
        return done

    async def _rebuild(self, record: GameRecord) -> rules.Game:
        """``_replay`` without the damage check: ``_rebuild_now``, shared with the callers
        asking for the same game at the same version meanwhile."""
        key = (record.id, record.version)
        while (under_way := self._rebuilding.get(key)) is not None:
            try:
                return await asyncio.shield(under_way)
            except asyncio.CancelledError:
                if not under_way.cancelled():
                    raise  # this caller was cancelled
                # The one replaying was cancelled: the next caller replays.
        shared: asyncio.Future[rules.Game] = asyncio.get_running_loop().create_future()
        # Read here so that an error nobody else waited for is not reported as unretrieved.
        shared.add_done_callback(lambda done: done.cancelled() or done.exception())
        self._rebuilding[key] = shared
        try:
            game = await self._rebuild_now(record)
        except Exception as error:
            shared.set_exception(error)
            raise
        except BaseException:
            shared.cancel()
            raise
        finally:
            del self._rebuilding[key]
        shared.set_result(game)
        return game

    async def _rebuild_now(self, record: GameRecord) -> rules.Game:
        """From the cache when it holds the game at ``record.version`` (no move read), else
        played on from the cached game with the moves stored since, else replayed from the
        start position."""
        cached = self._replays.get(record.id)
        if cached is not None and cached.start_fen == record.start_fen:
            if cached.version == record.version:
                return cached.game
            if same_last_move(cached, record):
                # Only something beside the moves changed (the board message recorded, a
                # deadline moved): the cached game is still this one, at the new version.
                self.remember(record, cached.game, cached.move_version)
                return cached.game
            game = await self._played_on(record, cached)
            if game is not None:
                return game
        line = await self.line(record, 1)
        start = rules.Game(variant_named(record.variant), record.start_fen)
        game = await self.extended(start, [move.uci for move in line])
        self.remember(record, game, line[-1].version if line else None)
        return game

    async def _played_on(self, record: GameRecord, cached: Replayed) -> rules.Game | None:
        """The cached game followed by the moves stored after it, or None when its last move
        is no longer stored as it was (taken back, played again)."""
        ply = cached.game.ply
        if record.ply < ply:
            return None
        line = await self.line(record, max(ply, 1))
        if ply > 0:
            if not line or (line[0].ply, line[0].version) != (ply, cached.move_version):
                return None
            line = line[1:]
        game = await self.extended(cached.game, [move.uci for move in line])
        self.remember(record, game, line[-1].version if line else cached.move_version)
        return game

    async def line(self, record: GameRecord, from_ply: int) -> list[StoredMove]:
        """The stored moves ``from_ply`` to ``record.ply``, as they were when ``record`` was
        read. Raises ``GameChangedError`` when a write came in between the two reads (moves
        missing, or written after ``record``'s version): replaying them would give another
        game than ``record``'s, which several connections (PostgreSQL) make easy to see."""
        line = await self.store.games.move_line(record.id, from_ply=from_ply, to_ply=record.ply)
        if len(line) != max(record.ply - from_ply + 1, 0) or any(
            move.version > record.version for move in line
        ):
            raise GameChangedError()
        return line

    @staticmethod
    async def extended(game: rules.Game, ucis: list[str]) -> rules.Game:
        """``game`` followed by stored moves; many of them are played in a worker thread, so
        a long game replayed (after a restart) never holds up everyone else's commands."""
        if len(ucis) > _REPLAY_IN_THREAD_PLIES:
            return await asyncio.to_thread(game.extended, ucis)
        return game.extended(ucis)

    def remember(self, record: GameRecord, game: rules.Game, move_version: int | None) -> None:
        """Cache ``game`` as ``record`` at its version, if it is that version's game (the
        moves read may be newer than the record)."""
        if game.ply == record.ply:
            self._replays.put(
                record.id,
                game,
                start_fen=record.start_fen,
                version=record.version,
                move_version=move_version,
            )

    def forget(self, game_id: int) -> None:
        self._replays.forget(game_id)

    async def view(
        self,
        record: GameRecord,
        refs: dict[int, PlayerRef] | None = None,
        *,
        reached: bool = False,
    ) -> GameView:
        """The facts of ``record`` for the adapters; ``refs``: its players, if known
        (``reached``: already told by mention where their DMs are closed)."""
        if refs is None or record.white_id not in refs or record.black_id not in refs:
            refs = await self.refs(record.white_id, record.black_id)
        elif not reached:
            refs = await self.reachable(refs)
        return GameView(
            id=record.id,
            variant=record.variant,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            thread_id=record.thread_id,
            message_id=record.message_id,
            white=refs[record.white_id],
            black=refs[record.black_id],
            days_per_move=record.days_per_move,
            untimed=record.untimed,
            rated=record.rated,
            ply=record.ply,
            active=record.is_active,
            to_move=refs[record.to_move_id] if record.to_move_id is not None else None,
            deadline=record.deadline_at,
            result=record.result,
            termination=record.termination,
            created_at=record.created_at,
        )

    async def board_image(
        self,
        game: rules.Game,
        *,
        orientation: Color | None = None,
        viewer_id: int | None = None,
        seat: Color | None = None,
        marks: tuple[int, ...] = (),
        selected: int | None = None,
        viewer: Player | None = None,
        record: GameRecord | None = None,
        preview: bool = False,
    ) -> BoardView:
        """What to draw for one viewer (``viewer``, or looked up by ``viewer_id``), in their
        theme and piece set and turned as they chose: their own side at the bottom (``seat``,
        their colour in this game; None for a spectator) or the side to move.
        ``orientation`` overrides. With ``record`` (the game), a viewer who wants strips
        gets both players' names, ratings and the turn drawn on the board. ``preview``: the
        last move is not played yet; it is marked so, on strips every viewer gets (the
        adapter words the strip's note)."""
        position = game.position
        check = position.king_square(position.side_to_move) if position.is_check() else None
        if viewer is None and viewer_id is not None:
            viewer = await self.store.players.get(viewer_id)
        theme = pieces = None
        if viewer is not None and viewer.board_theme != DEFAULT_THEME:
            theme = viewer.board_theme
        if game.variant.name == "xiangqi":
            pieces = xiangqi_pieces_for(viewer)
        elif viewer is not None and viewer.chess_pieces != DEFAULT_THEME:
            pieces = viewer.chess_pieces
        if orientation is None:
            orientation = board_orientation(viewer, seat, position.side_to_move)
        return BoardView(
            position=position,
            orientation=orientation,
            last_move=game.last_move,
            check=check,
            marks=marks,
            theme=theme,
            selected=selected,
            pieces=pieces,
            strip=await self.strip(record, game)
            if record is not None and (preview or (viewer is not None and viewer.board_strip))
            else None,
            preview=preview,
        )

    async def strip(self, record: GameRecord, game: rules.Game) -> Strip:
        """Both players' names, their ratings here in a rated game, and whose turn it is."""
        refs = await self.refs(record.white_id, record.black_id)
        labels = []
        for player_id in (record.white_id, record.black_id):
            rating = None
            if record.rated:
                found = await self.store.ratings.get(record.guild_id, record.variant, player_id)
                rating = round((found or NEW_PLAYER).rating)
            labels.append(PlayerLabel(refs[player_id].name, rating))
        to_move = (
            game.position.side_to_move if game.outcome() is None and record.is_active else None
        )
        return Strip(labels[0], labels[1], to_move)

    @staticmethod
    def rate(record: GameRecord) -> RateFunction | None:
        return rate_game if record.rated else None

    def ending(
        self,
        view: GameView,
        outcome: Outcome,
        *,
        actor: PlayerRef | None = None,
        ratings: RatingUpdate | None = None,
    ) -> Ending:
        winner = view.player(outcome.winner) if outcome.winner is not None else None
        changes: tuple[RatingChange, ...] = ()
        if ratings is not None:
            changes = (
                RatingChange(
                    view.white,
                    (ratings.white_before or NEW_PLAYER).rating,
                    ratings.white_after.rating,
                ),
                RatingChange(
                    view.black,
                    (ratings.black_before or NEW_PLAYER).rating,
                    ratings.black_after.rating,
                ),
            )
        return Ending(
            result=outcome.result() if outcome.termination is not Termination.ABORTED else "*",
            termination=outcome.termination.value,
            winner=winner,
            text=ending_text(view, outcome, actor),
            rating_changes=changes,
        )
