"""Vote chess's private team threads (``service.team_threads``): where a team talks over
its moves and the other side cannot read. Any member asks (``/vote thread``); the adapter
opens the thread once, in the game's channel, adds the captain and the listed members (a
role team's holders join by asking) and remembers it here, with whom it added: a holder
who no longer holds the role is taken out as the thread is next opened for a member."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.core import ServiceCore
from bot.service.results import Place, User
from bot.service.votes import VoteUseCases


@dataclass(frozen=True, slots=True)
class TeamThreadAsked:
    """A member's ask for ``team``'s thread: the game's channel to open it in, the thread
    opened already (None: none), the members to add when it is opened (captain and listed;
    none more for a role team); the team's server and role, and whom Postal added to the
    thread so far (``added``)."""

    team_id: int
    team: str
    game_id: int
    channel_id: int
    thread_id: int | None
    members: tuple[int, ...]
    guild_id: int = 0
    role_id: int | None = None
    added: tuple[int, ...] = ()

    @property
    def holders(self) -> tuple[int, ...]:
        """Whom Postal added as holders of the team's role (not its captain nor a listed
        member): each stays in the thread only while they hold it."""
        if self.role_id is None:
            return ()
        return tuple(member for member in self.added if member not in self.members)


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
        members = tuple(dict.fromkeys((team.captain_id, *team.members)))
        added = (
            await self._core.store.team_thread_members.of_team(team.id) if team.thread_id else ()
        )
        return TeamThreadAsked(
            team.id,
            team.name,
            record.id,
            record.channel_id,
            team.thread_id,
            members,
            team.guild_id,
            team.role_id,
            added,
        )

    async def opened(self, team_id: int, thread_id: int | None) -> None:
        """Remember the team's thread (None: it is gone, open another when asked)."""
        await self._core.store.teams.set_thread(team_id, thread_id)

    async def joined(self, team_id: int, user_ids: Sequence[int]) -> None:
        """Remember that ``user_ids`` were added to the team's thread."""
        await self._core.store.team_thread_members.joined(team_id, user_ids)

    async def left(self, team_id: int, user_id: int) -> None:
        """Remember that ``user_id`` was taken out of the team's thread."""
        await self._core.store.team_thread_members.left(team_id, user_id)
