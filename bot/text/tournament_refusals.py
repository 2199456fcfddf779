"""The words of a tournament command refused (``TournamentError``, by reason), for both
adapters: one table, reason -> sentence."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n.names import Command, Option
from bot.i18n.text import Joined, Plural, Text
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
from bot.text.organiser_words import not_organiser, role_not_manager

Wording = Callable[[TournamentError], Text]


def _no_tournament(error: TournamentError) -> Text:
    if error.tournament_id is None:
        return Text("There is no open tournament here.")
    return Text("There is no tournament #{tournament} here.", tournament=error.tournament_id)


def _several(error: TournamentError) -> Text:
    listed = Joined(
        "; ", (Text("#{tournament} {name}", tournament=i, name=n) for i, n in error.choices)
    )
    return Text(
        "Several tournaments are open here; say which by its number: {tournaments}",
        tournaments=listed,
    )


_REFUSALS: dict[TournamentRefusal, Wording] = {
    TournamentRefusal.NOT_ORGANISER: not_organiser,
    TournamentRefusal.NOT_ORGANISER_OF: not_organiser,
    TournamentRefusal.ROLE_NOT_MANAGER: role_not_manager,
    TournamentRefusal.NO_PAGE: lambda error: Plural(
        "The table of tournament #{tournament} has {count} page: there is no other.",
        "The table of tournament #{tournament} has {count} pages: ask for 1 to {count}.",
        error.count or 1,
        tournament=error.tournament_id,
    ),
    TournamentRefusal.ALREADY_IN: lambda error: Text(
        "You are already in tournament #{tournament}.", tournament=error.tournament_id
    ),
    TournamentRefusal.NOT_IN: lambda error: Text(
        "You are not in tournament #{tournament}.", tournament=error.tournament_id
    ),
    TournamentRefusal.FULL: lambda error: Text(
        "Tournament #{tournament} is full ({count} players).",
        tournament=error.tournament_id,
        count=error.count,
    ),
    TournamentRefusal.STARTED: lambda error: Text(
        "Tournament #{tournament} has started already: its players are set.",
        tournament=error.tournament_id,
    ),
    TournamentRefusal.TOO_FEW: lambda error: Text(
        "Tournament #{tournament} needs at least {minimum} players to start; it has {count}.",
        minimum=MIN_PLAYERS,
        tournament=error.tournament_id,
        count=error.count,
    ),
    TournamentRefusal.NO_TOURNAMENT: _no_tournament,
    TournamentRefusal.SEVERAL: _several,
    TournamentRefusal.BAD_SIZE: lambda error: Text(
        "A round robin takes {minimum} to {maximum} players, not {count}.",
        minimum=MIN_PLAYERS,
        maximum=MAX_PLAYERS,
        count=error.count,
    ),
    TournamentRefusal.BAD_NAME: lambda error: Text(
        "A tournament's name has at most {count} characters.", count=error.count
    ),
    TournamentRefusal.NO_ABORT: lambda error: Text(
        "A tournament's game counts from the start: it cannot be aborted."
    ),
    TournamentRefusal.CANCELLED: lambda error: Text(
        "Tournament #{tournament} was cancelled at its sign-up deadline: too few players had "
        "joined.",
        tournament=error.tournament_id,
    ),
    # Withdrawing.
    TournamentRefusal.NOT_STARTED: lambda error: Text(
        "Tournament #{tournament} has not started: leave it with {leave}.",
        tournament=error.tournament_id,
        leave=Command("tournament", "leave"),
    ),
    TournamentRefusal.OVER: lambda error: Text(
        "Tournament #{tournament} is over.", tournament=error.tournament_id
    ),
    TournamentRefusal.NO_GAMES: lambda error: Text(
        "Tournament #{tournament} has no games yet: it has not started.",
        tournament=error.tournament_id,
    ),
    TournamentRefusal.WITHDRAWN: lambda error: Text(
        "{player} has already withdrawn from tournament #{tournament}.",
        player=error.player,
        tournament=error.tournament_id,
    ),
    TournamentRefusal.NOT_ENTRANT: lambda error: Text(
        "{player} is not in tournament #{tournament}.",
        player=error.player,
        tournament=error.tournament_id,
    ),
    # A Swiss' or knockout's terms, and an option of another format.
    TournamentRefusal.BAD_FIELD: lambda error: Text(
        "A Swiss or a knockout takes {minimum} to {maximum} players, not {count}.",
        minimum=MIN_PLAYERS,
        maximum=MAX_FIELD,
        count=error.count,
    ),
    TournamentRefusal.BAD_ROUNDS: lambda error: Text(
        "A Swiss has 1 to {maximum} rounds, and fewer than its players; not {count}.",
        maximum=MAX_ROUNDS,
        count=error.count,
    ),
    TournamentRefusal.BAD_TIMEOUTS: lambda error: Text(
        "A player is withdrawn after 1 to {maximum} games lost on time (0: never), not {count}.",
        maximum=MAX_TIMEOUTS,
        count=error.count,
    ),
    TournamentRefusal.BAD_TIEBREAKS: lambda error: Text(
        "A level knockout match plays 0 to {maximum} more pairs of games, not {count}.",
        maximum=MAX_TIEBREAK_PAIRS,
        count=error.count,
    ),
    TournamentRefusal.ROUNDS_NOT_SWISS: lambda error: Text(
        "{rounds} is for a Swiss: a round robin plays every pairing, and a knockout as many "
        "rounds as its bracket needs. Leave it out, or add {swiss}.",
        rounds=Option("rounds"),
        swiss=Option("format", "swiss"),
    ),
    TournamentRefusal.BYE_NOT_SWISS: lambda error: Text(
        "{bye} is for a Swiss: a round robin's bye scores nothing, and a knockout's passes its "
        "player on. Leave it out, or add {swiss}.",
        bye=Option("bye"),
        swiss=Option("format", "swiss"),
    ),
    TournamentRefusal.TIEBREAKS_NOT_KNOCKOUT: lambda error: Text(
        "{tiebreaks} is for a knockout (the games a level match plays again); a round robin or "
        "a Swiss ranks players level on points by its tie-break scores. Leave it out, or add "
        "{knockout}.",
        tiebreaks=Option("tiebreaks"),
        knockout=Option("format", "knockout"),
    ),
    TournamentRefusal.DECIDER_NOT_KNOCKOUT: lambda error: Text(
        "{decider} is for a knockout (what settles a match still level after its tie-break "
        "games); a round robin or a Swiss ranks players level on points by its tie-break "
        "scores. Leave it out, or add {knockout}.",
        decider=Option("decider"),
        knockout=Option("format", "knockout"),
    ),
    TournamentRefusal.DOUBLE_NOT_ROUND_ROBIN: lambda error: Text(
        "{double} is for a round robin (each pair plays twice); a Swiss or a knockout pairs "
        "its players anew. Leave it out, or leave {format} out.",
        double=Option("double"),
        format=Option("format"),
    ),
}


def _refusal(error: TournamentError) -> Text:
    return _REFUSALS[error.reason](error)


TOURNAMENT_WORDED: dict[type, Callable[[TournamentError], Text]] = {TournamentError: _refusal}
