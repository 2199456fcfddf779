"""Reminders on the player's terms: which reminders, a time zone, quiet hours, a digest."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.service import GameService, ManualClock, MovePlayed
from bot.store import OutboxKind, OutboxTarget
from bot.text.words import settings_text
from tests.service.service_helpers import ALICE, BOB, PLACE, play, start_game


@pytest.mark.store
async def test_a_player_chooses_which_reminders(service: GameService, clock: ManualClock) -> None:
    """Bob chose 48 h and 6 h: he gets those and not the default 24 h and 1 h."""
    chosen = await service.preferences.settings(BOB, reminders="6, 48")
    assert chosen.reminder_hours == (48, 6)
    assert "reminders 48 h, 6 h before a deadline" in settings_text(chosen, str)
    started = await start_game(service, days=3)
    await play(service, started.game.id, "e4")
    deadline = (await service.reports.game_view(started.game.id)).deadline
    assert deadline is not None
    assert await service.deadlines.next_wakeup() == deadline - timedelta(hours=48)
    seen = []
    for hours_left in (48, 24, 6, 1):
        clock.now = deadline - timedelta(hours=hours_left)
        for reminder in await service.deadlines.due_reminders():
            seen.append(reminder.hours_before)
            await service.deadlines.mark_reminder_sent(reminder)
    assert seen == [48, 6]
    assert await service.deadlines.next_wakeup() == deadline


async def test_the_default_stays_24_and_1(service: GameService, clock: ManualClock) -> None:
    """A player who never chose is reminded 24 h and 1 h before, as before."""
    started = await start_game(service, days=3)
    assert (await service.preferences.settings(ALICE)).reminder_hours == (24, 1)
    deadline = started.game.deadline
    assert deadline is not None
    assert await service.deadlines.next_wakeup() == deadline - timedelta(hours=24)


async def test_no_reminders_at_all(service: GameService, clock: ManualClock) -> None:
    """reminders:none sends none, and the clock wakes only for the deadline."""
    await service.preferences.settings(ALICE, reminders="none")
    started = await start_game(service, days=3)
    deadline = started.game.deadline
    assert deadline is not None
    assert await service.deadlines.next_wakeup() == deadline
    clock.now = deadline - timedelta(minutes=5)
    assert await service.deadlines.due_reminders() == []


async def test_a_reminder_chosen_after_its_time_is_not_sent_late(
    service: GameService, clock: ManualClock
) -> None:
    """After the 24 h reminder, adding 48 h neither sends it nor wakes the clock early."""
    started = await start_game(service, days=3)
    deadline = started.game.deadline
    assert deadline is not None
    clock.now = deadline - timedelta(hours=20)
    assert await service.deadlines.hand_over_reminders() == 1
    await service.preferences.settings(ALICE, reminders="48 24 1")
    assert await service.deadlines.due_reminders() == []
    assert await service.deadlines.next_wakeup() == deadline - timedelta(hours=1)


async def test_time_zone_names_are_read_in_any_case(service: GameService) -> None:
    """``europe/paris`` is stored as the database spells it."""
    shown = await service.preferences.settings(ALICE, timezone="europe/paris", quiet="22:30-7")
    assert shown.time_zone == "Europe/Paris" and shown.quiet_hours == (22 * 60 + 30, 7 * 60)
    assert "time zone Europe/Paris; quiet hours 22:30-07:00" in settings_text(shown, str)
    off = await service.preferences.settings(ALICE, quiet="off")
    assert off.quiet_hours is None and "no quiet hours" in settings_text(off, str)


async def quiet_bob(service: GameService) -> int:
    """Bob wants DMs, lives in Paris and sleeps 23:00-07:00; alice has moved in a 1-day
    game at 12:00 UTC (13:00 in Paris), so bob's deadline is 12:00 UTC the next day."""
    await service.preferences.settings(
        BOB, notify="dm", timezone="Europe/Paris", quiet="23:00-07:00"
    )
    started = await start_game(service, days=1)
    await play(service, started.game.id, "e4")
    return started.game.id


async def dm_rows(service: GameService, game_id: int, kind: OutboxKind) -> list[int]:
    return [
        row.id
        for row in await service.deliveries.deliveries_of(game_id)
        if row.kind is kind and row.target is OutboxTarget.DM and row.state.value == "pending"
    ]


@pytest.mark.store
async def test_a_dm_in_quiet_hours_waits_for_their_end(
    service: GameService, clock: ManualClock
) -> None:
    """A 12 h reminder due at 01:00 in Paris is held until 07:00 there (06:00 UTC), since
    the deadline (13:00 there) allows it; it is then sent."""
    await service.preferences.settings(BOB, reminders="12")
    game_id = await quiet_bob(service)
    await service.deliveries.settle_shown_deliveries()  # the turn DM: not what this test is about
    clock.now = datetime(2026, 1, 6, 0, 0, tzinfo=UTC)  # 01:00 in Paris
    assert await service.deadlines.hand_over_reminders() == 1
    (row_id,) = await dm_rows(service, game_id, OutboxKind.REMINDER)
    row = next(r for r in await service.deliveries.pending_deliveries() if r.id == row_id)
    assert await service.deliveries.delivery(row) is None  # held back, not sent
    assert row_id not in {r.id for r in await service.deliveries.pending_deliveries()}
    clock.now = datetime(2026, 1, 6, 5, 59, tzinfo=UTC)
    assert row_id not in {r.id for r in await service.deliveries.pending_deliveries()}
    clock.now = datetime(2026, 1, 6, 6, 0, tzinfo=UTC)  # 07:00 in Paris
    (again,) = [r for r in await service.deliveries.pending_deliveries() if r.id == row_id]
    assert again.attempts == 0  # holding it was no attempt
    delivery = await service.deliveries.delivery(again)
    assert delivery is not None and delivery.user is not None and delivery.user.id == BOB.id


async def test_a_dm_is_sent_in_quiet_hours_when_the_deadline_comes_first(
    service: GameService, clock: ManualClock
) -> None:
    """A 1 h reminder for a deadline at 03:00 in Paris cannot wait for 07:00: it goes."""
    await service.preferences.settings(
        BOB, notify="dm", timezone="Europe/Paris", quiet="23:00-07:00"
    )
    clock.now = datetime(2026, 1, 5, 2, 0, tzinfo=UTC)
    started = await start_game(service, days=1)
    await play(service, started.game.id, "e4")  # bob's deadline: 02:00 UTC, 03:00 in Paris
    await service.deliveries.settle_shown_deliveries()
    clock.now = datetime(2026, 1, 6, 1, 0, tzinfo=UTC)
    assert await service.deadlines.hand_over_reminders() == 1
    (row_id,) = await dm_rows(service, started.game.id, OutboxKind.REMINDER)
    row = next(r for r in await service.deliveries.pending_deliveries() if r.id == row_id)
    assert await service.deliveries.delivery(row) is not None


async def test_the_turn_dm_of_a_move_at_night_waits(
    service: GameService, clock: ManualClock
) -> None:
    """Quiet hours hold every DM, the turn notice included; a mention is not held."""
    await service.preferences.settings(BOB, notify="dm", timezone="Asia/Tokyo", quiet="22:00-08:00")
    started = await start_game(service, days=3)  # 12:00 UTC is 21:00 in Tokyo
    clock.now = datetime(2026, 1, 5, 14, 0, tzinfo=UTC)  # 23:00 in Tokyo
    await play(service, started.game.id, "e4")
    (row_id,) = await dm_rows(service, started.game.id, OutboxKind.TURN)
    row = next(r for r in await service.deliveries.pending_deliveries() if r.id == row_id)
    assert await service.deliveries.delivery(row) is None
    assert await service.deliveries.dm_held_until(BOB.id, None) == datetime(
        2026, 1, 5, 23, 0, tzinfo=UTC
    )


@pytest.mark.store
async def test_the_daily_digest_replaces_the_notice_per_move(
    service: GameService, clock: ManualClock
) -> None:
    """Bob's digest at 08:00 (UTC) lists his games to move, once a day; no turn DM or
    mention comes per move meanwhile."""
    await service.preferences.settings(BOB, notify="dm")
    shown = await service.preferences.settings(BOB, digest="8:00")
    assert shown.digest_at == 8 * 60 and "a daily digest at 08:00" in settings_text(shown, str)
    first = await start_game(service, days=3)
    second = await start_game(service, days=5)
    for game in (first, second):
        played = await service.play.move(ALICE, PLACE, "e4", game_id=game.game.id)
        assert isinstance(played, MovePlayed), played
        assert played.notify is not None and played.notify.digest
        assert await dm_rows(service, game.game.id, OutboxKind.TURN) == []
    assert await service.deadlines.next_wakeup() == datetime(2026, 1, 6, 8, 0, tzinfo=UTC)
    clock.now = datetime(2026, 1, 6, 8, 0, tzinfo=UTC)
    (digest,) = await service.digests.hand_over_digests()
    assert digest.player.id == BOB.id
    assert [g.id for g in digest.games] == [first.game.id, second.game.id]  # most urgent first
    assert await service.digests.hand_over_digests() == []  # once a day
    row = next(
        r for r in await service.deliveries.pending_deliveries() if r.kind is OutboxKind.DIGEST
    )
    assert row.user_id == BOB.id and row.lane == f"player:{BOB.id}"
    delivered = await service.deliveries.delivery(row)
    assert delivered is not None and delivered.content == digest
    # Bob answers one game; the next day's digest lists the other only.
    await service.play.move(BOB, PLACE, "e5", game_id=second.game.id)
    clock.now = datetime(2026, 1, 7, 8, 0, tzinfo=UTC)
    (next_day,) = await service.digests.hand_over_digests()
    assert [g.id for g in next_day.games] == [first.game.id]


async def test_no_digest_when_no_game_waits(service: GameService, clock: ManualClock) -> None:
    """With nothing to move, no DM is written; the next day's digest is still due."""
    await service.preferences.settings(BOB, digest="08:00", timezone="America/New_York")
    due = datetime(2026, 1, 5, 13, 0, tzinfo=UTC)  # 08:00 in New York, 07:00 now
    assert await service.deadlines.next_wakeup() == due
    clock.now = due
    assert await service.digests.hand_over_digests() == []
    assert await service.deadlines.next_wakeup() == due + timedelta(days=1)
    assert [
        r for r in await service.deliveries.pending_deliveries() if r.kind is OutboxKind.DIGEST
    ] == []


async def test_a_digest_the_player_outran_is_superseded(
    service: GameService, clock: ManualClock
) -> None:
    """If bob moved in every listed game before the digest went out, it is not sent."""
    await service.preferences.settings(BOB, digest="08:00")
    started = await start_game(service, days=3)
    await play(service, started.game.id, "e4")
    clock.now = datetime(2026, 1, 6, 8, 0, tzinfo=UTC)
    assert len(await service.digests.hand_over_digests()) == 1
    await play(service, started.game.id, "e5")
    row = next(
        r for r in await service.deliveries.pending_deliveries() if r.kind is OutboxKind.DIGEST
    )
    assert await service.deliveries.delivery(row) is None
    assert row.id not in {r.id for r in await service.deliveries.pending_deliveries()}


async def test_digest_off_stops_it(service: GameService, clock: ManualClock) -> None:
    """digest:off: no digest is due any more, and turns are notified per move again."""
    await service.preferences.settings(BOB, notify="dm", digest="08:00")
    await service.preferences.settings(BOB, digest="off")
    started = await start_game(service, days=3)
    await play(service, started.game.id, "e4")
    assert len(await dm_rows(service, started.game.id, OutboxKind.TURN)) == 1
    clock.now = datetime(2026, 1, 6, 8, 0, tzinfo=UTC)
    assert await service.digests.hand_over_digests() == []
