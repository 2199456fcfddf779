"""A game's other places (a club match's game between servers: ``game_places``), as the
use cases see them: where a player's action on a game (an offer, its answer, a takeback, an
ending) is told besides the interaction's answer — in the game's place when typed away from
it, and, for a game between servers, in every one of its places but the one the answer
showed it in — and who may read the game there."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.service.game_facts import may_read, read_in_places, typed_away
from bot.service.results import Place, PlayerRef
from bot.store import (
    OWN_PLACE,
    GamePlace,
    GameRecord,
    MoreTimeFacts,
    NotifyMode,
    Offer,
    OfferClosedFacts,
    OfferFacts,
    OfferKind,
    OutboxItem,
    OutboxTarget,
    PauseFacts,
    Routing,
    Store,
    TakebackFacts,
)
from bot.store.records import to_epoch


@dataclass(frozen=True, slots=True)
class Told:
    """``in_place``: write the row said in the game's place (copied to each of its other
    places); ``shown_in``: the place the answer itself showed it in (``OWN_PLACE``, a
    ``game_places`` id, or None: none of the game's), where that row is not said again."""

    in_place: bool
    shown_in: int | None = None

    def routing(self, mention: tuple[int, ...] = ()) -> Routing:
        """The routing of the row said in the game's places."""
        return Routing(mention, shown_in=self.shown_in)


# Not told in the game's place (the answer, in its place, says it; or nothing is answered).
UNTOLD = Told(False)


async def told_where(
    store: Store,
    record: GameRecord,
    place: Place | None,
    places: list[GamePlace] | None = None,
    *,
    shown: bool = True,
) -> Told:
    """Where an action taken at ``place`` (None: no place of the game's, e.g. the service
    itself) on ``record`` is told (``places``: the game's other places, if read already).
    A game of one place: in its place when typed away from it. A game between servers:
    always, but for the place the answer showed it in: the game's own, or (``shown``: a
    press, answered in public where it was pressed) the game's thread in another server;
    a command typed there is answered with a private note, so every place is told."""
    away = typed_away(place, record)
    if places is None:
        places = await store.game_places.of_game(record.id)
    if not places:
        return Told(away)
    if place is None:
        return Told(True)
    if not away:
        return Told(True, OWN_PLACE)
    here = in_places(places, place)
    return Told(True, here if shown else None)


def in_places(places: list[GamePlace], place: Place) -> int | None:
    """The id of the game's other place ``place`` is in (its thread there), if any."""
    return next((p.id for p in places if p.target_id == place.target_id), None)


async def may_read_at(store: Store, record: GameRecord, user_id: int, place: Place) -> bool:
    """Whether ``user_id`` typing at ``place`` may see ``record``: where ``may_read`` lets
    them, or in one of the game's other places (``read_in_places``; read only when the
    first says no, from another server)."""
    if may_read(record, user_id, place):
        return True
    if place.guild_id == record.guild_id:
        return False
    return read_in_places(await store.game_places.of_game(record.id), place)


def offer_in_place(record: GameRecord, kind: OfferKind, from_id: int, told: Told) -> OutboxItem:
    """The outbox row posting an offer in the game's places (``told``)."""
    return OutboxItem(
        OutboxTarget.PLACE,
        OfferFacts(kind.value, from_id, record.ply),
        game_id=record.id,
        user_id=record.opponent_of(from_id),
        routing=told.routing((record.opponent_of(from_id),)),  # in another place: its own
    )


def declined_in_place(record: GameRecord, kind: OfferKind, from_id: int, told: Told) -> OutboxItem:
    """The outbox row saying in the game's places (``told``) that ``from_id``'s offer was
    declined."""
    return OutboxItem(
        OutboxTarget.PLACE,
        OfferFacts(kind.value, from_id, record.ply, declined=True),
        game_id=record.id,
        user_id=from_id,
        routing=told.routing(),
    )


def offer_closed(record: GameRecord, offer: Offer) -> OutboxItem:
    """The outbox row taking the buttons off ``offer``'s messages, now that it is answered,
    in every place of the game (the answer's own included: a typed answer, or a press on
    the board, leaves the offer's message as it was; a press on it rewrote it already)."""
    facts = OfferClosedFacts(offer.kind.value, offer.from_player_id, offer.ply)
    return OutboxItem(OutboxTarget.PLACE, facts, game_id=record.id)


def paused_in_place(
    record: GameRecord, days: int, by_id: int, until: datetime, told: Told
) -> OutboxItem:
    """The outbox row saying in the game's places (``told``) that ``by_id`` agreed to the
    opponent's pause of ``days`` until ``until``, mentioning the player who asked."""
    asker_id = record.opponent_of(by_id)
    return OutboxItem(
        OutboxTarget.PLACE,
        PauseFacts(days, by_id, to_epoch(until)),
        game_id=record.id,
        user_id=asker_id,
        routing=told.routing((asker_id,)),  # in another place: its own
    )


def taken_back_in_place(
    record: GameRecord, ply: int, plies: int, by_id: int, to_move: PlayerRef, told: Told
) -> OutboxItem:
    """The outbox row posting the board after a takeback in the game's places (``told``),
    mentioning the player to move if they want mentions."""
    mention = (to_move.id,) if to_move.notify is NotifyMode.CHANNEL else ()
    return OutboxItem(
        OutboxTarget.PLACE,
        TakebackFacts(ply, plies, by_id),
        game_id=record.id,
        user_id=to_move.id,
        routing=told.routing(mention),
    )


def more_time_in_place(
    record: GameRecord, days: int, by_id: int, deadline: datetime, to_move: PlayerRef, told: Told
) -> OutboxItem:
    """The outbox row saying in the game's places (``told``) that ``by_id`` gave the player
    to move ``days`` more, until ``deadline``, mentioning them if they want mentions."""
    mention = (to_move.id,) if to_move.notify is NotifyMode.CHANNEL else ()
    return OutboxItem(
        OutboxTarget.PLACE,
        MoreTimeFacts(days, by_id, to_epoch(deadline)),
        game_id=record.id,
        user_id=to_move.id,
        routing=told.routing(mention),  # in another place: only where they play
    )
