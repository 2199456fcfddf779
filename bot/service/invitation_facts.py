"""An invitation to another server, as the outbox hands it to the adapters: a club match's
(its organisers there answer by button or command) or a team's vote challenge (a team
formed there accepts it by command), posted in the invited server; or, when it could not
be, the word of its loss to the inviter."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.service.match_facts import MatchView
from bot.service.results import ChallengeView, PlayerRef


class LostInvitation(Enum):
    """Why an invitation could not be posted in the invited server."""

    NOWHERE = "nowhere"  # Postal may write in no channel there
    REFUSED = "refused"  # Discord refused the post, or kept failing until the outbox gave up


# The start of the reason an adapter gives for an invitation with no channel to go to.
NOWHERE_TO_POST = "nowhere to post"


@dataclass(frozen=True, slots=True)
class Invitation:
    """The invitation of ``subject`` (a club match, or a team's vote challenge), made in
    the server named ``server``, posted by the outbox in the server ``invited`` (its id);
    or, ``lost`` (why), said in the inviter's place to the ``inviter`` (the match's
    organiser, the team's captain) instead."""

    subject: MatchView | ChallengeView
    server: str
    invited: int
    lost: LostInvitation | None = None
    inviter: PlayerRef | None = None
