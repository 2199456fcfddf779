"""A team's private thread as the service keeps it: whom Postal added, so that the adapter
can take out the role's former holders (Postal lists no thread's members: that needs the
GUILD_MEMBERS intent); a new thread starts with nobody noted."""

from __future__ import annotations

import pytest

from bot.service import GameService
from tests.service.service_helpers import ALICE, BOB, PLACE
from tests.service.test_service_votes import DAVE, ERIN

LIONS = 77


@pytest.mark.store
async def test_the_thread_notes_whom_postal_added_and_took_out(service: GameService) -> None:
    """alice captains a role team; erin and bob hold the role. Each added is noted once;
    the ask names the holders to check again (not the captain); one taken out is no longer
    noted; a thread opened again (the first deleted) notes nobody."""
    opened = await service.votes.open(
        ALICE, PLACE, name="Lions", role_id=LIONS, opponent=DAVE, color="white", days=1
    )
    assert opened.challenge is not None
    await service.challenges.accept_challenge(DAVE, opened.challenge.challenge.id)
    threads, holds = service.team_threads, frozenset({LIONS})
    asked = await threads.ask(ERIN, PLACE, roles=holds)
    assert asked.thread_id is None and asked.role_id == LIONS and asked.holders == ()
    await threads.opened(asked.team_id, 5_000)
    await threads.joined(asked.team_id, (ALICE.id, ERIN.id, ERIN.id))
    await threads.joined(asked.team_id, (BOB.id,))
    asked = await threads.ask(BOB, PLACE, roles=holds)
    assert asked.thread_id == 5_000 and asked.guild_id == PLACE.guild_id
    assert asked.added == tuple(sorted((ALICE.id, BOB.id, ERIN.id)))
    assert set(asked.holders) == {BOB.id, ERIN.id}  # the captain stays without the role
    await threads.left(asked.team_id, BOB.id)
    assert (await threads.ask(ERIN, PLACE, roles=holds)).holders == (ERIN.id,)
    await threads.opened(asked.team_id, 6_000)
    again = await threads.ask(ERIN, PLACE, roles=holds)
    assert again.thread_id == 6_000 and again.added == ()
