"""Where a player's action on a game (an offer, its answer, a takeback, an ending) is told
besides the interaction's answer: in the game's place when typed away from it, and, for a
game between servers (``game_places``), in every one of its places but the one the answer
showed it in."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.game_facts import typed_away
from bot.service.results import Place
from bot.store import OWN_PLACE, GamePlace, GameRecord, Routing, Store


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
) -> Told:
    """Where an action taken at ``place`` (None: no place of the game's, e.g. the service
    itself) on ``record`` is told (``places``: the game's other places, if read already).
    A game of one place: in its place when typed away from it. A game between servers:
    always, but for the place the answer showed it in."""
    away = typed_away(place, record)
    if places is None:
        places = await store.game_places.of_game(record.id)
    if not places:
        return Told(away)
    if place is None:
        return Told(True)
    if not away:
        return Told(True, OWN_PLACE)
    here = next((p.id for p in places if p.target_id == place.target_id), None)
    return Told(True, here)
