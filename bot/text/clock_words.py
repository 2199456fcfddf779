"""A game's clock in words, for both adapters: its terms in one short phrase ("3 days +
1 day per move, max 7, weekends off"), a time bank's time left, and a time bank refused."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from bot.i18n.names import Option
from bot.i18n.text import Plural, Text
from bot.service.errors import UserError
from bot.service.option_errors import TimeBankError, TimeBankProblem, UntimedWeekendsError
from bot.service.results import ChallengeView, GameView
from bot.service.time_bank import ClockKind, ClockTerms, terms_of


def clock_of(view: GameView | ChallengeView) -> ClockTerms:
    """The clock a game or a challenge has."""
    return terms_of(view.days_per_move, view.untimed, view.increment_days, view.cap_days)


def days_text(days: int) -> Text:
    return Plural("{count} day", "{count} days", days)


def clock_text(terms: ClockTerms) -> Text:
    """The clock in one short phrase: ``3 days per move``, ``3 days + 1 day per move, max 7``,
    or ``no time limit``."""
    if terms.kind is ClockKind.UNTIMED:
        return Text("no time limit")
    if terms.kind is ClockKind.PER_MOVE:
        return Plural("{count} day per move", "{count} days per move", terms.days)
    return Text(
        "{start} + {increment} per move, max {cap}",
        start=days_text(terms.days),
        increment=days_text(terms.increment_days or 0),
        cap=terms.cap_days,
    )


def pace_of(view: GameView | ChallengeView) -> Text:
    """A game's or a challenge's clock in one short phrase, with ``weekends off`` when the
    clock stops on weekends: ``3 days + 1 day per move, max 7, weekends off``."""
    terms = clock_of(view)
    if not view.weekends_off or terms.kind is ClockKind.UNTIMED:
        return clock_text(terms)
    return Text("{clock}, weekends off", clock=clock_text(terms))


def duration_text(left: timedelta) -> Text:
    """``4 days 2 hours``, ``5 hours``, ``12 minutes``: a time left, to the minute."""
    minutes = round(left.total_seconds() / 60)
    days, hours = minutes // (24 * 60), minutes // 60 % 24
    if days and hours:
        return Text(
            "{days} {hours}",
            days=days_text(days),
            hours=Plural("{count} hour", "{count} hours", hours),
        )
    if days:
        return days_text(days)
    if hours:
        return Plural("{count} hour", "{count} hours", hours)
    return Plural("{count} minute", "{count} minutes", minutes % 60)


def waiting_bank_text(game: GameView) -> Text | None:
    """What the player waiting for their turn has in their time bank, or None (no time
    bank, or the game is over)."""
    if game.waiting_bank is None or game.to_move is None or not game.active:
        return None
    waiting = game.opponent_of(game.to_move.id)
    return Text(
        "{player} has {time} in their time bank",
        player=waiting.name,
        time=duration_text(game.waiting_bank),
    )


def _bank_refused(error: TimeBankError) -> Text:
    numbers, increment, cap = error.numbers, Option("increment"), Option("cap")
    if error.problem is TimeBankProblem.CAP_WITHOUT_INCREMENT:
        return Text(
            "{cap} is a time bank's: give an {increment} with it.", cap=cap, increment=increment
        )
    if error.problem is TimeBankProblem.INCREMENT_RANGE:
        return Text(
            "{increment} must be 1 to {most} days, not {days}.",
            increment=increment,
            most=numbers[1],
            days=numbers[0],
        )
    if error.problem is TimeBankProblem.CAP_RANGE:
        return Text(
            "{cap} must be 1 to {most} days, not {days}.", cap=cap, most=numbers[1], days=numbers[0]
        )
    if error.problem is TimeBankProblem.CAP_BELOW_START:
        return Text(
            "{cap} ({days}) cannot be less than the {start} the bank starts with.",
            cap=cap,
            days=numbers[0],
            start=Option("days", numbers[1]),
        )
    if error.problem is TimeBankProblem.CAP_BELOW_INCREMENT:
        return Text(
            "{cap} ({days}) cannot be less than the {increment} each move adds.",
            cap=cap,
            days=numbers[0],
            increment=Option("increment", numbers[1]),
        )
    return Text(
        "A game without a time limit has no time bank: choose its {days}.", days=Option("days")
    )


def _untimed_weekends(_: UntimedWeekendsError) -> Text:
    return Text(
        "A game without a time limit has no clock to stop on weekends: choose its {days}, "
        "or leave {weekends} out.",
        days=Option("days"),
        weekends=Option("weekends"),
    )


# The refusals of this module's facts, by type (``bot.text.errors.WORDED`` holds them).
CLOCK_REFUSALS: dict[type[UserError], Callable[[Any], Text]] = {
    TimeBankError: _bank_refused,
    UntimedWeekendsError: _untimed_weekends,
}
