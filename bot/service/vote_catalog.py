"""``/vote`` described once (``bot.service.catalog`` lists it): opening a team's game,
nominating, voting and the tally (docs/playing.md, *Vote chess*). Both adapters read it:
on Discord a team is a role or @mentioned members, in the console named users."""

from __future__ import annotations

from bot.service.challenge_spec import VARIANT
from bot.service.challenges import COLOR_LABELS, COLOR_WORDS, DAYS_CHOICES
from bot.service.command_specs import CommandSpec, OptionKind, OptionSpec
from bot.service.computer import LEVELS
from bot.service.play import MAX_MOVE_TEXT
from bot.service.vote_rules import MAX_TEAM_NAME

_GAME_ID = OptionSpec(
    "game", OptionKind.WHOLE_NUMBER, description="Which vote game (default: your team's here)"
)
_MOVE = OptionSpec(
    "move",
    OptionKind.TEXT,
    required=True,
    limits=(1, MAX_MOVE_TEXT),
    description="A move in any notation",
)


def _colour_option(description: str) -> OptionSpec:
    """The ``color`` option of a game's start (a challenge's, a team's)."""
    return OptionSpec(
        "color",
        OptionKind.TEXT,
        choices=COLOR_WORDS,
        labels=tuple(COLOR_LABELS[word] for word in COLOR_WORDS),
        description=description,
    )


def _ballot(name: str, description: str) -> CommandSpec:
    return CommandSpec(
        name, (_MOVE, _GAME_ID), positional=("move",), rest=True, description=description
    )


_TEAM_OPTIONS = (
    OptionSpec(
        "title",
        OptionKind.TEXT,
        required=True,
        limits=(1, MAX_TEAM_NAME),
        description="The team's name",
    ),
    OptionSpec(
        "members",
        OptionKind.TEXT,
        description="The team's members besides you (on Discord: @mention them)",
    ),
    OptionSpec(
        "role",
        OptionKind.ROLE,
        description="Or: whoever holds this role when they vote is on the team",
        discord_only=True,
    ),
    OptionSpec("opponent", OptionKind.USER, description="The player the team challenges"),
    OptionSpec(
        "challenge",
        OptionKind.WHOLE_NUMBER,
        description="Or: accept this team's challenge (its number) with your team",
    ),
    OptionSpec(
        "level",
        OptionKind.WHOLE_NUMBER,
        limits=(LEVELS[0], LEVELS[-1]),
        description="Play the computer at this strength instead",
    ),
    VARIANT,
    _colour_option("The team's colour"),
    OptionSpec(
        "days",
        OptionKind.WHOLE_NUMBER,
        choices=DAYS_CHOICES,
        description="Days per move (default 3)",
    ),
    OptionSpec(
        "window",
        OptionKind.WHOLE_NUMBER,
        limits=(1, DAYS_CHOICES[-1] * 24),
        description="Hours each turn's vote lasts (default: all the days per move)",
    ),
    OptionSpec(
        "secret",
        OptionKind.YES_NO,
        description="Keep votes secret until each vote closes (default: yes)",
    ),
    OptionSpec(
        "after_vote",
        OptionKind.YES_NO,
        description="Secret votes: each member sees the counts once they have voted (default: no)",
    ),
    OptionSpec(
        "server",
        OptionKind.TEXT,
        limits=(1, 100),
        description="Or: challenge another server's teams (its id or an invite)",
        discord_only=True,
    ),
)

VOTE = CommandSpec(
    "vote",
    subcommands=(
        CommandSpec(
            "team",
            _TEAM_OPTIONS,
            positional=("members",),
            rest=True,
            description="Open a vote game: your team against a player, a team or the computer",
        ),
        _ballot("nominate", "Nominate a move for your team's turn"),
        _ballot("cast", "Vote for a move, nominating it if nobody has"),
        CommandSpec(
            "tally",
            (_GAME_ID,),
            positional=("game",),
            description=(
                "Your team's nominations, with the votes unless secret, and when the vote closes"
            ),
        ),
        CommandSpec(
            "remind",
            (
                OptionSpec(
                    "dm",
                    OptionKind.YES_NO,
                    description="Yes (the default): a DM when your team's vote is open and "
                    "you have not voted; no: none",
                ),
                _GAME_ID,
            ),
            description="Be reminded by DM when your team votes and you have not",
        ),
        CommandSpec(
            "poll",
            (_GAME_ID,),
            positional=("game",),
            description="Post a Discord poll of your team's nominations beside the board",
        ),
        CommandSpec(
            "thread",
            (_GAME_ID,),
            positional=("game",),
            description="Open (or join) your team's private thread, which the other side "
            "cannot read",
        ),
    ),
    description="Vote chess: a team plays by its members' votes",
)
