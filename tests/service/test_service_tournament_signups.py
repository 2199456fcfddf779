"""Sign-up deadlines (``service.signups``): at its deadline the clock starts an open
tournament with enough players, without anyone's command, its games and its announcement
written to the outbox in the start's transaction; with too few it is cancelled and told.
Either happens once, whatever runs the clock (two processes, a restart after a kill); a
deadline refused changes nothing."""

from __future__ import annotations

import asyncio
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, ManualClock
from bot.service.tournament import use_case
from bot.service.tournament.deadline import DeadlineError, DeadlineProblem
from bot.service.tournament.facts import (
    TournamentCancelled,
    TournamentError,
    TournamentRefusal,
    TournamentStarted,
)
from bot.store import Entry, OutboxKind, Store, TournamentFormat, TournamentStatus
from bot.text.errors import error_text
from bot.text.signup_words import cancelled_text, signup_text
from bot.text.tournament_words import tournament_text
from tests.dbtools import snapshot
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE


async def _open(service: GameService, deadline: str = "2d", **terms: Any) -> int:
    made = await service.tournaments.create(
        ALICE, PLACE, manages_server=True, name="Cup", deadline=deadline, **terms
    )
    return made.tournament.id


async def _kinds(store: Store) -> Counter[OutboxKind]:
    return Counter(row.kind for row in await store.outbox.pending(1000))


@pytest.mark.store
async def test_the_clock_starts_a_tournament_at_its_deadline(
    service: GameService, clock: ManualClock
) -> None:
    """Three players by the deadline: nothing before it (the scheduler wakes for it), then
    one round of the clock starts it with its three games, each opened by its own outbox
    row, and one announcement of the pairings in the tournament's place; the next round
    starts nothing."""
    tid = await _open(service)
    for user in (ALICE, BOB, CAROL):
        await service.tournaments.join(user, PLACE)
    deadline = clock.now + timedelta(days=2)
    assert (await service.tournaments.shown(tid)).starts_at == deadline
    assert await service.deadlines.next_wakeup() == deadline
    clock.advance(days=2, seconds=-1)
    assert await service.signups.close_due() == []
    clock.advance(seconds=1)
    [started] = await service.signups.close_due()
    assert isinstance(started, TournamentStarted) and len(started.pairings) == 3
    assert started.tournament.status is TournamentStatus.RUNNING
    kinds = await _kinds(service.core.store)
    assert (kinds[OutboxKind.GAME_OPENED], kinds[OutboxKind.TOURNAMENT_STARTED]) == (3, 1)
    [row] = [
        r
        for r in await service.core.store.outbox.pending(1000)
        if r.kind is OutboxKind.TOURNAMENT_STARTED
    ]
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None and delivery.channel_id == PLACE.channel_id
    said = delivery.content
    assert isinstance(said, TournamentStarted)
    assert [p.game.id for p in said.pairings] == [p.game.id for p in started.pairings]
    assert "Cup has started: 3 games, all at once." in signup_text(said)
    assert await service.signups.close_due() == []
    assert await service.deadlines.next_wakeup() != deadline


async def test_too_few_players_at_the_deadline_cancel_it(
    service: GameService, clock: ManualClock
) -> None:
    """Two players at the deadline: the tournament is cancelled (over, no game), its place
    told once why; joining it afterwards is refused as cancelled."""
    tid = await _open(service, "12h")
    await service.tournaments.join(BOB, PLACE)
    await service.tournaments.join(CAROL, PLACE)
    clock.advance(hours=12)
    [cancelled] = await service.signups.close_due()
    assert isinstance(cancelled, TournamentCancelled)
    assert (cancelled.entrants, cancelled.needed) == (2, 3)
    view = cancelled.tournament
    assert view.cancelled and view.status is TournamentStatus.FINISHED
    assert await service.core.store.games.all_ids() == []
    assert cancelled_text(cancelled) == (
        "Cup is cancelled: only 2 players had joined by its sign-up deadline, and it needs 3."
    )
    assert "Cancelled" in tournament_text(view)
    kinds = await _kinds(service.core.store)
    assert kinds == Counter({OutboxKind.TOURNAMENT_CANCELLED: 1})
    [row] = await service.core.store.outbox.pending(1000)
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None and delivery.content == cancelled
    assert await service.signups.close_due() == []
    with pytest.raises(TournamentError) as raised:
        await service.tournaments.join(ALICE, PLACE, tid)
    assert raised.value.reason is TournamentRefusal.CANCELLED
    assert "was cancelled at its sign-up deadline" in error_text(raised.value)


async def test_full_before_the_deadline_starts_when_full(
    service: GameService, clock: ManualClock
) -> None:
    """A deadline and "start when full": the join that fills it starts it at once; its
    deadline then finds nothing to do."""
    await _open(service, "1d", players=3, start_when_full=True)
    await service.tournaments.join(ALICE, PLACE)
    await service.tournaments.join(BOB, PLACE)
    filled = await service.tournaments.join(CAROL, PLACE)
    assert filled.started is not None
    clock.advance(days=1)
    assert await service.signups.close_due() == []
    assert (await _kinds(service.core.store))[OutboxKind.TOURNAMENT_STARTED] == 0


async def test_a_swiss_at_its_deadline_starts_its_first_round(
    service: GameService, clock: ManualClock
) -> None:
    """A Swiss of three at its deadline: round 1 (one game, a bye) is announced."""
    await _open(service, "1h", format=TournamentFormat.SWISS, rounds=2)
    for user in (ALICE, BOB, CAROL):
        await service.tournaments.join(user, PLACE)
    clock.advance(hours=1)
    [started] = await service.signups.close_due()
    assert isinstance(started, TournamentStarted) and len(started.pairings) == 1
    [row] = [
        r
        for r in await service.core.store.outbox.pending(1000)
        if r.kind is OutboxKind.TOURNAMENT_STARTED
    ]
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None and isinstance(delivery.content, TournamentStarted)
    assert len(delivery.content.pairings) == 1 and delivery.content.bye is not None


@pytest.mark.store
async def test_two_processes_start_it_once(
    service: GameService, clock: ManualClock, db_path: Path | str
) -> None:
    """Two services on one database run their clock rounds at once: one starts the
    tournament, the other finds it started; three games, one announcement."""
    await _open(service, "1d")
    for user in (ALICE, BOB, CAROL):
        await service.tournaments.join(user, PLACE)
    clock.advance(days=1)
    other_store = await Store.open(db_path)
    try:
        other = GameService(other_store, clock)
        done = await asyncio.gather(service.signups.close_due(), other.signups.close_due())
    finally:
        await other_store.close()
    assert sorted(len(d) for d in done) == [0, 1]
    assert len(await service.core.store.games.all_ids()) == 3
    kinds = await _kinds(service.core.store)
    assert (kinds[OutboxKind.GAME_OPENED], kinds[OutboxKind.TOURNAMENT_STARTED]) == (3, 1)


@pytest.mark.store
async def test_a_kill_during_the_start_leaves_it_to_start_once_after_restart(
    service: GameService, clock: ManualClock, db_path: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start's transaction fails at its last write (as a kill would stop it): nothing
    of it is kept; the restarted process's round starts it once, and a further round,
    after another restart, starts nothing."""
    await _open(service, "1d")
    for user in (ALICE, BOB, CAROL):
        await service.tournaments.join(user, PLACE)
    clock.advance(days=1)

    def killed(*_: object) -> list[object]:
        raise RuntimeError("killed")

    monkeypatch.setattr(use_case, "started_items", killed)
    with pytest.raises(RuntimeError):
        await service.signups.close_due()
    assert await service.core.store.games.all_ids() == []
    assert await _kinds(service.core.store) == Counter()
    monkeypatch.undo()
    for round_ in range(2):
        restarted_store = await Store.open(db_path)
        try:
            done = await GameService(restarted_store, clock).signups.close_due()
        finally:
            await restarted_store.close()
        assert len(done) == (1 if round_ == 0 else 0)
    assert len(await service.core.store.games.all_ids()) == 3


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("yesterday", DeadlineProblem.UNREADABLE),
        ("2026-01-01", DeadlineProblem.PAST),
        ("90d", DeadlineProblem.TOO_FAR),
    ],
)
async def test_a_bad_deadline_is_refused_and_changes_nothing(
    service: GameService, db_path: Path | str, typed: str, problem: DeadlineProblem
) -> None:
    """Unreadable, past, or too far ahead: refused with its own sentence, nothing written
    (not even the organiser's player row)."""
    before = snapshot(db_path)
    with pytest.raises(DeadlineError) as raised:
        await _open(service, typed)
    assert raised.value.problem is problem
    assert snapshot(db_path) == before
    said = error_text(raised.value)
    assert said.startswith("deadline:") and ("60 days" in said or typed in said or "passed" in said)


async def test_a_date_is_the_organisers_local_time(
    service: GameService, clock: ManualClock
) -> None:
    """An organiser in Tokyo (UTC+9) typing 2026-01-06 18:00 closes sign-up at 09:00 UTC."""
    await service.preferences.settings(ALICE, timezone="Asia/Tokyo")
    tid = await _open(service, "2026-01-06 18:00")
    view = await service.tournaments.shown(tid)
    assert view.starts_at == datetime(2026, 1, 6, 9, tzinfo=UTC)
    assert "sign-up closes 2026-01-06 09:00 UTC" in str(tournament_text(view))


async def test_a_join_racing_the_cancellation_is_told_cancelled(
    service: GameService, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A join that found the tournament open while its deadline's cancellation landed
    before the join's write: nothing changes, and the refusal says cancelled (it did not
    start)."""
    await _open(service, "12h")
    await service.tournaments.join(BOB, PLACE)
    clock.advance(hours=12)
    store = service.core.store.tournaments
    join = store.join
    cancelled: list[object] = []

    async def cancelled_first(tournament_id: int, player_id: int, now: datetime) -> Entry:
        cancelled.extend(await service.signups.close_due())  # the other call, interleaved
        return await join(tournament_id, player_id, now)

    monkeypatch.setattr(store, "join", cancelled_first)
    with pytest.raises(TournamentError) as raised:
        await service.tournaments.join(CAROL, PLACE)
    assert raised.value.reason is TournamentRefusal.CANCELLED
    assert [type(one) for one in cancelled] == [TournamentCancelled]
    assert [e.player_id for e in await store.entrants(raised.value.tournament_id or 0)] == [BOB.id]


@pytest.mark.store
async def test_a_start_racing_the_cancellation_is_told_cancelled(
    service: GameService, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The organiser's start read three players; meanwhile one left and the deadline
    cancelled it: the start changes nothing and says cancelled, not started."""
    await _open(service, "12h")
    for user in (ALICE, BOB, CAROL):
        await service.tournaments.join(user, PLACE)
    clock.advance(hours=12)
    store = service.core.store.tournaments
    start = store.start

    async def cancelled_first(*args: Any, **kwargs: Any) -> Any:
        await service.tournaments.leave(CAROL, PLACE)  # the other calls, interleaved
        assert [type(one) for one in await service.signups.close_due()] == [TournamentCancelled]
        return await start(*args, **kwargs)

    monkeypatch.setattr(store, "start", cancelled_first)
    with pytest.raises(TournamentError) as raised:
        await service.tournaments.start(ALICE, PLACE, manages_server=True)
    assert raised.value.reason is TournamentRefusal.CANCELLED
    assert await service.core.store.games.all_ids() == []
