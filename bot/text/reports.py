"""The reports in the reader's words, from the facts the service returns: a player's games,
history and stats, a server's leaderboard, a game's record. Each is a ``Text`` (lines joined
by newlines, the first a heading) that the adapters say and lay out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.i18n.numbers import decimal_text
from bot.i18n.text import Joined, Plural, Sentences, Text, TextIn
from bot.service.notes import NoteView
from bot.service.report_results import (
    ComputerStats,
    GameList,
    GameListEntry,
    History,
    HistoryEntry,
    Leaderboard,
    RecordExport,
    Stats,
    VariantStats,
)
from bot.service.results import (
    Button,
    ButtonAction,
    ChallengeView,
    Choice,
    GameChoice,
    SelectMenu,
)
from bot.text.clock_words import pace_of
from bot.text.phrases import termination_text, title_text, variant_text


def game_label(choice: GameChoice) -> Text:
    """``vs bob · chess · move 5 · your move`` (a game the viewer does not play: ``alice vs
    bob · …``)."""
    versus = (
        Text("vs {opponent}", opponent=choice.opponent)
        if choice.opponent is not None
        else Text("{white} vs {black}", white=choice.white, black=choice.black)
    )
    return Text(
        "{versus} · {variant} · move {number} · {turn}",
        versus=versus,
        variant=variant_text(choice.variant),
        number=choice.number,
        turn=Text("your move") if choice.my_turn else Text("waiting"),
    )


def time_left_text(left: timedelta | None) -> Text:
    """``3 days left``, ``5 hours left``, ``12 minutes left``: rounded down to the largest
    unit (days from two on, so that "1 day" never hides 47 hours); ``no time limit`` for a
    game without a clock; ``time is up`` once it ran out (the clock's next round ends it)."""
    if left is None:
        return Text("no time limit")
    minutes = int(left.total_seconds() // 60)
    if minutes < 1:
        return Text("time is up")
    if minutes >= 2 * 24 * 60:
        return Plural("{count} day left", "{count} days left", minutes // (24 * 60))
    if minutes >= 60:
        return Plural("{count} hour left", "{count} hours left", minutes // 60)
    return Plural("{count} minute left", "{count} minutes left", minutes)


def entry_line(entry: GameListEntry) -> Text:
    """``#12 vs bob · chess · 12... Nf3 · 3 days left``"""
    return Text(
        "#{game} vs {opponent} · {variant} · {move} · {left}",
        game=entry.game.id,
        opponent=entry.opponent.name,
        variant=variant_text(entry.game.variant),
        move=entry.last_move or Text("no move yet"),
        left=time_left_text(entry.time_left),
    )


def _challenge_line(challenge: ChallengeView, now: datetime) -> Text:
    """``challenge #7 from carol · xiangqi · 3 days per move · 2 days left`` (to answer
    it): its clock in the phrase the challenge's message says it in."""
    return Text(
        "challenge #{challenge} from {player} · {variant} · {pace} · {left}",
        challenge=challenge.id,
        player=challenge.challenger.name,
        variant=variant_text(challenge.variant),
        pace=pace_of(challenge),
        left=time_left_text(challenge.expires_at - now),
    )


def running_line(entry: GameListEntry) -> Text:
    """``#12 alice vs bob · chess · 12... Nf3 · 3 days left``: a game the reader watches."""
    return Text(
        "#{game} {white} vs {black} · {variant} · {move} · {left}",
        game=entry.game.id,
        white=entry.game.white.name,
        black=entry.game.black.name,
        variant=variant_text(entry.game.variant),
        move=entry.last_move or Text("no move yet"),
        left=time_left_text(entry.time_left),
    )


@dataclass(frozen=True, slots=True)
class ListSection:
    """A heading of a games list and its lines, each with the game it is about (None for
    a challenge's line)."""

    heading: Text
    lines: tuple[tuple[Text, GameListEntry | None], ...]


def game_list_sections(result: GameList) -> list[ListSection]:
    """A games list in its order: the games where the listed player is to move (most
    urgent first), the games waiting for their opponent, the challenges waiting for the
    player's answer; empty sections left out."""
    mine = [(entry_line(e), e) for e in result.entries if e.my_turn]
    theirs = [(entry_line(e), e) for e in result.entries if not e.my_turn]
    to_move = (
        Text("Your move:") if result.own else Text("{player} to move:", player=result.player.name)
    )
    sections = [
        ListSection(to_move, tuple(mine)),
        ListSection(Text("Waiting for the opponent:"), tuple(theirs)),
        ListSection(
            Text("Challenges to you:"),
            tuple((_challenge_line(c, result.at), None) for c in result.challenges),
        ),
        ListSection(Text("Running here:"), tuple((running_line(e), e) for e in result.running)),
    ]
    return [section for section in sections if section.lines]


def game_list_text(result: GameList) -> Text:
    """``alice's games:`` then each section's heading and lines, or that there are none."""
    if not result.entries and not result.challenges:
        none = Text("{player} has no active games.", player=result.player.name)
        if not result.running:
            return none
        lines: list[str] = [none]
    else:
        lines = [Text("{player}'s games:", player=result.player.name)]
    for section in game_list_sections(result):
        lines.append(section.heading)
        lines += [line for line, _entry in section.lines]
    return Joined("\n", lines)


def game_list_menus(result: GameList) -> tuple[SelectMenu, ...]:
    """A list's select menus: show a listed game's board; play in a game where the asker
    is to move (their own list only)."""
    if not result.entries and not result.running:
        return ()

    def choice(entry: GameListEntry) -> Choice:
        label = Text("#{game} vs {opponent}", game=entry.game.id, opponent=entry.opponent.name)
        return Choice(label, str(entry.game.id))

    def watched(entry: GameListEntry) -> Choice:
        game = entry.game
        label = Text(
            "#{game} {white} vs {black}", game=game.id, white=game.white.name, black=game.black.name
        )
        return Choice(label, str(game.id))

    target = result.player.id
    menus = [
        SelectMenu(
            TextIn("placeholder", "Show a board…"),
            ButtonAction.LIST_BOARD,
            target,
            "",
            tuple(choice(e) for e in result.entries) + tuple(watched(e) for e in result.running),
        )
    ]
    playable = tuple(choice(entry) for entry in result.entries if entry.my_turn and result.own)
    if playable:
        menus.append(
            SelectMenu(
                TextIn("placeholder", "Play in…"), ButtonAction.LIST_PLAY, target, "", playable
            )
        )
    return tuple(menus)


def game_list_buttons(result: GameList) -> tuple[Button, ...]:
    """Next page while more games follow the list's page (only its asker may press it)."""
    if result.more_after is None:
        return ()
    return (
        Button(
            TextIn("button", "Next page"),
            ButtonAction.GAMES_PAGE,
            result.player.id,
            argument=result.more_after,
            allowed_user_ids=(result.asker_id,),
        ),
    )


# A finished game's outcome for one player, as history lists it.
_OUTCOMES = {
    "aborted": Text("aborted"),
    "draw": TextIn("outcome", "draw"),
    "win": Text("win"),
    "loss": Text("loss"),
}


def _history_line(entry: HistoryEntry) -> Text:
    return Text(
        "#{game} {date} vs {opponent} · {variant} · {outcome} ({result}, {how})",
        game=entry.game.id,
        date=entry.game.created_at.strftime("%Y-%m-%d"),
        opponent=entry.opponent.name,
        variant=variant_text(entry.game.variant),
        outcome=_OUTCOMES.get(entry.outcome, entry.outcome),
        result=entry.game.result,
        how=termination_text(entry.game.termination, entry.game.variant),
    )


def _note_line(note: NoteView) -> Text:
    """``  your note after 12... Nf6: a trap?`` (its author's own, under the game's line)."""
    if note.after:
        return Text("  your note after {move}: {note}", move=note.after, note=note.note.text)
    return Text("  your note before the first move: {note}", note=note.note.text)


def history_text(result: History) -> Text:
    """``alice's finished games:`` then one line per game, each followed by the reader's own
    notes on it, or that there are none."""
    if not result.entries:
        return Text("{player} has no finished games yet.", player=result.player.name)
    heading = Text("{player}'s finished games:", player=result.player.name)
    lines = [heading]
    for entry in result.entries:
        lines += [_history_line(entry), *(_note_line(note) for note in entry.notes)]
    return Joined("\n", lines)


def _variant_line(row: VariantStats) -> Text:
    rated = (
        Text(
            ", rating {rating} ± {deviation}",
            rating=round(row.rating),
            deviation=round(row.deviation or 0),
        )
        if row.rating is not None
        else ""
    )
    return Text(
        "{variant}: {wins} won, {draws} drawn, {losses} lost{rated}",
        variant=variant_text(row.variant),
        wins=row.wins,
        draws=row.draws,
        losses=row.losses,
        rated=rated,
    )


def _computer_lines(results: tuple[ComputerStats, ...], *, plays_people: bool) -> list[str]:
    """Games against the computer, unrated and counted apart: ``chess level 3: 2 won, …``
    (``plays_people``: the computer's own stats, its games against people)."""
    if not results:
        return []
    title: str = (
        Text("Against people (unrated):")
        if plays_people
        else Text("Against the computer (unrated):")
    )
    lines: list[str] = [title]
    return lines + [
        Text(
            "{variant} level {level}: {wins} won, {draws} drawn, {losses} lost",
            variant=variant_text(c.variant),
            level=c.level,
            wins=c.wins,
            draws=c.draws,
            losses=c.losses,
        )
        for c in results
    ]


def stats_text(result: Stats) -> Text:
    """``alice:`` then a line per game kind and the games against the computer, or that
    none is finished."""
    if not (result.variants or result.computer or result.votes or result.club):
        return Text("{player} has not finished a game yet.", player=result.player.name)
    lines: list[str] = [Text("{player}:", player=result.player.name)]
    lines += [_variant_line(row) for row in result.variants]
    lines += _computer_lines(result.computer, plays_people=result.of_computer)
    lines += _team_lines(result)
    lines += _tournament_lines(result)
    return Joined("\n", lines)


def _team_lines(result: Stats) -> list[str]:
    """Team games, unrated and counted apart: ``Vote chess (unrated, the team's results):
    2 won, …`` and ``Club matches (unrated): 1 won, …``."""
    lines: list[str] = []
    if result.votes is not None:
        lines.append(
            Text(
                "Vote chess (unrated, the team's results): {wins} won, {draws} drawn, "
                "{losses} lost",
                wins=result.votes.wins,
                draws=result.votes.draws,
                losses=result.votes.losses,
            )
        )
    if result.club is not None:
        lines.append(
            Text(
                "Club matches (unrated): {wins} won, {draws} drawn, {losses} lost",
                wins=result.club.wins,
                draws=result.club.draws,
                losses=result.club.losses,
            )
        )
    return lines


def _tournament_lines(result: Stats) -> list[str]:
    """``Tournaments: 3 finished.`` then the latest: ``Autumn cup (#4): place 2 of 8,
    points: 4.5``."""
    if not result.tournaments_played:
        return []
    lines: list[str] = [
        Plural(
            "Tournaments: {count} finished.",
            "Tournaments: {count} finished.",
            result.tournaments_played,
        )
    ]
    for played in result.tournaments:
        name = played.name or Text("Tournament #{tournament}", tournament=played.id)
        if played.place is None:
            lines.append(
                Text(
                    "{name} (#{tournament}): withdrew, results struck out",
                    name=name,
                    tournament=played.id,
                )
            )
            continue
        lines.append(
            Text(
                "{name} (#{tournament}): place {place} of {count}, points: {points}",
                name=name,
                tournament=played.id,
                place=played.place,
                count=played.players,
                points=decimal_text(played.points),
            )
        )
    return lines


def leaderboard_text(result: Leaderboard) -> Text:
    """``chess leaderboard:`` then a line per player, or that no rated game was played."""
    variant = variant_text(result.variant)
    if not result.rows:
        return Text("No rated {variant} games on this server yet.", variant=variant)
    lines: list[str] = [Text("{variant} leaderboard:", variant=variant)]
    lines += [
        Plural(
            "{rank}. {player} {rating} ({count} game)",
            "{rank}. {player} {rating} ({count} games)",
            row.games,
            rank=row.rank,
            player=row.player.name,
            rating=round(row.rating),
        )
        for row in result.rows
    ]
    return Joined("\n", lines)


def record_text(result: RecordExport) -> Text:
    """What the record is (``PGN of alice vs bob · chess (game #3).``; janggi's is PGN
    too, xiangqi's its own record) and where to analyse it."""
    view = result.game
    summary: Text = (
        Text("PGN of {game} (game #{id}).", game=title_text(view), id=view.id)
        if view.variant != "xiangqi"
        else Text("Record of {game} (game #{id}).", game=title_text(view), id=view.id)
    )
    if result.analysis_url:
        return Sentences(summary, Text("Analyse it: {url}", url=result.analysis_url))
    return summary


# Each report and its wording, for adapters that show any result (``result_text``).
REPORTS: dict[type, Callable[[Any], str]] = {
    GameList: game_list_text,
    History: history_text,
    Stats: stats_text,
    Leaderboard: leaderboard_text,
    RecordExport: record_text,
}
