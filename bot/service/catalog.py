"""Every command described once: its name and options (kind, whether required, choices,
limits), and how the console reads options written without their name.

The console parses its lines with this description; ``tests/discord/test_discord_catalog.py``
proves the slash commands registered on Discord agree with it (names, options, choices), so
the two adapters cannot drift apart. A new command or option is described here first.
"""

from __future__ import annotations

from bot.i18n.locale import Locale
from bot.i18n.names import Choice
from bot.i18n.translator import NP_
from bot.service.after_game import FRAME_MS_RANGE
from bot.service.challenge_plan import DAYS_CHOICES
from bot.service.challenge_spec import CHALLENGE, START, VARIANT
from bot.service.command_specs import CommandSpec, OptionKind, OptionSpec
from bot.service.conditional import MAX_LINE_TEXT
from bot.service.deadlines import MORETIME_DAYS
from bot.service.match_catalog import MATCH
from bot.service.notes import MAX_NOTE_TEXT
from bot.service.pause_facts import MAX_PAUSE_DAYS
from bot.service.preferences import (
    AUTO_LANGUAGE,
    CONFIRM_CHOICES,
    JANGGI_NOTATION_CHOICES,
    NOTATION_CHOICES,
    NOTIFY_CHOICES,
    ORIENTATION_CHOICES,
    SERVER_AUTO_LANGUAGE,
    TAKEBACK_CHOICES,
)
from bot.service.tournament.facts import (
    BYE_LABELS,
    DECIDER_LABELS,
    FORMAT_LABELS,
    MAX_FIELD,
    MAX_NAME_LENGTH,
    MAX_ROUNDS,
    MAX_STANDINGS_PAGES,
    MAX_TIEBREAK_PAIRS,
    MAX_TIMEOUTS,
    MIN_PLAYERS,
)
from bot.service.vote_catalog import VOTE

# /settings language: "auto" (the Discord app's), or a catalog's name; each language listed
# by its own name (never translated).
LANGUAGE_VALUES = ("auto", *(locale.value for locale in Locale))
LANGUAGE_LABELS = (
    AUTO_LANGUAGE.label,
    *(locale.native_name for locale in Locale),
)
# /settings server_language: the same languages; "auto" is the server's on Discord.
SERVER_LANGUAGE_LABELS = (SERVER_AUTO_LANGUAGE.label, *LANGUAGE_LABELS[1:])


def _values(choices: tuple[Choice, ...]) -> tuple[str, ...]:
    return tuple(str(choice) for choice in choices)


def _labels(choices: tuple[Choice, ...]) -> tuple[str, ...]:
    return tuple(choice.label for choice in choices)


def _chosen(name: str, choices: tuple[Choice, ...], description: str) -> OptionSpec:
    """A text option taking one of ``choices`` (a /settings preference)."""
    return OptionSpec(
        name,
        OptionKind.TEXT,
        choices=_values(choices),
        labels=_labels(choices),
        description=description,
    )


GAME_ID = OptionSpec(
    "game",
    OptionKind.WHOLE_NUMBER,
    description="Which of your games (not needed inside a game's thread)",
)


def _whose(what: str) -> OptionSpec:
    return OptionSpec("user", OptionKind.USER, description=f"Whose {what} (default: yours)")


def _about_a_game(name: str, description: str) -> CommandSpec:
    return CommandSpec(name, (GAME_ID,), positional=("game",), description=description)


TOURNAMENT_ID = OptionSpec(
    "tournament",
    OptionKind.WHOLE_NUMBER,
    description="Which tournament, by its number (default: the one here)",
)


def _about_a_tournament(name: str, description: str) -> CommandSpec:
    return CommandSpec(name, (TOURNAMENT_ID,), positional=("tournament",), description=description)


COMMANDS: tuple[CommandSpec, ...] = (
    CHALLENGE,
    CommandSpec(
        "move",
        (
            OptionSpec(
                "move",
                OptionKind.TEXT,
                required=True,
                limits=(1, 40),
                description="Your move in any notation",
            ),
            GAME_ID,
        ),
        positional=("move",),
        rest=True,
        description="Play a move: Nf3, e2e4, O-O, e8=Q, C2.5, 炮二平五, 79졸78…",
    ),
    _about_a_game("board", "Show the current board of a game"),
    CommandSpec(
        "moves",
        (
            OptionSpec(
                "square",
                OptionKind.TEXT,
                required=True,
                limits=(1, 4),
                description="The piece's square, e.g. e2 (chess) or h2 (xiangqi)",
            ),
            GAME_ID,
        ),
        positional=("square",),
        description="Show where the piece on a square can move",
    ),
    _about_a_game("resign", "Resign a game (asks you to confirm)"),
    _about_a_game("draw", "Offer a draw, accept one, or claim one where the rules allow"),
    _about_a_game("takeback", "Ask your opponent to take back your last move"),
    _about_a_game("abort", "Abort a game before both sides have moved"),
    CommandSpec(
        "moretime",
        (
            OptionSpec(
                "days",
                OptionKind.WHOLE_NUMBER,
                required=True,
                choices=MORETIME_DAYS,
                description="Extra days",
            ),
            GAME_ID,
        ),
        positional=("days",),
        description="Give your opponent more days for their current move",
    ),
    CommandSpec(
        "vacation",
        (
            OptionSpec(
                "days", OptionKind.WHOLE_NUMBER, limits=(1, 30), description="How many days (1-30)"
            ),
            OptionSpec(
                "end",
                OptionKind.YES_NO,
                description="End your vacation now (a move in any game ends it too)",
            ),
        ),
        positional=("days",),
        description="Pause all your clocks for some days (30 days a year), or end it",
    ),
    CommandSpec(
        "pause",
        (
            OptionSpec(
                "days",
                OptionKind.WHOLE_NUMBER,
                required=True,
                limits=(1, MAX_PAUSE_DAYS),
                description="How many days (1-7)",
            ),
            GAME_ID,
        ),
        positional=("days",),
        description="Ask your opponent to stop this game's clocks for some days",
    ),
    CommandSpec(
        "games",
        (_whose("games"),),
        positional=("user",),
        description="List active games: your turn first, most urgent first",
    ),
    CommandSpec(
        "pgn",
        (
            GAME_ID,
            OptionSpec(
                "notes", OptionKind.YES_NO, description="Put your own /note notes in as comments"
            ),
        ),
        positional=("game",),
        description="Get a game's PGN (chess, janggi) or record (xiangqi) as a file",
    ),
    CommandSpec(
        "history",
        (_whose("history"),),
        positional=("user",),
        description="Finished games and their results",
    ),
    CommandSpec(
        "stats",
        (_whose("stats"),),
        positional=("user",),
        description="Wins, draws, losses and rating",
    ),
    CommandSpec(
        "leaderboard", (VARIANT,), positional=("game",), description="This server's rating table"
    ),
    CommandSpec(
        "settings",
        (
            OptionSpec(
                "notify",
                OptionKind.TEXT,
                choices=_values(NOTIFY_CHOICES),
                description="channel: a mention; dm: a direct message; off: nothing",
            ),
            OptionSpec(
                "theme",
                OptionKind.TEXT,
                limits=(1, 40),
                description="Board colours",
            ),
            _chosen(
                "orientation",
                ORIENTATION_CHOICES,
                "Which side your boards show at the bottom",
            ),
            _chosen(
                "confirm",
                CONFIRM_CHOICES,
                "Which of your moves are shown to you before they are played (default: menus)",
            ),
            OptionSpec(
                "reminders",
                OptionKind.TEXT,
                limits=(1, 40),
                description="Hours before a deadline to be reminded: any of 48, 24, 12, 6, 1 "
                '("24, 1"), or none',
            ),
            OptionSpec(
                "timezone",
                OptionKind.TEXT,
                limits=(1, 64),
                description="Your time zone, e.g. Europe/Paris (for quiet hours and the digest)",
            ),
            OptionSpec(
                "quiet",
                OptionKind.TEXT,
                limits=(1, 40),
                description="Hours when no DM is sent, e.g. 23:00-07:00 (your time zone), or off",
            ),
            OptionSpec(
                "digest",
                OptionKind.TEXT,
                limits=(1, 20),
                description="One DM a day at this time listing your games to move (e.g. 08:00), "
                "or off",
            ),
            _chosen(
                "takebacks",
                TAKEBACK_CHOICES,
                "Whether your opponents may ask you to take back a move",
            ),
            _chosen(
                "notation",
                NOTATION_CHOICES,
                "How xiangqi moves are written to you: WXF (C2.5), Chinese (炮二平五) "
                "or ICCS (h2e2)",
            ),
            _chosen(
                "janggi_notation",
                JANGGI_NOTATION_CHOICES,
                "How janggi moves are written to you alone: Korean (79졸78) or coordinates (i4h4)",
            ),
            OptionSpec(
                "pieces",
                OptionKind.TEXT,
                limits=(1, 40),
                description="Your piece set (a chess set or a xiangqi set; default resets both)",
            ),
            OptionSpec(
                "strip",
                OptionKind.YES_NO,
                description="Draw the players' names, ratings and whose turn it is on your boards",
            ),
            OptionSpec(
                "language",
                OptionKind.TEXT,
                choices=LANGUAGE_VALUES,
                labels=LANGUAGE_LABELS,
                description="The language Postal writes to you in (default: your Discord app's)",
            ),
            OptionSpec(
                "server_language",
                OptionKind.TEXT,
                choices=LANGUAGE_VALUES,
                labels=SERVER_LANGUAGE_LABELS,
                description="The language of what the whole channel sees (Manage Server only; "
                "default: the server's)",
                discord_only=True,
            ),
            OptionSpec(
                "tournament_role",
                OptionKind.ROLE,
                description="Members with this role may open and run tournaments here (Manage "
                "Server only; @everyone: none)",
                discord_only=True,
            ),
        ),
        description="Your preferences: notifications, boards; shows them all",
    ),
    _about_a_game("analyse", "Computer analysis of a finished game: mistakes, accuracy, graph"),
    CommandSpec(
        "gif",
        (
            GAME_ID,
            OptionSpec(
                "frame_ms",
                OptionKind.WHOLE_NUMBER,
                limits=FRAME_MS_RANGE,
                description="How long each move shows, in milliseconds",
            ),
        ),
        positional=("game",),
        description="The whole game as an animated GIF",
    ),
    CommandSpec(
        "conditional",
        subcommands=(
            CommandSpec(
                "add",
                (
                    OptionSpec(
                        "line",
                        OptionKind.TEXT,
                        limits=(1, MAX_LINE_TEXT),
                        description="Their expected move, your answer, … (on your own turn: your "
                        "move first). Leave empty for a box to type in",
                    ),
                    GAME_ID,
                ),
                positional=("line",),
                rest=True,
                description="Prepare answers: their expected move, yours, …",
            ),
            CommandSpec(
                "list",
                (
                    OptionSpec(
                        "line",
                        OptionKind.WHOLE_NUMBER,
                        limits=(1, 100),
                        description="Show the board at the end of this line (its number in the "
                        "list)",
                    ),
                    GAME_ID,
                ),
                positional=("line",),
                description="Your prepared lines and where each leads",
            ),
            _about_a_game("clear", "Remove all your prepared lines in a game"),
        ),
        description="Moves prepared in advance: only you see them",
    ),
    CommandSpec(
        "tournament",
        subcommands=(
            CommandSpec(
                "create",
                (
                    OptionSpec(
                        "title",
                        OptionKind.TEXT,
                        limits=(1, MAX_NAME_LENGTH),
                        description="The tournament's name",
                    ),
                    VARIANT,  # every game, janggi's counted endings scored as any win
                    OptionSpec(
                        "days",
                        OptionKind.WHOLE_NUMBER,
                        choices=DAYS_CHOICES,
                        description="Days per move in every game (default 3)",
                    ),
                    OptionSpec(
                        "format",
                        OptionKind.TEXT,
                        choices=tuple(value for value, _ in FORMAT_LABELS),
                        labels=tuple(label for _, label in FORMAT_LABELS),
                        description="Round robin (default), Swiss or knockout",
                    ),
                    OptionSpec(
                        "players",
                        OptionKind.WHOLE_NUMBER,
                        limits=(MIN_PLAYERS, MAX_FIELD),
                        description="At most 3-16 in a round robin, 256 otherwise (default 8)",
                    ),
                    OptionSpec(
                        "rounds",
                        OptionKind.WHOLE_NUMBER,
                        limits=(1, MAX_ROUNDS),
                        description="A Swiss' rounds (default 5)",
                    ),
                    OptionSpec(
                        "bye",
                        OptionKind.TEXT,
                        choices=tuple(value for value, _ in BYE_LABELS),
                        labels=tuple(label for _, label in BYE_LABELS),
                        description="What a Swiss bye scores (default 1 point)",
                    ),
                    OptionSpec(
                        "tiebreaks",
                        OptionKind.WHOLE_NUMBER,
                        limits=(0, MAX_TIEBREAK_PAIRS),
                        description="A knockout: pairs of games replayed after a level match, then "
                        "the higher seed (default 1)",
                    ),
                    OptionSpec(
                        "decider",
                        OptionKind.TEXT,
                        choices=tuple(value for value, _ in DECIDER_LABELS),
                        labels=tuple(label for _, label in DECIDER_LABELS),
                        description="A knockout: what settles a match still level after its "
                        "tie-breaks (default the higher seed)",
                    ),
                    OptionSpec(
                        "double",
                        OptionKind.YES_NO,
                        description="Each pair plays twice, once with each colour, at once",
                    ),
                    OptionSpec(
                        "rated", OptionKind.YES_NO, description="Whether results change ratings"
                    ),
                    OptionSpec(
                        "start_when_full",
                        OptionKind.YES_NO,
                        description="Start as soon as the last place is taken",
                    ),
                    OptionSpec(
                        "deadline",
                        OptionKind.TEXT,
                        limits=(1, 40),
                        description="Sign-up closes then and it starts: 3d, 2d 12h, or "
                        "2026-12-01 18:00 (your time zone)",
                    ),
                    OptionSpec(
                        "vacation",
                        OptionKind.YES_NO,
                        description="Whether a player's vacation pauses its games (default yes)",
                    ),
                    OptionSpec(
                        "timeouts",
                        OptionKind.WHOLE_NUMBER,
                        limits=(0, MAX_TIMEOUTS),
                        description="Withdraw a player after this many games lost on time "
                        "(default 2; 0: never)",
                    ),
                    START,  # the challenge's thematic start: every game begins from it
                    OptionSpec(
                        "event",
                        OptionKind.YES_NO,
                        description="Also a Discord event at the sign-up deadline (needs Create "
                        "Events)",
                        discord_only=True,
                    ),
                ),
                positional=("title",),
                rest=True,
                description="Open a tournament: round robin, Swiss or knockout (Manage Server)",
            ),
            _about_a_tournament("join", "Join the tournament open here"),
            _about_a_tournament("leave", "Leave a tournament before it starts"),
            _about_a_tournament("start", "Start a tournament now: its first games"),
            CommandSpec(
                "withdraw",
                (
                    TOURNAMENT_ID,
                    OptionSpec(
                        "player",
                        OptionKind.USER,
                        description="Who withdraws (default: you; others: the organiser)",
                    ),
                ),
                positional=("tournament",),
                description="Withdraw from a tournament under way: your games left are lost",
            ),
            CommandSpec(
                "standings",
                (
                    TOURNAMENT_ID,
                    OptionSpec(
                        "page",
                        OptionKind.WHOLE_NUMBER,
                        limits=(1, MAX_STANDINGS_PAGES),
                        description="Which 64 players: 2 for players 65 to 128 (default 1)",
                    ),
                ),
                positional=("tournament",),
                description="A tournament's table: points and tie-breaks",
            ),
            _about_a_tournament("pgn", "Every game of a tournament in one PGN file"),
        ),
        description="Tournaments in this server: round robin, Swiss, knockout",
    ),
    CommandSpec(
        "note",
        (
            OptionSpec(
                "text",
                OptionKind.TEXT,
                limits=(1, MAX_NOTE_TEXT),
                description="The note to keep; leave empty to see your notes",
            ),
            OptionSpec(
                "clear", OptionKind.YES_NO, description="Delete all your notes on this game"
            ),
            GAME_ID,
            OptionSpec(
                "move",
                OptionKind.TEXT,
                limits=(1, 12),
                description="The move the note follows, by number: 12. or 12... (default: "
                "the last)",
            ),
        ),
        positional=("text",),
        rest=True,
        description="Your private notes on a game (only you see them)",
    ),
    # Buttons, which the console shows as numbered labels. Its name in each language is the
    # catalog's, as a slash command's is (it has none on Discord).
    CommandSpec(
        NP_("command name", "press"),
        (OptionSpec("label", OptionKind.TEXT, required=True),),
        positional=("label",),
        rest=True,
        console_only=True,
    ),
    VOTE,
    MATCH,
    # The console's help (« /aide » in French): the list, or one command as described here.
    CommandSpec(
        NP_("command name", "help"),
        (
            OptionSpec(
                NP_("option name", "command"),
                OptionKind.TEXT,
                description=NP_("description", "The command to explain, e.g. challenge"),
            ),
        ),
        positional=("command",),
        rest=True,
        console_only=True,
        description=NP_("description", "The commands, or one command's options explained"),
    ),
)

BY_NAME: dict[str, CommandSpec] = {command.name: command for command in COMMANDS}
ALL_OPTION_NAMES: frozenset[str] = frozenset(
    option.name
    for command in COMMANDS
    for described in (command, *command.subcommands)
    for option in described.options
)


def command_named(name: str) -> CommandSpec | None:
    """The description of ``/name``, or None."""
    return BY_NAME.get(name)


__all__ = [
    "ALL_OPTION_NAMES",
    "COMMANDS",
    "CommandSpec",
    "OptionKind",
    "OptionSpec",
    "command_named",
]
