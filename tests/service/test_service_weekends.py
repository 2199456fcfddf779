"""Games with weekends off, through the service, a real database and a controlled clock:
the clock stops on Saturday and Sunday in the time zone of the player whose clock it is (UTC
for a player who chose none), the deadline stored skips the weekend, and the game times out
on the right Monday second, not over the weekend."""

from __future__ import annotations

import random
from datetime import UTC, datetime, time, timedelta

import pytest

from bot.service import GameService, GameStarted, ManualClock, MovePlayed, User
from bot.service.challenge_plan import weekends_off
from bot.service.option_errors import NotAChoiceError
from bot.service.weekends import running_between
from bot.text.clock_words import pace_of
from tests.service.service_helpers import ALICE, BOB, PLACE
from tests.service.test_service_time_bank import move
from tests.service.test_weekends import ZONES

DAY = timedelta(days=1)
THURSDAY_NOON = datetime(2026, 1, 8, 12, tzinfo=UTC)  # the clock starts Monday 5 January


async def weekend_game(
    service: GameService, days: int = 3, increment: int | None = None, cap: int | None = None
) -> GameStarted:
    """A game with weekends off, alice white: challenged by alice, accepted by bob."""
    created = await service.challenges.challenge(
        ALICE,
        PLACE,
        BOB,
        color="white",
        days=days,
        increment=increment,
        cap=cap,
        weekends_off=True,
    )
    assert created.challenge.weekends_off
    return await service.challenges.accept_challenge(BOB, created.challenge.id)


async def test_the_deadline_skips_the_weekend(service: GameService, clock: ManualClock) -> None:
    """Three days from Thursday noon (UTC, alice chose no zone) are 36 hours to Saturday and
    36 after Monday began: due Tuesday noon, stored so, and the game keeps the option."""
    clock.now = THURSDAY_NOON
    started = await weekend_game(service)
    assert started.game.weekends_off
    assert started.game.deadline == datetime(2026, 1, 13, 12, tzinfo=UTC)


async def test_no_time_out_over_the_weekend_and_one_on_the_right_monday_second(
    service: GameService, clock: ManualClock
) -> None:
    """Alice's two days from bob's answer on Friday noon are 12 hours of Friday and 36 from
    Monday 00:00: due Tuesday 12:00 UTC. Nothing ends over the weekend; the game ends the
    second alice's clock runs out."""
    clock.now = datetime(2026, 1, 9, 12, tzinfo=UTC)  # Friday noon
    started = await weekend_game(service, days=2)
    await move(service, started.game.id, "e4")
    moved = await move(service, started.game.id, "e5")  # both moved: a loss, not an abort
    assert moved.game.deadline == datetime(2026, 1, 13, 12, tzinfo=UTC)
    for when in (
        datetime(2026, 1, 10, 12, tzinfo=UTC),  # Saturday: 2 days after Friday noon...
        datetime(2026, 1, 11, 12, tzinfo=UTC),  # ...and Sunday: neither is a time-out
        datetime(2026, 1, 13, 11, 59, 59, tzinfo=UTC),
    ):
        clock.now = when
        assert (await service.deadlines.expire_overdue()).ended == ()
    clock.now = datetime(2026, 1, 13, 12, tzinfo=UTC)
    (ended,) = (await service.deadlines.expire_overdue()).ended
    assert ended.ending.termination == "timeout" and ended.ending.result == "0-1"


async def test_each_player_runs_on_their_own_weekend(
    service: GameService, clock: ManualClock
) -> None:
    """Bob in Tokyo (UTC+9): his weekend begins Friday 15:00 UTC. Alice moves Friday 06:00
    UTC: bob's 3 days are 9 hours to his Saturday, then 63 hours from his Monday 00:00
    (Sunday 15:00 UTC): due Wednesday 06:00 UTC, where UTC weekends would give Tuesday."""
    await service.preferences.settings(BOB, timezone="Asia/Tokyo")
    clock.now = THURSDAY_NOON
    started = await weekend_game(service)
    clock.now = datetime(2026, 1, 9, 6, tzinfo=UTC)
    moved = await move(service, started.game.id, "e4")
    assert moved.game.deadline == datetime(2026, 1, 14, 6, tzinfo=UTC)


async def test_a_bank_spends_no_weekend_time(service: GameService, clock: ManualClock) -> None:
    """On a time bank (3 days + 1 day/move, max 7) alice moving Monday 06:00 UTC after a
    game began Friday noon spent 12 hours of Friday and 6 of Monday, not the weekend: her
    bank is 3 d - 18 h + 1 d; a move never takes time from bob, whose bank waits full."""
    clock.now = datetime(2026, 1, 9, 12, tzinfo=UTC)
    started = await weekend_game(service, days=3, increment=1, cap=7)
    clock.now = datetime(2026, 1, 12, 6, tzinfo=UTC)
    moved = await move(service, started.game.id, "e4")
    assert moved.game.waiting_bank == 4 * DAY - timedelta(hours=18)
    assert moved.game.deadline == clock.now + 3 * DAY  # bob: Monday 06:00 + 3 weekdays


async def test_without_the_option_the_weekend_runs(
    service: GameService, clock: ManualClock
) -> None:
    """A game without weekends off is due three days on, weekend or not."""
    clock.now = THURSDAY_NOON
    created = await service.challenges.challenge(ALICE, PLACE, BOB, days=3)
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    assert not started.game.weekends_off
    assert started.game.deadline == THURSDAY_NOON + 3 * DAY


async def test_the_clock_in_one_phrase_says_weekends_off(service: GameService) -> None:
    """The challenge and its game show the clock in one phrase, the weekend pause in it."""
    created = await service.challenges.challenge(
        ALICE, PLACE, BOB, days=3, increment=1, cap=7, weekends_off=True
    )
    phrase = "3 days + 1 day per move, max 7, weekends off"
    assert str(pace_of(created.challenge)) == phrase
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    assert str(pace_of(started.game)) == phrase


def test_weekends_is_on_or_off() -> None:
    """The option reads on or off in any case; another word is refused, naming the choices."""
    assert weekends_off(" OFF ") and not weekends_off("on")
    with pytest.raises(NotAChoiceError) as refused:
        weekends_off("sometimes")
    assert refused.value.option == "weekends"
    assert [str(choice) for choice in refused.value.choices] == ["on", "off"]


async def test_a_pause_keeps_the_time_left_and_never_lands_on_a_weekend(
    service: GameService, clock: ManualClock
) -> None:
    """Alice's 3 days from Tuesday noon are due Friday noon. A day's pause agreed at once
    keeps her 3 days and runs them from Wednesday noon: 60 hours to Saturday, the last 12
    from Monday 00:00 — due Monday noon, where the deadline shifted by a calendar day would
    have landed on Saturday noon, inside her weekend."""
    clock.now = datetime(2026, 1, 6, 12, tzinfo=UTC)  # a Tuesday
    started = await weekend_game(service)
    assert started.game.deadline == datetime(2026, 1, 9, 12, tzinfo=UTC)
    await service.pauses.ask(BOB, PLACE, 1, game_id=started.game.id)
    agreed = await service.pauses.accept(ALICE, started.game.id)
    assert agreed.game.deadline == datetime(2026, 1, 12, 12, tzinfo=UTC)
    shown = await service.play.board(ALICE, PLACE, game_id=started.game.id)
    assert shown.game.deadline == datetime(2026, 1, 12, 12, tzinfo=UTC)  # as stored
    clock.now = datetime(2026, 1, 10, 12, tzinfo=UTC)  # Saturday noon: no time-out
    assert (await service.deadlines.expire_overdue()).ended == ()


async def test_more_time_is_the_clocks_time_and_skips_the_weekend(
    service: GameService, clock: ManualClock
) -> None:
    """Alice's deadline is Friday noon; bob gives her a day more: 12 hours of Friday and 12
    from Monday 00:00 — Monday noon, not Saturday noon inside her weekend."""
    clock.now = datetime(2026, 1, 6, 12, tzinfo=UTC)  # a Tuesday
    started = await weekend_game(service)
    given = await service.deadlines.moretime(BOB, PLACE, 1, game_id=started.game.id)
    assert given.game.deadline == datetime(2026, 1, 12, 12, tzinfo=UTC)


async def test_seeded_games_in_many_zones_keep_every_deadline_off_the_weekend(
    service: GameService, clock: ManualClock
) -> None:
    """A property through the service, seeded: games between players in random zones (DST
    zones, both hemispheres, a half-hour offset), started at random moments, each move made
    at a random point of the mover's time, possibly on a weekend. After every move the stored
    deadline is exactly the game's days of running time away for the new mover, counted in
    their zone — so a move never takes time from the waiting player — and never inside
    their weekend."""
    rng = random.Random(2026)
    line = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+"]
    for number in range(8):
        white, black = User(5000 + 2 * number, "w"), User(5001 + 2 * number, "b")
        zones = {user.id: rng.choice(ZONES) for user in (white, black)}
        for user in (white, black):
            await service.preferences.settings(user, timezone=zones[user.id].key)
        # Whole seconds, as deadlines are stored.
        clock.now = (datetime(2026, 1, 1, tzinfo=UTC) + rng.random() * 365 * DAY).replace(
            microsecond=0
        )
        days = rng.choice((1, 2, 3, 5, 7))
        created = await service.challenges.challenge(
            white, PLACE, black, color="white", days=days, weekends_off=True
        )
        game = (await service.challenges.accept_challenge(black, created.challenge.id)).game
        for ply, text in enumerate(line):
            assert game.deadline is not None and game.to_move is not None
            mover = white if ply % 2 == 0 else black
            zone = zones[mover.id]
            assert running_between(clock.now, game.deadline, zone) == days * DAY
            local = game.deadline.astimezone(zone)
            assert local.weekday() < 5 or (local.time() == time(0) and local.weekday() == 5)
            spent = (game.deadline - clock.now) * rng.uniform(0.0, 0.95)
            clock.now += spent - timedelta(microseconds=spent.microseconds)
            moved = await service.play.move(mover, None, text, game_id=game.id)
            assert isinstance(moved, MovePlayed)
            game = moved.game
