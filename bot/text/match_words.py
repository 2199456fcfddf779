"""The words of club matches, for both adapters: a match as shown, its start, its
standings (score per board and the total) and every refusal (``MatchError``, by reason)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n.names import Command, Option
from bot.i18n.numbers import decimal_text
from bot.i18n.text import Joined, Plural, Sentences, Text
from bot.service.invitation_facts import LostInvitation
from bot.service.match_facts import (
    BoardScore,
    MatchChange,
    MatchError,
    MatchRefusal,
    MatchShown,
    MatchStandings,
    MatchStarted,
    MatchUpdate,
    MatchView,
)
from bot.store import MatchStatus
from bot.text.phrases import pace_text, variant_text


def _terms(view: MatchView) -> Text:
    games = (
        Text("each pair plays both colours")
        if view.games_a_board == 2
        else Text("one game a board")
    )
    return Text(
        "Club match #{match}: {one} against {two}, {boards}, {games}, {variant}, {pace}.",
        match=view.id,
        one=view.names[0],
        two=view.names[1],
        boards=Plural("{count} board", "{count} boards", view.boards),
        games=games,
        variant=variant_text(view.variant),
        pace=pace_text(view.days_per_move, False),
    )


def _side_line(view: MatchView, side: int) -> Text:
    players = view.players[side - 1]
    if not players:
        return Text("{team}: nobody yet.", team=view.names[side - 1])
    return Text(
        "{team} ({count}/{boards}): {players}.",
        team=view.names[side - 1],
        count=len(players),
        boards=view.boards,
        players=Joined(", ", (player.name for player in players)),
    )


def _next(view: MatchView) -> Text:
    match view.status:
        case MatchStatus.INVITED:
            return Text(
                "An organiser of server {server} accepts it there with {command} {option}.",
                server=view.guilds[1],
                command=Command("match", "accept"),
                option=Option("match", view.id),
            )
        case MatchStatus.DECLINED:
            return Text("Server {server} declined it.", server=view.guilds[1])
        case MatchStatus.OPEN:
            return Text(
                "Players join with {command}; an organiser starts it with {start}.",
                command=Command("match", "join"),
                start=Command("match", "start"),
            )
    return Text("It has started.")


def match_text(shown: MatchShown) -> Text:
    """What a match command answers: what changed, the terms, the sides, what comes next."""
    view = shown.match
    team = view.names[shown.side - 1] if shown.side else ""
    player = shown.player.name if shown.player is not None else ""
    news: Text | str = ""
    match shown.change:
        case MatchChange.JOINED:
            news = Text("{player} joins {team}.", player=player, team=team)
        case MatchChange.LEFT:
            news = Text("{player} leaves {team}.", player=player, team=team)
        case MatchChange.ACCEPTED:
            news = Text("{team} accepts the match.", team=view.names[1])
        case MatchChange.INVITED:
            news = Text("Server {server} is invited.", server=view.guilds[1])
    lines = [
        Sentences(news, _terms(view)),
        _side_line(view, 1),
        _side_line(view, 2),
        _next(view),
    ]
    return Joined("\n", lines)


def _score(halves: int) -> str:
    return decimal_text(halves / 2)


def _board_line(board: BoardScore) -> Text:
    one, two = board.halves
    going = sum(1 for game in board.games if game.halves is None)
    line = Text(
        "Board {board}: {one} {score_one} – {score_two} {two}",
        board=board.number,
        one=board.players[0].name,
        two=board.players[1].name,
        score_one=_score(one),
        score_two=_score(two),
    )
    if not going:
        return line
    return Sentences(line, Plural("({count} game going on)", "({count} games going on)", going))


def standings_text(standings: MatchStandings) -> Text:
    """The standings: the total, how far the match is, and each board's score."""
    view = standings.match
    one, two = standings.halves
    total = Text(
        "Club match #{match}: {one} {score_one} – {score_two} {two}.",
        match=view.id,
        one=view.names[0],
        two=view.names[1],
        score_one=_score(one),
        score_two=_score(two),
    )
    if standings.over:
        winner = view.names[0] if one > two else view.names[1] if two > one else ""
        after = (
            Text("Final: {team} wins the match.", team=winner)
            if winner
            else Text("Final: the match is drawn.")
        )
    else:
        after = Text(
            "{done} of {total} games over.", done=standings.finished_games, total=standings.games
        )
    lines = [Sentences(total, after), *(_board_line(board) for board in standings.boards)]
    return Joined("\n", lines)


def started_text(started: MatchStarted) -> Text:
    """The start: how many games, then the boards."""
    standings = started.standings
    news = Plural(
        "The match has started: {count} game.",
        "The match has started: {count} games.",
        standings.games,
    )
    return Joined("\n", (news, standings_text(standings)))


def invitation_text(view: MatchView, server: str) -> Text:
    """The invitation posted in the invited server: who invites it, the terms, what an
    organiser there does (its buttons, or the command)."""
    invites = Text(
        "{team} of the server {server} invites this server to a club match.",
        team=view.names[0],
        server=server,
    )
    answer = Text(
        "An organiser here accepts or declines it with the buttons below (or {command} "
        "{option}); the channel it is accepted in holds this server's games.",
        command=Command("match", "accept"),
        option=Option("match", view.id),
    )
    return Joined("\n", (Sentences(invites, _terms(view)), answer))


def not_posted_text(view: MatchView) -> Text:
    """Said to the inviting organiser when Postal could post the invitation nowhere in the
    invited server (no channel there it may write in)."""
    return Text(
        "Postal may write in no channel of server {server}, so the invitation is not posted "
        "there: tell its organisers to answer with {command} {option}.",
        server=view.guilds[1],
        command=Command("match", "accept"),
        option=Option("match", view.id),
    )


def lost_text(view: MatchView, lost: LostInvitation) -> Text:
    """Said to the inviting organiser, in their side's place, when the invitation could not
    be posted in the invited server after all (Postal may write in none of its channels,
    or Discord refused it or kept failing)."""
    if lost is LostInvitation.NOWHERE:
        return Text(
            "The invitation to club match #{match} was not posted: Postal may write in no "
            "channel of server {server}. Tell its organisers to answer with {command} {option}.",
            match=view.id,
            server=view.guilds[1],
            command=Command("match", "accept"),
            option=Option("match", view.id),
        )
    return Text(
        "The invitation to club match #{match} was not posted: Discord refused it in server "
        "{server}, or kept failing. Tell its organisers to answer with {command} {option}.",
        match=view.id,
        server=view.guilds[1],
        command=Command("match", "accept"),
        option=Option("match", view.id),
    )


def update_text(update: MatchUpdate) -> Text:
    """A side's standings message, kept up to date."""
    return standings_text(update.standings)


# The refusals that say nothing more than their reason.
_PLAIN = {
    MatchRefusal.NO_MATCH: Text("There is no such club match going on here."),
    MatchRefusal.NOT_ORGANISER: Text(
        "Only an organiser may do that (Manage Server, or the organisers' role)."
    ),
    MatchRefusal.NOT_INVITED: Text("This server is not the one the match invites."),
    MatchRefusal.NOT_INVITATION: Text("The match is no longer waiting for an answer."),
    MatchRefusal.SAME_SERVER: Text(
        "Name another server to challenge; for two teams of this server, leave it out."
    ),
    MatchRefusal.BAD_GAMES: Text("Each pair plays 1 game or 2 (both colours)."),
    MatchRefusal.NOT_A_SIDE: Text("This server is neither side of the match."),
    MatchRefusal.ALREADY_IN: Text("That player is on the match already."),
    MatchRefusal.NOT_A_MEMBER: Text("List a member of this server: that user is not one."),
    MatchRefusal.NO_BOTS: Text("A bot cannot play in a club match."),
    MatchRefusal.CHANGED: Text("The players changed while the match was starting: start it again."),
    MatchRefusal.NOT_IN: Text("That player is not on the match."),
    MatchRefusal.NOT_OPEN: Text(
        "The match is not open for players: it has started, or is not accepted yet."
    ),
    MatchRefusal.NO_ABORT: Text("A club match's game counts from the start: it cannot be aborted."),
    MatchRefusal.NO_REMATCH: Text(
        "A club match's game has no rematch: its players meet in the match's games."
    ),
    MatchRefusal.UNKNOWN_INVITE: Text("That invite is invalid or has expired: ask for a new one."),
    MatchRefusal.UNKNOWN_SERVER: Text(
        "Name a server by its id (a number) or an invite to it, one Postal is in."
    ),
}


def _refusal(error: MatchError) -> Text:
    count = error.count or 0
    match error.reason:
        case MatchRefusal.BAD_BOARDS:
            return Plural(
                "A match has 1 to {count} board.", "A match has 1 to {count} boards.", count
            )
        case MatchRefusal.BAD_NAME:
            return Plural(
                "A team's name has 1 to {count} character.",
                "A team's name has 1 to {count} characters.",
                count,
            )
        case MatchRefusal.WHICH_SIDE:
            return Text(
                "Both teams are of this server: say which, e.g. {option}.", option=Option("team", 1)
            )
        case MatchRefusal.SIDE_FULL:
            return Plural(
                "A team lists at most {count} player.",
                "A team lists at most {count} players.",
                count,
            )
        case MatchRefusal.TOO_FEW:
            return Plural(
                "{team} needs {count} player to start.",
                "{team} needs {count} players to start.",
                count,
                team=error.side,
            )
    return _PLAIN[error.reason]


MATCH_WORDED: dict[type, Callable[[MatchError], Text]] = {MatchError: _refusal}
MATCH_RESULTS: dict[type, Callable[[Any], str]] = {
    MatchShown: match_text,
    MatchStandings: standings_text,
    MatchStarted: started_text,
    MatchUpdate: update_text,
}
