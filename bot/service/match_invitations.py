"""A club match's invitation to another server, through the outbox: posted there like any
row (retried on Discord's 5xx and 429, with the row's nonce, so it lands once), and, when
it cannot be (Postal may write in no channel there, Discord refused it, or it kept failing
until the outbox gave up), said to the inviting organiser in their side's place instead."""

from __future__ import annotations

import dataclasses

from bot.service.club_matches import ClubMatchUseCases
from bot.service.core import ServiceCore
from bot.service.delivery_results import Delivery, DeliveryTarget
from bot.service.match_facts import NOWHERE_TO_POST, LostInvitation, MatchInvitation
from bot.store import (
    MatchInvitationFacts,
    MatchStatus,
    OutboxItem,
    OutboxRow,
    OutboxState,
    OutboxTarget,
)


async def invitation_delivery(
    core: ServiceCore, matches: ClubMatchUseCases, row: OutboxRow, facts: MatchInvitationFacts
) -> Delivery | None:
    """The invitation of ``row`` to post in the invited server (the adapter picks its
    channel there), or, ``lost``, the word of it to the inviting organiser in their side's
    place; None (recorded) when the match is gone or was answered before it went out."""
    now = core.now()
    match = await core.store.club_matches.get(facts.match_id)
    if match is None:
        await core.store.outbox.finish(row.id, OutboxState.FAILED, "the match is gone", now)
        return None
    view = await matches.view(match)
    said = Delivery.of_row(
        row,
        DeliveryTarget.PLACE,
        MatchInvitation(view, facts.server),
        guild_id=match.sides[1].guild_id,
    )
    if facts.lost is None:
        if match.status is not MatchStatus.INVITED:
            reason = "the invitation was answered before it was posted"
            await core.store.outbox.finish(row.id, OutboxState.SUPERSEDED, reason, now)
            return None
        return said
    side = match.sides[0]
    organiser = await core.ref(side.organiser_id) if side.organiser_id is not None else None
    lost = MatchInvitation(view, facts.server, LostInvitation(facts.lost), organiser)
    return dataclasses.replace(
        said,
        content=lost,
        guild_id=side.guild_id,
        channel_id=side.target_id,
        parent_id=side.channel_id if side.thread_id is not None else None,
        mention=(organiser,) if organiser is not None else (),
    )


async def lost_invitation(core: ServiceCore, row_id: int, reason: str) -> list[OutboxItem]:
    """What follows from giving up row ``row_id`` for ``reason``: if it was a match's
    invitation, the row telling its organiser (once: a lost word is not told again)."""
    row = await core.store.outbox.get(row_id)
    if row is None or not isinstance(row.facts, MatchInvitationFacts) or row.facts.lost:
        return []
    why = LostInvitation.NOWHERE if reason.startswith(NOWHERE_TO_POST) else LostInvitation.REFUSED
    told = dataclasses.replace(row.facts, lost=why.value)
    return [
        OutboxItem(
            OutboxTarget.PLACE, told, user_id=row.user_id, dedupe_key=f"invitation-lost:{row.id}"
        )
    ]
