"""What every use case shares: the store, the clock, finding the game meant, replaying it."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TypeVar

import rules
from bot.engine.api import Engines
from bot.render import PlayerLabel, Strip, marked_move
from bot.service.clock import Clock, system_clock
from bot.service.errors import (
    ChooseGameError,
    GameChangedError,
    GameOverError,
    NoGameError,
    NotAPlayerError,
    NotYourTurnError,
    UnknownGameError,
)
from bot.service.game_facts import (
    board_orientation,
    challenge_view_of,
    game_choice,
    named_moves,
    only_placement_changed,
    refs_of,
    told_by_mention,
    xiangqi_pieces_for,
)
from bot.service.notation import (
    MoveNamer,
    chess_namer,
    janggi_namer,
    janggi_reading,
    namer,
    reading_notation,
    recent_line,
)
from bot.service.other_places import may_read_at
from bot.service.ratings import NEW_PLAYER, rate_game
from bot.service.reminder_times import default_hours, first_look, next_look
from bot.service.replaying import GameReplays
from bot.service.replays import DEFAULT_BUDGET_BYTES
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
from bot.service.weekends import deadline_after, resumed_deadline, weekend_zone
from bot.store import (
    MAX_ROW_ID,
    Answering,
    Challenge,
    ClockLook,
    GameRecord,
    JanggiNotation,
    NotifyMode,
    Player,
    RateFunction,
    RatingUpdate,
    RecentMove,
    SeatedGame,
    Store,
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
# A write refused only because the game's version moved on for something that does not bear
# on it is tried again against the fresh game, a few times at most.
WRITE_ATTEMPTS = 3
# What an interaction's answer says is also written as an outbox row, held for the answer
# this long: Discord's interaction token lives 15 minutes, so no answer can land after it.
ANSWER_LEASE = timedelta(minutes=15)


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
        self.reminder_hours = default_hours(reminder_hours)
        self.vacation_days_per_year = vacation_days_per_year
        self.on_schedule_change = on_schedule_change
        # Called when a game became the computer's to move (its replies' queue looks then).
        self.on_computer_turn = on_computer_turn
        # name, bot or not, the language their app reported (None: not known)
        self._known_users: dict[int, tuple[str, bool, str | None]] = {}
        self._existing_players: set[int] = set()  # ids known to have a row (no write needed)
        # Games replayed by this process, and replaying them (``replays.line``, ``.forget``).
        self.replays = GameReplays(store, self.now, replay_cache_bytes)

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
        self,
        player_id: int,
        now: datetime,
        days: int | timedelta | None,
        player: Player | None = None,
        *,
        paused_until: datetime | None = None,
        weekends_off: bool = False,
    ) -> datetime | None:
        """When ``player_id``'s move is due: ``days`` (or the time bank they have) from now,
        or from the end of their vacation if they are on one (``player`` saves looking them
        up), or from the end of the game's agreed pause (``paused_until``), whichever is
        later; None for an untimed game (``days`` None), and for the computer, which
        answers within seconds. With ``weekends_off`` the clock stops on the player's own
        weekends: the deadline stored skips them, so the clock's lookup stays an index."""
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
        if paused_until is not None and paused_until > starts:
            starts = paused_until
        running = days if isinstance(days, timedelta) else timedelta(days=days)
        zone = weekend_zone(weekends_off, None if player is None else player.time_zone)
        return starts + running if zone is None else deadline_after(starts, running, zone)

    def first_look(
        self,
        player: Player | None,
        deadline: datetime | None,
        now: datetime,
        *,
        weekends_off: bool = False,
    ) -> datetime | None:
        """When the clock must first look at a game where ``player`` has just got the move
        (due ``deadline``, None: untimed): see ``reminder_times.first_look``."""
        return first_look(player, deadline, now, self.reminder_hours, weekends_off)

    async def look_again(
        self, looks: list[ClockLook], now: datetime, *, sync_outside_lock: bool = False
    ) -> None:
        """Record when the clock must next look at each of ``looks``' games (all dealt with
        at ``now``): their next reminder or deadline (``sync_outside_lock``: see
        ``Database.transaction``)."""
        await self.store.clock.note(
            [
                (look.game.id, look.game.deadline_at, next_look(look, self.reminder_hours, now))
                for look in looks
                if look.game.deadline_at is not None
            ],
            sync_outside_lock=sync_outside_lock,
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
        if await self.store.players.end_vacation(player.id, now, resumed_deadline) is None:
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
        """How ``player_id`` (``player``: their row, if at hand) reads moves: SAN in chess
        (``ChessMove``s); their xiangqi or janggi notation, or the one they ``typed`` in."""
        if position.variant.name == "janggi":
            mine = player if player is not None and player.id == player_id else None
            mine = mine or await self.store.players.get(player_id)
            return janggi_namer(position, janggi_reading(mine, typed))
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
        janggi: JanggiNotation = JanggiNotation.KOREAN,
    ) -> str:
        """``moves``, the last of ``record``'s, as the line under its board, xiangqi moves in
        ``notation`` (janggi's in ``janggi``); one stored without its Chinese is named from
        the game replayed (``game``, if given). Raises ``DamagedGameError`` as ``_replay``."""
        chess = record.variant != "xiangqi"
        if not chess and any(move.chinese is None for move in moves):
            moves = named_moves(game or await self.replay(record), moves)
        return recent_line(moves, record.start_fen, chess=chess, notation=notation, janggi=janggi)

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

    def answering(self) -> Answering:
        """The claim on the outbox rows an interaction's answer stands for, written with
        the change: kept while the answer is on its way (see ``ANSWER_LEASE``), marked sent
        when it lands (``answered``), released when it is lost (``unanswered``), and
        released by this process's next run if it dies first."""
        until = self.now() + ANSWER_LEASE
        return Answering(answer_holder(self.process), until.timestamp(), new_nonce())

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
            if found is None or (
                place is not None and not await may_read_at(self.store, found.game, user.id, place)
            ):
                # Exactly the answer for a game that does not exist: ids are sequential,
                # so "not yours" would confirm that game #N exists somewhere.
                raise UnknownGameError(game_id)
            return found
        if place is None:
            raise NoGameError(placeless=True)
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
            raise ChooseGameError([game_choice(g, refs, user.id) for g in games])
        finished = await self.store.games.finished_for_player(user.id, None, 20)
        here = [g for g in finished if channel in (g.channel_id, g.thread_id)]
        if here and finished_ok:
            latest = await self.store.games.seated(here[0].id, now)
            if latest is not None:
                return latest
        if here:
            # Someone typing /move after the end deserves "it is over", not "what game?".
            raise GameOverError(here[0].id, here[0].result)
        raise NoGameError

    async def challenge_view(self, challenge: Challenge) -> ChallengeView:
        players = (challenge.challenger_id, challenge.opponent_id)
        refs = await self.refs(*(player for player in players if player is not None))
        return challenge_view_of(challenge, refs)

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
        """The rules game of ``record`` (``GameReplays.replay``)."""
        return await self.replays.replay(record)

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
        in_match = not record.is_active and (
            await self.store.club_matches.of_game(record.id) is not None
        )
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
            opening=self.replays.opening(record),
            increment_days=record.increment_days,
            cap_days=record.cap_days,
            waiting_bank=_waiting_bank(record),
            weekends_off=record.weekends_off,
            in_match=in_match,
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
            last_move=marked_move(game.before_last_move, game.last_move),
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
            variant=view.variant,
            actor=actor,
            rating_changes=changes,
            points=outcome.points,
        )


def _waiting_bank(record: GameRecord) -> timedelta | None:
    """The bank of ``record``'s player not to move, while it runs on a time bank."""
    if record.waiting_bank is None or not record.is_active:
        return None
    return timedelta(seconds=record.waiting_bank)
