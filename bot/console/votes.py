"""The console's ``/vote team|nominate|cast|tally``: vote chess with console users as a
team's members (the same use case as on Discord, in the console's one place)."""

from __future__ import annotations

from bot.console.names import CONSOLE_PLACE, checked_name, user_named
from bot.console.options import bool_option, game_of, int_option
from bot.console.session import Console
from bot.service import User
from bot.service.challenge_plan import color_word
from bot.service.vote_facts import VoteError, VoteRefusal


async def vote(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    """``/vote team MEMBER… title:T opponent:P|level:L [game] [color] [days] [window]
    [secret] [after_vote]``, ``/vote nominate MOVE``, ``/vote cast MOVE``, ``/vote remind [dm]``,
    ``/vote tally`` (there
    ``game:`` picks the game by its number), as ``bot.service.vote_catalog`` describes."""
    action = positional[0].lower() if positional else ""
    votes = console.service.votes
    if action == "team":
        await _team(console, user, options)
        return
    game_id = game_of(options)
    if action in ("nominate", "cast"):
        text = options.get("move", "")
        act = votes.vote if action == "cast" else votes.nominate
        taken = await act(user, CONSOLE_PLACE, text, game_id=game_id)
        await console.show(taken)
        if taken.closed is not None and taken.closed.played is not None:
            await console.show(taken.closed.played)
    elif action == "remind":
        wanted = bool_option("dm", options["dm"]) if "dm" in options else True
        await console.show(await votes.remind(user, CONSOLE_PLACE, wanted=wanted, game_id=game_id))
    elif action in ("poll", "thread"):  # Discord's polls and threads: the console has none
        raise VoteError(VoteRefusal.POLLS_ON_DISCORD)
    else:  # tally: the catalog's parsing refused any other subcommand already
        await console.show(await votes.tally(user, CONSOLE_PLACE, game_id=game_id))


async def _team(console: Console, user: User, options: dict[str, str]) -> None:
    """Open a team's game: the members listed, against ``opponent:`` or ``level:``, or
    accepting another team's ``challenge:``."""
    if "challenge" in options:
        await _accept(console, user, options)
        return
    named = options.get("opponent")
    opponent = user_named(checked_name(named)) if named else None
    game = options.get("game", "chess").lower()
    level = int_option("vote team", "level", options["level"]) if "level" in options else None
    window = int_option("vote team", "window", options["window"]) if "window" in options else None
    opened = await console.service.votes.open(
        user,
        CONSOLE_PLACE,
        name=options.get("title", ""),
        members=_members(options),
        opponent=opponent,
        level=level,
        window_hours=window,
        secret=_secret(options),
        after_vote=_after_vote(options),
        game=game,
        color=color_word(game, options.get("color", "random")),
        days=int_option("vote team", "days", options.get("days", "3")),
    )
    await console.show(opened)
    if opened.challenge is not None:
        await console.show(opened.challenge)


def _members(options: dict[str, str]) -> tuple[User, ...]:
    """The console users ``members:`` names (one word each)."""
    return tuple(user_named(checked_name(word)) for word in options.get("members", "").split())


async def _accept(console: Console, user: User, options: dict[str, str]) -> None:
    """Form the team and accept another team's challenge with it, on that challenge's
    terms (its game, colour and days: ``opponent:``, ``level:`` and those are refused)."""
    terms = [name for name in ("opponent", "level", "game", "color", "days") if name in options]
    if terms:
        raise VoteError(VoteRefusal.ACCEPT_TERMS)
    window = int_option("vote team", "window", options["window"]) if "window" in options else None
    opened = await console.service.votes.accept(
        user,
        int_option("vote team", "challenge", options["challenge"]),
        CONSOLE_PLACE,
        name=options.get("title", ""),
        members=_members(options),
        window_hours=window,
        secret=_secret(options),
        after_vote=_after_vote(options),
    )
    await console.show(opened)
    if opened.accepted is not None:
        await console.show(opened.accepted)


def _secret(options: dict[str, str]) -> bool:
    """``secret:`` (default yes): votes hidden from the members until the vote closes."""
    return bool_option("secret", options["secret"]) if "secret" in options else True


def _after_vote(options: dict[str, str]) -> bool:
    """``after_vote:`` (default no): secret votes shown to each member once they voted."""
    return bool_option("after_vote", options["after_vote"]) if "after_vote" in options else False
