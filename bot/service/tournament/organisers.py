"""Who may organise a server's tournaments (``service.tournament_roles``): its members who
may manage the server (Discord's Manage Server), and those holding the role its managers
named (``/settings tournament_role:``)."""

from __future__ import annotations

from collections.abc import Collection

from bot.service.core import ServiceCore
from bot.service.tournament.facts import TournamentError, TournamentRefusal


class OrganiserRoles:
    """A server's tournament organisers' role: named by its managers, asked by the adapters
    before a tournament is opened, started or a player withdrawn by someone else."""

    def __init__(self, core: ServiceCore) -> None:
        self._core = core

    async def may_organise(
        self, guild_id: int | None, *, manages_server: bool, role_ids: Collection[int]
    ) -> bool:
        """Whether a member who holds ``role_ids`` (and may manage the server, or not) may
        organise tournaments in ``guild_id`` (None: outside a server, by permission only)."""
        if manages_server or guild_id is None:
            return manages_server
        role = await self._core.store.tournament_roles.role(guild_id)
        return role is not None and role in role_ids

    async def choose(self, guild_id: int | None, role_id: int, *, manages_server: bool) -> None:
        """Name ``role_id`` the organisers' role of ``guild_id``. Raises ``TournamentError``
        (ROLE_NOT_MANAGER) outside a server or for a member who may not manage it; then
        nothing changes."""
        if guild_id is None or not manages_server:
            raise TournamentError(TournamentRefusal.ROLE_NOT_MANAGER)
        await self._core.store.tournament_roles.choose(guild_id, role_id)
