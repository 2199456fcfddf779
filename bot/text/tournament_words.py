"""The words of tournaments, for both adapters: the tournament's message, its start and its
standings (its refusals: ``bot.text.tournament_refusals``)."""

from __future__ import annotations

from bot.i18n.names import Command
from bot.i18n.text import Joined, Moment, Plural, Sentences, Text, TextIn
from bot.service.results import Button, ButtonAction, ButtonStyle, GameView
from bot.service.tournament.facts import (
    MIN_PLAYERS,
    EntryKind,
    Pairing,
    TournamentRecords,
    TournamentShown,
    TournamentStarted,
    TournamentView,
    TournamentWithdrawn,
)
from bot.service.tournament.knockout import Decider
from bot.store import TournamentFormat, TournamentStatus
from bot.text.phrases import color_text, pace_text, rated_text, seats_text, variant_text
from bot.text.thematic_words import theme_text
from rules import Color

# At most this many games are listed in a start's message (the rest: /games, the channel).
MAX_LISTED_PAIRINGS = 40


def title(view: TournamentView) -> Text | str:
    """The tournament's name, or ``Tournament #3`` when it has none."""
    return view.name or Text("Tournament #{tournament}", tournament=view.id)


def _kind(view: TournamentView) -> Text:
    if view.format is TournamentFormat.SWISS:
        return Plural("Swiss of {count} round", "Swiss of {count} rounds", view.rounds or 0)
    if view.format is TournamentFormat.KNOCKOUT:
        return Text("knockout (two-game matches)")
    return Text("double round robin") if view.cycles == 2 else Text("round robin")


def tournament_text(view: TournamentView) -> Text:
    """What the tournament's message says: its terms, its players and what comes next."""
    return Sentences(terms_text(view), players_text(view), state_text(view))


def heading_text(view: TournamentView) -> Text:
    """The tournament's name and number, a layout's heading: ``Autumn cup (#3)``, or
    ``Tournament #3`` when it has none."""
    if not view.name:
        return Text("Tournament #{tournament}", tournament=view.id)
    return Text("{name} (#{tournament})", name=view.name, tournament=view.id)


def terms_text(view: TournamentView, *, named: bool = True) -> Text:
    """The tournament's terms: format, variant, pace, rating, size and its rules; after
    its name and number unless ``named`` is False (a layout's heading says them)."""
    facts = {
        "kind": _kind(view),
        "variant": variant_text(view.variant),
        "pace": pace_text(view.days_per_move, False),
        "rated": rated_text(view.rated),
        "count": view.max_players,
    }
    terms = (
        Text(
            "{name} (#{tournament}): {kind} of {variant}, {pace}, {rated}, up to {count} players.",
            name=title(view),
            tournament=view.id,
            **facts,
        )
        if named
        else Text("Format: {kind} of {variant}, {pace}, {rated}, up to {count} players.", **facts)
    )
    vacation = "" if view.vacation else Text("No vacation: a vacation pauses none of its games.")
    timeouts = (
        Plural(
            "A player who loses {count} game on time is withdrawn, their games left lost.",
            "A player who loses {count} games on time is withdrawn, their games left lost.",
            view.timeout_limit,
        )
        if view.timeout_limit
        else ""
    )
    return Sentences(terms, theme_text(view), _tiebreak_rule(view), vacation, timeouts)


def players_text(view: TournamentView, shown: int | None = None) -> Text:
    """Who has joined, in joining order: all of them, or the first ``shown`` and how many
    more (a big field's message stays within Discord's limits)."""
    if not view.entrants:
        return Text("No players yet.")
    listed = view.entrants if shown is None else view.entrants[: max(shown, 1)]
    names: Text = Joined(", ", (player.name for player in listed))
    rest = len(view.entrants) - len(listed)
    if rest:
        names = Plural(
            "{players} and {count} more", "{players} and {count} more", rest, players=names
        )
    return Text(
        "Players ({count}/{maximum}): {players}.",
        count=len(view.entrants),
        maximum=view.max_players,
        players=names,
    )


def state_text(view: TournamentView) -> Text:
    """Where the tournament stands: how to join while open, else under way or over."""
    match view.status:
        case _ if view.cancelled:
            return Text("Cancelled: too few players had joined by its sign-up deadline.")
        case TournamentStatus.OPEN:
            return _signup_state(view)
        case TournamentStatus.RUNNING if view.format is TournamentFormat.ROUND_ROBIN:
            return Text("Under way: every game has started.")
        case TournamentStatus.RUNNING:
            return Text("Under way.")
        case _:
            return Text("Finished.")


def _tiebreak_rule(view: TournamentView) -> Text | str:
    """How a knockout decides a level match (nothing for the other formats)."""
    if view.format is not TournamentFormat.KNOCKOUT:
        return ""
    if view.decider is not Decider.SEED:
        return _decider_rule(view)
    if not view.tiebreak_pairs:
        return Text("Tie-break: a level match goes to the higher seed.")
    return Plural(
        "Tie-break: a level match plays {count} more pair of games, one with each colour; "
        "still level, the higher seed goes through.",
        "Tie-break: a level match plays up to {count} more pairs of games, one with each "
        "colour; still level, the higher seed goes through.",
        view.tiebreak_pairs,
    )


def _decider_rule(view: TournamentView) -> Text:
    """A knockout's tie-break games (if any), then its drawing of lots or Armageddon game."""
    last = (
        Text("a drawing of lots decides")
        if view.decider is Decider.LOTS
        else Text(
            "one Armageddon game decides: colours drawn by lot, {first} must win, a draw sends "
            "{second} through",
            first=color_text(view.variant, Color.WHITE),  # red in xiangqi, Cho in janggi
            second=color_text(view.variant, Color.BLACK),
        )
    )
    if not view.tiebreak_pairs:
        return Text("Tie-break: in a level match, {decider}.", decider=last)
    return Plural(
        "Tie-break: a level match plays {count} more pair of games, one with each colour; "
        "still level, {decider}.",
        "Tie-break: a level match plays up to {count} more pairs of games, one with each "
        "colour; still level, {decider}.",
        view.tiebreak_pairs,
        decider=last,
    )


def _signup_state(view: TournamentView) -> Text:
    """What comes next while sign-up is open: how to join and leave, and what starts it."""
    if view.starts_at is not None:
        state = Text(
            "Join with {join}, leave with {leave}; sign-up closes {time}, then it "
            "starts if it has {minimum} players or more, else it is cancelled.",
            join=Command("tournament", "join"),
            leave=Command("tournament", "leave"),
            time=Moment(view.starts_at),
            minimum=MIN_PLAYERS,
        )
        if view.start_when_full:
            state = Sentences(state, Text("It starts sooner if it fills up."))
    elif len(view.entrants) >= view.max_players:
        state = Text(
            "Full: {organiser} starts it; a player may still leave with {leave}.",
            organiser=view.organiser.name,
            leave=Command("tournament", "leave"),
        )
    elif view.start_when_full:
        state = Text(
            "Join with {join}, leave with {leave}; it starts when full.",
            join=Command("tournament", "join"),
            leave=Command("tournament", "leave"),
        )
    else:
        state = Text(
            "Join with {join}, leave with {leave}; {organiser} starts it.",
            join=Command("tournament", "join"),
            leave=Command("tournament", "leave"),
            organiser=view.organiser.name,
        )
    return state


def signup_buttons(view: TournamentView) -> tuple[Button, ...]:
    """Join and Leave while the tournament takes entrants (each acts for the presser)."""
    if not view.open:
        return ()
    return (
        Button(
            TextIn("button", "Join"),
            ButtonAction.JOIN_TOURNAMENT,
            view.id,
            style=ButtonStyle.SUCCESS,
        ),
        Button(TextIn("button", "Leave"), ButtonAction.LEAVE_TOURNAMENT, view.id),
    )


def records_text(records: TournamentRecords) -> Text:
    """What comes with the file of a tournament's games."""
    return Plural(
        "{name}: {count} game in one file.",
        "{name}: {count} games in one file.",
        records.games,
        name=title(records.tournament),
    )


def entry_text(shown: TournamentShown) -> Text:
    """What just happened to the tournament's field, and the tournament as it is now."""
    return Sentences(entry_news(shown), tournament_text(shown.tournament))


def entry_news(shown: TournamentShown) -> Text:
    """What just happened to the tournament's field: opened, joined or left, by whom."""
    name = shown.actor.name
    match shown.kind:
        case EntryKind.CREATED:
            return Text("{player} opened a tournament.", player=name)
        case EntryKind.JOINED:
            return Text("{player} joined.", player=name)
        case _:
            return Text("{player} left.", player=name)


def started_text(started: TournamentStarted) -> Text:
    """The start: how many games, and the pairings round by round (a Swiss round or a
    knockout's games started later: ``went_on_text``)."""
    if started.round is not None:
        return went_on_text(started)
    view = started.tournament
    shown = started.pairings[:MAX_LISTED_PAIRINGS]
    lines = Joined(
        "\n",
        (
            Text(
                "Round {round}, game #{game}: {players}",
                round=pairing.round,
                game=pairing.game.id,
                players=seats_text(pairing.game),
            )
            for pairing in shown
        ),
    )
    head = Sentences(_started_head(view, len(started.pairings)), theme_text(view))
    if started.bye is None:
        return Text("{head}\n{lines}", head=head, lines=lines)
    bye = Text("{player} has the bye.", player=started.bye.name)  # a Swiss' first round
    return Text("{head}\n{games}\n{bye}", head=head, games=lines, bye=bye)


def _started_head(view: TournamentView, count: int) -> Text:
    """How many games the start began, worded by format: a round robin's are all its
    games; a Swiss' are round 1's and a knockout's its first matches', the rest to come."""
    if view.format is TournamentFormat.SWISS:
        return Plural(
            "{name} has started with round 1 of {rounds}: {count} game; each next round "
            "is paired when the one before has ended.",
            "{name} has started with round 1 of {rounds}: {count} games; each next round "
            "is paired when the one before has ended.",
            count,
            name=title(view),
            rounds=view.rounds or 0,
        )
    if view.format is TournamentFormat.KNOCKOUT:
        return Plural(
            "{name} has started: {count} game now; each later match starts as soon as "
            "its players are known.",
            "{name} has started: {count} games now; each later match starts as soon as "
            "its players are known.",
            count,
            name=title(view),
        )
    return Plural(
        "{name} has started: {count} game, all at once.",
        "{name} has started: {count} games, all at once.",
        count,
        name=title(view),
    )


def went_on_text(started: TournamentStarted) -> Text:
    """A Swiss round paired, or knockout games started, after the games before them: each
    round's games under its own heading (a knockout may begin a round's match and another
    round's tie-break pair at once)."""
    rounds = sorted({pairing.round for pairing in started.pairings})
    said = [_round_begun(started, number, first=number == rounds[0]) for number in rounds]
    if started.bye is not None:
        said.append(Text("{player} has the bye.", player=started.bye.name))
    return Joined("\n", said)


def _round_begun(started: TournamentStarted, number: int, *, first: bool) -> Text:
    """Round ``number``'s games of those ``started``, under its heading (the first saying
    the thematic start, if any)."""
    games = [pairing for pairing in started.pairings if pairing.round == number]
    listed = [p for p in started.pairings[:MAX_LISTED_PAIRINGS] if p.round == number]
    head = Plural(
        "{name}, round {round}: {count} game starts.",
        "{name}, round {round}: {count} games start.",
        len(games),
        name=title(started.tournament),
        round=number,
    )
    return Text(
        "{head}\n{games}",
        head=Sentences(head, theme_text(started.tournament) if first else ""),
        games=Joined("\n", (_board_line(pairing) for pairing in listed)),
    )


def board_text(board: int, game: GameView) -> Text:
    """``Board 2, game #14: bob (white) – alice (black)``: a game begun after the start
    (and the line its thread starts from), who has which side said."""
    return Text(
        "Board {board}, game #{game}: {players}",
        board=board,
        game=game.id,
        players=seats_text(game),
    )


def _board_line(pairing: Pairing) -> Text:
    """A game begun after the start; a knockout's Armageddon game says its draw odds."""
    line = board_text(pairing.board, pairing.game)
    if not pairing.armageddon:
        return line
    return Text(
        "{line}: the Armageddon game, colours drawn by lot; {white} must win, a draw sends "
        "{black} through",
        line=line,
        white=pairing.game.white.name,
        black=pairing.game.black.name,
    )


def withdrawn_text(done: TournamentWithdrawn) -> Text:
    """A withdrawal: by whom (the organiser named when it was not the player), after how
    many games, and what became of the results."""
    facts = {
        "player": done.player.name,
        "name": title(done.tournament),
        "finished": done.finished,
        "games": done.games,
    }
    if done.actor.id != done.player.id:  # an organiser removed them
        rule = (
            Text(
                "{player} was withdrawn from {name} by {actor} after {finished} of {games} "
                "games: fewer than half were played, so their results are struck out of the "
                "table.",
                actor=done.actor.name,
                **facts,
            )
            if done.struck_out
            else Text(
                "{player} was withdrawn from {name} by {actor} after {finished} of {games} "
                "games: their results stand, and their games still going are lost by forfeit.",
                actor=done.actor.name,
                **facts,
            )
        )
    else:
        rule = (
            Text(
                "{player} withdrew from {name} after {finished} of {games} games: fewer than "
                "half were played, so their results are struck out of the table.",
                **facts,
            )
            if done.struck_out
            else Text(
                "{player} withdrew from {name} after {finished} of {games} games: their "
                "results stand, and their games still going are lost by forfeit.",
                **facts,
            )
        )
    if done.timeouts:  # withdrawn by the tournament's rule, not by anyone
        rule = Sentences(
            Plural(
                "{player} has lost {count} game of {name} on time, its limit, and is withdrawn.",
                "{player} has lost {count} games of {name} on time, its limit, and is withdrawn.",
                done.timeouts,
                player=done.player.name,
                name=title(done.tournament),
            ),
            rule,
        )
    if not done.forfeited:
        return rule
    ended = Plural("{count} game ended.", "{count} games ended.", done.forfeited)
    return Sentences(rule, ended)
