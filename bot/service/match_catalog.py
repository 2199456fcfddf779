"""``/match`` described once (``bot.service.catalog`` lists it): club matches between two
teams of a server, or between two servers (docs/playing.md, *Club matches*)."""

from __future__ import annotations

from bot.service.challenge_spec import VARIANT
from bot.service.challenges import DAYS_CHOICES
from bot.service.command_specs import CommandSpec, OptionKind, OptionSpec
from bot.service.match_facts import MAX_BOARDS, MAX_SIDE_NAME

_MATCH_ID = OptionSpec(
    "match", OptionKind.WHOLE_NUMBER, description="Which club match (default: the newest here)"
)


def _about_a_match(name: str, description: str) -> CommandSpec:
    return CommandSpec(name, (_MATCH_ID,), positional=("match",), description=description)


MATCH = CommandSpec(
    "match",
    subcommands=(
        CommandSpec(
            "create",
            (
                OptionSpec(
                    "title",
                    OptionKind.TEXT,
                    required=True,
                    limits=(1, MAX_SIDE_NAME),
                    description="Your team's name",
                ),
                OptionSpec(
                    "rival",
                    OptionKind.TEXT,
                    required=True,
                    limits=(1, MAX_SIDE_NAME),
                    description="The other team's name",
                ),
                OptionSpec(
                    "boards",
                    OptionKind.WHOLE_NUMBER,
                    required=True,
                    limits=(1, MAX_BOARDS),
                    description="How many boards (a player each side a board)",
                ),
                OptionSpec(
                    "server",
                    OptionKind.TEXT,
                    limits=(1, 100),
                    description=(
                        "Challenge another server: its id or an invite (default: two teams here)"
                    ),
                    discord_only=True,
                ),
                OptionSpec(
                    "games",
                    OptionKind.WHOLE_NUMBER,
                    choices=(2, 1),
                    description="Games a board: 2, both colours at once (default), or 1",
                ),
                VARIANT,
                OptionSpec(
                    "days",
                    OptionKind.WHOLE_NUMBER,
                    choices=DAYS_CHOICES,
                    description="Days per move (default 3)",
                ),
            ),
            positional=("title", "rival", "boards"),
            description="Make a club match between two teams (organisers)",
        ),
        _about_a_match("accept", "Accept another server's club match for this server"),
        _about_a_match("decline", "Decline another server's club match"),
        CommandSpec(
            "join",
            (
                _MATCH_ID,
                OptionSpec(
                    "team",
                    OptionKind.WHOLE_NUMBER,
                    choices=(1, 2),
                    description="Which team, when both are of this server",
                ),
                OptionSpec(
                    "player",
                    OptionKind.USER,
                    description="An organiser: list this member instead of yourself",
                ),
            ),
            positional=("match",),
            description="Join your team in a club match",
        ),
        CommandSpec(
            "leave",
            (
                _MATCH_ID,
                OptionSpec(
                    "player",
                    OptionKind.USER,
                    description="An organiser: take this member off instead of yourself",
                ),
            ),
            positional=("match",),
            description="Leave a club match before it starts",
        ),
        _about_a_match("start", "Start a club match: its boards paired by rating"),
        _about_a_match("show", "A club match's teams, or its score board by board"),
    ),
    description="Club matches: a team against a team, here or between servers",
)
