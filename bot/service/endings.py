"""Endings players choose: resign, draw offers and claims, takebacks, abort."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from functools import partial

import rules
from bot.service.core import WRITE_ATTEMPTS, ServiceCore
from bot.service.errors import (
    CannotAbortError,
    ComputerPlaysOnError,
    DamagedGameError,
    GameChangedError,
    NoOfferError,
    NothingToTakeBackError,
    OfferPendingError,
    TakebacksRefusedError,
)
from bot.service.game_facts import replace_record
from bot.service.limits import PINGS, refusal
from bot.service.match_facts import MatchError, MatchRefusal
from bot.service.offers_made import offer_made
from bot.service.other_places import (
    UNTOLD,
    Told,
    declined_in_place,
    offer_closed,
    offer_in_place,
    taken_back_in_place,
    told_where,
)
from bot.service.outbox_items import ending_items, turn_dm
from bot.service.results import (
    Button,
    ButtonAction,
    ButtonLabel,
    ButtonStyle,
    ConfirmationNeeded,
    GameEnded,
    GameView,
    OfferDeclined,
    OfferMade,
    Place,
    PlayerRef,
    TakenBack,
    User,
)
from bot.service.team_seats import captained_seat
from bot.service.time_bank import ClockKind, takeback_banks, terms_of
from bot.service.time_left import time_left
from bot.service.tournament.facts import TournamentError, TournamentRefusal
from bot.service.vacation_rule import clock_players
from bot.store import (
    GameEnding,
    GameRecord,
    GameStatus,
    Offer,
    OfferKind,
    OutboxItem,
    PingKind,
    Player,
    RatingUpdate,
    TakebackPolicy,
    Written,
)
from rules import Color, Outcome, Termination

# A game with fewer plies than this has no result to rate (as on lichess): /abort ends it,
# and whatever else ends it then (a resignation, a draw agreed, the clock) aborts it too.
ABORTABLE_PLIES = 2
_ABORTED_BEFORE_PLAY = frozenset(
    {Termination.RESIGNATION, Termination.AGREEMENT, Termination.TIMEOUT, Termination.TIMEOUT_DRAW}
)


class EndingUseCases:
    def __init__(self, core: ServiceCore) -> None:
        self._core = core

    async def resign(
        self, user: User, place: Place | None, *, game_id: int | None = None
    ) -> ConfirmationNeeded:
        """Ask the player (or the captain of a team playing) to confirm resigning (a
        ``CONFIRM_RESIGN`` button)."""
        record, _ = await self.acting(user, place, game_id)
        view = await self._core.view(record)
        button = Button(
            ButtonLabel.RESIGN,
            ButtonAction.CONFIRM_RESIGN,
            record.id,
            argument=str(record.ply),
            allowed_user_ids=(user.id,),
            style=ButtonStyle.DANGER,
        )
        return ConfirmationNeeded(view, (button,))

    async def _in_tournament(self, record: GameRecord) -> bool:
        """Whether ``record`` is a tournament's or a club match's game: it counts from the
        start (a resignation or time-out before the first moves is a loss, and nothing
        aborts it)."""
        store = self._core.store
        if await store.tournaments.of_game(record.id) is not None:
            return True
        return await store.club_matches.of_game(record.id) is not None

    async def counts_from_start(self, record: GameRecord) -> bool:
        """Whether an ending of ``record`` now stands even before each side has moved (a
        tournament's game); asked of the store only for such an early ending."""
        return record.ply < ABORTABLE_PLIES and await self._in_tournament(record)

    async def confirm_resign(
        self, user: User, game_id: int, *, place: Place | None = None
    ) -> GameEnded:
        """Resign the game (a captain: for their team): the opponent wins (``place``: where
        the confirmation was pressed)."""
        record, user = await self.acting(user, None, game_id)
        color = Color.WHITE if user.id == record.white_id else Color.BLACK
        outcome = Outcome(Termination.RESIGNATION, color.other)
        return await self.end(record, outcome, user, told=await self.told(record, place))

    async def abort(
        self, user: User, place: Place | None, *, game_id: int | None = None
    ) -> GameEnded:
        """End the game without a result, allowed before both sides have moved."""
        record = await self.playable(user, place, game_id)
        if await self._core.store.club_matches.of_game(record.id) is not None:
            raise MatchError(MatchRefusal.NO_ABORT)
        if await self._core.store.tournaments.of_game(record.id) is not None:
            raise TournamentError(TournamentRefusal.NO_ABORT)
        if record.ply >= ABORTABLE_PLIES:
            raise CannotAbortError
        outcome = Outcome(Termination.ABORTED, None)
        told = await self.told(record, place, shown=False)
        return await self.end(record, outcome, user, rated=False, told=told, counts=False)

    async def draw(
        self,
        user: User,
        place: Place | None,
        *,
        game_id: int | None = None,
        pressed: bool = False,
    ) -> GameEnded | OfferMade:
        """``/draw``: claim a draw where the rules allow it; accept the opponent's pending
        offer; otherwise offer a draw (buttons for the opponent). Raises
        ``OfferPendingError`` if this player's offer is already pending. A team's captain
        claims, accepts or offers for the team."""
        record, user = await self.acting(user, place, game_id)
        game = await self._core.replay(record)
        told = await self.told(record, place, shown=pressed)
        claimable = game.claimable_draws()
        if claimable:
            return await self.end(record, Outcome(claimable[0], None), user, told=told)
        offers = {offer.kind: offer for offer in await self._core.store.games.offers(record.id)}
        existing = offers.get(OfferKind.DRAW)
        if existing is not None and existing.from_player_id != user.id:
            return await self.accept_draw(user, record.id, told=told)
        if existing is not None:
            raise OfferPendingError(OfferKind.DRAW)
        computer = await self._computer_opponent(record, user)
        if computer is not None:
            raise ComputerPlaysOnError(computer.name)
        return await self.offer(record, user, OfferKind.DRAW, told=told)

    async def accept_draw(
        self, user: User, game_id: int, *, place: Place | None = None, told: Told | None = None
    ) -> GameEnded:
        """Accept the opponent's pending draw offer (pressed at ``place``, or ``told`` where
        already known: ``told_where``); a team's captain for the team. Raises
        ``NoOfferError``."""
        record, user = await self.acting(user, None, game_id)
        opponent_id = record.opponent_of(user.id)
        offer = await self._pending(record, OfferKind.DRAW, opponent_id)
        return await self.end(
            record,
            Outcome(Termination.AGREEMENT, None),
            user,
            consume_offer=(OfferKind.DRAW, opponent_id),
            told=told or await self.told(record, place),
            also=[offer_closed(record, offer)],
        )

    async def decline_draw(
        self, user: User, game_id: int, *, place: Place | None = None
    ) -> OfferDeclined:
        """Decline the opponent's pending draw offer. Raises ``NoOfferError``."""
        return await self.decline_offer(user, game_id, OfferKind.DRAW, place=place)

    async def takeback(
        self,
        user: User,
        place: Place | None,
        *,
        game_id: int | None = None,
        pressed: bool = False,
    ) -> OfferMade | TakenBack:
        """Ask the opponent to take back this player's last move (and the reply after it).

        If the opponent already asked for a takeback, this accepts theirs. Raises
        ``NothingToTakeBackError``, ``OfferPendingError``, ``TakebacksRefusedError`` when the
        opponent chose not to be asked (never, or not in rated games).
        """
        record = await self.playable(user, place, game_id)
        told = await self.told(record, place, shown=pressed)
        offers = {offer.kind: offer for offer in await self._core.store.games.offers(record.id)}
        existing = offers.get(OfferKind.TAKEBACK)
        if existing is not None and existing.from_player_id != user.id:
            return await self.accept_takeback(user, record.id, told=told)
        if existing is not None:
            raise OfferPendingError(OfferKind.TAKEBACK)
        game = await self._core.replay(record)
        if _plies_to_undo(game, record, user.id) == 0:
            raise NothingToTakeBackError
        opponent = await self._core.store.players.get(record.opponent_of(user.id))
        if opponent is not None and opponent.is_bot:
            # The computer grants takebacks at once, as chess sites' computers do.
            await self.offer(record, user, OfferKind.TAKEBACK, pings=False)
            computer = User(opponent.id, opponent.display_name, is_bot=True)
            return await self.accept_takeback(computer, record.id, told=told)
        if opponent is not None and not opponent.may_be_asked_takeback(record.rated):
            # They chose not to be asked: refused here, and nobody is pinged.
            raise TakebacksRefusedError(
                opponent.display_name,
                rated_only=opponent.takeback_policy is TakebackPolicy.CASUAL,
            )
        return await self.offer(record, user, OfferKind.TAKEBACK, told=told)

    async def accept_takeback(
        self, user: User, game_id: int, *, place: Place | None = None, told: Told | None = None
    ) -> TakenBack:
        """Grant the opponent's takeback request: their last move (and any reply) is undone
        (pressed at ``place``, or ``told`` where already known: the board is posted in the
        game's places where the answer does not show it, ``told_where``)."""
        record = await self.playable(user, None, game_id)
        told = told or await self.told(record, place)
        requester_id = record.opponent_of(user.id)
        offer = await self._pending(record, OfferKind.TAKEBACK, requester_id)
        game = await self._core.replay(record)
        plies = _plies_to_undo(game, record, requester_id)
        if plies == 0:
            raise NothingToTakeBackError(any_more=True)
        earlier = game.take_back(plies)
        side = earlier.position.side_to_move
        to_move_id = record.white_id if side is Color.WHITE else record.black_id
        now = self._core.now()
        deadline, waiting = await self._clock_after_takeback(record, to_move_id, now)
        to_move = await self._core.ref(to_move_id)
        outbox = turn_dm(record.id, record.ply - plies, to_move)
        if told.in_place:
            ply = record.ply - plies
            outbox.append(taken_back_in_place(record, ply, plies, user.id, to_move, told))
        if not user.is_bot:  # the computer grants at once: no request was shown
            outbox.append(offer_closed(record, offer))
        written = await self._core.store.games.take_back(
            record,
            plies=plies,
            fen=earlier.position.fen(),
            to_move_id=to_move_id,
            requester_id=requester_id,
            now=now,
            deadline_at=deadline,
            outbox=outbox,
            waiting_bank=waiting,
        )
        if not written.ok:
            raise GameChangedError
        self._core.replays.forget(record.id)
        self._core.schedule_changed()
        updated = replace_record(
            record,
            ply=record.ply - plies,
            fen=earlier.position.fen(),
            to_move_id=to_move_id,
            last_move_at=now,
            deadline_at=deadline,
            version=written.version,
            waiting_bank=waiting,
        )
        return await self.taken_back(
            updated, await self._core.view(updated), earlier, plies, user.id
        )

    async def _clock_after_takeback(
        self, record: GameRecord, to_move_id: int, now: datetime
    ) -> tuple[datetime | None, int | None]:
        """The deadline of ``to_move_id`` after a takeback in ``record``, and the waiting
        player's bank in seconds (``_takeback_clock``), the players as the game's clocks see
        them (a no-vacation tournament's game runs through a vacation)."""
        stored = await self._core.store.players.get_many([record.white_id, record.black_id])
        seats = await clock_players(self._core, record.id, stored)
        had_move = seats.get(record.to_move_id or to_move_id)
        running, waiting = _takeback_clock(record, to_move_id, now, had_move)
        deadline = await self._core.deadline_for(
            to_move_id,
            now,
            running,
            seats.get(to_move_id),
            paused_until=record.paused_until,
            weekends_off=record.weekends_off,
        )
        return deadline, waiting

    async def taken_back(
        self, record: GameRecord, view: GameView, game: rules.Game, plies: int, by_id: int
    ) -> TakenBack:
        """What the players see after ``by_id`` granted a takeback of ``plies``: ``game`` (of
        ``record``) as it is now, to be continued by the player to move."""
        assert view.to_move is not None
        by = view.white if by_id == view.white.id else view.black
        board = await self._core.board_image(game, viewer_id=view.to_move.id, record=record)
        return TakenBack(view, board, plies, by, view.to_move)

    async def decline_takeback(
        self, user: User, game_id: int, *, place: Place | None = None
    ) -> OfferDeclined:
        """Refuse the opponent's takeback request. Raises ``NoOfferError``."""
        return await self.decline_offer(user, game_id, OfferKind.TAKEBACK, place=place)

    # --- helpers -------------------------------------------------------------------------

    async def _computer_opponent(self, record: GameRecord, user: User) -> PlayerRef | None:
        """The computer, when it is ``user``'s opponent in ``record`` (only the computer
        plays games as a bot)."""
        opponent = await self._core.store.players.get(record.opponent_of(user.id))
        if opponent is None or not opponent.is_bot:
            return None
        return await self._core.ref(opponent.id)

    async def acting(
        self, user: User, place: Place | None, game_id: int | None
    ) -> tuple[GameRecord, User]:
        """The game ``user`` means and who acts in it: themselves, or the team they
        captain there (vote chess). Raises what ``playable`` raises."""
        record = await self._core.resolve(user, place, game_id)
        seat = (
            None
            if record.has_player(user.id)
            else await captained_seat(self._core.store, record, user)
        )
        acting = user if seat is None else seat
        return await self._checked(record, acting), acting

    async def told(self, record: GameRecord, place: Place | None, *, shown: bool = True) -> Told:
        """Where an action at ``place`` on ``record`` is told besides its answer
        (``shown`` False: typed, answered in public only in the game's own place)."""
        return await told_where(self._core.store, record, place, shown=shown)

    async def playable(self, user: User, place: Place | None, game_id: int | None) -> GameRecord:
        return await self._checked(await self._core.resolve(user, place, game_id), user)

    async def _checked(self, record: GameRecord, user: User) -> GameRecord:
        """``record`` once ``user`` plays in it, it runs and is not damaged."""
        self._core.require_player(record, user)
        self._core.require_active(record)
        if record.damaged_at is not None:
            raise DamagedGameError(record.id)
        return record

    async def _pending(self, record: GameRecord, kind: OfferKind, from_player_id: int) -> Offer:
        """``from_player_id``'s pending offer of ``kind``. Raises ``NoOfferError``."""
        offers = await self._core.store.games.offers(record.id)
        found = next(
            (o for o in offers if o.kind is kind and o.from_player_id == from_player_id), None
        )
        if found is None:
            raise NoOfferError(kind)
        return found

    async def offer(
        self,
        record: GameRecord,
        user: User,
        kind: OfferKind,
        *,
        told: Told = UNTOLD,
        pings: bool = True,
        days: int | None = None,
    ) -> OfferMade:
        """Record ``user``'s offer of ``kind`` (``days``: a pause's length). ``told``: where
        the offer with its buttons is posted besides the answer (an outbox row written with
        it: typed away from the game's place, or a game between servers). ``pings`` False:
        not counted against the spam limit (the computer is asked, and nobody is pinged).
        Raises ``LimitReachedError``, ``GameChangedError``."""
        now = self._core.now()
        opponent_id = record.opponent_of(user.id)
        ping = PingKind(kind.value)
        hit = (
            await self._core.store.pings.take(user.id, opponent_id, ping, now, PINGS)
            if pings
            else None
        )
        if hit is not None:
            raise refusal(hit, (await self._core.ref(opponent_id)).name, now)
        for _ in range(WRITE_ATTEMPTS):
            outbox = [offer_in_place(record, kind, user.id, told)] if told.in_place else []
            made = await self._core.store.games.make_offer(
                record, kind, user.id, now, outbox, days=days
            )
            if made:
                break
            record = await self._core.refreshed_placement(record)
        else:
            raise GameChangedError
        return offer_made(await self._core.view(record), kind, user.id, record.ply, days)

    async def decline_offer(
        self, user: User, game_id: int, kind: OfferKind, *, place: Place | None = None
    ) -> OfferDeclined:
        """Decline the opponent's pending offer of ``kind`` (a team's captain for the
        team), pressed at ``place``: said in the game's places the answer does not show it
        in (``told_where``). Raises ``NoOfferError``."""
        record, user = await self.acting(user, None, game_id)
        opponent_id = record.opponent_of(user.id)
        offer = await self._pending(record, kind, opponent_id)
        told = await self.told(record, place)
        outbox = [declined_in_place(record, kind, opponent_id, told)] if told.in_place else []
        outbox.append(offer_closed(record, offer))
        now = self._core.now()
        if not await self._core.store.games.withdraw_offer(
            record.id, kind, opponent_id, outbox, now
        ):
            raise NoOfferError(kind)
        view = await self._core.view(record)
        by = view.white if user.id == view.white.id else view.black
        return OfferDeclined(view, kind, by)

    async def end(
        self,
        record: GameRecord,
        outcome: Outcome,
        actor: User | None,
        *,
        rated: bool = True,
        consume_offer: tuple[OfferKind, int] | None = None,
        now: datetime | None = None,
        in_place: bool = False,
        told: Told | None = None,
        counts: bool | None = None,
        also: Sequence[OutboxItem] = (),
    ) -> GameEnded:
        """Finish ``record`` with ``outcome`` in one transaction (ratings included), with
        the outbox rows telling the players (``in_place``: also post it in the game's place,
        when no interaction of theirs shows it; ``told``: where a player's action is told,
        ``told_where``, if known; ``counts``: whether an ending before each side has
        moved stands, if known; ``also``: more rows to write with it).

        The game is replayed first, so a damaged game raises ``DamagedGameError`` before
        anything is written (never a committed ending followed by a crash)."""
        await self._core.replay(record)  # raises DamagedGameError before anything is written
        counts = counts if counts is not None else await self.counts_from_start(record)
        outcome, rated = settled(record, outcome, rated, counts)
        now = now or self._core.now()
        refs = await self._core.refs(record.white_id, record.black_id)
        actor_id = None if actor is None else actor.id
        if told is None:
            # A game between servers: every one of its places is told (the answer, if
            # any, shows it in one server; where is not known here, so that one sees it
            # twice rather than another never).
            places = await self._core.store.game_places.of_game(record.id)
            told = Told(in_place or bool(places))
        items = partial(
            ending_items,
            in_place=in_place or told.in_place,
            actor_id=actor_id,
            shown_in=told.shown_in,
        )
        for _ in range(WRITE_ATTEMPTS):
            written: Written = await self._core.store.games.finish(
                record,
                stored_ending(outcome),
                now,
                self._core.rate(record) if rated else None,
                consume_offer=consume_offer,
                outbox=partial(_with, partial(items, record, refs), also),
            )
            if written.ok:
                break
            record = await self._core.refreshed_placement(record)
        else:
            raise GameChangedError
        self._core.schedule_changed()
        updated = finished_record(record, outcome, now, written.version)
        return await self.game_ended(updated, outcome, actor_id, written.ratings, refs)

    async def game_ended(
        self,
        record: GameRecord,
        outcome: Outcome,
        actor_id: int | None,
        ratings: RatingUpdate | None,
        refs: dict[int, PlayerRef] | None = None,
    ) -> GameEnded:
        """What a finished ``record`` looks like to the players: the final board, the
        ending's text and rating changes (``refs``: its players as ``ServiceCore.refs``
        gives them, if read already)."""
        view = await self._core.view(record, refs, reached=refs is not None)
        actor_ref = None
        if actor_id is not None:
            actor_ref = view.white if actor_id == view.white.id else view.black
        ending = self._core.ending(view, outcome, actor=actor_ref, ratings=ratings)
        game = await self._core.replay(record)
        board = await self._core.board_image(game, orientation=Color.WHITE)
        return GameEnded(view, board, ending)


def _with(
    items: Callable[[RatingUpdate | None], list[OutboxItem]],
    also: Sequence[OutboxItem],
    ratings: RatingUpdate | None,
) -> list[OutboxItem]:
    """An ending's rows (``items``, given its ratings) and ``also``."""
    return [*items(ratings), *also]


def settled(
    record: GameRecord, outcome: Outcome, rated: bool, counts_from_start: bool = False
) -> tuple[Outcome, bool]:
    """How ``record`` ends with ``outcome`` (and whether rated): a game ended by a player or
    the clock before each side has moved is aborted instead, unrated, unless it
    ``counts_from_start`` (a tournament's game)."""
    early = record.ply < ABORTABLE_PLIES and not counts_from_start
    if early and outcome.termination in _ABORTED_BEFORE_PLAY:
        return Outcome(Termination.ABORTED, None), False
    return outcome, rated


def stored_ending(outcome: Outcome) -> GameEnding:
    """``outcome`` as the store keeps it (an aborted game's result is ``*``)."""
    result = "*" if outcome.termination is Termination.ABORTED else outcome.result()
    return GameEnding(result, outcome.termination.value)


def finished_record(
    record: GameRecord, outcome: Outcome, now: datetime, version: int | None
) -> GameRecord:
    """``record`` as its ending with ``outcome`` at ``now`` left it (at ``version``)."""
    ending = stored_ending(outcome)
    return replace_record(
        record,
        status=GameStatus.FINISHED,
        result=ending.result,
        termination=ending.termination,
        to_move_id=None,
        deadline_at=None,
        finished_at=now,
        version=version,
    )


def _plies_to_undo(game: rules.Game, record: GameRecord, requester_id: int) -> int:
    """How many plies to undo so that ``requester_id``'s last move is taken back: 1 if it
    was the last move, 2 if the opponent replied; 0 if they have not moved."""
    requester = Color.WHITE if requester_id == record.white_id else Color.BLACK
    before = game.before_last_move
    if before is None:
        return 0
    if before.side_to_move is requester:
        return 1
    # Sides alternate: the move before the opponent's reply was the requester's, if any.
    return 2 if game.ply >= 2 else 0


def _takeback_clock(
    record: GameRecord,
    to_move_id: int,
    now: datetime,
    had_move: Player | None,
) -> tuple[timedelta | None, int | None]:
    """The time the player to move after a takeback in ``record`` has (None: untimed) and
    the waiting player's bank in seconds (None: not a time bank); see ``takeback_banks``.
    ``had_move``: the player who had the move, as the clock sees them. What their clock
    holds is ``time_left``'s: their vacation, the game's pause and their weekends (with
    weekends off) moved their deadline, which is no time of theirs to keep (the clock that
    runs next starts after a hold again, ``deadline_for``)."""
    terms = terms_of(record.days_per_move, record.untimed, record.increment_days, record.cap_days)
    if terms.kind is not ClockKind.BANK:
        return (None if terms.kind is ClockKind.UNTIMED else terms.start), None
    left = time_left(record, now, had_move)
    if left is None:  # no deadline yet: the bank is full
        left = terms.start
    waiting = terms.start
    if record.waiting_bank is not None:
        waiting = timedelta(seconds=record.waiting_bank)
    running, other = takeback_banks(left, waiting, switched=to_move_id != record.to_move_id)
    return running, int(other.total_seconds())
