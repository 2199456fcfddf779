"""The time left that /games, the daily digest and the turn notice show, in a game with
weekends off, through the service, a real database and a controlled clock: the mover's
clock (their weekend not counted), beside the real wall-clock deadline; an ordinary game
shows the wall clock's time to its deadline as before."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.i18n.text import say
from bot.service import GameService, GameStarted, ManualClock, TurnNotice
from bot.text.notices import my_turn_text
from bot.text.reports import entry_line
from tests.service.service_helpers import ALICE, BOB, PLACE, play

# Friday 9 January 2026 at noon in a zone east of UTC (03:00 UTC, its weekend begins on
# Friday 15:00 UTC) and in one west of it (17:00 UTC, its weekend begins on Saturday 05:00).
ZONES = ("Asia/Tokyo", "America/New_York")
FRIDAY, MONDAY = datetime(2026, 1, 9, 12), datetime(2026, 1, 12, 12)


async def game(service: GameService, days: int, *, weekends_off: bool) -> GameStarted:
    """Alice (white) against bob, ``days`` per move."""
    created = await service.challenges.challenge(
        ALICE, PLACE, BOB, color="white", days=days, weekends_off=weekends_off
    )
    return await service.challenges.accept_challenge(BOB, created.challenge.id)


@pytest.mark.parametrize("name", ZONES)
async def test_friday_noon_before_a_monday_noon_deadline_is_a_day_left(
    service: GameService, clock: ManualClock, name: str
) -> None:
    """Bob, in ``name``, gets the move on Friday at noon of his zone: in a 1-day game with
    weekends off he is due Monday noon and his clock holds 24 hours, which /games (his and
    alice's) and his digest at noon say; an ordinary 3-day game is due Monday noon too,
    and shows 3 days left. Both deadlines are Monday noon on bob's wall clock."""
    zone = ZoneInfo(name)
    clock.now = FRIDAY.replace(hour=11, tzinfo=zone)
    await service.preferences.settings(BOB, timezone=name, notify="dm", digest="12:00")
    paused = (await game(service, 1, weekends_off=True)).game
    ordinary = (await game(service, 3, weekends_off=False)).game
    clock.now = FRIDAY.replace(tzinfo=zone)
    await play(service, paused.id, "e4")
    await play(service, ordinary.id, "d4")

    listing = await service.reports.games(BOB, place=PLACE)
    assert [(e.game.id, e.time_left) for e in listing.entries] == [
        (paused.id, timedelta(hours=24)),
        (ordinary.id, timedelta(days=3)),
    ]
    monday = MONDAY.replace(tzinfo=zone)
    assert [e.game.deadline for e in listing.entries] == [monday, monday]
    lines = [say(entry_line(e)) for e in listing.entries]
    assert lines == [
        f"#{paused.id} vs alice · chess · 1. e4 · 24 hours left",
        f"#{ordinary.id} vs alice · chess · 1. d4 · 3 days left",
    ]
    waiting = await service.reports.games(ALICE, place=PLACE)
    assert [say(entry_line(e)) for e in waiting.entries] == [
        line.replace("vs alice", "vs bob") for line in lines
    ]
    (digest,) = await service.digests.hand_over_digests()
    assert [say(entry_line(e)) for e in digest.entries] == lines


async def test_the_turn_notice_counts_the_other_games_on_the_clock(
    service: GameService, clock: ManualClock
) -> None:
    """The turn notice of bob's ordinary game lists his game with weekends off by the 24
    hours his clock holds there, not the 3 days to its deadline."""
    zone = ZoneInfo("Asia/Tokyo")
    await service.preferences.settings(BOB, timezone="Asia/Tokyo", notify="dm")
    clock.now = FRIDAY.replace(tzinfo=zone)
    paused = (await game(service, 1, weekends_off=True)).game
    ordinary = (await game(service, 3, weekends_off=False)).game
    await play(service, paused.id, "e4")
    await play(service, ordinary.id, "d4")
    (row,) = await service.deliveries.deliveries_of(ordinary.id)
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None and isinstance(delivery.content, TurnNotice)
    assert delivery.content.my_turn == ((paused.id, timedelta(hours=24)),)
    said = my_turn_text(delivery.content)
    assert said is not None
    assert say(said) == f"Your move in 1 other game too: #{paused.id} (24 hours left)."
