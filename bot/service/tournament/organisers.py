"""Who may organise a server's tournaments (``service.tournament_roles``): its members who
may manage the server (Discord's Manage Server), and those holding the role its managers
named (``/settings tournament_role:``). The adapters pass what Discord says of the member
(Manage Server or not, the roles held); the verdict is taken here, from the role stored."""

from __future__ import annotations

from collections.abc import Collection

from bot.service.core import ServiceCore
from bot.service.tournament.facts import TournamentError, TournamentRefusal


class OrganiserRoles:
    """A server's tournament organisers' role: named (or cleared) by its managers, asked by
    the tournament use cases before a tournament is opened, started or a player withdrawn
    by someone else."""

    def __init__(self, core: ServiceCore) -> None:
        self._core = core

    async def named(self, guild_id: int | None) -> int | None:
        """The role named in ``guild_id`` for its organisers, if any (None outside servers)."""
        if guild_id is None:
            return None
        return await self._core.store.tournament_roles.role(guild_id)

    async def may_organise(
        self, guild_id: int | None, *, manages_server: bool, role_ids: Collection[int]
    ) -> bool:
        """Whether a member who holds ``role_ids`` (and may manage the server, or not) may
        organise tournaments in ``guild_id`` (None: outside a server, by permission only)."""
        return manages_server or await self.named(guild_id) in set(role_ids)

    async def check(
        self,
        guild_id: int | None,
        manages_server: bool,
        role_ids: Collection[int],
        reason: TournamentRefusal,
        tournament_id: int | None = None,
    ) -> None:
        """Nothing when the member may organise tournaments in ``guild_id``; else raises
        ``TournamentError`` (``reason``, naming the role that is needed if there is one)."""
        if not await self.may_organise(guild_id, manages_server=manages_server, role_ids=role_ids):
            role = await self.named(guild_id)
            raise TournamentError(reason, tournament_id=tournament_id, role_id=role)

    async def choose(
        self, guild_id: int | None, role_id: int, *, manages_server: bool
    ) -> int | None:
        """Name ``role_id`` the organisers' role of ``guild_id``; the server's @everyone
        role (its id is the server's) clears it: Manage Server alone organises again.
        Returns the role named now (None: cleared). Raises ``TournamentError``
        (ROLE_NOT_MANAGER) outside a server or for a member who may not manage it; then
        nothing changes."""
        if guild_id is None or not manages_server:
            raise TournamentError(TournamentRefusal.ROLE_NOT_MANAGER)
        named = None if role_id == guild_id else role_id
        await self._core.store.tournament_roles.choose(guild_id, named)
        return named
