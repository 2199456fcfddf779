"""The console's ``/tournament create|join|leave|start|standings``: the same use case as on
Discord, in the console's one place; the console's player is the server's manager."""

from __future__ import annotations

from bot.console.names import CONSOLE_PLACE, checked_name, user_named
from bot.console.options import BadOption, bool_option, int_option
from bot.console.session import Console
from bot.console.signup_buttons import retire_signup
from bot.i18n.names import Command, Option, Subcommand
from bot.i18n.text import Joined, Text
from bot.service import User
from bot.service.tournament.facts import BYE_HALVES, DECIDER_LABELS, FORMAT_LABELS
from bot.store import TournamentFormat
from bot.text.standings_words import page_text
from bot.text.tournament_words import records_text, started_text, withdrawn_text


def _number(action: str, options: dict[str, str], words: list[str]) -> int | None:
    """The ``tournament:`` option (or the word after the action) as an id, if given."""
    typed = options.get("tournament") or (words[0] if words else None)
    if typed is None:
        return None
    return int_option(f"tournament {action}", "tournament", typed.lstrip("#"))


async def tournament(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    action = positional[0].lower() if positional else ""
    tournaments, words = console.service.tournaments, positional[1:]
    if action == "create":
        await _create(console, user, words, options)
    elif action in ("join", "leave"):
        act = tournaments.join if action == "join" else tournaments.leave
        await console.show(await act(user, CONSOLE_PLACE, _number(action, options, words)))
    elif action == "start":
        number = _number(action, options, words)
        started = await tournaments.start(user, CONSOLE_PLACE, number, manages_server=True)
        console.say(started_text(started))
        await retire_signup(console.saved, started.tournament.id)
    elif action == "withdraw":
        number = _number(action, options, words)
        named = options.get("player")
        player = user_named(checked_name(named)) if named else None
        done = await tournaments.withdraw(
            user, CONSOLE_PLACE, number, player=player, manages_server=True
        )
        console.say(withdrawn_text(done))
    elif action == "pgn":
        records = await tournaments.pgn(CONSOLE_PLACE, _number(action, options, words))
        console.say(records_text(records))
        console.say(records.text)
    elif action == "standings":
        number = _number(action, options, words)
        page = (
            int_option("tournament standings", "page", options["page"]) if "page" in options else 1
        )
        table = await tournaments.standings(CONSOLE_PLACE, number, page)
        console.say(page_text(table, page))
    else:
        raise BadOption(
            Text(
                "Say {create}, {join}, {leave}, {start}, {withdraw}, {standings} or {pgn}, "
                "e.g. {command} Autumn cup.",
                create=Subcommand("create"),
                join=Subcommand("join"),
                leave=Subcommand("leave"),
                start=Subcommand("start"),
                withdraw=Subcommand("withdraw"),
                standings=Subcommand("standings"),
                pgn=Subcommand("pgn"),
                command=Command("tournament", "create"),
            )
        )


async def _create(console: Console, user: User, words: list[str], options: dict[str, str]) -> None:
    def flag(name: str, default: bool) -> bool:
        return bool_option(name, options[name]) if name in options else default

    def number(name: str, default: int) -> int:
        return int_option("tournament create", name, options[name]) if name in options else default

    shown = await console.service.tournaments.create(
        user,
        CONSOLE_PLACE,
        manages_server=True,
        name=options.get("title") or " ".join(words),
        game=options.get("game", "chess").lower(),
        days=number("days", 3),
        rated=bool_option("rated", options["rated"]) if "rated" in options else None,
        players=number("players", 8),
        double=flag("double", False),
        start_when_full=flag("start_when_full", False),
        format=_format(options.get("format", "round_robin")),
        rounds=number("rounds", 0) if "rounds" in options else None,
        bye_halves=_bye(options["bye"]) if "bye" in options else None,
        deadline=options.get("deadline"),
        vacation=flag("vacation", True),
        start=options.get("start"),
        tiebreaks=number("tiebreaks", 1) if "tiebreaks" in options else None,
        timeouts=number("timeouts", 2) if "timeouts" in options else None,
        decider=_labelled("decider", options["decider"], DECIDER_LABELS)
        if "decider" in options
        else None,
    )
    await console.show(shown)


def _bye(typed: str) -> int:
    """The ``bye:`` option (``1``, ``0.5`` or ``½``, ``0``), in half points."""
    wanted = typed.strip().replace("½", "0.5").replace("1/2", "0.5")
    if wanted in BYE_HALVES:
        return BYE_HALVES[wanted]
    raise BadOption(
        Text(
            '{option} must be one of {choices}, not "{value}".',
            option=Option("bye"),
            choices=Joined(", ", BYE_HALVES),
            value=typed,
        )
    )


def _format(typed: str) -> TournamentFormat:
    """The ``format:`` option: a format's value (``swiss``) or its English label."""
    return TournamentFormat(_labelled("format", typed, FORMAT_LABELS))


def _labelled(option: str, typed: str, labels: tuple[tuple[str, str], ...]) -> str:
    """The value ``typed`` names among ``labels`` (value, English label): by its value
    (``armageddon``) or its label (``An Armageddon game``), any case. Raises ``BadOption``."""
    wanted = typed.strip().lower().replace(" ", "_")
    for value, label in labels:
        if wanted in (value, label.lower().replace(" ", "_")):
            return value
    raise BadOption(
        Text(
            '{option} must be one of {choices}, not "{value}".',
            option=Option(option),
            choices=Joined(", ", (value for value, _ in labels)),
            value=typed,
        )
    )
