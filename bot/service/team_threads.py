"""Vote chess's private team threads (``service.team_threads``): where a team talks over
its moves and the other side cannot read. Any member asks (``/vote thread``); the adapter
opens the thread once, in the game's channel, adds the captain and the listed members (a
role team's holders join by asking) and remembers it here, with whom it added: a holder
who no longer holds the role is taken out as the thread is next opened for a member."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.core import ServiceCore
from bot.service.results import Place, User
from bot.service.vote_facts import TeamThreadAsked, team_thread_asked
from bot.service.votes import VoteUseCases

__all__ = ["TeamThreadAsked", "TeamThreads"]


class TeamThreads:
    """Asking for a team's private thread, and remembering it."""

    def __init__(self, core: ServiceCore, votes: VoteUseCases) -> None:
        self._core = core
        self._votes = votes

    async def ask(
        self,
        user: User,
        place: Place | None,
        *,
        game_id: int | None = None,
        roles: frozenset[int] = frozenset(),
    ) -> TeamThreadAsked:
        """``user``'s ask for their team's thread (a member, holding ``roles``). Raises
        ``VoteError`` (``NO_VOTE_GAME``, ``SEVERAL``, ``NOT_A_MEMBER``)."""
        team, record = await self._votes.member_ask(user, place, game_id, roles)
        added = (
            await self._core.store.team_thread_members.of_team(team.id) if team.thread_id else ()
        )
        return team_thread_asked(team, record, added)

    async def opened(self, team_id: int, thread_id: int | None) -> None:
        """Remember the team's thread (None: it is gone, open another when asked)."""
        await self._core.store.teams.set_thread(team_id, thread_id)

    async def joined(self, team_id: int, user_ids: Sequence[int]) -> None:
        """Remember that ``user_ids`` were added to the team's thread."""
        await self._core.store.team_thread_members.joined(team_id, user_ids)

    async def left(self, team_id: int, user_id: int) -> None:
        """Remember that ``user_id`` was taken out of the team's thread."""
        await self._core.store.team_thread_members.left(team_id, user_id)
