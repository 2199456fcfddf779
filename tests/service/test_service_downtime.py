"""Downtime is not charged to players; vacation days are counted over a rolling 365 days."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock, errors
from bot.service.uptime import DOWNTIME_TOLERANCE, keeping_time, resume
from bot.store import GameStatus, Store, StoreError
from tests.console.unconfirmed import confirm_off, script_users
from tests.processes import call_postal
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, start_game


async def test_three_days_down_do_not_forfeit_a_one_day_game(
    store: Store, service: GameService, clock: ManualClock
) -> None:
    """Down for three days on a one-day game: the deadline moves by the downtime, no loss."""
    async with keeping_time(store, clock):
        started = await start_game(service, days=1)
        clock.advance(hours=20)  # alice has 4 hours left when Postal stops
    clock.advance(days=3)
    async with keeping_time(store, clock) as credit:
        assert credit is not None and credit.seconds == 3 * 86400 and credit.games == 1
        report = await service.deadlines.expire_overdue()
        assert report.ended == ()
        view = await service.reports.game_view(started.game.id)
        assert started.game.deadline is not None and view.deadline is not None
        assert view.deadline == started.game.deadline + timedelta(days=3)
        assert view.deadline - clock.now == timedelta(hours=4)


async def test_credit_is_given_once_even_if_start_up_is_repeated(
    store: Store, service: GameService, clock: ManualClock
) -> None:
    """A start-up that crashes after the credit and starts again does not credit twice."""
    await resume(store, clock)
    started = await start_game(service)
    clock.advance(days=2)
    first = await resume(store, clock)
    second = await resume(store, clock)  # the same start-up again, nothing in between
    assert first is not None and first.games == 1 and second is None
    view = await service.reports.game_view(started.game.id)
    assert view.deadline == started.game.deadline + timedelta(days=2)  # type: ignore[operator]


@pytest.mark.store
async def test_failed_credit_changes_nothing(
    store: Store, service: GameService, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crash inside the credit's transaction leaves deadlines and the heartbeat as they
    were, so the next start-up gives the whole credit."""
    await resume(store, clock)
    started = await start_game(service)
    clock.advance(days=2)
    async with store.database.read() as conn:
        kind = type(conn)
    real_execute = kind.execute

    async def fail_on_challenges(self: object, sql: str, *args: object) -> object:
        if sql.startswith("UPDATE challenges"):  # after the games were pushed back
            raise sqlite3.OperationalError("disk I/O error")
        return await real_execute(self, sql, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(kind, "execute", fail_on_challenges)
    with pytest.raises(StoreError, match="disk I/O error"):
        await resume(store, clock)
    monkeypatch.undo()
    view = await service.reports.game_view(started.game.id)
    assert view.deadline == started.game.deadline
    credit = await resume(store, clock)
    assert credit is not None and credit.seconds == 2 * 86400


async def test_only_clocks_running_when_postal_stopped_are_extended(
    store: Store, service: GameService, clock: ManualClock
) -> None:
    """A deadline already past before the outage stays past; finished games are untouched."""
    await resume(store, clock)
    late = await start_game(service, days=1)
    on_time = await start_game(service, white=CAROL, black=BOB, days=3)
    clock.advance(days=2)  # late's deadline passed while Postal was running...
    await store.uptime.beat(clock.now)  # ...and Postal stopped before its round
    clock.advance(days=1)
    credit = await resume(store, clock)
    assert credit is not None and credit.games == 1
    assert (await service.reports.game_view(late.game.id)).deadline == late.game.deadline
    moved = await service.reports.game_view(on_time.game.id)
    assert moved.deadline == on_time.game.deadline + timedelta(days=1)  # type: ignore[operator]
    report = await service.deadlines.expire_overdue()
    assert [ended.game.id for ended in report.ended] == [late.game.id]


async def test_open_challenges_get_the_downtime_too(
    store: Store, service: GameService, clock: ManualClock
) -> None:
    """Nobody could press Accept while Postal was down: the challenge's expiry moves too."""
    await resume(store, clock)
    created = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="chess", color="white", days=3
    )
    clock.advance(hours=47)
    await store.uptime.beat(clock.now)
    clock.advance(days=1)
    credit = await resume(store, clock)
    assert credit is not None and credit.challenges == 1
    assert (await service.deadlines.expire_overdue()).expired_challenges == ()
    accepted = await service.challenges.accept_challenge(BOB, created.challenge.id)
    assert accepted.game.id > 0


async def test_short_gaps_and_clocks_moved_back_give_nothing(
    store: Store, service: GameService, clock: ManualClock
) -> None:
    """A restart within the tolerance, or a clock set back, credits nothing."""
    await resume(store, clock)
    started = await start_game(service)
    clock.advance(DOWNTIME_TOLERANCE)
    assert await resume(store, clock) is None
    clock.advance(days=-10)
    assert await resume(store, clock) is None
    assert await store.uptime.last_beat() == clock.now
    assert (await service.reports.game_view(started.game.id)).deadline == started.game.deadline


@pytest.mark.store
async def test_heartbeat_is_kept_while_running(store: Store, clock: ManualClock) -> None:
    """While running, the heartbeat follows the clock; the last one is written on exit."""
    async with keeping_time(store, clock, interval=timedelta(milliseconds=10)):
        clock.advance(minutes=3)
        for _ in range(200):
            if await store.uptime.last_beat() == clock.now:
                break
            await asyncio.sleep(0.01)
        assert await store.uptime.last_beat() == clock.now
        clock.advance(minutes=1)
    assert await store.uptime.last_beat() == clock.now


async def test_a_frozen_process_credits_the_gap_before_any_time_out(
    store: Store, service: GameService, clock: ManualClock
) -> None:
    """Frozen (SIGSTOP, docker pause) for 3 days and 1 hour, its heartbeat last written
    before: the clock's first round credits the gap as a start-up does, and none of the
    three rated games ends on time."""
    await resume(store, clock)
    games = [
        await start_game(service, days=1),
        await start_game(service, white=CAROL, black=BOB, days=2),
        await start_game(service, white=BOB, black=CAROL, days=3),
    ]
    gap = timedelta(days=3, hours=1)
    clock.advance(gap)
    report = await service.deadlines.expire_overdue()
    assert report.ended == ()
    for started in games:
        view = await service.reports.game_view(started.game.id)
        assert view.active and view.deadline == started.game.deadline + gap  # type: ignore[operator]
    assert await store.uptime.last_beat() == clock.now
    assert await resume(store, clock) is None  # credited once


async def test_the_heartbeat_credits_a_gap_it_sees(
    store: Store, service: GameService, clock: ManualClock
) -> None:
    """The first heartbeat after a freeze credits the gap exactly as a start-up does; the
    clock's round after it has nothing left to credit, nor any game to end."""
    async with keeping_time(store, clock, interval=timedelta(milliseconds=10)):
        started = await start_game(service, days=1)
        clock.advance(days=3, hours=1)
        for _ in range(200):
            if await store.uptime.last_beat() == clock.now:
                break
            await asyncio.sleep(0.01)
        view = await service.reports.game_view(started.game.id)
        assert view.deadline == started.game.deadline + timedelta(days=3, hours=1)  # type: ignore[operator]
        assert (await service.deadlines.expire_overdue()).ended == ()


async def test_a_gap_within_the_tolerance_credits_nothing(
    store: Store, service: GameService, clock: ManualClock
) -> None:
    """A heartbeat missed for a few minutes is no downtime: a deadline that passed in the
    gap ends the game on time, and the heartbeat is left to its own task."""
    await resume(store, clock)
    started = await start_game(service, days=1)
    clock.advance(days=1, minutes=-1)
    await store.uptime.beat(clock.now)
    beat = clock.now
    clock.advance(DOWNTIME_TOLERANCE)
    report = await service.deadlines.expire_overdue()
    assert [ended.game.id for ended in report.ended] == [started.game.id]
    assert await store.uptime.last_beat() == beat


def test_console_restarted_after_downtime_does_not_forfeit(tmp_path: Path) -> None:
    """The console credits downtime too: a database last used three days ago, with a one-day
    game, is opened by `python -m bot console` and the game goes on."""
    database = tmp_path / "postal.db"
    script = "alice /challenge bob color:white days:1\nbob /press Accept\nalice /move e4\n"
    confirm_off(database, script_users(script))
    run_console(database, script)
    # Everything happened three days ago: shift every stored time back by three days.
    shift = 3 * 86400
    conn = sqlite3.connect(database)
    conn.execute(
        "UPDATE games SET created_at = created_at - ?1, last_move_at = last_move_at - ?1, "
        "deadline_at = deadline_at - ?1",
        (shift,),
    )
    conn.execute("UPDATE moves SET played_at = played_at - ?", (shift,))
    conn.execute(
        "UPDATE bot_state SET value = CAST(value AS INTEGER) - ? WHERE key = 'heartbeat_at'",
        (shift,),
    )
    conn.commit()
    conn.close()
    output = run_console(database, "bob /move e5\nalice /games\n")
    assert "out of time" not in output, output
    assert "bob played 1... e5" in output
    conn = sqlite3.connect(database)
    (status,) = conn.execute("SELECT status FROM games").fetchone()
    conn.close()
    assert status == GameStatus.ACTIVE.value


def run_console(database: Path, script: str) -> str:
    done = call_postal(["console", "--db", str(database), "--no-images"], stdin=script)
    assert done.returncode == 0, done.stderr
    return done.stdout


# --- vacation ------------------------------------------------------------------------------


async def test_vacation_allowance_spans_new_year(service: GameService, clock: ManualClock) -> None:
    """30 days taken on 31 December leave none on 1 January: days in any 365, not per year."""
    clock.now = datetime(2026, 12, 31, 12, 0, tzinfo=UTC)
    await service.deadlines.vacation(ALICE, 30)
    clock.now = datetime(2027, 1, 1, 12, 0, tzinfo=UTC)
    with pytest.raises(errors.VacationError) as refused:
        await service.deadlines.vacation(ALICE, 1)
    assert (refused.value.problem, refused.value.left) == (errors.VacationProblem.ALLOWANCE, 0)
    clock.now = datetime(2027, 12, 31, 12, 1, tzinfo=UTC)  # 365 days after the first
    assert (await service.deadlines.vacation(ALICE, 30)).days_left == 0


async def test_clock_moved_back_across_new_year_grants_no_second_vacation(
    service: GameService, clock: ManualClock
) -> None:
    """A vacation taken while the clock wrongly said January still counts once the clock
    is set back to December."""
    clock.now = datetime(2027, 1, 2, 9, 0, tzinfo=UTC)  # the clock is ahead
    await service.deadlines.vacation(ALICE, 30)
    clock.now = datetime(2026, 12, 30, 9, 0, tzinfo=UTC)  # corrected, back across New Year
    with pytest.raises(errors.VacationError) as refused:
        await service.deadlines.vacation(ALICE, 5)
    assert (refused.value.problem, refused.value.left) == (errors.VacationProblem.ALLOWANCE, 0)
    settings = await service.preferences.settings(ALICE)
    assert settings.vacation_days_left == 0


@pytest.mark.sqlite_only
async def test_locked_database_at_start_up_is_a_store_error(
    store: Store, clock: ManualClock
) -> None:
    """A database locked by another program when the credit is written is a StoreError (one
    line for the operator), not a raw sqlite3 error."""
    blocker = sqlite3.connect(store.path, isolation_level=None, timeout=0)
    async with store.database.read() as conn:
        await conn.execute("PRAGMA busy_timeout = 100")
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="locked by another program"):
            await resume(store, clock)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()


async def test_each_heartbeat_marks_the_health_file(
    store: Store, clock: ManualClock, tmp_path: Path
) -> None:
    """``on_beat`` (the bot's health file) is called once the downtime is resumed and after
    each heartbeat the database took; one that fails is logged, and the heartbeats go on."""
    beats: list[datetime] = []
    failures = 0

    def on_beat() -> None:
        nonlocal failures
        beats.append(clock.now)
        if len(beats) == 2:
            failures += 1
            raise OSError("read-only file system")

    async with keeping_time(store, clock, interval=timedelta(milliseconds=10), on_beat=on_beat):
        assert beats == [clock.now]
        for _ in range(200):
            if len(beats) >= 4:
                break
            await asyncio.sleep(0.01)
    assert len(beats) >= 4 and failures == 1
