"""A team to move is reminded as a player is, on the same schedule, counted back from its
voting window's close: in the game's place, mentioning the members yet to vote who want
mentions, and a role team's role at most once a day; none once the window closed."""

from __future__ import annotations

import pytest

from bot.service import GameService, ManualClock
from bot.service.vote_facts import TeamReminder
from bot.store import OutboxKind
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, rows_of_kind, said_in_place
from tests.service.test_service_votes import DAVE, open_team_game

LIONS = 4242  # the team's Discord role


async def test_a_team_is_reminded_before_its_window_closes(
    service: GameService, clock: ManualClock
) -> None:
    """A window as long as the move's days: reminded 24 hours and 1 hour before it closes,
    each once, mentioning the members who have not voted (bob has; carol wants none)."""
    game_id, _ = await open_team_game(service, window=72)
    await service.preferences.settings(CAROL, notify="off")
    await service.votes.vote(BOB, PLACE, "e4")
    clock.advance(hours=47)
    assert await service.deadlines.hand_over_reminders() == 0
    clock.advance(hours=1, minutes=1)
    assert await service.deadlines.hand_over_reminders() == 1
    assert await service.deadlines.hand_over_reminders() == 0
    (row,) = await rows_of_kind(service, game_id, OutboxKind.TEAM_REMINDER)
    said = await said_in_place(service, row, TeamReminder)
    assert said.hours_before == 24 and said.team == "Lions" and said.role_id is None
    assert [member.id for member in said.members] == [ALICE.id]
    clock.advance(hours=23)
    assert await service.deadlines.hand_over_reminders() == 1
    last = (await rows_of_kind(service, game_id, OutboxKind.TEAM_REMINDER))[-1]
    assert (await said_in_place(service, last, TeamReminder)).hours_before == 1


@pytest.mark.store
async def test_a_short_windows_reminder_counts_back_from_its_close(
    service: GameService, clock: ManualClock
) -> None:
    """A 24-hour window in a 3-day game: its 1-hour reminder falls 23 hours in (the game's
    deadline is two days later); once the window closed with nothing elected, nothing more
    is said until the clock decides."""
    game_id, _ = await open_team_game(service, window=24)
    clock.advance(hours=22)
    assert await service.deadlines.hand_over_reminders() == 0
    clock.advance(hours=1, minutes=1)
    assert await service.deadlines.hand_over_reminders() == 1
    (row,) = await rows_of_kind(service, game_id, OutboxKind.TEAM_REMINDER)
    assert (await said_in_place(service, row, TeamReminder)).hours_before == 1
    clock.advance(hours=1)
    await service.votes.close_due_windows()  # nothing nominated: no move
    clock.advance(hours=47)
    assert await service.deadlines.hand_over_reminders() == 0
    assert len(await rows_of_kind(service, game_id, OutboxKind.TEAM_REMINDER)) == 1


async def test_a_reminder_whose_window_closed_is_not_said(
    service: GameService, clock: ManualClock
) -> None:
    """The window closed (every member voted) before the reminder went out: superseded."""
    game_id, _ = await open_team_game(service, window=72)
    clock.advance(hours=48, minutes=1)
    await service.deadlines.hand_over_reminders()
    (row,) = await rows_of_kind(service, game_id, OutboxKind.TEAM_REMINDER)
    for member in (ALICE, BOB, CAROL):
        await service.votes.vote(member, PLACE, "e4")
    assert await service.deliveries.delivery(row) is None


async def test_no_reminder_once_the_windows_close_time_passed(
    service: GameService, clock: ManualClock
) -> None:
    """A round late past the close (the clock jumped, the bot was down) closes the window
    and says no "1 hour left" beside it; a row written before the close and delivered
    after it is superseded too."""
    game_id, _ = await open_team_game(service, window=24)
    clock.advance(hours=24, seconds=1)
    assert await service.deadlines.hand_over_reminders() == 0
    assert await rows_of_kind(service, game_id, OutboxKind.TEAM_REMINDER) == []
    game_id, _ = await open_team_game(service, window=24)
    clock.advance(hours=23, minutes=1)
    assert await service.deadlines.hand_over_reminders() == 1
    (row,) = await rows_of_kind(service, game_id, OutboxKind.TEAM_REMINDER)
    clock.advance(hours=1)
    assert await service.deliveries.delivery(row) is None


@pytest.mark.store
async def test_a_role_is_mentioned_at_most_once_a_day(
    service: GameService, clock: ManualClock
) -> None:
    """A role team: its 24-hour reminder mentions the role, the 1-hour one 23 hours later
    does not (the captain, yet to vote, is mentioned in both)."""
    opened = await service.votes.open(
        ALICE, PLACE, name="Lions", role_id=LIONS, opponent=DAVE, color="white", days=3
    )
    assert opened.challenge is not None
    started = await service.challenges.accept_challenge(DAVE, opened.challenge.challenge.id)
    clock.advance(hours=48, minutes=1)
    await service.deadlines.hand_over_reminders()
    clock.advance(hours=23)
    await service.deadlines.hand_over_reminders()
    said = [
        await said_in_place(service, row, TeamReminder)
        for row in await rows_of_kind(service, started.game.id, OutboxKind.TEAM_REMINDER)
    ]
    assert [(s.hours_before, s.role_id) for s in said] == [(24, LIONS), (1, None)]
    assert all([m.id for m in s.members] == [ALICE.id] for s in said)
