"""The words of a tournament's standings, for both adapters: its table (a round robin's,
a Swiss'), a knockout's bracket, the image's contents and the end's winner."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n.numbers import decimal_text
from bot.i18n.text import Joined, Text, say
from bot.render.cross_table import CrossTable
from bot.service.tournament.facts import (
    STANDINGS_PAGE,
    MatchLine,
    StandingLine,
    TournamentStandings,
)
from bot.service.tournament.knockout import Decision
from bot.store import TournamentFormat
from bot.text.thematic_words import theme_text
from bot.text.tournament_words import title


def standings_text(table: TournamentStandings) -> Text:
    """The table: rank, player, points, games played, tie-breaks; the winner at the end."""
    shown = table_text(table)
    if not table.winners:
        return shown
    return Text("{table}\n{won}", table=shown, won=won_text(table))


def page_text(table: TournamentStandings, page: int = 1) -> Text:
    """Page ``page`` of the table (``STANDINGS_PAGE`` players; a table of one page: all of
    it), after its heading saying which players it holds, the winner at the end."""
    if table.pages == 1:
        return standings_text(table)
    first = (page - 1) * STANDINGS_PAGE
    lines = table_lines(table)[first : first + STANDINGS_PAGE]
    shown = Text("{head}\n{lines}", head=page_head(table, page), lines=Joined("\n", lines))
    theme = theme_text(table.tournament)
    if theme:
        shown = Text("{theme}\n{table}", theme=theme, table=shown)
    return Text("{table}\n{won}", table=shown, won=won_text(table)) if table.winners else shown


def table_text(table: TournamentStandings) -> Text:
    """The table alone, after its thematic start if it has one (the standings message
    kept up to date: the end's own announcement names the winner)."""
    theme = theme_text(table.tournament)
    return Text("{theme}\n{table}", theme=theme, table=_table(table)) if theme else _table(table)


def theme_of(table: TournamentStandings) -> Text | str:
    """The tournament's thematic start, said above its table ("" when it has none)."""
    return theme_text(table.tournament)


def ended_text(table: TournamentStandings) -> Text:
    """The end's announcement: the winner(s) first, then the final table."""
    return Text("{won}\n{table}", won=won_text(table), table=_table(table))


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
    return Text("{head}\n{lines}", head=page_head(table), lines=Joined("\n", table_lines(table)))


def page_head(table: TournamentStandings, page: int | None = None) -> Text:
    """The table's heading (a knockout's: its bracket's); with ``page`` of a table of
    several pages (``STANDINGS_PAGE`` players each), which players the page holds."""
    if table.matches:
        return Text("Bracket of {name}:", name=title(table.tournament))
    facts = {"name": title(table.tournament), "done": table.finished_games, "total": table.games}
    if page is None or table.pages == 1:
        return Text("Standings of {name} after {done} of {total} games:", **facts)
    first = (page - 1) * STANDINGS_PAGE
    return Text(
        "Standings of {name} after {done} of {total} games, players {first}–{last} of {count}:",
        first=first + 1,
        last=min(first + STANDINGS_PAGE, len(table.lines)),
        count=len(table.lines),
        **facts,
    )


def table_lines(table: TournamentStandings) -> tuple[Text, ...]:
    """The table's lines, one a player in rank order (a knockout's: one a match, then its
    players' rating changes if rated)."""
    if table.matches:
        return _bracket(table)
    if table.tournament.format is TournamentFormat.SWISS:
        return tuple(_rated(line, _swiss_line(line)) for line in table.lines)
    return tuple(_rated(line, _round_robin_line(line)) for line in table.lines)


def _round_robin_line(line: StandingLine) -> Text:
    """A round robin's line: points, then the direct encounter and Sonneborn–Berger."""
    return Text(
        "{rank}. {player} — points: {points}, games: {played}, "
        "direct encounter: {direct}, Sonneborn–Berger: {berger}",
        rank=line.rank,
        player=_entrant(line),
        points=decimal_text(line.points),
        played=line.played,
        direct=decimal_text(line.direct),
        berger=decimal_text(line.sonneborn_berger),
    )


def _swiss_line(line: StandingLine) -> Text:
    """A Swiss' line: points, then Buchholz Cut 1, Buchholz and Sonneborn–Berger."""
    return Text(
        "{rank}. {player} — points: {points}, games: {played}, Buchholz Cut 1: "
        "{cut}, Buchholz: {buchholz}, Sonneborn–Berger: {berger}",
        rank=line.rank,
        player=_entrant(line),
        points=decimal_text(line.points),
        played=line.played,
        cut=decimal_text(line.buchholz_cut1 or 0.0),
        buchholz=decimal_text(line.buchholz or 0.0),
        berger=decimal_text(line.sonneborn_berger),
    )


def _bracket(table: TournamentStandings) -> tuple[Text, ...]:
    """A knockout's bracket, round by round: each match's players, score and winner."""
    matches = tuple(_match(match) for match in table.matches)
    if not table.rating_changes:
        return matches
    changes = Joined(
        ", ",
        (
            Text("{player} {change}", player=player.name, change=signed(change))
            for player, change in table.rating_changes
        ),
    )
    return (*matches, Text("Rating changes: {changes}", changes=changes))


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


def won_text(table: TournamentStandings) -> Text:
    """The end's news: who won, or who share first place."""
    name = title(table.tournament)
    names = Joined(", ", (player.name for player in table.winners))
    if len(table.winners) == 1:
        return Text("{name} is over: {player} wins.", name=name, player=names)
    return Text("{name} is over: {players} share first place.", name=name, players=names)
