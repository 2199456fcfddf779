"""The ``/challenge`` command described once (see ``bot.service.catalog``): its options,
a game's terms, are the most of any command's."""

from __future__ import annotations

from bot.service.challenge_plan import (
    MAX_CAP_DAYS,
    MAX_INCREMENT_DAYS,
    WEEKEND_LABELS,
    WEEKEND_WORDS,
)
from bot.service.challenges import COLOR_LABELS, COLOR_WORDS, DAYS_CHOICES, NO_TIME_LIMIT
from bot.service.command_specs import CommandSpec, OptionKind, OptionSpec
from bot.service.computer import LEVELS
from bot.service.janggi_setups import SETUP_LABELS, SETUP_WORDS
from bot.service.thematic_starts import MAX_START_TEXT
from rules import VARIANT_NAMES
from rules.chess960 import START_COUNT

VARIANT = OptionSpec(
    "game", OptionKind.TEXT, choices=VARIANT_NAMES, description="chess, xiangqi, chess960 or janggi"
)

# A thematic start (bot.service.thematic_starts): a line of moves or an opening; the
# challenge's and the tournament's (every game of it begins there).
START = OptionSpec(
    "start",
    OptionKind.TEXT,
    limits=(1, MAX_START_TEXT),
    description='Start after these moves ("1. e4 c5") or a named opening (chess)',
)

CHALLENGE = CommandSpec(
    "challenge",
    (
        OptionSpec(
            "opponent",
            OptionKind.USER,
            description="Who to play; leave empty for an open challenge anyone may accept",
        ),
        VARIANT,
        OptionSpec(
            "color",
            OptionKind.TEXT,
            choices=COLOR_WORDS,
            labels=tuple(COLOR_LABELS[word] for word in COLOR_WORDS),
            description="Your side: white or black in chess, red or black in xiangqi, cho or han "
            "in janggi",
        ),
        # 0: no time limit (Discord's choices are all of one type).
        OptionSpec(
            "days",
            OptionKind.WHOLE_NUMBER,
            choices=(*DAYS_CHOICES, 0),
            labels=(*(str(days) for days in DAYS_CHOICES), NO_TIME_LIMIT),
            description="Days per move (none: no time limit, casual games only); with an "
            "increment, the starting time bank",
        ),
        # A time bank (bot.service.time_bank): days added per move, up to the cap.
        OptionSpec(
            "increment",
            OptionKind.WHOLE_NUMBER,
            limits=(1, MAX_INCREMENT_DAYS),
            description="Make days a time bank that gains this many days per move",
        ),
        OptionSpec(
            "cap",
            OptionKind.WHOLE_NUMBER,
            limits=(1, MAX_CAP_DAYS),
            description="The most days a time bank holds (default: days + 4 increments)",
        ),
        OptionSpec(
            "weekends",
            OptionKind.TEXT,
            choices=WEEKEND_WORDS,
            labels=tuple(WEEKEND_LABELS[word] for word in WEEKEND_WORDS),
            description="off: the clock stops on Saturday and Sunday, in each player's own "
            "time zone",
        ),
        OptionSpec(
            "rated",
            OptionKind.YES_NO,
            description="Whether the result counts for ratings (default: yes, unless from a "
            "custom position)",
        ),
        OptionSpec(
            "fen",
            OptionKind.TEXT,
            limits=(1, 120),
            description="Start from this position (FEN)",
        ),
        # The computer's strength: given, or with Postal as the opponent, the game is
        # against the computer (bot.service.computer).
        OptionSpec(
            "level",
            OptionKind.WHOLE_NUMBER,
            limits=(LEVELS[0], LEVELS[-1]),
            description="Play the computer (Postal itself) at this strength: 1 weakest to 8 "
            "strongest",
        ),
        # Chess960's start by its number (rules.chess960.starts; random when omitted).
        OptionSpec(
            "position",
            OptionKind.WHOLE_NUMBER,
            limits=(0, START_COUNT - 1),
            description="Chess960: the start position's number, 0 to 959 (default: random)",
        ),
        START,
        # Janggi: the challenger's horse/elephant setup (bot.service.janggi_setups).
        OptionSpec(
            "setup",
            OptionKind.TEXT,
            choices=SETUP_WORDS,
            labels=tuple(SETUP_LABELS[word] for word in SETUP_WORDS),
            description="Janggi: your horses and elephants (choose cho or han; default 마상상마)",
        ),
    ),
    positional=("opponent",),
    description="Challenge someone (or anyone) to a game",
)
