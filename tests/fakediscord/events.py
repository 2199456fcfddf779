"""REST routes of guild scheduled events: ``POST /guilds/{guild.id}/scheduled-events`` as
Discord documents it (resources/guild-scheduled-event, Create Guild Scheduled Event).

Enforced: the guild exists (10004 Unknown Guild); the bot has Create Events there (403,
50013); the body's ``name`` is 1-100 characters, ``privacy_level`` is 2 (GUILD_ONLY, the only
one), ``entity_type`` is 1 (STAGE_INSTANCE), 2 (VOICE) or 3 (EXTERNAL), and an EXTERNAL
event has no ``channel_id``, an ``entity_metadata.location`` of 1-100 characters and a
``scheduled_end_time``; the start is an ISO 8601 time in the future (on the fake's wall
clock) and the end after it; a ``description`` at most 1000 characters (each a 400, 50035
Invalid Form Body). The answer is the event object."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from aiohttp import web

from tests.fakediscord.answers import Answers
from tests.fakediscord.model import CREATE_EVENTS, DiscordError, json_response

EXTERNAL = 3


class Events(Answers):
    """Scheduled events, as Discord's REST API creates them."""

    async def _create_scheduled_event(self, request: web.Request) -> web.Response:
        guild_id = int(request.match_info["guild"])
        if guild_id not in self.guild_names:
            raise DiscordError(404, 10004, "Unknown Guild")
        if not self.bot_permissions & CREATE_EVENTS:
            raise DiscordError(403, 50013, "Missing Permissions")
        body = await request.json()
        self._check_event(body)
        event = {
            "id": str(self.new_id()),
            "guild_id": str(guild_id),
            "channel_id": body.get("channel_id"),
            "creator_id": str(self.bot_user.id),
            "name": body["name"],
            "description": body.get("description"),
            "scheduled_start_time": body["scheduled_start_time"],
            "scheduled_end_time": body.get("scheduled_end_time"),
            "privacy_level": body["privacy_level"],
            "status": 1,  # SCHEDULED
            "entity_type": body["entity_type"],
            "entity_id": None,
            "entity_metadata": body.get("entity_metadata"),
            "user_count": 0,
            "image": None,
            "recurrence_rule": None,
        }
        self.scheduled_events.append(event)
        return json_response(event)

    def _check_event(self, body: dict[str, Any]) -> None:
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise self._violation(400, 50035, f"event name {name!r} not 1-100 characters")
        if body.get("privacy_level") != 2:
            raise self._violation(400, 50035, "event privacy_level must be 2 (GUILD_ONLY)")
        kind = body.get("entity_type")
        if kind not in (1, 2, 3):
            raise self._violation(400, 50035, f"event entity_type {kind!r}")
        if len(body.get("description") or "") > 1000:
            raise self._violation(400, 50035, "event description over 1000 characters")
        start = _moment(body.get("scheduled_start_time"))
        if start is None or start <= self.wall():
            raise self._violation(400, 50035, "event start not a time in the future")
        end = _moment(body.get("scheduled_end_time"))
        if kind == EXTERNAL:
            location = (body.get("entity_metadata") or {}).get("location")
            if body.get("channel_id") is not None:
                raise self._violation(400, 50035, "an external event has no channel_id")
            if not isinstance(location, str) or not 1 <= len(location) <= 100:
                raise self._violation(400, 50035, f"external event location {location!r}")
            if end is None:
                raise self._violation(400, 50035, "an external event needs an end time")
        if end is not None and end <= start:
            raise self._violation(400, 50035, "event end not after its start")


def _moment(text: object) -> datetime | None:
    if not isinstance(text, str):
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None
