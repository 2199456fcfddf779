"""Forming a vote chess team (``service.votes``): its terms checked, then written with
its seat (``bot.store.teams``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.service.core import ServiceCore
from bot.service.results import User
from bot.service.vote_facts import TeamShown, VoteError, VoteRefusal
from bot.service.vote_rules import MAX_LISTED_MEMBERS, MAX_TEAM_NAME
from bot.store import NewTeam, Team


class Secrecy(NamedTuple):
    """Whether a team's votes are hidden from its members until the window closes
    (``secret``), or, with ``after_vote``, until each has voted this turn."""

    secret: bool
    after_vote: bool = False

    @classmethod
    def checked(cls, secret: bool, after_vote: bool) -> Secrecy:
        """Raises ``VoteError`` (``SHOWN_ANYWAY``: counts after voting asked of votes that
        are not secret before it)."""
        if after_vote and not secret:
            raise VoteError(VoteRefusal.SHOWN_ANYWAY)
        return cls(secret, after_vote)


def checked_terms(
    captain: User,
    name: str,
    members: Sequence[User],
    opponent: User | None,
    window_hours: int | None,
    days: int | None,
) -> tuple[str, int]:
    """A team's name tidied and its window in hours. Raises ``VoteError``."""
    title = " ".join(name.split())
    if not title or len(title) > MAX_TEAM_NAME:
        raise VoteError(VoteRefusal.BAD_NAME, count=MAX_TEAM_NAME)
    if len(members) > MAX_LISTED_MEMBERS:
        raise VoteError(VoteRefusal.TOO_MANY, count=MAX_LISTED_MEMBERS)
    if opponent is not None and (
        opponent.id == captain.id or any(m.id == opponent.id for m in members)
    ):
        raise VoteError(VoteRefusal.OPPONENT_IN_TEAM)
    if days is None:
        raise VoteError(VoteRefusal.NEEDS_DAYS)
    hours = days * 24 if window_hours is None else window_hours
    if not 1 <= hours <= days * 24:
        raise VoteError(VoteRefusal.WINDOW_LENGTH, count=days * 24)
    return title, hours


async def new_team(
    core: ServiceCore,
    captain: User,
    guild_id: int,
    title: str,
    members: Sequence[User],
    role_id: int | None,
    hours: int,
    secrecy: Secrecy,
    rival_guild_id: int | None = None,
) -> tuple[Team, TeamShown]:
    """Write the team (its terms checked already: ``checked_terms``) and how it is shown;
    ``rival_guild_id``: the server its challenge is to (None: its own server's teams)."""
    secret, after_vote = secrecy
    await core.ensure_player(captain)
    listed = tuple(m for m in members if m.id != captain.id)
    listed_ids = tuple(m.id for m in listed)
    new = NewTeam(
        guild_id,
        title,
        captain.id,
        listed_ids,
        role_id,
        hours * 3600,
        secret,
        rival_guild_id,
        after_vote,
    )
    team = await core.store.teams.create(new, core.now())
    names = tuple(m.name for m in listed)
    return team, TeamShown(title, captain.name, names, role_id, hours, secret, after_vote)
