"""The words of a tournament command refused (``TournamentError``, by reason), for both
adapters."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n.names import Command, Option
from bot.i18n.text import Joined, Text
from bot.service.tournament.facts import (
    MAX_FIELD,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TIEBREAK_PAIRS,
    MAX_TIMEOUTS,
    MIN_PLAYERS,
    TournamentError,
    TournamentRefusal,
)


def _may_not_open() -> Text:
    return Text(
        "Only members who may manage this server, or hold the role its managers named for "
        "tournaments, can open a tournament."
    )


def _refusal(error: TournamentError) -> Text:
    tournament, count = error.tournament_id, error.count
    if error.reason in _OTHER_REFUSALS:
        return _OTHER_REFUSALS[error.reason](error)
    match error.reason:
        case TournamentRefusal.NOT_ORGANISER if tournament is None:
            return _may_not_open()
        case TournamentRefusal.NOT_ORGANISER:
            return Text(
                "Only the organiser of tournament #{tournament}, or a member who may manage "
                "this server, can start it.",
                tournament=tournament,
            )
        case TournamentRefusal.ALREADY_IN:
            return Text("You are already in tournament #{tournament}.", tournament=tournament)
        case TournamentRefusal.NOT_IN:
            return Text("You are not in tournament #{tournament}.", tournament=tournament)
        case TournamentRefusal.FULL:
            return Text(
                "Tournament #{tournament} is full ({count} players).",
                tournament=tournament,
                count=count,
            )
        case TournamentRefusal.STARTED:
            return Text(
                "Tournament #{tournament} has started already: its players are set.",
                tournament=tournament,
            )
        case TournamentRefusal.TOO_FEW:
            return Text(
                "Tournament #{tournament} needs at least {minimum} players to start; it has "
                "{count}.",
                minimum=MIN_PLAYERS,
                tournament=tournament,
                count=count,
            )
        case TournamentRefusal.NO_TOURNAMENT if tournament is not None:
            return Text("There is no tournament #{tournament} here.", tournament=tournament)
        case TournamentRefusal.NO_TOURNAMENT:
            return Text("There is no open tournament here.")
        case TournamentRefusal.SEVERAL:
            listed = Joined(
                "; ", (Text("#{tournament} {name}", tournament=i, name=n) for i, n in error.choices)
            )
            return Text(
                "Several tournaments are open here; say which by its number: {tournaments}",
                tournaments=listed,
            )
        case TournamentRefusal.BAD_SIZE:
            return Text(
                "A round robin takes {minimum} to {maximum} players, not {count}.",
                minimum=MIN_PLAYERS,
                maximum=MAX_PLAYERS,
                count=count,
            )
        case TournamentRefusal.BAD_NAME:
            return Text("A tournament's name has at most {count} characters.", count=count)
        case _:
            return Text("A tournament's game counts from the start: it cannot be aborted.")


_WITHDRAWAL_REFUSALS = {
    TournamentRefusal.NOT_STARTED,
    TournamentRefusal.OVER,
    TournamentRefusal.WITHDRAWN,
    TournamentRefusal.NOT_ENTRANT,
    TournamentRefusal.NOT_ORGANISER_OF,
    TournamentRefusal.NO_GAMES,
}


def _withdrawal_refusal(error: TournamentError) -> Text:
    tournament = error.tournament_id
    match error.reason:
        case TournamentRefusal.NOT_STARTED:
            return Text(
                "Tournament #{tournament} has not started: leave it with {leave}.",
                tournament=tournament,
                leave=Command("tournament", "leave"),
            )
        case TournamentRefusal.OVER:
            return Text("Tournament #{tournament} is over.", tournament=tournament)
        case TournamentRefusal.NO_GAMES:
            return Text(
                "Tournament #{tournament} has no games yet: it has not started.",
                tournament=tournament,
            )
        case TournamentRefusal.WITHDRAWN:
            return Text(
                "{player} has already withdrawn from tournament #{tournament}.",
                player=error.player,
                tournament=tournament,
            )
        case TournamentRefusal.NOT_ENTRANT:
            return Text(
                "{player} is not in tournament #{tournament}.",
                player=error.player,
                tournament=tournament,
            )
        case _:
            return Text(
                "Only the organiser of tournament #{tournament}, or a member who may manage "
                "this server, can withdraw another player.",
                tournament=tournament,
            )


def _terms_refusal(error: TournamentError) -> Text:
    """A Swiss' or knockout's size or rounds refused, or an option of another format."""
    if error.reason is TournamentRefusal.BAD_FIELD:
        return Text(
            "A Swiss or a knockout takes {minimum} to {maximum} players, not {count}.",
            minimum=MIN_PLAYERS,
            maximum=MAX_FIELD,
            count=error.count,
        )
    if error.reason is TournamentRefusal.ROUNDS_NOT_SWISS:
        return Text(
            "{rounds} is for a Swiss: a round robin plays every pairing, and a knockout as "
            "many rounds as its bracket needs. Leave it out, or add {swiss}.",
            rounds=Option("rounds"),
            swiss=Option("format", "swiss"),
        )
    if error.reason is TournamentRefusal.BYE_NOT_SWISS:
        return Text(
            "{bye} is for a Swiss: a round robin's bye scores nothing, and a knockout's "
            "passes its player on. Leave it out, or add {swiss}.",
            bye=Option("bye"),
            swiss=Option("format", "swiss"),
        )
    if error.reason is TournamentRefusal.TIEBREAKS_NOT_KNOCKOUT:
        return Text(
            "{tiebreaks} is for a knockout (the games a level match plays again); a round "
            "robin or a Swiss ranks players level on points by its tie-break scores. Leave it "
            "out, or add {knockout}.",
            tiebreaks=Option("tiebreaks"),
            knockout=Option("format", "knockout"),
        )
    if error.reason is TournamentRefusal.BAD_TIMEOUTS:
        return Text(
            "A player is withdrawn after 1 to {maximum} games lost on time (0: never), "
            "not {count}.",
            maximum=MAX_TIMEOUTS,
            count=error.count,
        )
    if error.reason is TournamentRefusal.BAD_TIEBREAKS:
        return Text(
            "A level knockout match plays 0 to {maximum} more pairs of games, not {count}.",
            maximum=MAX_TIEBREAK_PAIRS,
            count=error.count,
        )
    if error.reason is TournamentRefusal.DOUBLE_NOT_ROUND_ROBIN:
        return Text(
            "{double} is for a round robin (each pair plays twice); a Swiss or a knockout "
            "pairs its players anew. Leave it out, or leave {format} out.",
            double=Option("double"),
            format=Option("format"),
        )
    return Text(
        "A Swiss has 1 to {maximum} rounds, and fewer than its players; not {count}.",
        maximum=MAX_ROUNDS,
        count=error.count,
    )


TOURNAMENT_WORDED: dict[type, Callable[[TournamentError], Text]] = {TournamentError: _refusal}

# Refusals worded apart: withdrawing, and a Swiss' or knockout's terms.
_OTHER_REFUSALS: dict[TournamentRefusal, Callable[[TournamentError], Text]] = {
    **dict.fromkeys(_WITHDRAWAL_REFUSALS, _withdrawal_refusal),
    TournamentRefusal.BAD_FIELD: _terms_refusal,
    TournamentRefusal.BAD_ROUNDS: _terms_refusal,
    TournamentRefusal.ROUNDS_NOT_SWISS: _terms_refusal,
    TournamentRefusal.DOUBLE_NOT_ROUND_ROBIN: _terms_refusal,
    TournamentRefusal.BYE_NOT_SWISS: _terms_refusal,
    TournamentRefusal.TIEBREAKS_NOT_KNOCKOUT: _terms_refusal,
    TournamentRefusal.BAD_TIEBREAKS: _terms_refusal,
    TournamentRefusal.BAD_TIMEOUTS: _terms_refusal,
    TournamentRefusal.ROLE_NOT_MANAGER: lambda error: Text(
        "Only members who may manage this server can name the role of its tournament organisers."
    ),
    TournamentRefusal.CANCELLED: lambda error: Text(
        "Tournament #{tournament} was cancelled at its sign-up deadline: too few players had "
        "joined.",
        tournament=error.tournament_id,
    ),
}
