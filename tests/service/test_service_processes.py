"""Two processes on one database run the clock at the same moments: each time-out, reminder
and thread to archive is worked on by the one process that claims it; a killed process's
claims run out and the other takes its items over."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock, Place, User
from bot.service.claiming import CLOCK_CLAIM_LEASE
from bot.store import ClaimKind, Store
from tests.service.service_helpers import start_game

# About the database (races, processes, sizes, migrations): runs on PostgreSQL too.
pytestmark = pytest.mark.store

GAMES = 8


@pytest.fixture
async def services(
    store: Store, db_path: Path, clock: ManualClock
) -> AsyncIterator[tuple[GameService, GameService]]:
    """Process A (the ``store`` fixture's connection) and process B (its own connection)."""
    other = await Store.open(db_path)
    yield (
        GameService(store, clock, process="shards:0/2"),
        GameService(other, clock, process="shards:1/2"),
    )
    await other.close()


async def games(service: GameService) -> list[int]:
    """``GAMES`` games between different players, each in its own channel, white to move,
    3 days per move."""
    found = []
    for n in range(GAMES):
        started = await start_game(
            service,
            white=User(1000 + n, f"white{n}"),
            black=User(2000 + n, f"black{n}"),
            place=Place(guild_id=1, channel_id=100 + n),
        )
        found.append(started.game.id)
    return found


async def test_each_reminder_is_handed_over_by_one_process(
    services: tuple[GameService, GameService], clock: ManualClock
) -> None:
    """Both processes look for reminders at once: between them every game's reminder is
    handed over once (one outbox row each, not two rounds of work)."""
    a, b = services
    ids = await games(a)
    clock.advance(days=2, hours=1)
    handed = await asyncio.gather(
        a.deadlines.hand_over_reminders(), b.deadlines.hand_over_reminders()
    )
    assert sum(handed) == GAMES
    rows = await a.deliveries.pending_deliveries()
    assert sorted(row.game_id or 0 for row in rows) == sorted(ids)


async def test_each_time_out_is_worked_on_by_one_process(
    services: tuple[GameService, GameService], clock: ManualClock
) -> None:
    """Both processes end overdue games at once: every game ends once, each by one of
    them, and neither reports a game the other ended."""
    a, b = services
    ids = await games(a)
    clock.advance(days=3, minutes=1)
    reports = await asyncio.gather(a.deadlines.expire_overdue(), b.deadlines.expire_overdue())
    ended = [ending.game.id for report in reports for ending in report.ended]
    assert sorted(ended) == sorted(ids)


async def dead_holder(a: GameService, kind: ClaimKind, ids: list[int], clock: ManualClock) -> None:
    """A claims ``ids`` for ``kind`` now, for the clock's lease, and is killed."""
    now = clock().timestamp()
    lease = CLOCK_CLAIM_LEASE.total_seconds()
    assert await a.core.store.claims.take(kind, ids, a.core.process, now, now + lease) == set(ids)


async def test_a_dead_process_items_wait_for_its_lease_then_go_to_the_other(
    services: tuple[GameService, GameService], clock: ManualClock
) -> None:
    """A claimed the overdue games and died before ending them: B leaves them while A's
    claims run, next wakes when they end (not at the deadlines already past, round after
    round), and ends them then."""
    a, b = services
    ids = await games(a)
    clock.advance(days=3, minutes=1)
    await dead_holder(a, ClaimKind.TIME_OUT, ids, clock)
    assert (await b.deadlines.expire_overdue()).ended == ()
    assert await b.deadlines.next_wakeup() == clock() + CLOCK_CLAIM_LEASE
    clock.advance(seconds=CLOCK_CLAIM_LEASE.total_seconds())
    assert sorted(e.game.id for e in (await b.deadlines.expire_overdue()).ended) == sorted(ids)


async def test_a_reminder_another_process_holds_is_not_due_until_its_claim_ends(
    services: tuple[GameService, GameService], clock: ManualClock
) -> None:
    """A claimed the due reminders and died before handing them over: B's next wake-up is
    when A's claims end (not at once, round after round), and then B hands them over."""
    a, b = services
    ids = await games(a)
    clock.advance(days=2, hours=1)
    await dead_holder(a, ClaimKind.REMINDER, ids, clock)
    assert await b.deadlines.hand_over_reminders() == 0
    assert await b.deadlines.next_wakeup() == clock() + CLOCK_CLAIM_LEASE
    clock.advance(seconds=CLOCK_CLAIM_LEASE.total_seconds())
    assert await b.deadlines.hand_over_reminders() == GAMES
    assert (wakeup := await b.deadlines.next_wakeup()) is not None and wakeup > clock()


async def test_each_finished_games_thread_is_archived_by_one_process(
    services: tuple[GameService, GameService], clock: ManualClock
) -> None:
    """A day after the games end, both processes ask which threads to archive: each
    thread is listed to one of them."""
    a, b = services
    ids = await games(a)
    for n, game_id in enumerate(ids):
        await a.core.store.games.set_thread(game_id, 5000 + n)
    clock.advance(days=3, minutes=1)
    await a.deadlines.expire_overdue()
    clock.advance(days=1, minutes=1)
    found = await asyncio.gather(a.deadlines.threads_to_archive(), b.deadlines.threads_to_archive())
    listed = [view.id for views in found for view in views]
    assert sorted(listed) == sorted(ids)


async def test_an_old_board_is_edited_by_one_process_only(
    services: tuple[GameService, GameService],
) -> None:
    """B lists the game's old board and is editing it when a newer old board comes and A,
    marking its own edit done, finds B's superseded: A leaves it to B. A does not get back
    the board it has just edited either: every old board goes to one edit."""
    a, b = services
    (game,) = (await games(a))[:1]
    channel = 100
    await a.reports.replace_board_message(game, channel, 1001)
    await a.reports.replace_board_message(game, channel, 1002)
    listed_by_b = await b.reports.boards_to_retire()
    assert [board.message_id for board in listed_by_b] == [1001]
    await a.reports.replace_board_message(game, channel, 1003)  # 1002 is old now, and the newest
    listed_by_a = await a.reports.boards_to_retire()
    assert [board.message_id for board in listed_by_a] == [1002]
    assert await a.reports.board_retired(*listed_by_a) == [], "1001 is B's: B is editing it"
    assert await b.reports.board_retired(*listed_by_b) == []
    assert await a.reports.boards_to_retire() == [] and await b.reports.boards_to_retire() == []


async def test_a_board_superseded_while_edited_is_not_handed_back(
    services: tuple[GameService, GameService],
) -> None:
    """A lists an old board; a newer one comes before A marks the first done: the first is
    not returned as put aside (A edited it already), the newer one is still to edit."""
    a, _ = services
    (game,) = (await games(a))[:1]
    await a.reports.replace_board_message(game, 100, 1001)
    await a.reports.replace_board_message(game, 100, 1002)
    listed = await a.reports.boards_to_retire()
    await a.reports.replace_board_message(game, 100, 1003)
    assert await a.reports.board_retired(*listed) == []
    assert [board.message_id for board in await a.reports.boards_to_retire()] == [1002]
