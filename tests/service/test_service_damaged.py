"""One game whose stored moves no longer replay never stops the clock for the others."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock, Place, errors
from bot.text.errors import error_message
from tests.dbtools import connect
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, snapshot, start_game

OTHER_PLACE = Place(guild_id=1, channel_id=11)


def damage(db_path: Path | str, game_id: int) -> None:
    """Rewrite the game's first stored move into one that is illegal at the start."""
    with connect(db_path) as conn:
        conn.execute("UPDATE moves SET uci = 'e1e8' WHERE game_id = ? AND ply = 1", (game_id,))


async def test_a_damaged_game_is_skipped_and_the_round_goes_on(
    service: GameService, clock: ManualClock, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The clock round ends the healthy overdue games (before and after the damaged one),
    expires challenges, logs the damaged game with its id, and never retries it."""
    first = await start_game(service, days=1)
    await play(service, first.game.id, "e4")
    broken = await start_game(service, days=1, white=ALICE, black=CAROL, place=OTHER_PLACE)
    await service.play.move(ALICE, None, "e4", game_id=broken.game.id)
    last = await start_game(service, days=2, white=BOB, black=CAROL, place=OTHER_PLACE)
    await service.challenges.challenge(ALICE, PLACE, CAROL)
    damage(db_path, broken.game.id)

    clock.advance(days=3)
    with caplog.at_level(logging.ERROR):
        report = await service.deadlines.expire_overdue()
    assert {e.game.id for e in report.ended} == {first.game.id, last.game.id}
    assert len(report.expired_challenges) == 1
    assert any(f"game #{broken.game.id} is damaged" in r.getMessage() for r in caplog.records)

    # The damaged game no longer holds the clock: nothing due now, no busy loop.
    assert (await service.deadlines.expire_overdue()).ended == ()
    assert await service.deadlines.next_wakeup() is None
    assert await service.deadlines.due_reminders() == []


async def test_players_are_told_plainly_and_nothing_changes(
    service: GameService, clock: ManualClock, db_path: Path
) -> None:
    """Every command on a damaged game says so (a UserError); resign commits nothing."""
    started = await start_game(service)
    await play(service, started.game.id, "e4", "e5")
    damage(db_path, started.game.id)
    game_id = started.game.id
    before = snapshot(db_path)
    with pytest.raises(errors.DamagedGameError) as raised:
        await service.play.board(ALICE, PLACE, game_id=game_id)
    assert error_message(raised.value).startswith(
        f"Game #{game_id} is damaged and cannot be played"
    )
    after_first = snapshot(db_path)
    assert [line for line in after_first if line not in before] != []  # marked damaged

    calls = [
        service.endings.confirm_resign(ALICE, game_id),
        service.endings.resign(ALICE, PLACE, game_id=game_id),
        service.play.move(ALICE, PLACE, "Nf3", game_id=game_id),
        service.reports.record(BOB, PLACE, game_id=game_id),
        service.play.legal_targets(BOB, PLACE, "e2", game_id=game_id),
        service.endings.draw(BOB, PLACE, game_id=game_id),
        service.endings.abort(BOB, PLACE, game_id=game_id),
        service.deadlines.moretime(BOB, PLACE, 2, game_id=game_id),
    ]
    for call in calls:
        with pytest.raises(errors.DamagedGameError):
            await call
    assert await service.play.legal_move_suggestions(ALICE, PLACE, "N", game_id=game_id) == []
    assert snapshot(db_path) == after_first
    assert (await service.reports.game_view(game_id)).active


async def test_resign_on_a_game_not_yet_known_damaged_commits_nothing(
    service: GameService, db_path: Path
) -> None:
    """Pressing Resign on a game whose moves were damaged since: refused, nothing written
    but the damage mark (it used to commit the resignation and then crash)."""
    started = await start_game(service)
    await play(service, started.game.id, "e4")
    damage(db_path, started.game.id)
    with pytest.raises(errors.DamagedGameError):
        await service.endings.confirm_resign(BOB, started.game.id)
    view = await service.reports.game_view(started.game.id)
    assert view.active and view.result is None


async def test_a_failing_reminder_is_isolated(
    service: GameService, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reminder that fails for one game is skipped; the other games' reminders come."""
    first = await start_game(service, days=1)
    second = await start_game(service, days=1, white=BOB, black=CAROL, place=OTHER_PLACE)
    real_view = service.core.view

    async def view(record, refs=None, **options):  # type: ignore[no-untyped-def]
        if record.id == first.game.id:
            raise ValueError("a corrupt row")
        return await real_view(record, refs, **options)

    monkeypatch.setattr(service.core, "view", view)
    clock.advance(hours=23, minutes=30)
    reminders = await service.deadlines.due_reminders()
    assert [r.game.id for r in reminders] == [second.game.id]
    monkeypatch.undo()
    # The failing game is now marked damaged: no reminder for it even with a working view.
    assert [r.game.id for r in await service.deadlines.due_reminders()] == [second.game.id]


async def test_a_damaged_games_outbox_rows_fail_once_instead_of_looping(
    service: GameService, db_path: Path
) -> None:
    """A notice waiting in the outbox for a game since damaged is recorded as failed with
    the reason (not raised at the sender for ever); other games' rows are delivered."""
    from bot.store import OutboxState

    await service.preferences.settings(BOB, notify="dm")
    broken = await start_game(service)
    healthy = await start_game(service, white=CAROL, black=BOB, place=OTHER_PLACE)
    await play(service, broken.game.id, "e4")  # a DM turn notice for bob
    await service.play.move(CAROL, None, "e4", game_id=healthy.game.id)
    damage(db_path, broken.game.id)
    rows = [r for r in await service.deliveries.pending_deliveries() if r.game_id is not None]
    by_game = {row.game_id: row for row in rows}
    assert await service.deliveries.delivery(by_game[broken.game.id]) is None
    delivery = await service.deliveries.delivery(by_game[healthy.game.id])
    assert delivery is not None and delivery.game_id == healthy.game.id
    left = {r.game_id for r in await service.deliveries.pending_deliveries()}
    assert broken.game.id not in left and healthy.game.id in left
    with connect(db_path) as conn:
        state, reason = conn.execute(
            "SELECT state, reason FROM outbox WHERE id = ?", (by_game[broken.game.id].id,)
        ).fetchone()
    assert state == OutboxState.FAILED.value and f"game #{broken.game.id} is damaged" in reason
