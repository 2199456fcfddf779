"""Vote chess's private team threads (``service.team_threads``): where a team talks over
its moves and the other side cannot read. Any member asks (``/vote thread``); the adapter
opens the thread once, in the game's channel, adds the captain and the listed members (a
role team's holders join by asking) and remembers it here."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.core import ServiceCore
from bot.service.results import Place, User
from bot.service.votes import VoteUseCases


@dataclass(frozen=True, slots=True)
class TeamThreadAsked:
    """A member's ask for ``team``'s thread: the game's channel to open it in, the thread
    opened already (None: none), the members to add when it is opened (captain and listed;
    none more for a role team)."""

    team_id: int
    team: str
    game_id: int
    channel_id: int
    thread_id: int | None
    members: tuple[int, ...]


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
        return TeamThreadAsked(
            team.id, team.name, record.id, record.channel_id, team.thread_id, members
        )

    async def opened(self, team_id: int, thread_id: int | None) -> None:
        """Remember the team's thread (None: it is gone, open another when asked)."""
        await self._core.store.teams.set_thread(team_id, thread_id)
