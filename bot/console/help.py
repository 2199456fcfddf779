"""The console's /help, written in the reader's words and laid out from their widths.

Each line of the help is built from the command catalog: commands and options as the
reader's Discord client names them (``/défier``, ``partie:``), choices as it lists them
(``couleur:blancs|rouges|noirs|"au hasard"``), yes and no in the reader's language, and
examples (a button's label, a note) from the catalogs; laid out by ``bot.console.help_layout``
within an 80-cell terminal, each note under its usage, every note in one column, widths
measured in terminal cells (a wide Korean, Japanese or Chinese character takes two). Each
part is printed as one message and stays within Discord's 2,000 characters
(``tests/console/test_console_languages.py`` checks every language).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.console.help_layout import lay_out, usage_lines
from bot.console.help_rows import (
    INDENT,
    LINE_CELLS,
    NOTE_INDENT,
    Grid,
    Line,
    Part,
    Row,
    cells,
    command_said,
    option,
    placeholder,
    quoted,
    wrapped,
)
from bot.console.match_help import match_rows
from bot.i18n import NP_, pgettext
from bot.i18n.names import YES, Command, Option, label_head
from bot.i18n.text import say
from bot.service.catalog import BY_NAME, LANGUAGE_VALUES, CommandSpec
from bot.service.preferences import AUTO_LANGUAGE, OFF
from bot.service.themes import (
    available_piece_sets,
    available_themes,
    piece_set_choice,
    theme_choice,
)


def help_layout() -> tuple[Part, ...]:
    """The help's parts, made in the current language (names are said as they are laid
    out)."""
    return (
        (*_playing_rows(), _commands_grid()),
        (*_settings_rows(), *_game_tool_rows()),
        # Tournaments and vote chess apart: together they pass Discord's 2,000 characters.
        _tournament_rows(),
        _vote_rows(),
        match_rows(),
    )


def _vote_rows() -> Part:
    """Vote chess: a team's game, a vote, the tally."""
    team = BY_NAME["vote"].subcommand("team")
    remind = BY_NAME["vote"].subcommand("remind")

    def chosen(name: str, value: str | None = None) -> str:
        return option("vote", name, value, sub=team)

    opening = ("alice", command_said("vote", "team"), "bob carol", chosen("title", "Lions"))
    return (
        Row(
            (*opening, chosen("opponent", "dave")),
            NP_("console help", "your team against dave, each move by vote"),
        ),
        Row(
            (INDENT, chosen("level", "2"), chosen("color", "white"), chosen("days", "3")),
            NP_("console help", "or against the computer; the team's colour and pace"),
        ),
        Row(
            (INDENT, chosen("window", "24"), chosen("secret")),
            NP_("console help", "each vote lasts 24 hours; votes secret until it closes"),
        ),
        Row(
            (INDENT, chosen("after_vote")),
            NP_("console help", "or each member sees the votes once they voted"),
        ),
        Row(
            (
                "dave",
                command_said("vote", "team"),
                "erin",
                chosen("title", "Tigers"),
                chosen("challenge", "1"),
            ),
            NP_("console help", "or accept team challenge #1 with your team"),
        ),
        Row(("bob", command_said("vote", "nominate"), "d4"), _NOMINATE),
        Row(("bob", command_said("vote", "cast"), "e4"), _CAST),
        Row(("bob", command_said("vote", "tally")), _TALLY),
        Row(("bob", command_said("vote", "remind"), option("vote", "dm", sub=remind)), _REMIND),
        Row(("bob", command_said("vote", "poll")), _POLL),
        Row(("bob", command_said("vote", "thread")), _THREAD),
    )


_NOMINATE = NP_("console help", "nominate a move without voting for it")
_CAST = NP_("console help", "vote for a move (or nominate it)")
_TALLY = NP_("console help", "the moves nominated, and their votes unless secret")
_REMIND = NP_("console help", "on Discord: a DM while you have not voted")
_POLL = NP_("console help", "on Discord: a poll of the nominations beside the board")
_THREAD = NP_("console help", "on Discord: the team's private thread")


def _tournament_rows() -> Part:
    """A round robin, from its opening to its table."""
    a, b = "alice", "bob"
    create = BY_NAME["tournament"].subcommand("create")
    assert create is not None

    def chosen(name: str, value: str | None = None) -> str:
        return option("tournament", name, value, sub=create)

    return (
        Row(
            (
                a,
                command_said("tournament", "create"),
                pgettext("console help", "Autumn cup"),
                chosen("players", "4"),
            ),
            NP_("console help", "open a round robin (3 to 16 players)"),
        ),
        Row(
            (INDENT, chosen("days", "3"), chosen("double"), chosen("rated")),
            NP_("console help", "double: each pair plays both colours at once"),
        ),
        Row(
            (INDENT, chosen("start_when_full")),
            NP_("console help", "start as soon as it is full"),
        ),
        Row(
            (INDENT, chosen("vacation", "no")),
            NP_("console help", "a vacation pauses none of its games"),
        ),
        Row(
            (INDENT, chosen("start", '"1. e4 c5"')),
            NP_("console help", "thematic: every game starts after these moves (unrated)"),
        ),
        Row(
            (INDENT, chosen("deadline", "3d")),
            NP_("console help", "start then, or cancel it if fewer than 3 joined"),
        ),
        *_format_rows(chosen),
        Row(
            (b, command_said("tournament", "join")),
            NP_("console help", "join it (or leave it) before it starts"),
        ),
        Row((b, command_said("tournament", "leave"))),
        Row(
            (a, command_said("tournament", "start")),
            NP_("console help", "start it: every game at once"),
        ),
        *_tournament_running_rows(a, b),
    )


def _format_rows(chosen: Callable[..., str]) -> Part:
    """A Swiss' or knockout's own options at ``/tournament create``."""
    return (
        Row(
            (INDENT, chosen("format", "swiss"), chosen("rounds", "5")),
            NP_("console help", "a Swiss of 5 rounds (or a knockout)"),
        ),
        Row(
            (INDENT, chosen("bye", "0.5")),
            NP_("console help", "a Swiss bye worth half a point (1 by default)"),
        ),
        Row(
            (INDENT, chosen("format", "knockout"), chosen("tiebreaks", "2")),
            NP_("console help", "a knockout: a level match plays up to 2 more pairs"),
        ),
        Row(
            (INDENT, chosen("decider", "armageddon")),
            NP_("console help", "still level: an Armageddon game (or lots; the seed by default)"),
        ),
        Row(
            (INDENT, chosen("timeouts", "3")),
            NP_("console help", "withdraw a player after 3 games lost on time"),
        ),
    )


def _tournament_running_rows(a: str, b: str) -> Part:
    """A tournament under way: withdrawing, its table, its games."""
    withdraw = BY_NAME["tournament"].subcommand("withdraw")
    standings = BY_NAME["tournament"].subcommand("standings")  # page:2, players 65 to 128
    return (
        Row(
            (b, command_said("tournament", "withdraw")),
            NP_("console help", "withdraw once it has started"),
        ),
        Row(
            (
                a,
                command_said("tournament", "withdraw"),
                option("tournament", "player", "carol", sub=withdraw),
            ),
            NP_("console help", "as its organiser, withdraw a player"),
        ),
        Row(
            (
                b,
                command_said("tournament", "standings"),
                option("tournament", "page", "2", sub=standings),
            ),
            NP_("console help", "the table: points and tie-breaks"),
        ),
        Row(
            (a, command_said("tournament", "pgn")),
            NP_("console help", "all its games in one PGN file"),
        ),
    )


_LINE_NOTE = NP_(
    "console help",
    "Each line is: <user> <command> [options]. Users are just names (alice, bob, ...).",
)


def _weekends_row(a: str, b: str) -> Row:
    """The weekend pause's example line."""
    return Row(
        (a, command_said("challenge"), b, option("challenge", "weekends", "off")),
        NP_("console help", "no clock on weekends, in each player's time zone"),
    )


def _janggi_row(a: str, b: str) -> Row:
    """The janggi example line: a side and its setup."""
    return Row(
        (
            a,
            command_said("challenge"),
            b,
            option("challenge", "game", "janggi"),
            option("challenge", "color", "han"),
            option("challenge", "setup", "상마상마"),
        ),
        NP_("console help", "janggi as Han, your horses and elephants so (Cho moves first)"),
    )


def _chess960_row(a: str, b: str) -> Row:
    """The Chess960 example line: a start by its number."""
    return Row(
        (
            a,
            command_said("challenge"),
            b,
            option("challenge", "game", "chess960"),
            option("challenge", "position", "0-959"),
        ),
        NP_("console help", "Chess960 from that start position (random if left out)"),
    )


def _thematic_row(a: str, b: str) -> Row:
    """The thematic start's example line: a game that begins after a line of moves."""
    return Row(
        (a, command_said("challenge"), b, option("challenge", "start", '"1. e4 c5"')),
        NP_("console help", "start after these moves (or a chess opening's name)"),
    )


def _playing_rows() -> Part:
    """How a line reads; challenging, pressing and moving."""
    a, b = "alice", "bob"
    challenge = command_said("challenge")
    days_none = label_head(pgettext("choice", "none (no time limit)"))
    return (
        Line(_LINE_NOTE),
        Row(
            (
                a,
                challenge,
                b,
                option("challenge", "game"),
                option("challenge", "color"),
                option("challenge", "days", f"3|{days_none}"),
                option("challenge", "rated"),
                option("challenge", "fen", '"..."'),
            )
        ),
        Row((a, challenge), NP_("console help", "an open challenge anyone may accept")),
        Row(
            (
                a,
                challenge,
                b,
                option("challenge", "days", "3"),
                option("challenge", "increment", "1"),
                option("challenge", "cap", "7"),
            ),
            NP_("console help", "a time bank: 3 days to start, 1 more per move, at most 7"),
        ),
        _weekends_row(a, b),
        _chess960_row(a, b),
        _janggi_row(a, b),
        _thematic_row(a, b),
        Row(
            (a, challenge, "postal", option("challenge", "level", "1-8")),
            NP_(
                "console help",
                "play the computer (Postal itself) at once, unrated;\n"
                "it answers each move by itself (level 3 by default)",
            ),
        ),
        Row(
            (b, command_said("press"), pgettext("button", "Accept")),
            NP_(
                "console help",
                "press a button or a menu's choice shown as [n] Label\n"
                "(by label or number; the numbers survive a restart)",
            ),
        ),
        Row(
            (a, command_said("move"), "e4"),
            NP_(
                "console help",
                "any notation: e4, Nf3, e2e4, O-O, e8=Q;\nxiangqi: C2.5, h2e2, 炮二平五;\n"
                "janggi: 79졸78, i4h4, pass (한수쉼)",
            ),
        ),
    )


def _commands_grid() -> Grid:
    """The short commands on a game and about players, side by side."""
    a = "alice"
    return Grid(
        (
            (
                (a, command_said("board")),
                (a, command_said("moves"), "e2"),
                (a, command_said("pgn")),
                (a, command_said("pause"), "3"),
            ),
            (
                (a, command_said("draw")),
                (a, command_said("takeback")),
                (a, command_said("resign")),
                (a, command_said("abort")),
            ),
            (
                (a, command_said("games"), placeholder("user")),
                (a, command_said("history"), placeholder("user")),
                (a, command_said("stats"), placeholder("user")),
                (a, command_said("leaderboard"), placeholder("game")),
            ),
            (
                (a, command_said("moretime"), "2"),
                (a, command_said("vacation"), "5"),
                (a, command_said("vacation"), option("vacation", "end", say(YES), bracket=False)),
                (a, command_said("help"), placeholder("command")),
            ),
        )
    )


def _settings_rows() -> Part:
    """/settings: every option, then confirm and language with their notes."""
    a = "alice"
    settings = command_said("settings")
    off, auto = say(OFF), say(AUTO_LANGUAGE)
    # The looks as the console reads them in the reader's language (« bois », « simples »).
    themes = "|".join(quoted(say(theme_choice(theme))) for theme in available_themes())
    pieces = "|".join(quoted(say(piece_set_choice(one))) for one in available_piece_sets())
    return (
        Row(
            (
                a,
                settings,
                option("settings", "notify"),
                option("settings", "theme", themes),
                option("settings", "orientation"),
                option("settings", "reminders", f'"24,1"|{off}'),
                option("settings", "timezone", "Europe/Paris"),
                option("settings", "quiet", f"23:00-07:00|{off}"),
                option("settings", "digest", f"08:00|{off}"),
                option("settings", "takebacks"),
                option("settings", "notation"),
                option("settings", "janggi_notation"),
                option("settings", "pieces", pieces),
                option("settings", "strip"),
            )
        ),
        Row(
            (a, settings, option("settings", "confirm")),
            NP_(
                "console help",
                "menus (the default): a move chosen on the board's menus is shown\n"
                "before it is played, a typed {move} is played at once;\n"
                "always: every move is shown first; never: none is",
            ),
            (("move", Command("move")),),
        ),
        Row(
            (a, settings, option("settings", "language", "|".join((auto, *LANGUAGE_VALUES[1:])))),
            NP_("console help", "your language ({auto}: --locale)"),
            (("auto", AUTO_LANGUAGE),),
        ),
    )


def _game_tool_rows() -> Part:
    """After and beside a game: GIF, analysis, prepared lines, notes, the record."""
    a, b = "alice", "bob"
    return (
        Row(
            (a, command_said("gif"), option("gif", "game", "N"), option("gif", "frame_ms", "1000")),
            NP_("console help", "the whole game as an animated GIF"),
        ),
        Row(
            (a, command_said("analyse"), option("analyse", "game", "N")),
            NP_(
                "console help",
                "engine analysis of a finished game: each player's\n"
                "accuracy, mistakes, graph and annotated record saved",
            ),
        ),
        Row(
            (b, command_said("conditional", "add"), "Nf3 Nc6 Bb5 a6"),
            NP_("console help", "prepare answers: if Nf3, play Nc6; if then Bb5, a6"),
        ),
        Row(
            (b, command_said("conditional", "list"), option("conditional", "line", "N")),
            NP_("console help", "your prepared lines (only you see them)"),
        ),
        Row(
            (b, command_said("conditional", "clear")),
            NP_("console help", "forget your prepared lines"),
        ),
        Row(
            (
                b,
                command_said("note"),
                option("note", "move", "12..."),
                pgettext("console help", "watch the e-file"),
            ),
            NP_("console help", "a note on the game, for you alone"),
        ),
        Row((b, command_said("note")), NP_("console help", "shows your notes")),
        Row(
            (b, command_said("note"), option("note", "clear", say(YES), bracket=False)),
            NP_("console help", "clears them"),
        ),
        Row(
            (b, command_said("pgn"), option("pgn", "notes", say(YES), bracket=False)),
            NP_("console help", "the record with your notes"),
        ),
        Line(
            NP_(
                "console help",
                "With several games in progress, add {option} (see {games}). A word starting\n"
                "with # begins a comment, to the end of the line.",
            ),
            (("option", Option("game", "N")), ("games", Command("games"))),
        ),
    )


def help_parts() -> list[str]:
    """The help in the current language, one message per part."""
    return [lay_out(part) for part in help_layout()]


def command_help(spec: CommandSpec, group: CommandSpec | None = None) -> str:
    """``/spec`` explained in the current language, from the catalog's descriptions: what it
    does, then each option the console reads, with its choices and what it is for; a group's
    subcommands each in turn. ``group`` is the group ``spec`` belongs to."""
    path = (group.name, spec.name) if group else (spec.name,)
    about = pgettext("description", spec.description) if spec.description else ""
    lines = wrapped(
        f"{command_said(*path)} — {about}" if about else command_said(*path), LINE_CELLS
    )
    for name in spec.option_names:
        described = spec.option(name)
        assert described is not None
        lines.extend(
            usage_lines((option(path[0], name, bracket=False, sub=spec if group else None),))
        )
        if described.description:
            note = pgettext("description", described.description)
            width = LINE_CELLS - cells(NOTE_INDENT)
            lines.extend(NOTE_INDENT + line for line in wrapped(note, width))
    parts = ["\n".join(lines)]
    parts.extend(command_help(sub, spec) for sub in spec.subcommands)
    return "\n\n".join(parts)


__all__ = [
    "Grid",
    "Line",
    "Row",
    "cells",
    "command_help",
    "help_layout",
    "help_parts",
    "lay_out",
    "wrapped",
]
