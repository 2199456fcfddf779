"""The outbox rows the service writes: with the change that causes them, once, as facts."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.i18n import Locale, using
from bot.i18n.text import say
from bot.service import (
    Delivery,
    DeliveryTarget,
    GameEnded,
    GameService,
    GameStarted,
    ManualClock,
    MovePlayed,
    NotifyMode,
    Reminder,
    TurnNotice,
)
from bot.store import OutboxKind, OutboxState, OutboxTarget, Routing, Store, TurnFacts
from bot.text.endings import game_ended_text, move_played_text
from bot.text.notices import turn_notice_text
from tests.service.service_helpers import ALICE, BOB, play, start_game


async def turn_dm_to_bob(service: GameService) -> tuple[GameStarted, Delivery]:
    """Bob wants DMs; alice plays e4: the turn notice, ready to send."""
    await service.preferences.settings(BOB, notify="dm")
    started = await start_game(service)
    await play(service, started.game.id, "e4")
    (row,) = await service.deliveries.deliveries_of(started.game.id)
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None
    return started, delivery


async def test_a_move_to_a_dm_player_writes_its_turn_notice(service: GameService) -> None:
    """The DM is a row of the move itself: facts (the ply), no sentence."""
    await service.preferences.settings(BOB, notify="dm")
    started = await start_game(service)
    await play(service, started.game.id, "e4")
    (row,) = await service.deliveries.deliveries_of(started.game.id)
    assert (row.kind, row.target, row.user_id) == (OutboxKind.TURN, OutboxTarget.DM, BOB.id)
    assert row.facts == TurnFacts(1) and row.state is OutboxState.PENDING
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None and delivery.target is DeliveryTarget.DM
    assert isinstance(delivery.content, TurnNotice)
    (told,) = delivery.content.moves
    assert (told.player.id, told.number, told.notation, told.conditional) == (
        ALICE.id,
        "1.",
        "e4",
        False,
    )
    assert (delivery.content.player.id, delivery.content.check) == (BOB.id, False)
    assert turn_notice_text(delivery.content) == "alice played 1. e4. bob to move."


async def test_a_turn_notice_says_the_move_as_its_answer_does(service: GameService) -> None:
    """The move is worded once (bot/text): bob's turn DM and alice's answer say it alike,
    in every language."""
    await service.preferences.settings(BOB, notify="dm")
    started = await start_game(service)
    moved = await service.play.move(ALICE, None, "e4", game_id=started.game.id)
    assert isinstance(moved, MovePlayed)
    (row,) = await service.deliveries.deliveries_of(started.game.id)
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None and isinstance(delivery.content, TurnNotice)
    for locale in Locale:
        with using(locale):
            # The answer may say more after it (the opening's name).
            assert say(move_played_text(moved)).startswith(say(turn_notice_text(delivery.content)))


async def test_a_turn_notice_the_game_outran_is_superseded(service: GameService) -> None:
    await service.preferences.settings(BOB, notify="dm")
    started = await start_game(service)
    await play(service, started.game.id, "e4", "e5")
    (row,) = await service.deliveries.deliveries_of(started.game.id)
    assert await service.deliveries.delivery(row) is None
    (after,) = await service.deliveries.deliveries_of(started.game.id)
    assert after.state is OutboxState.SUPERSEDED and "moved on" in (after.reason or "")


async def test_reminders_are_handed_over_once_per_deadline_and_hour(
    service: GameService, clock: ManualClock
) -> None:
    """Handing a reminder over marks it, so the scheduler never reports it due again."""
    started = await start_game(service, days=3)
    await play(service, started.game.id, "e4")
    deadline = clock.now + timedelta(days=3)
    clock.advance(days=2, hours=1)
    assert await service.deadlines.hand_over_reminders() == 1
    assert await service.deadlines.hand_over_reminders() == 0
    assert await service.deadlines.next_wakeup() == deadline - timedelta(hours=1)
    (row,) = await service.deliveries.deliveries_of(started.game.id)
    assert row.kind is OutboxKind.REMINDER and row.target is OutboxTarget.PLACE
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None and isinstance(delivery.content, Reminder)
    assert delivery.mention == (delivery.content.player,)  # bob wants mentions


async def test_a_time_out_writes_its_announcement_with_the_ending(
    service: GameService, clock: ManualClock
) -> None:
    await service.preferences.settings(ALICE, notify="dm")
    started = await start_game(service, days=1)
    clock.advance(days=1, minutes=1)
    (ended,) = (await service.deadlines.expire_overdue()).ended
    rows = await service.deliveries.deliveries_of(started.game.id)
    targets = sorted((r.target.value, r.user_id) for r in rows if r.kind is OutboxKind.ENDING)
    assert targets == [("dm", ALICE.id), ("place", None)]
    place = next(r for r in rows if r.target is OutboxTarget.PLACE)
    assert place.routing.mention == (BOB.id,)  # alice hears it by DM
    delivery = await service.deliveries.delivery(place)
    assert delivery is not None and isinstance(delivery.content, GameEnded)
    assert game_ended_text(delivery.content) == game_ended_text(ended)


async def test_closed_dms_are_remembered_until_dms_are_chosen_again(
    service: GameService,
) -> None:
    """After a refused DM the player is mentioned instead (the next move writes no DM row);
    choosing DMs in /settings again tries a DM once more."""
    started, delivery = await turn_dm_to_bob(service)
    await service.deliveries.dm_refused(delivery, "dms closed: 403 50007")
    rows = await service.deliveries.deliveries_of(started.game.id)
    assert [(r.target, r.state) for r in rows] == [
        (OutboxTarget.DM, OutboxState.FAILED),
        (OutboxTarget.PLACE, OutboxState.PENDING),
    ]
    assert rows[1].routing == Routing((BOB.id,), dm_fallback=True)
    await play(service, started.game.id, "e5")
    moved = await service.play.move(ALICE, None, "Nf3", game_id=started.game.id)
    assert isinstance(moved, MovePlayed) and moved.notify is not None
    assert moved.notify.notify is NotifyMode.CHANNEL  # mentioned at once, no DM tried
    dms = [
        r
        for r in await service.deliveries.deliveries_of(started.game.id)
        if r.target is OutboxTarget.DM
    ]
    assert len(dms) == 1
    await service.preferences.settings(BOB, notify="dm")
    assert (await service.reports.game_view(started.game.id)).black.notify is NotifyMode.DM


async def test_ended_rows_are_purged_after_a_month(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    started, delivery = await turn_dm_to_bob(service)
    await service.deliveries.delivered_many([(delivery, 1, 2)])
    clock.advance(days=29)
    assert await service.deliveries.purge_deliveries() == 0
    clock.advance(days=2)
    assert await service.deliveries.purge_deliveries() == 1
    assert await service.deliveries.deliveries_of(started.game.id) == []


async def test_a_xiangqi_turn_notice_names_the_move_as_its_reader_reads_it(
    service: GameService,
) -> None:
    """The turn notice is worded when it is sent, in no player's task: the move is named
    in its reader's notation, Chinese for a player who reads Simplified Chinese (their
    choice), traditional characters for Traditional Chinese, WXF for the rest, whatever
    the mover reads."""
    await service.preferences.settings(BOB, notify="dm")
    game_id = (await start_game(service, "xiangqi")).game.id
    named = []
    steps = [("zh_Hans", "", "h2e2"), ("zh_Hant", "h9g7", "h0g2"), ("en", "i9h9", "i0h0")]
    for language, black, red in steps:
        if black:
            await play(service, game_id, black)
        await service.preferences.settings(BOB, language=language)
        with using(Locale.EN):  # the mover's language: not the reader's
            await play(service, game_id, red)
        row = (await service.deliveries.deliveries_of(game_id))[-1]
        delivery = await service.deliveries.delivery(row)
        assert delivery is not None and isinstance(delivery.content, TurnNotice)
        named.append(say(turn_notice_text(delivery.content)))
    assert "1. 炮二平五" in named[0], named
    assert "2. 馬二進三" in named[1], named
    assert "3. R1.2" in named[2], named


@pytest.mark.store
async def test_a_move_answered_in_place_holds_its_notice_for_the_answer(
    store: Store, clock: ManualClock
) -> None:
    """With answers held (the Discord adapter), a move answered in its place also writes
    the board with bob's mention, claimed for the answer: the sender cannot take it; a
    landed answer marks it sent, a lost one (or the next run of a dead process) frees it."""
    service = GameService(store, clock, process="p", hold_answers=True)
    started = await start_game(service)
    moved = await service.play.move(ALICE, started.game.place, "e4", game_id=started.game.id)
    assert isinstance(moved, MovePlayed) and moved.answering is not None
    (row,) = await service.deliveries.deliveries_of(started.game.id)
    assert (row.kind, row.target, row.nonce) == (
        OutboxKind.TURN,
        OutboxTarget.PLACE,
        moved.answering,
    )
    assert (row.facts, row.routing) == (TurnFacts(1, board=True), Routing((BOB.id,)))
    now = clock().timestamp()
    assert await service.deliveries.claim_deliveries("p", now, 60, 10) == []
    # Nothing of the game waits behind it: the sender need not be woken for the game.
    assert await service.deliveries.answered(started.game.id, moved.answering, 10, 99) is False
    (done,) = await service.deliveries.deliveries_of(started.game.id)
    assert (done.state, done.message_id) == (OutboxState.SENT, 99)

    lost = await service.play.move(BOB, started.game.place, "e5", game_id=started.game.id)
    assert isinstance(lost, MovePlayed) and lost.answering is not None
    await service.deliveries.unanswered(started.game.id, lost.answering)
    (freed,) = await service.deliveries.claim_deliveries("p", now, 60, 10)
    assert freed.nonce == lost.answering and freed.routing.mention == (ALICE.id,)

    dead = await service.play.move(ALICE, started.game.place, "Nf3", game_id=started.game.id)
    assert isinstance(dead, MovePlayed) and dead.answering is not None
    assert await service.deliveries.release_answers("other") == 0
    assert await service.deliveries.release_answers("p") == 1
