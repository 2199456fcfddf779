"""The clock as a value (``bot.service.time_bank``), without a database: a bank never
exceeds its cap, a move never takes time from the opponent, days per move is the bank
refilled by every move, a takeback gives no time back; and the terms a player may ask for."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.service.challenge_plan import MAX_CAP_DAYS, MAX_INCREMENT_DAYS, time_bank
from bot.service.option_errors import TimeBankError, TimeBankProblem
from bot.service.time_bank import (
    DAY,
    ClockKind,
    ClockTerms,
    banks_after,
    takeback_banks,
    time_left,
)

NOW = datetime(2026, 3, 2, 12, tzinfo=UTC)


@st.composite
def banks(draw: st.DrawFn) -> ClockTerms:
    """Any time bank a player may ask for."""
    days = draw(st.sampled_from((1, 2, 3, 5, 7, 10, 14)))
    increment = draw(st.integers(1, MAX_INCREMENT_DAYS))
    cap = draw(st.integers(max(days, increment), MAX_CAP_DAYS))
    return time_bank(days, increment, cap)


lefts = st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=90))


@given(banks(), lefts)
def test_a_bank_never_exceeds_its_cap(terms: ClockTerms, left: timedelta) -> None:
    """Whatever was left, the bank after a move holds at most the cap."""
    assert terms.bank_after_move(left) <= terms.cap


@given(banks(), lefts)
def test_a_move_adds_the_increment_up_to_the_cap(terms: ClockTerms, left: timedelta) -> None:
    """A move adds exactly the increment, unless that would pass the cap."""
    after = terms.bank_after_move(left)
    assert after == min(left + terms.increment, terms.cap)
    assert after >= min(terms.increment, terms.cap)


@given(banks(), lefts, lefts, st.integers(1, 6))
def test_a_move_never_reduces_the_opponents_time(
    terms: ClockTerms, mine: timedelta, theirs: timedelta, moves: int
) -> None:
    """After my move (and answers set off at once) the opponent runs on at least what their
    bank held: a move never takes time from the other player."""
    running, waiting = banks_after(terms, mine, theirs, 1)
    assert running == theirs
    assert waiting == terms.bank_after_move(mine)
    for count in range(1, moves + 1):
        running, waiting = banks_after(terms, mine, theirs, count)
        assert running <= terms.cap or running in (mine, theirs)
        assert waiting <= terms.cap


@given(st.sampled_from((1, 2, 3, 5, 7, 10, 14)), lefts)
def test_days_per_move_is_a_bank_refilled_by_each_move(days: int, left: timedelta) -> None:
    """Days per move is the case increment = cap = days: every move leaves ``days``."""
    terms = ClockTerms(days)
    assert terms.kind is ClockKind.PER_MOVE
    assert terms.bank_after_move(left) == days * DAY


@given(lefts, lefts)
def test_a_takeback_gives_no_time_back(left: timedelta, waiting: timedelta) -> None:
    """A takeback switches the clocks (or leaves them): the sum of the banks never grows."""
    for switched in (True, False):
        running, other = takeback_banks(left, waiting, switched)
        assert running + other == left + waiting
    assert takeback_banks(left, waiting, switched=True) == (waiting, left)


def test_time_left_does_not_run_during_a_vacation() -> None:
    """A deadline pushed by a vacation leaves the bank as it was when the vacation began."""
    deadline = NOW + timedelta(days=9)
    assert time_left(deadline, NOW) == timedelta(days=9)
    assert time_left(deadline, NOW, NOW + timedelta(days=5)) == timedelta(days=4)
    assert time_left(deadline, NOW + timedelta(days=10)) == timedelta(0)


def test_the_cap_defaults_to_four_increments_over_the_start() -> None:
    """``increment`` without ``cap``: the start plus four increments, at most 60 days."""
    assert time_bank(3, 1, None) == ClockTerms(3, 1, 7)
    assert time_bank(14, 14, None).cap_days == MAX_CAP_DAYS
    assert time_bank(3, None, None) == ClockTerms(3)


@pytest.mark.parametrize(
    ("days", "increment", "cap", "problem"),
    [
        (3, None, 7, TimeBankProblem.CAP_WITHOUT_INCREMENT),
        (3, 0, 7, TimeBankProblem.INCREMENT_RANGE),
        (3, -1, 7, TimeBankProblem.INCREMENT_RANGE),
        (3, 15, 30, TimeBankProblem.INCREMENT_RANGE),
        (3, 1, 0, TimeBankProblem.CAP_RANGE),
        (3, 1, 61, TimeBankProblem.CAP_RANGE),
        (3, 1, 10**12, TimeBankProblem.CAP_RANGE),
        (7, 1, 3, TimeBankProblem.CAP_BELOW_START),
        (1, 5, 3, TimeBankProblem.CAP_BELOW_INCREMENT),
    ],
)
def test_nonsense_banks_are_refused_with_their_reason(
    days: int, increment: int | None, cap: int | None, problem: TimeBankProblem
) -> None:
    """A cap without an increment, zero, negative or huge numbers, a cap below the start or
    the increment: each refused for what it is."""
    with pytest.raises(TimeBankError) as refused:
        time_bank(days, increment, cap)
    assert refused.value.problem is problem
