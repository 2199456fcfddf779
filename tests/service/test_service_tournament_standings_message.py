"""The standings message's outbox rows: each tournament game's ending writes one (once,
whatever retries it); delivered, the first posts the table in the tournament's place and
later ones edit that message; a row overtaken by a later result is superseded, so a burst
of results costs one post or edit."""

from __future__ import annotations

import pytest

from bot.service import DeliveryTarget, GameService
from bot.service.tournament.facts import StandingsUpdate
from bot.store import OutboxKind, OutboxRow, OutboxState
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE


async def _rows(service: GameService) -> list[OutboxRow]:
    rows = await service.deliveries.pending_deliveries()
    return [row for row in rows if row.kind is OutboxKind.TOURNAMENT_STANDINGS]


@pytest.mark.store
async def test_a_burst_of_results_is_one_post_then_each_result_an_edit(
    service: GameService,
) -> None:
    """Two results before any delivery: the first's row is superseded, the second's posts
    the table after 2 of 3 games; once its message is known, the third result's row edits
    that message with the final table."""
    tournaments = service.tournaments
    await tournaments.create(ALICE, PLACE, manages_server=True, name="Club")
    for user in (ALICE, BOB, CAROL):
        await tournaments.join(user, PLACE)
    started = await tournaments.start(ALICE, PLACE, manages_server=False)
    bc, ab, ca = (p.game.id for p in started.pairings)
    await service.endings.confirm_resign(CAROL, bc)
    await service.endings.confirm_resign(BOB, ab)
    first, second = await _rows(service)
    assert await service.deliveries.delivery(first) is None
    posted = await service.deliveries.delivery(second)
    assert posted is not None and posted.target is DeliveryTarget.PLACE
    assert posted.channel_id == PLACE.channel_id
    assert isinstance(posted.content, StandingsUpdate)
    assert posted.content.table.finished_games == 2
    await service.deliveries.delivered_many([(posted, PLACE.channel_id, 777)])
    states = {row.id: row.state for row in await service.core.store.outbox.rows(game_id=bc)}
    assert states[first.id] is OutboxState.SUPERSEDED

    await service.endings.confirm_resign(ALICE, ca)
    (third,) = await _rows(service)
    edited = await service.deliveries.delivery(third)
    assert edited is not None and edited.target is DeliveryTarget.MESSAGE
    assert (edited.channel_id, edited.message_id) == (PLACE.channel_id, 777)
    assert isinstance(edited.content, StandingsUpdate)
    table = edited.content.table
    assert table.finished_games == 3 and len(table.winners) == 3  # a win each: all level
