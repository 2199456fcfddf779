"""``service.tournament_roles``: a server's managers name the role of its tournament
organisers (the server's @everyone clears it); the tournament use cases judge a member from
what Discord says of them (Manage Server, the roles held) and the role stored: its holders
may organise there, elsewhere nobody by it, and a refusal names the role that is needed; a
member who may not manage the server, or a command outside a server, names nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import GameService
from bot.service.tournament.facts import TournamentError, TournamentRefusal
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, snapshot

ARBITERS, OTHER = 7001, 7002
SERVER = PLACE.guild_id  # its @everyone role's id too


@pytest.mark.store
async def test_the_named_role_may_organise_its_server_only(service: GameService) -> None:
    """Manage Server always may; once named, the role's holders may in its server alone."""
    roles = service.tournament_roles
    assert not await roles.may_organise(1, manages_server=False, role_ids=(ARBITERS,))
    assert await roles.may_organise(1, manages_server=True, role_ids=())
    assert await roles.choose(1, ARBITERS, manages_server=True) == ARBITERS
    assert await roles.may_organise(1, manages_server=False, role_ids=(OTHER, ARBITERS))
    assert not await roles.may_organise(1, manages_server=False, role_ids=(OTHER,))
    assert not await roles.may_organise(2, manages_server=False, role_ids=(ARBITERS,))
    await roles.choose(1, OTHER, manages_server=True)  # naming another replaces it
    assert not await roles.may_organise(1, manages_server=False, role_ids=(ARBITERS,))


async def test_everyone_clears_the_role(service: GameService) -> None:
    """The server's @everyone (its id is the server's) names no role: Manage Server alone
    organises again, and nothing is named (not every member)."""
    roles = service.tournament_roles
    await roles.choose(SERVER, ARBITERS, manages_server=True)
    assert await roles.choose(SERVER, SERVER, manages_server=True) is None
    assert await roles.named(SERVER) is None
    assert not await roles.may_organise(SERVER, manages_server=False, role_ids=(ARBITERS,))
    assert not await roles.may_organise(SERVER, manages_server=False, role_ids=(SERVER,))


async def _refused(call: object) -> TournamentError:
    with pytest.raises(TournamentError) as raised:
        await call  # type: ignore[misc]
    return raised.value


async def test_the_use_cases_judge_the_member_and_name_the_role(service: GameService) -> None:
    """Opening, starting another's tournament and withdrawing another player: refused
    without the role (naming it when one is named, none before), allowed with it."""
    tournaments = service.tournaments
    refused = await _refused(tournaments.create(BOB, PLACE, manages_server=False))
    assert (refused.reason, refused.role_id) == (TournamentRefusal.NOT_ORGANISER, None)
    await service.tournament_roles.choose(SERVER, ARBITERS, manages_server=True)
    refused = await _refused(tournaments.create(BOB, PLACE, manages_server=False, role_ids={OTHER}))
    assert (refused.reason, refused.role_id) == (TournamentRefusal.NOT_ORGANISER, ARBITERS)
    made = await tournaments.create(
        BOB, PLACE, manages_server=False, role_ids={ARBITERS}, players=3
    )
    for user in (ALICE, BOB, CAROL):
        await tournaments.join(user, PLACE)
    refused = await _refused(tournaments.start(ALICE, PLACE, manages_server=False))
    assert (refused.reason, refused.tournament_id, refused.role_id) == (
        TournamentRefusal.NOT_ORGANISER,
        made.tournament.id,
        ARBITERS,
    )
    await tournaments.start(ALICE, PLACE, manages_server=False, role_ids={ARBITERS})
    refused = await _refused(
        tournaments.withdraw(CAROL, PLACE, player=ALICE, manages_server=False, role_ids={OTHER})
    )
    assert (refused.reason, refused.role_id) == (TournamentRefusal.NOT_ORGANISER_OF, ARBITERS)
    done = await tournaments.withdraw(
        CAROL, PLACE, player=ALICE, manages_server=False, role_ids={ARBITERS}
    )
    assert done.player.name == "alice"


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
