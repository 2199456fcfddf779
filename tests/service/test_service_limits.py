"""Spam limits: open challenges per challenger and per target, pings per pair, old rows purged."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import DAYS_CHOICES, GameService, ManualClock, User, errors
from bot.service.limits import (
    CHALLENGE_RETENTION,
    MAX_CHALLENGES_WAITING,
    MAX_OPEN_CHALLENGES,
    PING_WINDOW,
    PINGS_PER_PAIR,
)
from bot.text.errors import error_message
from tests.dbtools import connect
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, snapshot, start_game


async def test_pings_per_pair_are_limited_then_free_again(
    service: GameService, clock: ManualClock, db_path: Path
) -> None:
    """Alice may challenge bob three times an hour; the fourth is refused with a clear
    message and changes nothing; an hour after the first, she may again."""
    # Each challenge different: the same one again is refused as such, before any ping.
    for days in DAYS_CHOICES[:PINGS_PER_PAIR]:
        await service.challenges.challenge(ALICE, PLACE, BOB, days=days)
        clock.advance(minutes=10)
    before = snapshot(db_path)
    with pytest.raises(errors.LimitReachedError) as raised:
        await service.challenges.challenge(ALICE, PLACE, BOB, days=DAYS_CHOICES[PINGS_PER_PAIR])
    assert error_message(raised.value) == (
        "You have already pinged bob 3 times in the last hour (challenges, draw offers, "
        "takeback requests and more time together); try again in 30 minutes."
    )
    assert snapshot(db_path) == before
    await service.challenges.challenge(ALICE, PLACE, CAROL)  # another pair is not limited
    clock.advance(minutes=30)
    await service.challenges.challenge(ALICE, PLACE, BOB, days=DAYS_CHOICES[PINGS_PER_PAIR])


async def test_open_challenges_per_challenger_are_limited(service: GameService) -> None:
    """At most five pending challenges per challenger (open ones included); answering one
    frees a place."""
    created = [
        await service.challenges.challenge(ALICE, PLACE, days=days)
        for days in DAYS_CHOICES[:MAX_OPEN_CHALLENGES]
    ]
    with pytest.raises(errors.LimitReachedError) as raised:
        await service.challenges.challenge(ALICE, PLACE, BOB)
    assert (raised.value.limit, raised.value.allowed) == ("open_by_challenger", 5)
    assert error_message(raised.value).startswith("You already have 5 open challenges")
    await service.challenges.accept_challenge(BOB, created[0].challenge.id)
    await service.challenges.challenge(ALICE, PLACE, BOB)


@pytest.mark.store
async def test_challenges_waiting_for_one_player_are_limited(service: GameService) -> None:
    """At most ten pending challenges addressed to one player, from everyone together."""
    for number in range(MAX_CHALLENGES_WAITING):
        await service.challenges.challenge(User(1000 + number, f"fan{number}"), PLACE, BOB)
    with pytest.raises(errors.LimitReachedError) as raised:
        await service.challenges.challenge(CAROL, PLACE, BOB)
    assert (raised.value.limit, raised.value.target) == ("open_to_target", "bob")
    assert error_message(raised.value).startswith("bob already has 10 open challenges waiting")


async def test_draw_offers_and_takeback_requests_count_as_pings(
    service: GameService, clock: ManualClock
) -> None:
    """Offers ping the opponent too: the challenge, a draw offer, a takeback request, then
    the next offer within the hour is refused."""
    started = await start_game(service)
    game_id = started.game.id
    await play(service, game_id, "e4")
    await service.endings.draw(ALICE, PLACE, game_id=game_id)  # ping 2 (the challenge was 1)
    await service.endings.decline_draw(BOB, game_id)
    await service.endings.takeback(ALICE, PLACE, game_id=game_id)  # ping 3
    await service.endings.decline_takeback(BOB, game_id)
    with pytest.raises(errors.LimitReachedError):
        await service.endings.draw(ALICE, PLACE, game_id=game_id)
    assert await service.core.store.games.offers(game_id) == []
    await service.endings.draw(BOB, PLACE, game_id=game_id)  # bob pinging alice is his own pair
    clock.advance(PING_WINDOW)
    await service.endings.accept_draw(ALICE, game_id)


async def test_old_challenges_and_pings_are_purged(
    service: GameService, clock: ManualClock, db_path: Path
) -> None:
    """Expired and answered challenges are deleted after the retention period, pings once
    out of their window; open challenges and recent ones stay."""
    await service.challenges.challenge(ALICE, PLACE, BOB)  # will expire
    await start_game(service, white=CAROL, black=BOB)  # accepted
    clock.advance(days=3)
    await service.deadlines.expire_overdue()
    recent = await service.challenges.challenge(ALICE, PLACE, CAROL)
    clock.advance(CHALLENGE_RETENTION)

    await service.deadlines.expire_overdue()
    with connect(db_path) as conn:
        ids = [row[0] for row in conn.execute("SELECT id FROM challenges ORDER BY id")]
        pings = conn.execute("SELECT COUNT(*) FROM pings").fetchone()[0]
    assert ids == [recent.challenge.id]  # expired two days after the others: kept
    assert pings == 0
    clock.advance(timedelta(days=3))
    await service.deadlines.expire_overdue()
    with connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM challenges").fetchone()[0] == 0


async def test_simultaneous_challenges_cannot_slip_past_a_limit(
    service: GameService, db_path: Path | str
) -> None:
    """Twenty different challenges to bob at once: exactly three are written, the rest
    refused."""
    import asyncio

    settings = [(days, color) for days in DAYS_CHOICES for color in ("white", "black", "random")]
    outcomes = await asyncio.gather(
        *(
            service.challenges.challenge(ALICE, PLACE, BOB, days=d, color=c)
            for d, c in settings[:20]
        ),
        return_exceptions=True,
    )
    refused = [o for o in outcomes if isinstance(o, errors.LimitReachedError)]
    assert len(refused) == 17 and len(outcomes) - len(refused) == PINGS_PER_PAIR
    with connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM challenges").fetchone()[0] == PINGS_PER_PAIR


async def test_more_time_counts_as_a_ping(service: GameService) -> None:
    """/moretime mentions the opponent: after the challenge and two of them, a third is
    refused and the deadline stays where it was."""
    started = await start_game(service)
    game_id = started.game.id
    await play(service, game_id, "e4")  # bob to move: alice may give him time
    await service.deadlines.moretime(ALICE, PLACE, 1, game_id=game_id)
    await service.deadlines.moretime(ALICE, PLACE, 1, game_id=game_id)
    deadline = (await service.reports.game_view(game_id)).deadline
    with pytest.raises(errors.LimitReachedError):
        await service.deadlines.moretime(ALICE, PLACE, 1, game_id=game_id)
    assert (await service.reports.game_view(game_id)).deadline == deadline
