"""The correspondence clock with a hand-moved clock: time-outs, reminders, more time, vacation."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock, MovePlayed, Place, errors
from bot.store import Store
from bot.text.endings import ending_text
from bot.text.notices import reminder_text
from tests.dbtools import connect
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, snapshot, start_game


async def test_timeout_wins_for_the_waiting_side(service: GameService, clock: ManualClock) -> None:
    """When the player to move runs out of time, the opponent wins on time."""
    started = await start_game(service, days=1)
    await play(service, started.game.id, "e4", "e5", "Nf3")
    view = await service.reports.game_view(started.game.id)
    assert view.deadline == clock.now + timedelta(days=1)
    clock.advance(hours=23, minutes=59)
    assert (await service.deadlines.expire_overdue()).ended == ()
    clock.advance(minutes=1)
    report = await service.deadlines.expire_overdue()
    (ended,) = report.ended
    assert ended.ending.result == "1-0" and ended.ending.termination == "timeout"
    assert ending_text(ended.ending) == "bob ran out of time — white wins"
    assert not (await service.reports.game_view(started.game.id)).active
    assert (await service.deadlines.expire_overdue()).ended == ()


async def test_timeout_is_a_draw_without_mating_material(
    service: GameService, clock: ManualClock
) -> None:
    """A waiting side that could never mate only draws when the opponent's time runs out."""
    won = await start_game(service, days=1, fen="k7/8/8/8/8/8/8/K6R w - - 0 1")
    await play(service, won.game.id, "Rh2", "Kb8", "Rh3")
    clock.advance(days=2)
    (ended,) = (await service.deadlines.expire_overdue()).ended
    assert ended.ending.result == "1-0"  # black ran out; white (waiting) has a rook
    drawn_game = await start_game(service, days=1, fen="k7/8/8/8/8/8/8/K6R w - - 0 1")
    await play(service, drawn_game.game.id, "Rh2", "Kb8")
    clock.advance(days=2)
    (drawn,) = (await service.deadlines.expire_overdue()).ended
    assert drawn.ending.result == "1/2-1/2" and drawn.ending.termination == (
        "timeout_insufficient_material"
    )


async def test_a_lone_knight_wins_on_time_when_a_helpmate_exists(
    service: GameService, clock: ManualClock
) -> None:
    """FIDE: a knight alone can mate a king hemmed in by its own rook, so it wins on time."""
    started = await start_game(service, days=1, fen="k7/8/8/8/8/8/1n6/K6R w - - 0 1")
    await play(service, started.game.id, "Rh2", "Kb8")
    clock.advance(days=2)
    (ended,) = (await service.deadlines.expire_overdue()).ended
    assert ended.ending.result == "0-1" and ended.ending.termination == "timeout"


async def test_reminders_at_24_and_1_hours_each_once(
    service: GameService, clock: ManualClock
) -> None:
    """Reminders come 24 h and 1 h before the deadline, each once, then stop."""
    started = await start_game(service, days=3)
    deadline = started.game.deadline
    assert deadline is not None
    assert await service.deadlines.next_wakeup() == deadline - timedelta(hours=24)
    clock.now = deadline - timedelta(hours=25)
    assert await service.deadlines.due_reminders() == []
    clock.now = deadline - timedelta(hours=24)
    (reminder,) = await service.deadlines.due_reminders()
    assert reminder.player.id == ALICE.id and reminder.hours_before == 24
    assert reminder_text(reminder).startswith("alice, less than 24 hours left")
    await service.deadlines.mark_reminder_sent(reminder)
    assert await service.deadlines.due_reminders() == []
    assert await service.deadlines.next_wakeup() == deadline - timedelta(hours=1)
    clock.now = deadline - timedelta(minutes=30)
    (last,) = await service.deadlines.due_reminders()
    assert last.hours_before == 1
    await service.deadlines.mark_reminder_sent(last)
    assert await service.deadlines.due_reminders() == []
    assert await service.deadlines.next_wakeup() == deadline


async def test_late_scheduler_sends_only_the_most_urgent(
    service: GameService, clock: ManualClock
) -> None:
    """A scheduler that wakes late sends one reminder (the 1 h one), not both."""
    started = await start_game(service, days=2)
    assert started.game.deadline is not None
    clock.now = started.game.deadline - timedelta(minutes=10)
    (reminder,) = await service.deadlines.due_reminders()
    assert reminder.hours_before == 1
    await service.deadlines.mark_reminder_sent(reminder)
    assert await service.deadlines.due_reminders() == []


async def test_one_day_games_get_no_24_hour_reminder(
    service: GameService, clock: ManualClock
) -> None:
    """With one day per move the 24 h reminder would come at once, so only 1 h is sent."""
    started = await start_game(service, days=1)
    assert await service.deadlines.due_reminders() == []
    assert started.game.deadline is not None
    assert await service.deadlines.next_wakeup() == started.game.deadline - timedelta(hours=1)


async def test_a_move_rearms_reminders(service: GameService, clock: ManualClock) -> None:
    """Reminders are per deadline: the next move's deadline gets its own."""
    await start_game(service, days=2)
    clock.advance(hours=25)
    (first,) = await service.deadlines.due_reminders()
    await service.deadlines.mark_reminder_sent(first)
    await service.play.move(ALICE, PLACE, "e4")
    clock.advance(hours=24)
    (second,) = await service.deadlines.due_reminders()
    assert second.player.id == BOB.id


async def test_reminders_of_past_deadlines_and_ended_games_are_purged(
    service: GameService, clock: ManualClock, db_path: Path | str
) -> None:
    """The clock's upkeep deletes the sent reminders nobody can look up again (the game
    ended, or the deadline passed) and keeps those of a current deadline."""
    going = await start_game(service, days=2)
    ended = await start_game(service, white=CAROL, black=BOB, place=Place(2, 20), days=2)
    clock.advance(hours=25)
    for reminder in await service.deadlines.due_reminders():
        await service.deadlines.mark_reminder_sent(reminder)
    await service.endings.confirm_resign(CAROL, ended.game.id)
    first = going.game.deadline
    await service.play.move(ALICE, PLACE, "e4")  # a new deadline; the first one 23 h ahead
    await service.deadlines.expire_overdue()
    assert {(game, deadline) for game, deadline in _reminded(db_path)} == {
        (going.game.id, first)
    }  # the ended game's rows are gone; the moved deadline's wait until it passes
    clock.advance(hours=24)  # the first deadline passed; bob's is 24 h away
    (bobs,) = await service.deadlines.due_reminders()
    await service.deadlines.mark_reminder_sent(bobs)
    await service.deadlines.expire_overdue()
    current = (await service.reports.game_view(going.game.id)).deadline
    assert {(game, deadline) for game, deadline in _reminded(db_path)} == {(going.game.id, current)}
    assert await service.deadlines.due_reminders() == []  # bob's, kept, is still known as sent


def _reminded(db_path: Path | str) -> list[tuple[int, datetime]]:
    with connect(db_path) as conn:
        rows = conn.execute("SELECT game_id, deadline_at FROM reminders_sent").fetchall()
    return [(int(game_id), datetime.fromtimestamp(int(at), UTC)) for game_id, at in rows]


async def test_moretime_by_the_waiting_player(
    service: GameService, clock: ManualClock, db_path: Path
) -> None:
    """The waiting player may give the mover more days; the mover may not take them."""
    started = await start_game(service)
    before = snapshot(db_path)
    with pytest.raises(errors.NotAllowedError):
        await service.deadlines.moretime(ALICE, PLACE, 2)
    with pytest.raises(errors.InvalidOptionError):
        await service.deadlines.moretime(BOB, PLACE, 40)
    assert snapshot(db_path) == before
    given = await service.deadlines.moretime(BOB, PLACE, 2)
    assert given.game.deadline == started.game.deadline + timedelta(days=2)  # type: ignore[operator]
    assert (given.days, given.by.name, given.notify.name) == (2, "bob", "alice")


async def test_vacation_pauses_clocks(
    service: GameService, clock: ManualClock, db_path: Path
) -> None:
    """A vacation pushes back deadlines on one's move and delays those of moves made to one."""
    first = await start_game(service)  # alice to move
    second = await start_game(service, white=BOB, black=ALICE)  # bob to move
    started = await service.deadlines.vacation(ALICE, 10)
    assert started.days_left == 20 and started.until == clock.now + timedelta(days=10)
    view = await service.reports.game_view(first.game.id)
    assert view.deadline == first.game.deadline + timedelta(days=10)  # type: ignore[operator]
    moved = await service.play.move(BOB, None, "e4", game_id=second.game.id)
    assert isinstance(moved, MovePlayed)
    assert moved.game.deadline == clock.now + timedelta(days=10 + 3)
    before = snapshot(db_path)
    with pytest.raises(errors.VacationError) as refused:
        await service.deadlines.vacation(ALICE, 21)
    assert (refused.value.problem, refused.value.left) == (errors.VacationProblem.ALLOWANCE, 20)
    with pytest.raises(errors.VacationError) as refused:
        await service.deadlines.vacation(ALICE, 0)
    assert refused.value.problem is errors.VacationProblem.LENGTH
    assert snapshot(db_path) == before
    settings = await service.preferences.settings(ALICE)
    assert settings.vacation_days_left == 20 and settings.vacation_until == started.until


async def test_schedule_change_callback(store: Store, clock: ManualClock) -> None:
    """The service tells the scheduler when deadlines may have moved."""
    calls: list[int] = []
    service = GameService(store, clock, on_schedule_change=lambda: calls.append(1))
    await start_game(service)
    count = len(calls)
    await service.play.move(ALICE, PLACE, "e4")
    assert len(calls) == count + 1


async def test_no_reminders_for_players_who_chose_off(
    service: GameService, clock: ManualClock
) -> None:
    """A player whose notifications are off gets no reminder, and it does not come back."""
    started = await start_game(service, days=3)
    await service.preferences.settings(ALICE, notify="off")
    assert started.game.deadline is not None
    clock.now = started.game.deadline - timedelta(hours=2)
    assert await service.deadlines.due_reminders() == []
    assert await service.deadlines.next_wakeup() == started.game.deadline - timedelta(hours=1)
