"""An invitation to another server, through the outbox: a club match's, or a team's vote
challenge (an ``InvitationFacts`` row written with the match or the challenge:
``outbox_items.invitation``). Posted there like any row (retried on Discord's 5xx and 429,
with the row's nonce, so it lands once), and, when it cannot be (Postal may write in no
channel there, Discord refused it, or it kept failing until the outbox gave up), said to
the inviter (the match's organiser, the team's captain) in their place instead."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.service.club_matches import ClubMatchUseCases
from bot.service.core import ServiceCore
from bot.service.delivery_results import Delivery, DeliveryTarget, posted_in
from bot.service.invitation_facts import NOWHERE_TO_POST, Invitation, LostInvitation
from bot.service.match_facts import MatchView
from bot.service.results import ChallengeView, Place
from bot.store import (
    ChallengeStatus,
    InvitationFacts,
    MatchStatus,
    OutboxItem,
    OutboxRow,
    OutboxState,
    OutboxTarget,
    team_of_player,
)


@dataclass(frozen=True, slots=True)
class _Invited:
    """What an invitation's delivery needs of its match or challenge."""

    subject: MatchView | ChallengeView
    answered: bool  # no longer waiting for an answer (answered, or expired, by then)
    invited: int  # the invited server
    home: Place  # where the inviter is told of a loss
    inviter_id: int | None


async def invitation_delivery(
    core: ServiceCore, matches: ClubMatchUseCases, row: OutboxRow, facts: InvitationFacts
) -> Delivery | None:
    """The invitation of ``row`` to post in the invited server (the adapter picks its
    channel there), or, ``lost``, the word of it to the inviter in their place; None
    (recorded) when its match or challenge is gone or was answered before it went out."""
    now = core.now()
    invited = await _invited(core, matches, facts)
    if invited is None:
        await core.store.outbox.finish(row.id, OutboxState.FAILED, "its subject is gone", now)
        return None
    if facts.lost is None:
        if invited.answered:
            reason = "the invitation was answered before it was posted"
            await core.store.outbox.finish(row.id, OutboxState.SUPERSEDED, reason, now)
            return None
        said = Invitation(invited.subject, facts.server, invited.invited)
        return Delivery.of_row(row, DeliveryTarget.PLACE, said, guild_id=invited.invited)
    inviter = await core.ref(invited.inviter_id) if invited.inviter_id is not None else None
    why = LostInvitation(facts.lost)
    lost = Invitation(invited.subject, facts.server, invited.invited, why, inviter)
    where = posted_in(invited.home)
    where["mention"] = (inviter,) if inviter is not None else ()
    return Delivery.of_row(row, DeliveryTarget.PLACE, lost, **where)


async def _invited(
    core: ServiceCore, matches: ClubMatchUseCases, facts: InvitationFacts
) -> _Invited | None:
    """The match or the challenge ``facts`` invite to, as a delivery needs it; None when
    it is gone."""
    if facts.match_id is not None:
        match = await core.store.club_matches.get(facts.match_id)
        if match is None:
            return None
        side = match.sides[0]
        assert side.channel_id is not None  # the inviting side is made where it is
        return _Invited(
            await matches.view(match),
            match.status is not MatchStatus.INVITED,
            match.sides[1].guild_id,
            Place(side.guild_id, side.channel_id, side.thread_id),
            side.organiser_id,
        )
    challenge = None
    if facts.challenge_id is not None:
        challenge = await core.store.challenges.get(facts.challenge_id)
    team_id = None if challenge is None else team_of_player(challenge.challenger_id)
    team = None if team_id is None else await core.store.teams.get(team_id)
    if challenge is None or team is None or team.rival_guild_id is None:
        return None
    view = await core.challenge_view(challenge)
    return _Invited(
        view,
        challenge.status is not ChallengeStatus.OPEN,
        team.rival_guild_id,
        view.place,
        team.captain_id,
    )


async def lost_invitation(core: ServiceCore, row_id: int, reason: str) -> list[OutboxItem]:
    """What follows from giving up row ``row_id`` for ``reason``: if it was an invitation,
    the row telling its inviter (once: a lost word is not told again)."""
    row = await core.store.outbox.get(row_id)
    if row is None or not isinstance(row.facts, InvitationFacts) or row.facts.lost:
        return []
    why = LostInvitation.NOWHERE if reason.startswith(NOWHERE_TO_POST) else LostInvitation.REFUSED
    told = dataclasses.replace(row.facts, lost=why.value)
    return [
        OutboxItem(
            OutboxTarget.PLACE,
            told,
            challenge_id=row.challenge_id,
            user_id=row.user_id,
            dedupe_key=f"invitation-lost:{row.id}",
        )
    ]
