"""The rule for several time-outs: a player who loses ``timeouts`` games of a tournament on
time (2 by default) is withdrawn by the outbox row the last of those endings wrote, as
``/tournament withdraw`` would withdraw them (half their games played: results stand,
games left lost by forfeit); said once; ``timeouts:0`` withdraws nobody."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.i18n.text import say
from bot.service import GameService, ManualClock
from bot.service.tournament.facts import TournamentWithdrawn
from bot.store import OutboxKind
from bot.text.tournament_words import tournament_text, withdrawn_text
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE
from tests.service.tournament_helpers import DAVE


async def _dave_times_out_twice(
    service: GameService, clock: ManualClock, timeouts: int | None
) -> int:
    """Four players (Berger: A-D, B-C, D-C, A-B, B-D, C-A); every game not dave's is over,
    dave is to move in all three of his, and two of them time out at once: the id of the
    third (D-C), whose deadline is later."""
    tournaments = service.tournaments
    made = await tournaments.create(
        ALICE, PLACE, manages_server=True, name="Club", days=1, timeouts=timeouts
    )
    if timeouts != 0:
        assert "loses 2 games on time is withdrawn" in say(tournament_text(made.tournament))
    for user in (ALICE, BOB, CAROL, DAVE):
        await tournaments.join(user, PLACE)
    started = await tournaments.start(ALICE, PLACE, manages_server=False)
    seats = {(p.game.white.id, p.game.black.id): p.game.id for p in started.pairings}
    ad, bc, dc = seats[ALICE.id, DAVE.id], seats[BOB.id, CAROL.id], seats[DAVE.id, CAROL.id]
    ab, bd, ca = seats[ALICE.id, BOB.id], seats[BOB.id, DAVE.id], seats[CAROL.id, ALICE.id]
    await service.endings.confirm_resign(CAROL, bc)
    await service.endings.confirm_resign(BOB, ab)
    await service.endings.confirm_resign(ALICE, ca)
    await service.play.move(ALICE, None, "e4", game_id=ad)
    await service.play.move(BOB, None, "e4", game_id=bd)
    await service.play.move(DAVE, None, "e4", game_id=dc)
    clock.advance(timedelta(hours=12))
    await service.play.move(CAROL, None, "e5", game_id=dc)  # dave's clock there runs later
    clock.advance(timedelta(hours=13))
    ended = (await service.deadlines.expire_overdue()).ended
    assert sorted(e.game.id for e in ended) == sorted((ad, bd))
    return dc


async def _timeout_rows(service: GameService) -> list[TournamentWithdrawn]:
    """Deliver the pending time-out rows as the sender would: what each said."""
    said = []
    for row in await service.deliveries.pending_deliveries():
        if row.kind is OutboxKind.TOURNAMENT_TIMEOUTS:
            delivery = await service.deliveries.delivery(row)
            if delivery is not None:
                assert isinstance(delivery.content, TournamentWithdrawn)
                said.append(delivery.content)
    await service.deliveries.settle_shown_deliveries()
    return said


@pytest.mark.store
async def test_two_time_outs_withdraw_a_player(service: GameService, clock: ManualClock) -> None:
    """Dave loses two games on time: delivered, his row withdraws him (two of three
    played: his results stand) and his game left, against carol, is lost by forfeit;
    it is said once, and delivering again does nothing."""
    dc = await _dave_times_out_twice(service, clock, None)
    (done,) = await _timeout_rows(service)
    shown = (done.player.id, done.timeouts, done.struck_out, done.forfeited)
    assert shown == (DAVE.id, 2, False, 1)
    said = say(withdrawn_text(done))
    assert "dave has lost 2 games of Club on time, its limit, and is withdrawn." in said
    view = await service.reports.game_view(dc)
    assert (view.active, view.result) == (False, "0-1")  # carol wins by forfeit
    table = await service.tournaments.standings(PLACE)
    assert {line.player.id: line.withdrawn for line in table.lines}[DAVE.id]
    assert await _timeout_rows(service) == []


async def test_a_retried_row_says_the_withdrawal_again(
    service: GameService, clock: ManualClock
) -> None:
    """Discord refuses the first post of dave's row (a network error: retried): the
    retried row withdraws nobody again and says what the first delivery did."""
    dc = await _dave_times_out_twice(service, clock, None)
    deliveries = service.deliveries

    async def deliver() -> TournamentWithdrawn:
        (row,) = [
            row
            for row in await deliveries.pending_deliveries()
            if row.kind is OutboxKind.TOURNAMENT_TIMEOUTS
        ]
        delivery = await deliveries.delivery(row)
        assert delivery is not None and isinstance(delivery.content, TournamentWithdrawn)
        await deliveries.retry_delivery(row.id, 0.0, "network: ClientError: refused")
        return delivery.content

    first = await deliver()
    assert (first.player.id, first.timeouts, first.forfeited) == (DAVE.id, 2, 1)
    assert await deliver() == first
    view = await service.reports.game_view(dc)
    assert (view.active, view.result) == (False, "0-1")


async def test_no_limit_withdraws_nobody(service: GameService, clock: ManualClock) -> None:
    """``timeouts:0``: two time-outs write no such row; dave plays on in his third game."""
    dc = await _dave_times_out_twice(service, clock, 0)
    assert await _timeout_rows(service) == []
    assert (await service.reports.game_view(dc)).active
