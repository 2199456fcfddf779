"""The words of a tournament's standings, for both adapters: its table (a round robin's,
a Swiss'), a knockout's bracket, the image's contents and the end's winner."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n.numbers import decimal_text
from bot.i18n.text import Joined, Text, say
from bot.render.cross_table import CrossTable
from bot.service.tournament.facts import MatchLine, StandingLine, TournamentStandings
from bot.service.tournament.knockout import Decision
from bot.store import TournamentFormat
from bot.text.thematic_words import theme_text
from bot.text.tournament_words import title


def standings_text(table: TournamentStandings) -> Text:
    """The table: rank, player, points, games played, tie-breaks; the winner at the end."""
    shown = table_text(table)
    if not table.winners:
        return shown
    return Text("{table}\n{won}", table=shown, won=_won(table))


def table_text(table: TournamentStandings) -> Text:
    """The table alone, after its thematic start if it has one (the standings message
    kept up to date: the end's own announcement names the winner)."""
    theme = theme_text(table.tournament)
    return Text("{theme}\n{table}", theme=theme, table=_table(table)) if theme else _table(table)


def ended_text(table: TournamentStandings) -> Text:
    """The end's announcement: the winner(s) first, then the final table."""
    return Text("{won}\n{table}", won=_won(table), table=_table(table))


def cross_table(table: TournamentStandings) -> CrossTable:
    """The cross-table image's contents, worded in the current language: a round robin's
    first tie-break is Sonneborn–Berger's, a Swiss' Buchholz Cut 1 (FIDE's abbreviations)."""
    lines = table.lines
    if table.tournament.format is TournamentFormat.SWISS:
        tiebreak, tiebreaks = Text("BH-C1"), [line.buchholz_cut1 or 0.0 for line in lines]
    else:
        tiebreak, tiebreaks = Text("S-B"), [line.sonneborn_berger for line in lines]
    return CrossTable(
        say(
            Text(
                "Standings of {name} after {done} of {total} games:",
                name=title(table.tournament),
                done=table.finished_games,
                total=table.games,
            )
        ).rstrip(":："),
        (say(Text("Player")), say(Text("Points")), say(tiebreak)),
        tuple(line.rank for line in lines),
        tuple(say(_entrant(line)) for line in lines),
        table.cells,
        tuple(say(decimal_text(line.points)) for line in lines),
        tuple(say(decimal_text(value)) for value in tiebreaks),
        *_changes(lines),
    )


def _changes(lines: Sequence[StandingLine]) -> tuple[tuple[str, ...], str]:
    """A rated table's rating changes (signed, "" for a line without one) and their
    column's heading; nothing for a casual table."""
    if all(line.rating_change is None for line in lines):
        return (), ""
    changes = ("" if line.rating_change is None else signed(line.rating_change) for line in lines)
    return tuple(changes), say(Text("Rating"))


def _table(table: TournamentStandings) -> Text:
    if table.matches:
        return _bracket(table)
    if table.tournament.format is TournamentFormat.SWISS:
        return _swiss_table(table)
    lines = Joined(
        "\n",
        (
            _rated(
                line,
                Text(
                    "{rank}. {player} — points: {points}, games: {played}, "
                    "direct encounter: {direct}, Sonneborn–Berger: {berger}",
                    rank=line.rank,
                    player=_entrant(line),
                    points=decimal_text(line.points),
                    played=line.played,
                    direct=decimal_text(line.direct),
                    berger=decimal_text(line.sonneborn_berger),
                ),
            )
            for line in table.lines
        ),
    )
    return Text("{head}\n{lines}", head=_head(table), lines=lines)


def _head(table: TournamentStandings) -> Text:
    return Text(
        "Standings of {name} after {done} of {total} games:",
        name=title(table.tournament),
        done=table.finished_games,
        total=table.games,
    )


def _swiss_table(table: TournamentStandings) -> Text:
    """A Swiss' table: points, then Buchholz Cut 1, Buchholz and Sonneborn–Berger."""
    lines = Joined(
        "\n",
        (
            _rated(
                line,
                Text(
                    "{rank}. {player} — points: {points}, games: {played}, Buchholz Cut 1: "
                    "{cut}, Buchholz: {buchholz}, Sonneborn–Berger: {berger}",
                    rank=line.rank,
                    player=_entrant(line),
                    points=decimal_text(line.points),
                    played=line.played,
                    cut=decimal_text(line.buchholz_cut1 or 0.0),
                    buchholz=decimal_text(line.buchholz or 0.0),
                    berger=decimal_text(line.sonneborn_berger),
                ),
            )
            for line in table.lines
        ),
    )
    return Text("{head}\n{lines}", head=_head(table), lines=lines)


def _bracket(table: TournamentStandings) -> Text:
    """A knockout's bracket, round by round: each match's players, score and winner."""
    bracket = Text(
        "Bracket of {name}:\n{matches}",
        name=title(table.tournament),
        matches=Joined("\n", (_match(match) for match in table.matches)),
    )
    if not table.rating_changes:
        return bracket
    changes = Joined(
        ", ",
        (
            Text("{player} {change}", player=player.name, change=signed(change))
            for player, change in table.rating_changes
        ),
    )
    return Text("{bracket}\nRating changes: {changes}", bracket=bracket, changes=changes)


def _rated(line: StandingLine, said: Text) -> Text:
    """A line of a rated tournament's table, with the player's rating change over it."""
    if line.rating_change is None:
        return said
    return Text("{line}, rating {change}", line=said, change=signed(line.rating_change))


def signed(change: float) -> str:
    """A rating change in whole points, always signed: ``+12``, ``-8``, ``+0``."""
    return f"{round(change):+d}"


def _match(match: MatchLine) -> Text:
    high = match.high.name if match.high is not None else Text("(to be decided)")
    if match.low is None and match.decision is Decision.BYE:
        return Text(
            "Round {round}, match {match}: {high} (bye)",
            round=match.round,
            match=match.number,
            high=high,
        )
    low = match.low.name if match.low is not None else Text("(to be decided)")
    score = Text(
        "Round {round}, match {match}: {high} {high_points} – {low_points} {low}",
        round=match.round,
        match=match.number,
        high=high,
        low=low,
        high_points=decimal_text(match.high_points),
        low_points=decimal_text(match.low_points),
    )
    if match.winner is None:
        return score
    how = {
        Decision.GAMES: Text("{player} goes through", player=match.winner.name),
        Decision.TIEBREAK: Text(
            "{player} goes through on the tie-break games", player=match.winner.name
        ),
        Decision.LOTS: Text("{player} goes through by drawing of lots", player=match.winner.name),
        Decision.ARMAGEDDON: Text(
            "{player} goes through on the Armageddon game", player=match.winner.name
        ),
    }.get(
        match.decision or Decision.SEED,
        Text("{player} goes through as the higher seed", player=match.winner.name),
    )
    return Text("{score}: {how}", score=score, how=how)


def _entrant(line: StandingLine) -> Text | str:
    """A player's name in the table, marked when they withdrew."""
    if line.withdrawn:
        return Text("{player} (withdrew)", player=line.player.name)
    return line.player.name


def _won(table: TournamentStandings) -> Text:
    name = title(table.tournament)
    names = Joined(", ", (player.name for player in table.winners))
    if len(table.winners) == 1:
        return Text("{name} is over: {player} wins.", name=name, player=names)
    return Text("{name} is over: {players} share first place.", name=name, players=names)
