"""Whom and where an outbox row about a game speaks to (``DeliveryUseCases.delivery``): the
channel it is posted in, the one it falls back to, and the people it may name."""

from __future__ import annotations

from bot.service.delivery_contents import Content
from bot.service.results import PlayerRef
from bot.service.vote_facts import TeamCountsNotice, TeamReminder
from bot.store import Routing


def post_channels(content: Content, routing: Routing) -> tuple[int, int | None]:
    """Where a row about a game is posted, and the channel to fall back to when a thread
    refuses it: its game's place (its thread, else its channel), or the channel it was
    redirected to; a team's counts in the team's private thread alone (the adapter opens
    it when there is none), never the game's place nor its channel, which the other side
    reads."""
    view, redirected = content.game, routing.channel_id
    if isinstance(content, TeamCountsNotice):
        return content.thread.thread_id or view.channel_id, None
    if redirected:
        return redirected, None
    return view.thread_id or view.channel_id, view.channel_id if view.thread_id else None


def people_of(content: Content) -> dict[int, PlayerRef]:
    """Who a row about a game may be for or mention: its players, and a team reminder's
    members (a member's own reminder, by DM: a voter, no player)."""
    view = content.game
    refs = {view.white.id: view.white, view.black.id: view.black}
    if isinstance(content, TeamReminder):
        refs.update((member.id, member) for member in content.members)
    return refs
