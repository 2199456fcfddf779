"""``service.tournament_roles``: a server's managers name the role of its tournament
organisers; its holders may organise there, elsewhere nobody by it; a member who may not
manage the server, or a command outside a server, names nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import GameService
from bot.service.tournament.facts import TournamentError, TournamentRefusal
from tests.service.service_helpers import snapshot

ARBITERS, OTHER = 7001, 7002


async def test_the_named_role_may_organise_its_server_only(service: GameService) -> None:
    """Manage Server always may; once named, the role's holders may in its server alone."""
    roles = service.tournament_roles
    assert not await roles.may_organise(1, manages_server=False, role_ids=(ARBITERS,))
    assert await roles.may_organise(1, manages_server=True, role_ids=())
    await roles.choose(1, ARBITERS, manages_server=True)
    assert await roles.may_organise(1, manages_server=False, role_ids=(OTHER, ARBITERS))
    assert not await roles.may_organise(1, manages_server=False, role_ids=(OTHER,))
    assert not await roles.may_organise(2, manages_server=False, role_ids=(ARBITERS,))
    await roles.choose(1, OTHER, manages_server=True)  # naming another replaces it
    assert not await roles.may_organise(1, manages_server=False, role_ids=(ARBITERS,))


@pytest.mark.parametrize("guild_id", [1, None])
async def test_naming_it_without_the_right_changes_nothing(
    service: GameService, db_path: Path | str, guild_id: int | None
) -> None:
    """Refused (ROLE_NOT_MANAGER) without Manage Server or outside a server: no write."""
    before = snapshot(db_path)
    with pytest.raises(TournamentError) as raised:
        await service.tournament_roles.choose(guild_id, ARBITERS, manages_server=guild_id is None)
    assert raised.value.reason is TournamentRefusal.ROLE_NOT_MANAGER
    assert snapshot(db_path) == before
