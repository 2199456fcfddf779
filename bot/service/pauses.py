"""Pause by agreement: a player asks to stop a game's clocks for some days, the opponent
accepts or declines (buttons), and the clocks run again by themselves when the pause ends.

The pause moves the deadline of the player to move by its length when it is agreed, so the
clock stays a stored deadline; a move made during the pause spends none of the mover's time,
and the next deadline counts from the pause's end (``ServiceCore.deadline_for``). A request
lapses like a draw offer: the opponent's move answers it."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service.core import ServiceCore
from bot.service.endings import EndingUseCases
from bot.service.errors import GameChangedError, NoOfferError, OfferPendingError
from bot.service.game_facts import replace_record
from bot.service.mover_zone import clock_zone, player_to_move
from bot.service.other_places import UNTOLD, Told, offer_closed, paused_in_place
from bot.service.pause_facts import (
    MAX_GAME_PAUSE_DAYS,
    MAX_PAUSE_DAYS,
    PauseAgreed,
    PauseError,
    PauseProblem,
)
from bot.service.results import OfferDeclined, OfferMade, Place, User
from bot.service.weekends import deadline_after, running_between
from bot.store import GameRecord, OfferKind


class PauseUseCases:
    def __init__(self, core: ServiceCore, endings: EndingUseCases) -> None:
        self._core = core
        self._endings = endings

    async def ask(
        self, user: User, place: Place | None, days: int, *, game_id: int | None = None
    ) -> OfferMade | PauseAgreed:
        """``/pause days:N``: ask the opponent to stop the game's clocks for ``days`` (they
        get Accept/Decline); accept the opponent's pending request instead, if there is
        one; the computer agrees at once. Raises ``PauseError`` (days outside 1 to
        ``MAX_PAUSE_DAYS``, more than the game has left, an untimed game, a pause already
        running), ``OfferPendingError``, ``LimitReachedError``."""
        record = await self._endings.playable(user, place, game_id)
        offers = await self._core.store.games.offers(record.id)
        pending = next((o for o in offers if o.kind is OfferKind.PAUSE), None)
        if pending is not None and pending.from_player_id != user.id:
            # Answered in public where typed: said in the game's places but that one.
            return await self.accept(user, record.id, told=await self._endings.told(record, place))
        if pending is not None:
            raise OfferPendingError(OfferKind.PAUSE)
        check(record, days, self._core.now())
        opponent = await self._core.store.players.get(record.opponent_of(user.id))
        if opponent is not None and opponent.is_bot:
            # The computer has all the time in the world, as it grants takebacks.
            await self._endings.offer(record, user, OfferKind.PAUSE, pings=False, days=days)
            computer = User(opponent.id, opponent.display_name, is_bot=True)
            return await self.accept(computer, record.id, told=UNTOLD)
        told = await self._endings.told(record, place, shown=False)
        return await self._endings.offer(record, user, OfferKind.PAUSE, told=told, days=days)

    async def accept(
        self, user: User, game_id: int, *, place: Place | None = None, told: Told | None = None
    ) -> PauseAgreed:
        """Agree to the opponent's pending pause: the clocks stop from now for its days
        (pressed at ``place``, or ``told`` where already known: said in the game's places
        where the answer does not show it, ``told_where``), and the request's messages lose
        their buttons. Raises ``NoOfferError``, ``PauseError`` (the game can no longer be
        paused that long), ``GameChangedError``."""
        record = await self._endings.playable(user, None, game_id)
        asker_id = record.opponent_of(user.id)
        offers = await self._core.store.games.offers(record.id)
        offer = next(
            (o for o in offers if o.kind is OfferKind.PAUSE and o.from_player_id == asker_id),
            None,
        )
        if offer is None or offer.days is None:
            raise NoOfferError(OfferKind.PAUSE)
        now = self._core.now()
        days = offer.days
        check(record, days, now)
        until = now + timedelta(days=days)
        deadline = await self._deadline_after_pause(record, now, until)
        told = told or await self._endings.told(record, place)
        outbox = [paused_in_place(record, days, user.id, until, told)] if told.in_place else []
        if not user.is_bot:  # the computer agrees at once: no request was shown
            outbox.append(offer_closed(record, offer))
        written = await self._core.store.games.pause(
            record, asker_id, days, until, deadline, outbox, now
        )
        if not written.ok:
            raise GameChangedError
        self._core.schedule_changed()
        updated = replace_record(
            record,
            paused_until=until,
            pause_days=record.pause_days + days,
            deadline_at=deadline,
            version=written.version,
        )
        view = await self._core.view(updated)
        by = view.white if user.id == view.white.id else view.black
        left = MAX_GAME_PAUSE_DAYS - updated.pause_days
        return PauseAgreed(view, days, until, by, view.opponent_of(user.id), left)

    async def _deadline_after_pause(
        self, record: GameRecord, now: datetime, until: datetime
    ) -> datetime:
        """The deadline of the player to move once the pause from ``now`` to ``until`` is
        agreed: the time their clock had left when it stopped, run again from ``until``. A
        vacation of theirs already stops that clock: the pause moves it only by the part
        the vacation does not cover (not twice). With weekends off that time is counted
        without their weekends, so the deadline never lands on one."""
        assert record.deadline_at is not None  # ``check`` refused an untimed game
        mover = await player_to_move(self._core.store, record)
        runs_from = now  # when the clock would run again without the pause
        if mover is not None and mover.on_vacation(now):
            assert mover.vacation_ends_at is not None
            runs_from = mover.vacation_ends_at
        resumes = max(until, runs_from)
        zone = clock_zone(record, mover)
        if zone is None:
            return record.deadline_at + (resumes - runs_from)
        return deadline_after(resumes, running_between(runs_from, record.deadline_at, zone), zone)

    async def decline(
        self, user: User, game_id: int, *, place: Place | None = None
    ) -> OfferDeclined:
        """Refuse the opponent's pending pause. Raises ``NoOfferError``."""
        return await self._endings.decline_offer(user, game_id, OfferKind.PAUSE, place=place)


def check(record: GameRecord, days: int, now: datetime) -> None:
    """Refuse a pause of ``days`` in ``record`` at ``now`` with a ``PauseError``: a length
    outside 1 to ``MAX_PAUSE_DAYS``, an untimed game, a pause still running, more days than
    the game has left of ``MAX_GAME_PAUSE_DAYS``."""
    left = MAX_GAME_PAUSE_DAYS - record.pause_days
    if not 1 <= days <= MAX_PAUSE_DAYS:
        raise PauseError(PauseProblem.LENGTH, days=days, left=left)
    if record.untimed or record.deadline_at is None:
        raise PauseError(PauseProblem.UNTIMED)
    if record.paused(now):
        raise PauseError(PauseProblem.RUNNING, until=record.paused_until)
    if days > left:
        raise PauseError(PauseProblem.ALLOWANCE, days=days, left=left)
