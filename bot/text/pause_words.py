"""Pause by agreement in the reader's words: a pause asked for, agreed or declined, and why
one is refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n.text import Moment, Plural, Sentences, Text
from bot.service.errors import UserError
from bot.service.pause_facts import PauseAgreed, PauseError, PauseProblem
from bot.service.results import OfferDeclined, OfferMade


def pause_asked_text(result: OfferMade) -> Text:
    """``alice asks to pause the clocks for 3 days. bob, accept or decline.``"""
    return Plural(
        "{player} asks to pause the clocks for {count} day. {opponent}, accept or decline.",
        "{player} asks to pause the clocks for {count} days. {opponent}, accept or decline.",
        result.days or 0,
        player=result.by.name,
        opponent=result.to.name,
    )


def pause_declined_text(result: OfferDeclined) -> Text:
    """``bob declined the pause.``"""
    return Text("{player} declined the pause.", player=result.by.name)


def pause_agreed_text(result: PauseAgreed) -> Text:
    """``bob agreed to pause the clocks until …; they run again then. 11 days of pause left in
    this game.``"""
    return Sentences(
        Text(
            "{player} agreed to pause the clocks until {until}; they run again then.",
            player=result.by.name,
            until=Moment(result.until),
        ),
        Plural(
            "{count} day of pause left in this game.",
            "{count} days of pause left in this game.",
            result.days_left,
        ),
    )


def _refused(error: PauseError) -> Text:
    match error.problem:
        case PauseProblem.LENGTH:
            return Text(
                "A pause is 1 to {most} days, not {days}.", most=error.limit, days=error.days
            )
        case PauseProblem.UNTIMED:
            return Text("This game has no time limit: there is no clock to pause.")
        case PauseProblem.RUNNING:
            assert error.until is not None
            return Text(
                "The clocks of this game are paused already, until {until}.",
                until=Moment(error.until),
            )
    return Plural(
        "This game has {count} day of pause left ({total} in all), not {days}.",
        "This game has {count} days of pause left ({total} in all), not {days}.",
        error.left,
        total=error.total,
        days=error.days,
    )


PAUSE_REFUSALS: dict[type[UserError], Callable[[Any], Text]] = {PauseError: _refused}
