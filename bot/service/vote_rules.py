"""Vote chess's rules, pure: which nominated move a closed window elects, and the limits a
member has each turn (docs/playing.md, *Vote chess*)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from bot.store import Nomination, Team

# Per member per turn, against spam (a vote cast first is not a change).
NOMINATIONS_PER_TURN = 3
VOTE_CHANGES_PER_TURN = 5
# Per team per turn: a poll is a message in the team's thread (a new one may carry later
# nominations; more would only fill the thread).
POLLS_PER_TURN = 2
# A team's name, and the members a list names (a larger team is a role).
MAX_TEAM_NAME = 40
MAX_LISTED_MEMBERS = 50
# How long a claim on closing a window lasts: a close is one write and a few reads.
CLOSE_LEASE_SECONDS = 120


def counts_shown(team: Team, *, voted: bool) -> bool:
    """Whether a member sees the votes of ``team``'s open turn: all along for a team that
    shows them, once they cast their own vote this turn (``voted``) for one that shows them
    after voting, never before the close for a secret team (chess.com's three choices)."""
    return not team.secret or (team.after_vote and voted)


class ElectedBy(Enum):
    """Why a nomination was played."""

    VOTES = "votes"  # the most votes
    TIE = "tie"  # tied on votes, nominated first
    CAPTAIN = "captain"  # no votes: the captain's nomination


@dataclass(frozen=True, slots=True)
class Election:
    nomination: Nomination
    by: ElectedBy


def elect(nominations: Sequence[Nomination], captain_id: int) -> Election | None:
    """The move ``nominations`` (in order of nomination) elect: most votes, a tie to the
    earliest nominated; with no vote at all the captain's earliest nomination; None when
    there is nothing to play (the clock decides)."""
    ordered = sorted(nominations, key=lambda nomination: nomination.id)
    top = max((nomination.votes for nomination in ordered), default=0)
    if top > 0:
        tied = [nomination for nomination in ordered if nomination.votes == top]
        return Election(tied[0], ElectedBy.TIE if len(tied) > 1 else ElectedBy.VOTES)
    for nomination in ordered:
        if nomination.nominated_by == captain_id:
            return Election(nomination, ElectedBy.CAPTAIN)
    return None
