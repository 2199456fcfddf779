"""Who a console line is by: user names, the speaker of a line, the command it names."""

from __future__ import annotations

import hashlib
import re

from bot.console.options import (
    BadOption,
)
from bot.i18n import (
    current_locale,
)
from bot.i18n.names import (
    COMMAND_NAME,
    Command,
    Option,
    english_name,
)
from bot.i18n.text import Text
from bot.service import (
    ButtonAction,
    Place,
    User,
)
from bot.service.catalog import BY_NAME, CommandSpec, command_named
from bot.store import (
    StoreConflict,
    StoreUnavailable,
)

CONSOLE_PLACE = Place(guild_id=0, channel_id=1)
# The database unreachable or a write rolled back: told to the player as such (bot.outage).
OUTAGES = (StoreUnavailable, StoreConflict)
CHALLENGE_ACTIONS = (
    ButtonAction.ACCEPT_CHALLENGE,
    ButtonAction.ACCEPT_SETUP,
    ButtonAction.DECLINE_CHALLENGE,
    ButtonAction.CANCEL_CHALLENGE,
)


def challenge_buttons(challenge_id: int) -> set[tuple[ButtonAction, int]]:
    return {(action, challenge_id) for action in CHALLENGE_ACTIONS}


# A console user is one word; a colon after it ("vic: /move e4", as in a chat log) is not
# part of the name.
_USER_NAME = re.compile(r"@?[\w.\-]+", re.UNICODE)


def checked_name(word: str) -> str:
    """``word`` as a user name (a trailing colon dropped). Raises ``UserError`` for a word
    that cannot be one (punctuation, an option, a command)."""
    name = word[:-1] if word.endswith(":") and len(word) > 1 else word
    if not _USER_NAME.fullmatch(name):
        raise BadOption(
            Text(
                '"{word}" cannot be a user name: a name is one word of letters, digits, ".", '
                '"-" or "_" (alice, bob_2).',
                word=word,
            )
        )
    return name


def speaker(words: list[str]) -> User:
    """Who a line's command is by, once the line is seen to be ``<user> /<command> …``.
    Raises ``UserError`` saying what the line lacks."""
    first = words[0]
    if first.startswith("/"):
        raise BadOption(
            Text("Say who does it first: <user> {line}, e.g. 'alice {line}'.", line=" ".join(words))
        )
    if len(words) < 2:
        if command_of(first) is not None:
            raise BadOption(
                Text(
                    "Commands start with a slash after who does it, e.g. 'alice /{line}'.",
                    line=first,
                )
            )
        raise BadOption(
            Text(
                "Say what {player} does, e.g. 'alice {command} bob'. Type {help} for more.",
                player=first,
                command=Command("challenge"),
                help=Command("help"),
            )
        )
    if not words[1].startswith("/"):
        raise _no_slash(words)
    user = user_named(checked_name(first))
    if user.is_bot:
        raise BadOption(
            Text(
                "{computer} is the computer: it moves by itself. Challenge it with "
                "'alice {command} {name} {level}'.",
                computer=user.name,
                name=user.name.lower(),
                command=Command("challenge"),
                level=Option("level", 3),
            )
        )
    return user


def _no_slash(words: list[str]) -> BadOption:
    """Why ``words`` (a user, then a word without a slash) is not a command line."""
    first, second = words[0], words[1]
    if command_of(first) is not None:
        return BadOption(
            Text(
                "Commands start with a slash after who does it, e.g. 'alice /{line}'.",
                line=" ".join(words),
            )
        )
    if command_of(second) is not None:
        rest = " ".join(words[2:])
        typed = f"{first} /{second}" + (f" {rest}" if rest else "")
        return BadOption(Text("Commands start with a slash: '{line}'.", line=typed))
    return BadOption(
        Text(
            '"{word}" is not a command: write <user> /<command>, e.g. \'alice {challenge} '
            "bob' or 'alice {move} e4'. Type {help} for the list.",
            word=second,
            challenge=Command("challenge"),
            move=Command("move"),
            help=Command("help"),
        )
    )


def command_of(typed: str) -> CommandSpec | None:
    """The command ``typed`` names (without its slash): its English name, or its name in
    the current language (``jouer`` in French is ``move``); None for no command."""
    name = english_name(COMMAND_NAME, typed, BY_NAME, current_locale())
    return None if name is None else command_named(name)


def user_named(name: str) -> User:
    """A console user: a stable integer id derived from the lowercased name; ``postal`` is
    the computer (Postal itself)."""
    clean = name.lstrip("@")
    digest = hashlib.sha256(clean.lower().encode("utf-8")).digest()
    # 53 bits: well inside SQLite's integers, unlike real Discord ids never near 2**63.
    user_id = int.from_bytes(digest[:7], "big") >> 3
    if clean.lower() == COMPUTER_NAME.lower():
        return User(user_id, COMPUTER_NAME, is_bot=True)
    return User(user_id, clean)


# The computer opponent's name in the console, as the bot's own name is on Discord.
COMPUTER_NAME = "Postal"
