"""Time banks with weekends off, by a seeded property through the service, a real database
and a controlled clock: games on random banks (days, increment, cap) between players in
random zones (daylight saving on both hemispheres, a half-hour offset), moves at random
points of the mover's time, some on a weekend. A model of the two banks, in running time
counted without each player's weekends, says what the game must hold after every move and
when the player to move is first reminded; the last player to move runs out exactly when
their bank does, never over a weekend."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.service import GameService, GameView, ManualClock, MovePlayed, User
from bot.service.weekends import deadline_after, running_back, running_between
from tests.service.service_helpers import ALICE, BOB, PLACE
from tests.service.test_service_weekends import weekend_game
from tests.service.test_weekends import ZONES

DAY = timedelta(days=1)
LINE = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+"]


@dataclass(frozen=True)
class Bank:
    """A random time bank: start ``days``, ``increment`` per move, ``cap`` (None: the
    default)."""

    days: int
    increment: int
    cap: int | None

    @staticmethod
    def drawn(rng: random.Random) -> Bank:
        days, increment = rng.choice((1, 2, 3, 5, 7)), rng.randint(1, 3)
        cap = rng.choice((None, max(days, increment) + rng.randint(0, 5)))
        return Bank(days, increment, cap)


def _off_the_weekend(moment: datetime, zone: ZoneInfo) -> bool:
    """Whether ``moment`` is not inside a weekend of ``zone`` (Saturday 00:00 itself, when
    a clock running out as the weekend begins is due, counts as off it)."""
    local = moment.astimezone(zone)
    return local.weekday() < 5 or (local.weekday() == 5 and local.time().isoformat() == "00:00:00")


@dataclass(frozen=True)
class Game:
    """A game under test: its id, each player's zone and user by id, its bank's terms."""

    id: int
    zones: dict[int, ZoneInfo]
    users: dict[int, User]
    start: timedelta
    increment: timedelta
    cap: timedelta


async def _a_game(
    service: GameService, clock: ManualClock, rng: random.Random, number: int
) -> Game:
    """A game on a random bank with weekends off between two players in random zones,
    started at a random moment."""
    white, black = User(7000 + 2 * number, "w"), User(7001 + 2 * number, "b")
    zones = {user.id: rng.choice(ZONES) for user in (white, black)}
    for user in (white, black):
        await service.preferences.settings(user, timezone=zones[user.id].key)
    bank = Bank.drawn(rng)
    # Whole seconds, as deadlines are stored.
    start = datetime(2026, 1, 1, tzinfo=UTC) + rng.random() * 365 * DAY
    clock.now = start.replace(microsecond=0)
    created = await service.challenges.challenge(
        white,
        PLACE,
        black,
        color="white",
        days=bank.days,
        increment=bank.increment,
        cap=bank.cap,
        weekends_off=True,
    )
    game = (await service.challenges.accept_challenge(black, created.challenge.id)).game
    assert game.cap_days is not None and game.increment_days == bank.increment
    users = {white.id: white, black.id: black}
    return Game(game.id, zones, users, bank.days * DAY, bank.increment * DAY, game.cap_days * DAY)


async def test_seeded_banks_in_many_zones_follow_the_model(
    service: GameService, clock: ManualClock
) -> None:
    """After every move: the mover's bank is what they had left (their weekends not
    counted) plus the increment, never past the cap; the opponent's deadline is exactly
    the bank they held, counted in their zone from now (a move never takes time from
    them); it never falls inside their weekend, and their first reminder is 24 hours (or 1)
    of their clock before it. At the end the player to move times out on
    the second their bank empties, not one before."""
    rng = random.Random(27)
    for number in range(8):
        game = await _a_game(service, clock, rng, number)
        view = await service.reports.game_view(game.id)
        banks = dict.fromkeys(game.users, game.start)
        for text in LINE:
            assert view.deadline is not None and view.to_move is not None
            mover, zone = view.to_move.id, game.zones[view.to_move.id]
            assert running_between(clock.now, view.deadline, zone) == banks[mover]
            assert _off_the_weekend(view.deadline, zone)
            assert await service.deadlines.next_wakeup() == _first_reminder(
                view.deadline, banks[mover], zone
            )
            spent = (view.deadline - clock.now) * rng.uniform(0.0, 0.95)
            clock.now += spent - timedelta(microseconds=spent.microseconds)
            left = running_between(clock.now, view.deadline, zone)
            banks[mover] = min(game.cap, left + game.increment)
            moved = await service.play.move(game.users[mover], None, text, game_id=game.id)
            assert isinstance(moved, MovePlayed)
            view = moved.game
            assert view.waiting_bank == banks[mover] <= game.cap
        await _times_out_as_the_bank_empties(service, clock, game, view, banks)


def _first_reminder(deadline: datetime, bank: timedelta, zone: ZoneInfo) -> datetime:
    """When a player with ``bank`` to run until ``deadline`` is first reminded (24 and 1
    hours of their clock before it, each only if the bank holds more): else the deadline."""
    hours = [h for h in (24, 1) if bank > timedelta(hours=h)]
    return running_back(deadline, timedelta(hours=hours[0]), zone) if hours else deadline


async def _times_out_as_the_bank_empties(
    service: GameService,
    clock: ManualClock,
    game: Game,
    view: GameView,
    banks: dict[int, timedelta],
) -> None:
    """The player to move in ``view`` runs out on the second their bank (``banks``) is
    empty, counted in their zone from now."""
    assert view.deadline is not None and view.to_move is not None
    mover = view.to_move.id
    assert view.deadline == deadline_after(clock.now, banks[mover], game.zones[mover])
    clock.now = view.deadline - timedelta(seconds=1)
    assert (await service.deadlines.expire_overdue()).ended == ()
    clock.now = view.deadline
    (ended,) = (await service.deadlines.expire_overdue()).ended
    assert ended.game.id == game.id and ended.ending.termination == "timeout"


async def test_a_takeback_keeps_the_granters_clock_time_not_their_weekend(
    service: GameService, clock: ManualClock
) -> None:
    """On a bank of 3 days + 1 with weekends off (both in UTC), alice moves on Thursday
    noon: bob is due Tuesday noon, 36 hours of his clock from Thursday noon to his Saturday
    and 36 from Monday. On Saturday noon he grants her takeback: he keeps the 36 hours he
    has left (Saturday and Sunday are not his to keep, where the wall clock says 3 days),
    and alice runs on her 3 days from Monday 00:00."""
    clock.now = datetime(2026, 1, 7, 12, tzinfo=UTC)
    started = await weekend_game(service, days=3, increment=1, cap=7)
    clock.now = datetime(2026, 1, 8, 12, tzinfo=UTC)
    moved = await service.play.move(ALICE, PLACE, "e4", game_id=started.game.id)
    assert isinstance(moved, MovePlayed)
    assert moved.game.deadline == datetime(2026, 1, 13, 12, tzinfo=UTC)
    clock.now = datetime(2026, 1, 10, 12, tzinfo=UTC)
    await service.endings.takeback(ALICE, PLACE, game_id=started.game.id)
    taken = await service.endings.accept_takeback(BOB, started.game.id)
    assert taken.game.waiting_bank == timedelta(hours=36)
    assert taken.game.deadline == datetime(2026, 1, 15, tzinfo=UTC)
