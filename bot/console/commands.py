"""The console's commands: one handler per command, and ``COMMANDS``, the table a
``Console`` is built with."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from bot.console.board import text_board, when
from bot.console.matches import match
from bot.console.names import (
    CONSOLE_PLACE,
    checked_name,
    user_named,
)
from bot.console.options import (
    LIST,
    BadOption,
    bool_option,
    first_value,
    game_of,
    int_option,
)
from bot.console.session import Console, Handler
from bot.console.tournaments import tournament
from bot.console.votes import vote
from bot.i18n import (
    N_,
    _,
    current,
    current_locale,
    using,
)
from bot.i18n.dates import when_text
from bot.i18n.names import (
    CHOICE,
    NO,
    OPTION_NAME,
    Command,
    Subcommand,
    english_name,
    label_head,
)
from bot.i18n.text import Joined, Text, TextIn
from bot.i18n.text import say as in_language
from bot.service import (
    GameService,
    User,
    color_word,
)
from bot.service.after_game import DEFAULT_FRAME_MS
from bot.service.analysis import AnalysisProgress
from bot.service.challenge_plan import weekends_off
from bot.service.challenges import NO_TIME_LIMIT
from bot.service.preferences import OFF
from bot.text import analysis_words, words


async def _challenge(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    name = options.get("opponent") or (positional[0] if positional else None)
    opponent = user_named(checked_name(name)) if name else None
    days_text = options.get("days", "3")
    untimed = days_text.strip().lower() in ("none", "no", "off", "untimed")
    game = options.get("game", "chess").lower()
    level = _whole("level", options)
    # What a challenge and a game against the computer both take.
    terms: dict[str, Any] = {
        "game": game,
        "color": color_word(game, options.get("color", "random")),
        "days": None if untimed else int_option("challenge", "days", days_text),
        "rated": bool_option("rated", options["rated"]) if "rated" in options else None,
        "fen": options.get("fen"),
        "increment": _whole("increment", options),
        "cap": _whole("cap", options),
        "weekends_off": weekends_off(options.get("weekends", "on")),
        "position": _whole("position", options),
        "start": options.get("start"),
        "setup": options.get("setup"),
    }
    if console.service.computer.meant(opponent, level):
        await console.show(
            await console.service.computer.challenge(user, CONSOLE_PLACE, level=level, **terms)
        )
        return
    result = await console.service.challenges.challenge(user, CONSOLE_PLACE, opponent, **terms)
    await console.show(result)


def _whole(name: str, options: dict[str, str]) -> int | None:
    """The whole-number option ``name`` of ``/challenge`` if given."""
    return int_option("challenge", name, options[name]) if name in options else None


async def _move(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    text = first_value(positional, options, "move")
    if not text:
        raise BadOption(Text("Say which move, e.g. {command} e4.", command=Command("move")))
    result = await console.service.play.move_or_preview(
        user, CONSOLE_PLACE, text, game_id=game_of(options)
    )
    await console.show(result)


async def _moves(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    square = first_value(positional, options, "square")
    if not square:
        raise BadOption(Text("Say which square, e.g. {command} e2.", command=Command("moves")))
    result = await console.service.play.legal_targets(
        user, CONSOLE_PLACE, square, game_id=game_of(options)
    )
    await console.show(result)


def _game_command(
    method: Callable[[GameService], Callable[..., Awaitable[Any]]],
) -> Handler:
    """A command on one game: ``method`` picks the use case's method from the service."""

    async def run(
        console: Console, user: User, positional: list[str], options: dict[str, str]
    ) -> None:
        if positional and positional[0].lstrip("#").isdigit() and "game" not in options:
            options = {**options, "game": positional[0]}
        await console.show(
            await method(console.service)(user, CONSOLE_PLACE, game_id=game_of(options))
        )

    return run


async def _moretime(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    days = int_option("moretime", "days", first_value(positional, options, "days"))
    game_id = game_of(options)
    await console.show(
        await console.service.deadlines.moretime(user, CONSOLE_PLACE, days, game_id=game_id)
    )


async def _pause(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    days = int_option("pause", "days", first_value(positional, options, "days"))
    game_id = game_of(options)
    await console.show(await console.service.pauses.ask(user, CONSOLE_PLACE, days, game_id=game_id))


async def _vacation(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    given = first_value(positional, options, "days")
    ending = "end" in options and bool_option("end", options["end"])
    # "/vacation end": the option's name alone (« /congés fin » in French) ends it too.
    said_end = given is not None and (
        english_name(OPTION_NAME, given.strip(), ("end",), current_locale()) is not None
    )
    if ending or said_end:
        ended = await console.service.deadlines.end_vacation(user)
        console.say(words.vacation_ended(ended, when(ended.planned_until)))
        return
    days = int_option("vacation", "days", given) if given is not None else None
    await console.show(await console.service.deadlines.vacation(user, days))


def _target_user(positional: list[str], options: dict[str, str]) -> User | None:
    name = options.get("user") or (positional[0] if positional else None)
    return user_named(checked_name(name)) if name else None


async def _games(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    await console.show(
        await console.service.reports.games(
            user, _target_user(positional, options), place=CONSOLE_PLACE
        )
    )


async def _history(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    target = _target_user(positional, options)
    await console.show(await console.service.reports.history(user, target, place=CONSOLE_PLACE))


async def _stats(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    target = _target_user(positional, options)
    await console.show(await console.service.reports.stats(user, target, place=CONSOLE_PLACE))


async def _leaderboard(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    game = (first_value(positional, options, "game") or "chess").lower()
    await console.show(await console.service.reports.leaderboard(CONSOLE_PLACE.guild_id, game))


async def _settings(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    result = await console.service.preferences.settings(
        user,
        notify=options.get("notify"),
        theme=options.get("theme"),
        orientation=options.get("orientation"),
        reminders=_off_word(options.get("reminders")),
        timezone=options.get("timezone"),
        quiet=_off_word(options.get("quiet")),
        digest=_off_word(options.get("digest")),
        takebacks=options.get("takebacks"),
        notation=options.get("notation"),
        pieces=options.get("pieces"),
        strip=bool_option("strip", options["strip"]) if "strip" in options else None,
        language=options.get("language"),
        confirm=options.get("confirm"),
        janggi_notation=options.get("janggi_notation"),
    )
    with using(await console.language(user)):
        console.say(words.settings_text(result, lambda moment: when_text(moment, result.time_zone)))
        themes, sets = Joined(LIST, result.themes), Joined(LIST, result.piece_sets)
        console.say(_("themes: {themes}").format(themes=in_language(themes)))
        console.say(_("piece sets: {sets}").format(sets=in_language(sets)))


def _off_word(typed: str | None) -> str | None:
    """``typed`` as the service reads it: ``off`` for the reader's word for off, none or no
    (« désactivé », « aucun », « non »), which the help and refusals offer; else as it is."""
    if typed is None:
        return None
    translator = current()
    words = {
        label_head(translator.pgettext(CHOICE, OFF.label)),
        label_head(translator.pgettext(CHOICE, NO_TIME_LIMIT)),
        label_head(translator.pgettext(CHOICE, NO.label)),
    }
    return "off" if typed.strip().casefold() in {word.casefold() for word in words} else typed


async def _gif(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    frame_ms = int_option("gif", "frame_ms", options.get("frame_ms", str(DEFAULT_FRAME_MS)))
    result = await console.service.after_game.animation(
        user, CONSOLE_PLACE, game_id=game_of(options), frame_ms=frame_ms
    )
    await console.show(result)


async def _analyse(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    """Analyse the finished game meant (a line every tenth of the way), then print the
    analysis and write its graph, critical board and annotated record."""
    analyses = console.service.analysis
    started = await analyses.analyse(user, CONSOLE_PLACE, game_id=game_of(options))
    result = started.result
    if result is None:
        console.say(analysis_words.progress(started.game, started.progress))
        said = started.progress.done * 10 // started.progress.total

        async def on_progress(now: AnalysisProgress) -> None:
            nonlocal said
            if now.done * 10 // now.total > said:
                said = now.done * 10 // now.total
                console.say(analysis_words.progress(started.game, now))

        result = await analyses.follow(user, started.game.id, on_progress)
    console.say(analysis_words.summary(result))
    if console.images is None:
        return
    console.images.mkdir(parents=True, exist_ok=True)
    legend = analysis_words.graph_legend()
    graph, critical = await asyncio.to_thread(
        lambda: (result.graph_png(legend=legend), result.critical_png())
    )
    pictures = [(N_("graph saved: {path}"), f"game{result.game.id}-analysis-graph.png", graph)]
    if critical is not None:
        pictures.append(
            (
                N_("critical board saved: {path}"),
                f"game{result.game.id}-analysis-critical.png",
                critical,
            )
        )
    for saved, name, data in pictures:
        path = console.images / name
        path.write_bytes(data)
        console.say(_(saved).format(path=path))
    path = console.images / result.record_filename
    path.write_text(result.record, encoding="utf-8")
    console.say(_("record saved: {path}").format(path=path))


async def _conditional(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    action = positional[0].lower() if positional else ""
    conditional, game_id = console.service.conditional, game_of(options)
    if action == "add":
        line = options.get("line") or " ".join(positional[1:])
        added = await conditional.add(user, CONSOLE_PLACE, line, game_id=game_id)
        console.say(words.conditional_added(added))
    elif action == "list":
        number = (
            int_option("conditional list", "line", options["line"]) if "line" in options else None
        )
        listed = await conditional.list(user, CONSOLE_PLACE, game_id=game_id, line=number)
        console.say(words.conditional_list(listed))
        if listed.shown is not None:
            board = listed.shown.board
            console.say(text_board(board))
            await console.write_image(listed.game, board, suffix=f"-line{number}")
    elif action == "clear":
        cleared = await conditional.clear(user, CONSOLE_PLACE, game_id=game_id)
        console.say(words.cleared(cleared, "lines"))
    else:
        raise BadOption(
            Text(
                "Say {add}, {list} or {clear}, e.g. {command} Nf3 Nc6 Bb5 a6.",
                add=Subcommand("add"),
                list=Subcommand("list"),
                clear=Subcommand("clear"),
                command=Command("conditional", "add"),
            )
        )


async def _note(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    notes, game_id = console.service.notes, game_of(options)
    text = first_value(positional, options, "text")
    if "clear" in options and bool_option("clear", options["clear"]):
        console.say(words.cleared(await notes.clear(user, CONSOLE_PLACE, game_id=game_id), "notes"))
    elif text or "move" in options:
        # A move named without a text is refused as an empty note, never taken as a list.
        added = await notes.add(
            user, CONSOLE_PLACE, text or "", game_id=game_id, move=options.get("move")
        )
        console.say(words.note_added(added))
    else:
        console.say(words.note_list(await notes.list(user, CONSOLE_PLACE, game_id=game_id)))


async def _pgn(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    if positional and positional[0].lstrip("#").isdigit() and "game" not in options:
        options = {**options, "game": positional[0]}
    notes = bool_option("notes", options["notes"]) if "notes" in options else False
    await console.show(
        await console.service.reports.record(
            user, CONSOLE_PLACE, game_id=game_of(options), notes=notes
        )
    )


async def _press(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    choice = first_value(positional, options, "label")
    if not choice:
        raise BadOption(
            Text(
                "Say which button, e.g. {command} {label} or {command} 1.",
                command=Command("press"),
                label=TextIn("button", "Accept"),
            )
        )
    button = await console.find_button(user, choice)
    if button is None:
        raise BadOption(Text('There is no button "{label}" to press.', label=choice))
    if button.allowed_user_ids and user.id not in button.allowed_user_ids:
        raise BadOption(Text("That button is not yours to press."))
    values = (button.value,) if button.value is not None else ()
    result = await console.service.buttons.press_custom_id(
        user, button.custom_id, place=CONSOLE_PLACE, values=values
    )
    # Pressed: its message's buttons are gone, as on Discord (a board's stay until its
    # next board).
    await console.saved.remove_group(button.group)
    await console.show(result)


async def _help(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    console.say_help(options["command"].split() if "command" in options else [])


COMMANDS: dict[str, Handler] = {
    "challenge": _challenge,
    "move": _move,
    "board": _game_command(lambda service: service.play.board),
    "moves": _moves,
    "resign": _game_command(lambda service: service.endings.resign),
    "draw": _game_command(lambda service: service.endings.draw),
    "takeback": _game_command(lambda service: service.endings.takeback),
    "abort": _game_command(lambda service: service.endings.abort),
    "pgn": _pgn,
    "moretime": _moretime,
    "vacation": _vacation,
    "pause": _pause,
    "games": _games,
    "history": _history,
    "stats": _stats,
    "leaderboard": _leaderboard,
    "settings": _settings,
    "conditional": _conditional,
    "note": _note,
    "tournament": tournament,
    "vote": vote,
    "match": match,
    "press": _press,
    "gif": _gif,
    "analyse": _analyse,
    "help": _help,
}
