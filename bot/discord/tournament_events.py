"""A tournament as a Discord scheduled event (``/tournament create event:yes``): an external
event in the server's Events list at the sign-up deadline, its location the link to the
sign-up message, lasting an hour (Discord requires an end for an external event).

Creating one needs the Create Events permission (Manage Events before Discord split the two
in 2023; servers that granted Manage Events were given Create Events with it). Without it,
or without a deadline to put it at, the tournament is made all the same and its organiser is
told privately why no event was; the event is never retried (it is a convenience, not the
tournament)."""

from __future__ import annotations

import logging
from datetime import timedelta
from enum import Enum

import discord

from bot.i18n import _
from bot.i18n.text import say
from bot.service.tournament.facts import TournamentView
from bot.text.tournament_words import title

_log = logging.getLogger(__name__)

EVENT_LENGTH = timedelta(hours=1)
MAX_EVENT_NAME = 100  # Discord's limit on an event's name (and on an external location)


class EventMade(Enum):
    """What asking for a tournament's event came to."""

    MADE = "made"
    NO_DEADLINE = "no_deadline"  # nothing to put it at: the organiser starts it
    NOT_ALLOWED = "not_allowed"  # Postal lacks Create Events in the server
    FAILED = "failed"  # Discord refused or failed otherwise (logged)


async def make_event(
    guild: discord.Guild | None, view: TournamentView, message_id: int | None
) -> EventMade:
    """Create ``view``'s scheduled event in ``guild`` at its sign-up deadline. Raises
    nothing: what happened is the answer."""
    if view.starts_at is None:
        return EventMade.NO_DEADLINE
    if guild is None:
        return EventMade.FAILED
    place = view.place
    link = f"https://discord.com/channels/{place.guild_id}/{place.target_id}"
    if message_id is not None:
        link += f"/{message_id}"
    try:
        await guild.create_scheduled_event(
            name=say(title(view))[:MAX_EVENT_NAME],
            start_time=view.starts_at,
            end_time=view.starts_at + EVENT_LENGTH,
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only,
            location=link[:MAX_EVENT_NAME],
        )
    except discord.Forbidden:
        return EventMade.NOT_ALLOWED
    except (discord.HTTPException, OSError) as error:
        _log.warning("tournament #%s: no scheduled event (%s)", view.id, error)
        return EventMade.FAILED
    return EventMade.MADE


def event_note(made: EventMade) -> str | None:
    """What the organiser is told privately about the event (None: it was made)."""
    match made:
        case EventMade.NO_DEADLINE:
            return _("No Discord event: an event needs the deadline option to be put at.")
        case EventMade.NOT_ALLOWED:
            return _("No Discord event: Postal needs the Create Events permission here.")
        case EventMade.FAILED:
            return _("No Discord event: Discord did not make it; the tournament is open.")
        case _:
            return None
