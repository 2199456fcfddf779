"""Vote chess reminders by DM (issue 26): a member who asked (``/vote remind``) and has not
voted gets a DM with the team's reminder, at most one a voting window, none once they voted
(read again at delivery), none after they stop asking; only a member may ask."""

from __future__ import annotations

import pytest

from bot.service import DeliveryTarget, GameService, ManualClock
from bot.service.vote_facts import TeamReminder, VoteError, VoteRefusal
from bot.store import OutboxKind, OutboxRow, OutboxTarget
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, rows_of_kind
from tests.service.test_service_votes import DAVE, open_team_game

# The wishes' table and the reminder's read of who has not voted: on PostgreSQL too.
pytestmark = pytest.mark.store


async def _dms(service: GameService, game_id: int) -> list[OutboxRow]:
    rows = await rows_of_kind(service, game_id, OutboxKind.TEAM_REMINDER)
    return [row for row in rows if row.target is OutboxTarget.DM]


async def test_a_member_who_asked_gets_one_dm_a_window(
    service: GameService, clock: ManualClock
) -> None:
    """Bob and carol ask; bob votes: at the 24-hour reminder carol alone gets a DM (alice
    did not ask), saying the team's reminder to her; the 1-hour reminder of the same window
    writes none. The next window (after dave's reply) gives her one again."""
    game_id, _ = await open_team_game(service, window=72)
    for member in (BOB, CAROL):
        asked = await service.votes.remind(member, PLACE)
        assert asked.wanted and asked.team == "Lions" and asked.game_id == game_id
    await service.votes.vote(BOB, PLACE, "e4")
    clock.advance(hours=48, minutes=1)
    assert await service.deadlines.hand_over_reminders() == 1
    (dm,) = await _dms(service, game_id)
    assert dm.user_id == CAROL.id
    delivery = await service.deliveries.delivery(dm)
    assert delivery is not None and delivery.target is DeliveryTarget.DM
    assert delivery.user is not None and delivery.user.id == CAROL.id
    said = delivery.content
    assert isinstance(said, TeamReminder) and said.hours_before == 24
    assert [m.id for m in said.members] == [CAROL.id] and said.role_id is None
    clock.advance(hours=23)
    assert await service.deadlines.hand_over_reminders() == 1  # the place's 1-hour one
    assert len(await _dms(service, game_id)) == 1

    for member in (ALICE, CAROL):  # every member voted: the window closes, e4 played
        await service.votes.vote(member, PLACE, "e4")
    await service.play.move(DAVE, PLACE, "e5", game_id=game_id)
    clock.advance(hours=48, minutes=1)
    await service.deadlines.hand_over_reminders()
    assert [row.user_id for row in await _dms(service, game_id)] == [CAROL.id, BOB.id, CAROL.id]


async def test_a_dm_is_dropped_once_the_member_voted(
    service: GameService, clock: ManualClock
) -> None:
    """Carol's DM written, then she votes before it goes out: it says nothing."""
    game_id, _ = await open_team_game(service, window=72)
    await service.votes.remind(CAROL, PLACE)
    clock.advance(hours=48, minutes=1)
    await service.deadlines.hand_over_reminders()
    (dm,) = await _dms(service, game_id)
    await service.votes.vote(CAROL, PLACE, "e4")
    assert await service.deliveries.delivery(dm) is None


async def test_no_dm_after_asking_to_stop(service: GameService, clock: ManualClock) -> None:
    """Carol asks, then asks for none (``dm: no``): no DM row; dave, not on the team, may
    not ask."""
    game_id, _ = await open_team_game(service, window=72)
    await service.votes.remind(CAROL, PLACE)
    stopped = await service.votes.remind(CAROL, PLACE, wanted=False)
    assert not stopped.wanted
    clock.advance(hours=48, minutes=1)
    assert await service.deadlines.hand_over_reminders() == 1
    assert await _dms(service, game_id) == []
    with pytest.raises(VoteError) as refused:
        await service.votes.remind(DAVE, PLACE, game_id=game_id)
    assert refused.value.reason is VoteRefusal.NOT_A_MEMBER
