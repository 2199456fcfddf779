"""The console's ``/match create|join|leave|start|show``: club matches between two teams of
console users (the same use case as on Discord, in the console's one place, whose player
is its organiser); ``accept`` and ``decline`` answer another server, which the console has
none of."""

from __future__ import annotations

from bot.console.names import CONSOLE_PLACE, checked_name, user_named
from bot.console.options import int_option
from bot.console.session import Console
from bot.service import User
from bot.service.match_facts import MatchError, MatchRefusal


def _number(action: str, name: str, options: dict[str, str]) -> int | None:
    """The whole-number option ``name`` of ``/match action``, if given."""
    typed = options.get(name)
    return None if typed is None else int_option(f"match {action}", name, typed.lstrip("#"))


async def match(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    """``/match create TITLE RIVAL BOARDS [games] [game] [days]``, ``/match join [match]
    [team] [player]``, ``/match leave``, ``/match start``, ``/match show``."""
    action = positional[0].lower() if positional else ""
    matches = console.service.matches
    match_id = _number(action, "match", options)
    if action == "create":
        shown = await matches.create(
            user,
            CONSOLE_PLACE,
            manages_server=True,
            names=(options.get("title", ""), options.get("rival", "")),
            boards=_number(action, "boards", options) or 0,
            games_a_board=_number(action, "games", options) or 2,
            game=options.get("game", "chess").lower(),
            days=_number(action, "days", options) or 3,
        )
        await console.show(shown)
    elif action in ("join", "leave"):
        named = options.get("player")
        player = user_named(checked_name(named)) if named else None
        shown = await matches.join(
            user,
            CONSOLE_PLACE,
            match_id,
            side=_number(action, "team", options),
            player=player,
            leave=action == "leave",
        )
        await console.show(shown)
    elif action == "start":
        await console.show(await matches.start(user, CONSOLE_PLACE, match_id))
    elif action in ("accept", "decline"):  # another server's invitation: Discord's alone
        raise MatchError(MatchRefusal.NOT_INVITED)
    else:  # show: the catalog's parsing refused any other subcommand already
        await console.show(await matches.show(user, CONSOLE_PLACE, match_id))
