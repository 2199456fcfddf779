"""The reader's sentence for every refusal (``UserError``), for both adapters.

An error converted to facts carries no text (its ``message`` is empty): it is worded here,
by its type, from the facts it carries. Others still carry their ``Text`` (a message key and
its fields) and are said as they are, or worded by ``reasons.refusal`` from a reason code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n.names import Command, Option
from bot.i18n.text import Joined, Moment, Plural, Sentences, Text, say
from bot.service.animations import AnimationStoppedError
from bot.service.errors import (
    BotChallengeError,
    CannotAbortError,
    ChallengeClosedError,
    ChallengePendingError,
    ChooseGameError,
    ComputerPlaysOnError,
    DamagedGameError,
    GameChangedError,
    GameOverError,
    InvalidButtonError,
    InvalidPositionError,
    LimitReachedError,
    MoreTimeRefusal,
    MoreTimeRefusedError,
    NoOfferError,
    NotAPlayerError,
    NothingToTakeBackError,
    NotYourTurnError,
    OfferPendingError,
    PreviewReplacedError,
    SelfChallengeError,
    StaleBoardError,
    TakebacksRefusedError,
    UnknownChallengeError,
    UnknownGameError,
    UnknownVariantError,
    UserError,
    VacationError,
    VacationProblem,
    VariantUnavailableError,
)
from bot.service.limits import PING_WINDOW
from bot.service.notes import UnknownMoveNumberError
from bot.store import OfferKind, SpamLimit
from bot.text.challenges import REFUSALS as CHALLENGE_REFUSALS
from bot.text.clock_words import CLOCK_REFUSALS
from bot.text.conditional_words import CONDITIONAL_REFUSALS
from bot.text.match_words import MATCH_WORDED
from bot.text.move_errors import MOVE_WORDED
from bot.text.options import OPTION_REFUSALS
from bot.text.pause_words import PAUSE_REFUSALS
from bot.text.reasons import refusal
from bot.text.refusals import REFUSALS
from bot.text.reports import game_label
from bot.text.signup_words import SIGNUP_WORDED
from bot.text.tournament_refusals import TOURNAMENT_WORDED
from bot.text.vote_words import VOTE_WORDED

# At most this many games are listed when a command could mean several.
MAX_LISTED_CHOICES = 10

# Postal is stopping: a command or a GIF is refused, to be sent again after the restart.
RESTARTING = Text("Postal is restarting: send that again in a minute.")

# How a challenge ended, as ChallengeClosedError quotes it.
_STATUS = {
    "accepted": Text("accepted"),
    "declined": Text("declined"),
    "cancelled": Text("cancelled"),
    "expired": Text("expired"),
    "withdrawn": Text("withdrawn"),
}


def _game_over(error: GameOverError) -> Text:
    if error.result:
        return Text(
            "Game #{game} is over ({result}). Start a new one with {command}.",
            game=error.game_id,
            result=error.result,
            command=Command("challenge"),
        )
    return Text(
        "Game #{game} is over. Start a new one with {command}.",
        game=error.game_id,
        command=Command("challenge"),
    )


def _takebacks_refused(error: TakebacksRefusedError) -> Text:
    if error.rated_only:
        return Text(
            "{player} does not take takeback requests in rated games; play on.",
            player=error.opponent,
        )
    return Text("{player} does not take takeback requests; play on.", player=error.opponent)


def _choose_game(error: ChooseGameError) -> Text:
    shown = error.choices[:MAX_LISTED_CHOICES]
    listed = Joined(
        "; ",
        (Text("#{game} {title}", game=c.game_id, title=game_label(c)) for c in shown),
    )
    more = len(error.choices) - len(shown)
    if more:
        return Text(
            "You have several games here; say which with the {option} option: {games}; and "
            "{more} more (see {command})",
            option=Option("game"),
            command=Command("games"),
            games=listed,
            more=more,
        )
    return Text(
        "You have several games here; say which with the {option} option: {games}",
        option=Option("game"),
        games=listed,
    )


def _challenge_pending(error: ChallengePendingError) -> Text:
    until = Moment(error.expires_at)
    if error.opponent_name is None:
        return Text(
            "Your open challenge #{challenge} with these settings is still waiting "
            "here for someone to accept it (until {until}); nothing new was posted.",
            challenge=error.challenge_id,
            until=until,
        )
    return Text(
        "You already challenged {player} to this game: challenge "
        "#{challenge} waits for their answer until {until}; nothing new was sent.",
        player=error.opponent_name,
        challenge=error.challenge_id,
        until=until,
    )


def _ping_window() -> Text:
    hours = PING_WINDOW.total_seconds() / 3600
    return Text("hour") if hours == 1 else Text("{hours} hours", hours=format(hours, "g"))


def _limit_reached(error: LimitReachedError) -> Text:
    who: str = error.target or Text("that player")
    if error.limit == SpamLimit.OPEN_BY_CHALLENGER.value:
        return Text(
            "You already have {count} open challenges, the most at once; wait for "
            "answers or cancel one before challenging again.",
            count=error.allowed,
        )
    if error.limit == SpamLimit.OPEN_TO_TARGET.value:
        return Text(
            "{player} already has {count} open challenges waiting, the most at once; "
            "try again once some are answered or have expired.",
            player=who,
            count=error.allowed,
        )
    return Plural(
        "You have already pinged {player} {times} times in the last {window} "
        "(challenges, draw offers, takeback requests and more time together); "
        "try again in {count} minute.",
        "You have already pinged {player} {times} times in the last {window} "
        "(challenges, draw offers, takeback requests and more time together); "
        "try again in {count} minutes.",
        error.minutes or 1,
        player=who,
        times=error.allowed,
        window=_ping_window(),
    )


def _unknown_move_number(error: UnknownMoveNumberError) -> Text:
    if not error.last:
        return Text("No move has been played yet: leave out {option}.", option=Option("move"))
    return Text(
        '"{typed}" is not a move of this game: give its number as 12. (the first player\'s) '
        "or 12... (the second's); the last move is {last}.",
        typed=error.typed,
        last=error.last,
    )


def _unknown_variant(error: UnknownVariantError) -> Text:
    if error.choices:
        return Text(
            '"{name}" is not a game Postal plays; choose {games}.',
            name=error.game,
            games=" or ".join(error.choices),
        )
    return Text('"{game}" is not a game Postal plays.', game=error.game)


def _more_time_refused(error: MoreTimeRefusedError) -> Text:
    if error.reason is MoreTimeRefusal.OWN_MOVE:
        return Text("Only your opponent can give you more time; it is your move.")
    return Text("This game has no time limit: there is no deadline to move.")


def _vacation(error: VacationError) -> Text:
    match error.problem:
        case VacationProblem.NO_DAYS:
            return Text("Say how many days of vacation to take, or end your vacation with end.")
        case VacationProblem.LENGTH:
            return Text(
                "A vacation is 1 to {most} days, not {days}.", most=error.allowance, days=error.days
            )
        case VacationProblem.ALLOWANCE:
            return Plural(
                "You have {count} vacation day left ({allowance} in any {window} days), "
                "not {days}.",
                "You have {count} vacation days left ({allowance} in any {window} days), "
                "not {days}.",
                error.left,
                allowance=error.allowance,
                window=error.window,
                days=error.days,
            )
    return Text("You are not on vacation.")


# Each error converted to facts, and its sentence made from them (the nearest of the error's
# own classes listed here words it: StaleBoardError before its GameChangedError).
WORDED: dict[type[UserError], Callable[[Any], str]] = {
    AnimationStoppedError: lambda error: RESTARTING,
    UnknownGameError: lambda error: Text("There is no game #{game}.", game=error.game_id),
    NotAPlayerError: lambda error: Text("You are not playing in game #{game}.", game=error.game_id),
    NotYourTurnError: lambda error: Text(
        "It is not your turn: {player} is to move.", player=error.opponent_name
    ),
    GameOverError: _game_over,
    StaleBoardError: lambda error: Text(
        "This board of game #{game} is out of date: the game has moved on since. "
        "Nothing was done; use the newest board.",
        game=error.game_id,
    ),
    PreviewReplacedError: lambda error: Text(
        "A newer preview replaced this one: confirm {move} there.", move=error.latest
    ),
    GameChangedError: lambda error: Text(
        "The game changed while this was being done, so nothing happened. "
        "Look at the board and try again."
    ),
    DamagedGameError: lambda error: Text(
        "Game #{game} is damaged and cannot be played: its stored moves no longer "
        "replay. Nothing was changed; the bot's operator has been told (it is in the "
        "log).",
        game=error.game_id,
    ),
    TakebacksRefusedError: _takebacks_refused,
    SelfChallengeError: lambda error: Text(
        "You cannot challenge yourself; pick an opponent or leave it open."
    ),
    BotChallengeError: lambda error: Text(
        "{player} is a bot and cannot play; challenge a person.", player=error.name
    ),
    UnknownChallengeError: lambda error: Text(
        "There is no challenge #{challenge}.", challenge=error.challenge_id
    ),
    ChallengeClosedError: lambda error: Text(
        "Challenge #{challenge} is no longer open (it was {status}).",
        challenge=error.challenge_id,
        status=_STATUS.get(error.status, error.status),
    ),
    CannotAbortError: lambda error: Text(
        "A game can only be aborted before both sides have moved; resign instead."
    ),
    InvalidButtonError: lambda error: Text("That button is not recognised any more."),
    MoreTimeRefusedError: _more_time_refused,
    VacationError: _vacation,
    ChooseGameError: _choose_game,
    ChallengePendingError: _challenge_pending,
    LimitReachedError: _limit_reached,
    ComputerPlaysOnError: lambda error: Text(
        "{player} does not agree to draws: play on, claim a draw the rules allow with "
        "{draw}, or {resign}.",
        player=error.name,
        draw=Command("draw"),
        resign=Command("resign"),
    ),
    UnknownVariantError: _unknown_variant,
    VariantUnavailableError: lambda error: Text(
        "{name} is not available on this server yet.", name=error.game
    ),
    UnknownMoveNumberError: _unknown_move_number,
    NoOfferError: lambda error: {
        OfferKind.DRAW: Text("There is no draw offer from your opponent to answer."),
        OfferKind.TAKEBACK: Text("There is no takeback request from your opponent to answer."),
        OfferKind.PAUSE: Text("There is no pause asked by your opponent to answer."),
    }[error.kind],
    OfferPendingError: lambda error: {
        OfferKind.DRAW: Text("You have already offered a draw; wait for the answer."),
        OfferKind.TAKEBACK: Text("You have already asked for a takeback; wait for the answer."),
        OfferKind.PAUSE: Text("You have already asked for a pause; wait for the answer."),
    }[error.kind],
    NothingToTakeBackError: lambda error: (
        Text("There is no move to take back any more.")
        if error.any_more
        else Text("You have no move in this game to take back.")
    ),
    # Worded by its reason code, with the other refusals the rules explain with one.
    InvalidPositionError: lambda error: refusal(error) or "",
    **MOVE_WORDED,
    **TOURNAMENT_WORDED,
    **VOTE_WORDED,
    **MATCH_WORDED,
    **SIGNUP_WORDED,
    **CHALLENGE_REFUSALS,
    **OPTION_REFUSALS,
    **CLOCK_REFUSALS,
    **PAUSE_REFUSALS,
    **CONDITIONAL_REFUSALS,
    **REFUSALS,
}


def error_message(error: UserError) -> Text | str:
    """``error``'s sentence as a ``Text`` (English as its str): from its facts when it is
    converted, else its own message; and, when a preview waits, the move it waits for."""
    worded: Text | str = error.message
    for kind in type(error).__mro__:
        wording = WORDED.get(kind)
        if wording is not None:
            worded = wording(error)
            break
    if error.waiting_move is None:
        return worded
    # A refusal while a preview waits says so: the player may think it was played.
    return Sentences(
        worded, Text("Your move {move} is waiting for Confirm.", move=error.waiting_move)
    )


def error_text(error: UserError) -> str:
    """``error`` in the reader's language: worded from its facts when it is converted,
    else from its reason code, else its own message said."""
    return refusal(error) or say(error_message(error))
