"""Outbox rows a change writes with it: the turn's DM, the turn said in the game's place,
the ending's notices (the core and the use cases build them alike)."""

from __future__ import annotations

from bot.service.game_facts import (
    rating_facts,
)
from bot.service.results import (
    PlayerRef,
)
from bot.store import (
    Answering,
    EndingFacts,
    GameRecord,
    InvitationFacts,
    NotifyMode,
    OutboxItem,
    OutboxTarget,
    RatingUpdate,
    Routing,
    TurnFacts,
)


def turn_dm(game_id: int | None, ply: int, player: PlayerRef | None) -> list[OutboxItem]:
    """A DM telling ``player`` it is their move at ``ply``, if that is how they want to
    hear it (``game_id`` None: the game being created); not to a player who reads of
    their turns in a daily digest."""
    if player is None or player.notify is not NotifyMode.DM or player.digest:
        return []
    return [OutboxItem(OutboxTarget.DM, TurnFacts(ply), game_id=game_id, user_id=player.id)]


def turn_in_place(
    game_id: int, ply: int, player: PlayerRef, answering: Answering | None = None
) -> list[OutboxItem]:
    """The board after the move at ``ply``, posted in the game's place, mentioning
    ``player`` (to move) if they want mentions: for a move typed elsewhere, or, held
    for it (``answering``), what the move's answer in the place says."""
    mention = (player.id,) if player.notify is NotifyMode.CHANNEL and not player.digest else ()
    return [
        OutboxItem(
            OutboxTarget.PLACE,
            TurnFacts(ply, board=True),
            game_id=game_id,
            user_id=player.id,
            routing=Routing(mention),
            answering=answering,
        )
    ]


def ending_items(
    record: GameRecord,
    refs: dict[int, PlayerRef],
    ratings: RatingUpdate | None = None,
    *,
    in_place: bool,
    actor_id: int | None,
    answering: Answering | None = None,
    shown_in: int | None = None,
) -> list[OutboxItem]:
    """The end of ``record`` told by DM to players who want DMs, and, when nobody's
    interaction shows it (``in_place``: a time-out) or held for the interaction's answer
    that does (``answering``), posted in the game's place with the players mentioned
    (``shown_in``: not in the place of the game an interaction's answer showed it in)."""
    facts = EndingFacts(actor_id, rating_facts(ratings))
    players = [refs[record.white_id], refs[record.black_id]]
    items = [
        OutboxItem(
            OutboxTarget.DM,
            facts,
            game_id=record.id,
            user_id=player.id,
            dedupe_key=f"ending:{record.id}:dm:{player.id}",
        )
        for player in players
        if player.notify is NotifyMode.DM
    ]
    if in_place or answering is not None:
        mention = tuple(p.id for p in players if p.notify is NotifyMode.CHANNEL)
        items.append(
            OutboxItem(
                OutboxTarget.PLACE,
                facts,
                game_id=record.id,
                routing=Routing(mention, shown_in=shown_in),
                dedupe_key=f"ending:{record.id}:place",
                answering=answering,
            )
        )
    return items


def match_invitation(server: str, organiser_id: int, match_id: int) -> list[OutboxItem]:
    """The row posting club match ``match_id``'s invitation in the invited server (made
    in the server named ``server`` by ``organiser_id``, told there if it cannot be)."""
    facts = InvitationFacts(server, match_id=match_id)
    return [OutboxItem(OutboxTarget.PLACE, facts, user_id=organiser_id)]


def challenge_invitation(server: str, captain_id: int, challenge_id: int) -> list[OutboxItem]:
    """The row posting a team's vote challenge ``challenge_id`` in the server it is to
    (made in the server named ``server``, captained by ``captain_id``, told there if it
    cannot be), in the challenge's lane."""
    facts = InvitationFacts(server, challenge_id=challenge_id)
    return [OutboxItem(OutboxTarget.PLACE, facts, challenge_id=challenge_id, user_id=captain_id)]
