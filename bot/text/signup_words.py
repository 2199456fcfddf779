"""The words of sign-up deadlines, for both adapters: a deadline refused, a tournament
called off at its deadline (its start is said as any start: ``started_text``)."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n.names import Option
from bot.i18n.text import Moment, Plural, Text
from bot.service.tournament.deadline import MAX_SIGNUP_DAYS, DeadlineError, DeadlineProblem
from bot.service.tournament.facts import TournamentCancelled, TournamentStarted
from bot.text.tournament_words import started_text, title


def signup_text(closed: TournamentStarted | TournamentCancelled) -> Text:
    """What the clock did at a sign-up deadline: the start's pairings, or the calling off."""
    if isinstance(closed, TournamentStarted):
        return started_text(closed)
    return cancelled_text(closed)


def cancelled_text(cancelled: TournamentCancelled) -> Text:
    """A tournament called off at its sign-up deadline, and why."""
    return Plural(
        "{name} is cancelled: only {count} player had joined by its sign-up deadline, "
        "and it needs {needed}.",
        "{name} is cancelled: only {count} players had joined by its sign-up deadline, "
        "and it needs {needed}.",
        cancelled.entrants,
        name=title(cancelled.tournament),
        needed=cancelled.needed,
    )


def _deadline_refusal(error: DeadlineError) -> Text:
    option = Option("deadline")
    match error.problem:
        case DeadlineProblem.PAST:
            return Text(
                "{option}: {time} has passed; give a later time, or a duration like 3d.",
                option=option,
                time=Moment(error.meant) if error.meant else error.typed,
            )
        case DeadlineProblem.TOO_FAR:
            return Text(
                "{option}: sign-up lasts at most {days} days; {time} is further.",
                option=option,
                days=MAX_SIGNUP_DAYS,
                time=Moment(error.meant) if error.meant else error.typed,
            )
        case _:
            return Text(
                '{option}: "{typed}" is neither a duration like 3d or 2d 12h nor a date like '
                "2026-12-01 18:00 (your time zone).",
                option=option,
                typed=error.typed,
            )


SIGNUP_WORDED: dict[type, Callable[[DeadlineError], Text]] = {DeadlineError: _deadline_refusal}
