"""What an outbox row says when it is delivered: the result object its facts stand for, as
the game is now (``bot/text`` words it, in the language that applies then), or why it is
no longer worth saying."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext

from bot.engine.api import UnavailableReason
from bot.i18n import using
from bot.service.answer_plan import move_number
from bot.service.core import ServiceCore
from bot.service.delivery_results import (
    MY_TURN_SHOWN,
    GameOpened,
    GameSaid,
    MoveTold,
    OfferClosed,
    Reminder,
    TurnNotice,
)
from bot.service.endings import EndingUseCases
from bot.service.game_facts import reader_locale
from bot.service.notation import (
    MoveNamer,
    janggi_namer,
    janggi_reading,
    namer,
    reading_notation,
)
from bot.service.offers_made import offer_made
from bot.service.pause_facts import MAX_GAME_PAUSE_DAYS, PauseAgreed
from bot.service.results import (
    ComputerStuck,
    GameEnded,
    GameView,
    MoreTimeGiven,
    OfferDeclined,
    OfferMade,
)
from bot.service.team_reminders import team_reminder
from bot.service.time_left import by_urgency, time_left
from bot.service.vacation_rule import clock_movers
from bot.service.vote_facts import VoteClosedNotice
from bot.service.vote_tellings import told_close, told_counts
from bot.store import (
    ComputerStuckFacts,
    EndingFacts,
    GameOpenedFacts,
    GameRecord,
    MoreTimeFacts,
    OfferClosedFacts,
    OfferFacts,
    OfferKind,
    PauseFacts,
    Rating,
    RatingUpdate,
    ReminderFacts,
    TakebackFacts,
    TeamCountsFacts,
    TeamReminderFacts,
    TurnFacts,
    VoteClosedFacts,
)
from bot.store.records import from_epoch
from rules import Color, Game, Outcome, Position, Termination

# The facts of a row about one game.
GameFacts = (
    TurnFacts
    | ReminderFacts
    | EndingFacts
    | OfferFacts
    | OfferClosedFacts
    | PauseFacts
    | MoreTimeFacts
    | TakebackFacts
    | ComputerStuckFacts
    | GameOpenedFacts
    | VoteClosedFacts
    | TeamCountsFacts
    | TeamReminderFacts
)
Content = GameSaid


class DeliveryContents:
    """Builds the result a row of a game says, from its facts and the game as it is now."""

    def __init__(self, core: ServiceCore, endings: EndingUseCases) -> None:
        self._core = core
        self._endings = endings

    async def content(
        self, facts: GameFacts, user_id: int | None, record: GameRecord
    ) -> Content | str:
        """The result ``facts`` stand for (``user_id``: the row's player), or why it is
        superseded (a str). Raises ``DamagedGameError`` for a game that no longer replays."""
        if isinstance(facts, EndingFacts):
            return await self._ended(record, facts)
        view = await self._core.view(record)
        if isinstance(facts, ComputerStuckFacts):
            if record.ply != facts.ply or not record.is_active:
                return "the computer moved, or the game ended, before the notice went out"
            waiting = view.player(Color.WHITE if view.white.id == user_id else Color.BLACK)
            reason = UnavailableReason(facts.reason) if facts.reason else None
            return ComputerStuck(view, waiting, reason)
        if isinstance(facts, OfferFacts):
            return await self._offer(record, view, facts)
        if isinstance(facts, OfferClosedFacts):
            return await self._closed(record, view, facts)
        if isinstance(facts, PauseFacts):
            return _paused(record, view, facts)
        if isinstance(facts, MoreTimeFacts):
            return _more_time(record, view, facts)
        if isinstance(facts, GameOpenedFacts):
            return await self._opened(record, view, facts)
        if isinstance(facts, TeamReminderFacts):
            return await team_reminder(self._core, facts, record, view, user_id)
        if isinstance(facts, VoteClosedFacts):
            closed = await told_close(self._core, facts, record)
            return closed if isinstance(closed, str) else VoteClosedNotice(view, closed)
        if isinstance(facts, TeamCountsFacts):
            return await told_counts(self._core, facts, record)
        if isinstance(facts, TakebackFacts):
            if record.ply != facts.ply or not record.is_active:
                return "the game moved on before the takeback was shown"
            game = await self._core.replay(record)
            return await self._endings.taken_back(record, view, game, facts.plies, facts.by)
        if isinstance(facts, ReminderFacts):
            deadline = from_epoch(facts.deadline)
            if not record.is_active or record.deadline_at != deadline:
                return "the deadline moved or the game ended before the reminder went out"
            assert view.to_move is not None
            return Reminder(view, view.to_move, facts.hours, deadline)
        return await self._turn(record, view, facts)

    async def _offer(
        self, record: GameRecord, view: GameView, facts: OfferFacts
    ) -> OfferMade | OfferDeclined | str:
        kind = OfferKind(facts.offer)
        if facts.declined:
            return OfferDeclined(view, kind, view.opponent_of(facts.from_id))
        pending = [
            offer
            for offer in await self._core.store.games.offers(record.id)
            if offer.kind is kind
            and offer.from_player_id == facts.from_id
            and offer.ply == facts.ply
        ]
        if not record.is_active or not pending:
            return "the offer was answered, withdrawn or overtaken before it went out"
        return offer_made(view, kind, facts.from_id, facts.ply, pending[0].days)

    async def _closed(
        self, record: GameRecord, view: GameView, facts: OfferClosedFacts
    ) -> OfferClosed | str:
        """The answered offer whose messages lose their buttons; none to change when the
        same offer stands again (made anew at the same move: its buttons answer it)."""
        kind = OfferKind(facts.offer)
        again = any(
            offer.kind is kind and offer.from_player_id == facts.from_id and offer.ply == facts.ply
            for offer in await self._core.store.games.offers(record.id)
        )
        if again:
            return "the same offer was made again: its buttons answer it"
        made = offer_made(view, kind, facts.from_id, facts.ply)
        return OfferClosed(view, made.buttons)

    async def _opened(
        self, record: GameRecord, view: GameView, facts: GameOpenedFacts
    ) -> GameOpened | str:
        """A tournament's new game to open: in a thread of its own if it has none yet (a
        thread other than its tournament's is its own, made by an earlier attempt)."""
        if not record.is_active:
            return "the game ended before it was opened"
        store = self._core.store.tournaments
        tournament_id = await store.of_game(record.id)
        tournament = await store.get(tournament_id) if tournament_id is not None else None
        held_in = tournament.thread_id if tournament is not None else None
        game = await self._core.replay(record)
        board = await self._core.board_image(game, viewer_id=record.to_move_id, record=record)
        own = view.thread_id is not None and view.thread_id != held_in
        return GameOpened(view, board, facts.round, facts.board, not own, own)

    async def _turn(self, record: GameRecord, view: GameView, facts: TurnFacts) -> TurnNotice | str:
        if record.ply != facts.ply or not record.is_active or view.to_move is None:
            return "the game moved on before the turn notice went out"
        game = await self._core.replay(record)
        board = None
        if facts.board:
            board = await self._core.board_image(game, viewer_id=view.to_move.id, record=record)
        moves = await self._moves_told(game, record, view, facts)
        waiting = await self._my_turn(view.to_move.id, record.id)
        listed = waiting[:MY_TURN_SHOWN]
        movers = await clock_movers(self._core, listed)
        now = self._core.now()
        shown = tuple((g.id, time_left(g, now, movers.get(g.id))) for g in listed)
        check = game.position.is_check()
        return TurnNotice(view, view.to_move, moves, check, board, shown, len(waiting))

    async def _my_turn(self, player_id: int, game_id: int) -> list[GameRecord]:
        """The player's other active games where it is their move, in ``/games``' order."""
        games = await self._core.store.games.active_for_player(player_id)
        mine = (g for g in games if g.to_move_id == player_id and g.id != game_id)
        return by_urgency(mine)

    async def _moves_told(
        self, game: Game, record: GameRecord, view: GameView, facts: TurnFacts
    ) -> tuple[MoveTold, ...]:
        """The moves the player to move is told of: the last one, or, when prepared answers
        followed it, every move since their turn (the prepared ones marked); none for a
        game not begun."""
        if game.ply == 0:
            return ()
        assert view.to_move is not None
        # Moves named as the player told reads them: their xiangqi notation, Chinese by
        # default in their language (their choice, else their app's), not the language of
        # whatever task sends the notice (chess moves are said in the reader's letters).
        named = view.variant in ("xiangqi", "janggi")  # in the reader's own notation
        reader = await self._core.store.players.get(view.to_move.id) if named else None
        reading = reader_locale(reader)
        first = facts.since_ply if facts.since_ply is not None and facts.conditional else game.ply
        first = min(first, game.ply)
        with using(reading) if reading is not None else nullcontext():
            notation, janggi = reading_notation(reader), janggi_reading(reader)
            since = _moves_since(
                game,
                record,
                first,
                lambda p: (
                    janggi_namer(p, janggi) if view.variant == "janggi" else namer(p, notation)
                ),
            )
        return tuple(
            MoveTold(
                view.white if mover_id == view.white.id else view.black,
                number,
                san,
                conditional=ply in facts.conditional,
            )
            for ply, mover_id, number, san in since
        )

    async def _ended(self, record: GameRecord, facts: EndingFacts) -> GameEnded:
        assert record.termination is not None
        termination = Termination(record.termination)
        winner = {"1-0": Color.WHITE, "0-1": Color.BLACK}.get(record.result or "")
        return await self._endings.game_ended(
            record, Outcome(termination, winner), facts.actor_id, _ratings(facts.ratings)
        )


def _paused(record: GameRecord, view: GameView, facts: PauseFacts) -> PauseAgreed | str:
    """The pause ``facts`` tell of, as it was agreed (the game's deadline shown as it is
    now); nothing once the game is over."""
    if not record.is_active:
        return "the game ended before the pause was told"
    by = view.white if facts.by == view.white.id else view.black
    left = MAX_GAME_PAUSE_DAYS - record.pause_days
    return PauseAgreed(view, facts.days, from_epoch(facts.until), by, view.opponent_of(by.id), left)


def _more_time(record: GameRecord, view: GameView, facts: MoreTimeFacts) -> MoreTimeGiven | str:
    """The more time ``facts`` tell of, while the deadline it set still stands."""
    if not record.is_active or record.deadline_at != from_epoch(facts.deadline):
        return "the deadline moved or the game ended before the more time was told"
    assert view.to_move is not None
    return MoreTimeGiven(view, facts.days, view.opponent_of(view.to_move.id), view.to_move)


def _ratings(facts: tuple[float | None, ...] | None) -> RatingUpdate | None:
    if facts is None or len(facts) != 4:
        return None

    def rating(value: float | None) -> Rating | None:
        return None if value is None else Rating(float(value), 0.0, 0.0)

    white_after, black_after = rating(facts[1]), rating(facts[3])
    assert white_after is not None and black_after is not None
    return RatingUpdate(rating(facts[0]), white_after, rating(facts[2]), black_after)


def _moves_since(
    game: Game, record: GameRecord, first: int, name: Callable[[Position], MoveNamer]
) -> list[tuple[int, int, str, str]]:
    """(ply, mover id, move number, notation) of the game's moves from ply ``first`` on,
    each named by ``name(position)``."""
    positions, moves = game.positions, game.moves
    found = []
    for ply in range(first, game.ply + 1):
        position = positions[ply - 1]
        mover_id = record.white_id if position.side_to_move is Color.WHITE else record.black_id
        found.append((ply, mover_id, move_number(position), name(position)(moves[ply - 1])))
    return found
