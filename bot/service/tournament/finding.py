"""A tournament found where a command names it, and shown as its messages show it: for
the tournament use cases and the siblings composed with them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.core import ServiceCore
from bot.service.game_facts import variant_named
from bot.service.results import Place, ThematicStart
from bot.service.thematic_starts import start_shown
from bot.service.tournament.facts import (
    TournamentError,
    TournamentRefusal,
    TournamentView,
)
from bot.service.tournament.knockout import Decider
from bot.store import Tournament, TournamentStatus


async def find_tournament(
    core: ServiceCore, place: Place, tournament_id: int | None, *, open_only: bool
) -> Tournament:
    """The tournament meant in ``place``: ``tournament_id`` (of this server and channel),
    else the only one open there (``open_only`` False: the newest there)."""
    store = core.store.tournaments
    if tournament_id is not None:
        found = await store.get(tournament_id)
        if found is None or (found.guild_id, found.channel_id) != (
            place.guild_id,
            place.channel_id,
        ):
            raise TournamentError(TournamentRefusal.NO_TOURNAMENT, tournament_id=tournament_id)
        return found
    if not open_only:
        latest = await store.latest_in(place.guild_id, place.channel_id)
        if latest is None:
            raise TournamentError(TournamentRefusal.NO_TOURNAMENT)
        return latest
    here = [
        t
        for t in await store.unfinished_in(place.guild_id, place.channel_id)
        if t.status is TournamentStatus.OPEN
    ]
    if not here:
        latest = await store.latest_in(place.guild_id, place.channel_id)
        if latest is not None:  # the tournament here has started (or finished)
            raise TournamentError(closed(latest), tournament_id=latest.id)
        raise TournamentError(TournamentRefusal.NO_TOURNAMENT)
    if len(here) > 1:
        raise TournamentError(
            TournamentRefusal.SEVERAL, choices=tuple((t.id, t.name) for t in here)
        )
    return here[0]


async def latest_tournament(core: ServiceCore, tournament_id: int) -> Tournament:
    """Tournament ``tournament_id`` as stored now. Raises ``TournamentError``
    (NO_TOURNAMENT) when it is gone."""
    found = await core.store.tournaments.get(tournament_id)
    if found is None:
        raise TournamentError(TournamentRefusal.NO_TOURNAMENT, tournament_id=tournament_id)
    return found


async def latest_view(core: ServiceCore, tournament_id: int) -> TournamentView:
    """Tournament ``tournament_id`` as stored and shown now. Raises ``TournamentError``
    (NO_TOURNAMENT) when it is gone."""
    return await tournament_view(core, await latest_tournament(core, tournament_id))


async def tournament_view(core: ServiceCore, tournament: Tournament) -> TournamentView:
    """``tournament`` as its messages show it: its terms, organiser and entrants."""
    entrants = await core.store.tournaments.entrants(tournament.id)
    ids: Sequence[int] = [entrant.player_id for entrant in entrants]
    refs = await core.refs(tournament.organiser_id, *ids)
    return TournamentView(
        tournament.id,
        tournament.name,
        tournament.format,
        tournament.cycles,
        tournament.variant,
        tournament.days_per_move,
        tournament.rated,
        tournament.max_players,
        tournament.start_when_full,
        tournament.status,
        refs[tournament.organiser_id],
        tuple(refs[player] for player in ids),
        Place(tournament.guild_id, tournament.channel_id, tournament.thread_id),
        tournament.message_id,
        tournament.rounds,
        tournament.starts_at,
        tournament.cancelled_at is not None,
        tournament.vacation,
        start_shown_of(tournament),
        tournament.tiebreak_pairs,
        tournament.timeout_limit,
        Decider(tournament.decider),
    )


def start_shown_of(tournament: Tournament) -> ThematicStart | None:
    """A thematic tournament's start as its messages tell it (None: the usual start)."""
    if tournament.start_fen is None:
        return None
    return start_shown(variant_named(tournament.variant), tournament.start_fen)


def closed(tournament: Tournament) -> TournamentRefusal:
    """Why ``tournament`` takes no entrants: it started, or was called off at its deadline."""
    return TournamentRefusal.CANCELLED if tournament.cancelled_at else TournamentRefusal.STARTED
