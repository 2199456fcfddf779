"""Every command described once: its name and options (kind, whether required, choices,
limits), and how the console reads options written without their name.

The console parses its lines with this description; ``tests/discord/test_discord_catalog.py``
proves the slash commands registered on Discord agree with it (names, options, choices), so
the two adapters cannot drift apart. A new command or option is described here first.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.i18n.locale import Locale
from bot.i18n.names import Choice
from bot.i18n.translator import NP_
from bot.service.after_game import FRAME_MS_RANGE
from bot.service.challenges import COLOR_LABELS, COLOR_WORDS, DAYS_CHOICES, NO_TIME_LIMIT
from bot.service.computer import LEVELS
from bot.service.conditional import MAX_LINE_TEXT
from bot.service.deadlines import MORETIME_DAYS
from bot.service.notes import MAX_NOTE_TEXT
from bot.service.preferences import (
    AUTO_LANGUAGE,
    CONFIRM_CHOICES,
    NOTATION_CHOICES,
    NOTIFY_CHOICES,
    ORIENTATION_CHOICES,
    TAKEBACK_CHOICES,
)
from rules import VARIANT_NAMES


class OptionKind(Enum):
    """What an option's value is."""

    TEXT = "text"
    WHOLE_NUMBER = "whole number"
    YES_NO = "yes or no"
    USER = "user"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a command. ``limits`` bounds a number's value or a text's length.
    ``labels`` are the choices as Discord lists them, in English (msgctxt ``choice`` in the
    catalogs), one per choice; none when each choice is shown as its value."""

    name: str
    kind: OptionKind
    required: bool = False
    choices: tuple[str | int, ...] = ()
    limits: tuple[int, int] | None = None
    labels: tuple[str, ...] = ()

    @property
    def choice_labels(self) -> tuple[tuple[str | int, str], ...]:
        """(value, label as Discord lists it in English) of each choice."""
        labels = self.labels or tuple(str(choice) for choice in self.choices)
        return tuple(zip(self.choices, labels, strict=True))


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One command. In the console, words without ``name:`` fill ``positional`` options in
    order; with ``rest`` the last of them takes every remaining word (a move, a label)."""

    name: str
    options: tuple[OptionSpec, ...] = ()
    positional: tuple[str, ...] = ()
    rest: bool = False
    console_only: bool = False
    # A group (``/conditional add …``): the first word names one of these.
    subcommands: tuple[CommandSpec, ...] = ()

    def subcommand(self, name: str) -> CommandSpec | None:
        return next((sub for sub in self.subcommands if sub.name == name), None)

    def option(self, name: str) -> OptionSpec | None:
        return next((option for option in self.options if option.name == name), None)

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(option.name for option in self.options)


# /settings language: "auto" (the Discord app's), or a catalog's name; each language listed
# by its own name (never translated).
LANGUAGE_VALUES = ("auto", *(locale.value for locale in Locale))
LANGUAGE_LABELS = (
    AUTO_LANGUAGE.label,
    *(locale.native_name for locale in Locale),
)


def _values(choices: tuple[Choice, ...]) -> tuple[str, ...]:
    return tuple(str(choice) for choice in choices)


def _labels(choices: tuple[Choice, ...]) -> tuple[str, ...]:
    return tuple(choice.label for choice in choices)


GAME_ID = OptionSpec("game", OptionKind.WHOLE_NUMBER)
VARIANT = OptionSpec("game", OptionKind.TEXT, choices=VARIANT_NAMES)
WHO = OptionSpec("user", OptionKind.USER)


def _about_a_game(name: str) -> CommandSpec:
    return CommandSpec(name, (GAME_ID,), positional=("game",))


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "challenge",
        (
            OptionSpec("opponent", OptionKind.USER),
            VARIANT,
            OptionSpec(
                "color",
                OptionKind.TEXT,
                choices=COLOR_WORDS,
                labels=tuple(COLOR_LABELS[word] for word in COLOR_WORDS),
            ),
            # 0: no time limit (Discord's choices are all of one type).
            OptionSpec(
                "days",
                OptionKind.WHOLE_NUMBER,
                choices=(*DAYS_CHOICES, 0),
                labels=(*(str(days) for days in DAYS_CHOICES), NO_TIME_LIMIT),
            ),
            OptionSpec("rated", OptionKind.YES_NO),
            OptionSpec("fen", OptionKind.TEXT, limits=(1, 120)),
            # The computer's strength: given, or with Postal as the opponent, the game is
            # against the computer (bot.service.computer).
            OptionSpec("level", OptionKind.WHOLE_NUMBER, limits=(LEVELS[0], LEVELS[-1])),
        ),
        positional=("opponent",),
    ),
    CommandSpec(
        "move",
        (OptionSpec("move", OptionKind.TEXT, required=True, limits=(1, 40)), GAME_ID),
        positional=("move",),
        rest=True,
    ),
    _about_a_game("board"),
    CommandSpec(
        "moves",
        (OptionSpec("square", OptionKind.TEXT, required=True, limits=(1, 4)), GAME_ID),
        positional=("square",),
    ),
    _about_a_game("resign"),
    _about_a_game("draw"),
    _about_a_game("takeback"),
    _about_a_game("abort"),
    CommandSpec(
        "moretime",
        (
            OptionSpec("days", OptionKind.WHOLE_NUMBER, required=True, choices=MORETIME_DAYS),
            GAME_ID,
        ),
        positional=("days",),
    ),
    CommandSpec(
        "vacation",
        (
            OptionSpec("days", OptionKind.WHOLE_NUMBER, limits=(1, 30)),
            OptionSpec("end", OptionKind.YES_NO),
        ),
        positional=("days",),
    ),
    CommandSpec("games", (WHO,), positional=("user",)),
    CommandSpec("pgn", (GAME_ID, OptionSpec("notes", OptionKind.YES_NO)), positional=("game",)),
    CommandSpec("history", (WHO,), positional=("user",)),
    CommandSpec("stats", (WHO,), positional=("user",)),
    CommandSpec("leaderboard", (VARIANT,), positional=("game",)),
    CommandSpec(
        "settings",
        (
            OptionSpec("notify", OptionKind.TEXT, choices=_values(NOTIFY_CHOICES)),
            OptionSpec("theme", OptionKind.TEXT, limits=(1, 40)),
            OptionSpec(
                "orientation",
                OptionKind.TEXT,
                choices=_values(ORIENTATION_CHOICES),
                labels=_labels(ORIENTATION_CHOICES),
            ),
            OptionSpec(
                "confirm",
                OptionKind.TEXT,
                choices=_values(CONFIRM_CHOICES),
                labels=_labels(CONFIRM_CHOICES),
            ),
            OptionSpec("reminders", OptionKind.TEXT, limits=(1, 40)),
            OptionSpec("timezone", OptionKind.TEXT, limits=(1, 64)),
            OptionSpec("quiet", OptionKind.TEXT, limits=(1, 40)),
            OptionSpec("digest", OptionKind.TEXT, limits=(1, 20)),
            OptionSpec(
                "takebacks",
                OptionKind.TEXT,
                choices=_values(TAKEBACK_CHOICES),
                labels=_labels(TAKEBACK_CHOICES),
            ),
            OptionSpec(
                "notation",
                OptionKind.TEXT,
                choices=_values(NOTATION_CHOICES),
                labels=_labels(NOTATION_CHOICES),
            ),
            OptionSpec("pieces", OptionKind.TEXT, limits=(1, 40)),
            OptionSpec("strip", OptionKind.YES_NO),
            OptionSpec(
                "language", OptionKind.TEXT, choices=LANGUAGE_VALUES, labels=LANGUAGE_LABELS
            ),
        ),
    ),
    _about_a_game("analyse"),
    CommandSpec(
        "gif",
        (GAME_ID, OptionSpec("frame_ms", OptionKind.WHOLE_NUMBER, limits=FRAME_MS_RANGE)),
        positional=("game",),
    ),
    CommandSpec(
        "conditional",
        subcommands=(
            CommandSpec(
                "add",
                (OptionSpec("line", OptionKind.TEXT, limits=(1, MAX_LINE_TEXT)), GAME_ID),
                positional=("line",),
                rest=True,
            ),
            CommandSpec(
                "list",
                (OptionSpec("line", OptionKind.WHOLE_NUMBER, limits=(1, 100)), GAME_ID),
                positional=("line",),
            ),
            _about_a_game("clear"),
        ),
    ),
    CommandSpec(
        "note",
        (
            OptionSpec("text", OptionKind.TEXT, limits=(1, MAX_NOTE_TEXT)),
            OptionSpec("clear", OptionKind.YES_NO),
            GAME_ID,
        ),
        positional=("text",),
        rest=True,
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
    # The console's help (« /aide » in French).
    CommandSpec(NP_("command name", "help"), console_only=True),
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
