"""Sentences for results that carry only facts (conditional moves, notes), shared by both
adapters: the Discord adapter escapes them before adding its own markup, the console prints
them as they are. (The place the next languages will be chosen in.)"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.engine.api import UnavailableReason
from bot.i18n import Locale, _, ngettext, pgettext
from bot.service import (
    Cleared,
    ConditionalAdded,
    ConditionalAnswer,
    ConditionalList,
    Digest,
    GameView,
    NotifyMode,
    Orientation,
    PlayerSettings,
    PreparedLine,
    TakebackPolicy,
    VacationEnded,
    XiangqiNotation,
)
from bot.service.core import VACATION_WINDOW
from bot.service.local_time import clock_text
from bot.service.notes import NoteAdded, NoteList, NoteView


def line_text(line: PreparedLine) -> str:
    """``if 2. Nf3, 2... Nc6; if 3. Bb5, 3... a6`` (a line begun on one's own turn starts
    with one's own move: ``2. Nf3; if 2... Nc6, 3. Bb5``)."""
    parts: list[str] = []
    for index, move in enumerate(line.moves):
        played = f"{move.number} {move.notation}"
        if not move.mine:
            parts.append(f"if {played}")
        elif index == 0 or not parts:
            parts.append(played)
        else:
            parts[-1] += f", {played}"
    return "; ".join(parts)


def answered(game: GameView, answers: tuple[ConditionalAnswer, ...]) -> str:
    """``, bob answered 2... Nc6 (conditional)`` for each prepared answer a move set off."""
    said = ""
    for answer in answers:
        who = game.white if answer.player_id == game.white.id else game.black
        said += f", {who.name} answered {answer.number} {answer.notation} (conditional)"
    return said


def conditional_added(result: ConditionalAdded) -> str:
    game = result.game
    if result.added == 0:
        head = f"That line was already prepared in {game.title} (game #{game.id})."
    else:
        moves = "move" if result.added == 1 else "moves"
        head = f"Prepared in {game.title} (game #{game.id}), {result.added} new {moves}."
    count = "1 line" if result.lines == 1 else f"{result.lines} lines"
    return (
        f"{head}\n{line_text(result.line)}\nIt leads to: {result.line.fen}\n"
        f"You have {count} prepared here; only you can see them (/conditional list)."
    )


def conditional_list(result: ConditionalList) -> str:
    game = result.game
    if not result.lines:
        return f"You have no conditional moves in {game.title} (game #{game.id})."
    lines = [f"Your conditional moves in {game.title} (game #{game.id}), seen only by you:"]
    for number, line in enumerate(result.lines, start=1):
        lines.append(f"{number}. {line_text(line)}\n   leads to: {line.fen}")
    return "\n".join(lines)


def cleared(result: Cleared, what: str, one: str) -> str:
    """``Cleared 3 prepared moves in …`` (``what`` names them, ``one`` names one)."""
    game = result.game
    if result.removed == 0:
        return f"You had no {what} in {game.title} (game #{game.id})."
    named = one if result.removed == 1 else what
    return f"Cleared {result.removed} {named} in {game.title} (game #{game.id})."


def _when(note: NoteView) -> str:
    return f"after {note.after}" if note.after else "before the first move"


def note_added(result: NoteAdded) -> str:
    game = result.game
    count = "1 note" if result.count == 1 else f"{result.count} notes"
    return (
        f"Noted in {game.title} (game #{game.id}), {_when(result.note)}: {result.note.note.text}\n"
        f"You have {count} on this game; only you can see them (/note, /pgn notes:true)."
    )


def note_list(result: NoteList) -> str:
    game = result.game
    if not result.notes:
        return f"You have no notes on {game.title} (game #{game.id})."
    lines = [f"Your notes on {game.title} (game #{game.id}), seen only by you:"]
    lines += [f"- {_when(note)}: {note.note.text}" for note in result.notes]
    return "\n".join(lines)


def vacation_ended(result: VacationEnded, planned_until: str) -> str:
    """``alice is back from vacation (it was to last until …): clocks run again. 28 vacation
    days left; only days taken while you had games count.`` (``planned_until`` as the
    adapter writes times)."""
    left = result.days_left
    return (
        f"{result.player.name} is back from vacation (it was to last until {planned_until}): "
        f"clocks run again. {left} vacation day{'s' if left != 1 else ''} left; only days "
        "taken while you had games count."
    )


def digest_headline(result: Digest) -> str:
    """``Your move in 2 games:``."""
    count = len(result.games)
    return f"Your move in {count} game{'s' if count != 1 else ''}:"


# Which program plays what, its Debian package and its setting, for the words below.
_ENGINES = {
    "chess": ("Stockfish", "stockfish", "ENGINE_CHESS"),
    "xiangqi": ("Fairy-Stockfish", "fairy-stockfish", "ENGINE_XIANGQI"),
}


def engine_unavailable(variant_name: str, reason: UnavailableReason) -> str:
    """Why Postal cannot play or analyse ``variant_name`` now, and how its host fixes it."""
    program, package, setting = _ENGINES.get(
        variant_name, (variant_name, variant_name, "ENGINE_" + variant_name.upper())
    )
    variant = pgettext("choice", variant_name)  # the name the slash command's choice shows
    if reason is UnavailableReason.MISSING:
        text = _(
            "Postal can't play {variant} itself right now: its engine, {program}, is not "
            "installed where the bot runs. Whoever hosts Postal can install it with "
            "`apt-get install {package}` (or set {setting} to the engine's path); games "
            "between players work as usual."
        )
    else:
        text = _(
            "Postal can't play {variant} itself right now: its engine, {program}, would not "
            "start. Whoever hosts Postal should check {setting} and the engine's installation "
            "(`apt-get install {package}`); games between players work as usual."
        )
    return text.format(variant=variant, program=program, package=package, setting=setting)


def _hours_text(hours: tuple[int, ...]) -> str:
    if not hours:
        return _("no reminders")
    listed = ", ".join(_("{hours} h").format(hours=h) for h in sorted(hours, reverse=True))
    return _("reminders {hours} before a deadline").format(hours=listed)


def settings_text(result: PlayerSettings, when: Callable[[datetime], str]) -> str:
    """The player's preferences in one paragraph (``when`` writes the end of a running
    vacation as the adapter writes times)."""
    where = {
        NotifyMode.CHANNEL: _("your turn is announced with a mention in the game's channel"),
        NotifyMode.DM: _("your turn is announced with a direct message"),
        NotifyMode.OFF: _("your turn is not announced"),
    }[result.notify]
    bottom = {
        Orientation.OWN: _("boards show your own side at the bottom"),
        Orientation.TURN: _("boards show the side to move at the bottom"),
    }[result.orientation]
    quiet = (
        _("no quiet hours")
        if result.quiet_hours is None
        else _(
            "quiet hours {hours} (direct messages wait for their end unless a deadline comes first)"
        ).format(hours="-".join(map(clock_text, result.quiet_hours)))
    )
    digest = (
        _("no daily digest")
        if result.digest_at is None
        else _("a daily digest at {time} instead of a notice per move").format(
            time=clock_text(result.digest_at)
        )
    )
    takebacks = {
        TakebackPolicy.ASK: _("takeback requests always asked"),
        TakebackPolicy.CASUAL: _("takeback requests asked in casual games only"),
        TakebackPolicy.NEVER: _("takeback requests never asked"),
    }[result.takeback_policy]
    notation = {
        None: _("xiangqi moves in WXF (C2.5), or in Chinese when you type them so"),
        XiangqiNotation.WXF: _("xiangqi moves in WXF (C2.5)"),
        XiangqiNotation.CHINESE: _("xiangqi moves in Chinese (炮二平五)"),
        XiangqiNotation.ICCS: _("xiangqi moves in ICCS (h2e2)"),
    }[result.xiangqi_notation]
    language = (
        _("language: your Discord app's")
        if result.language is None
        else _("language: {language}").format(language=Locale.parse(result.language).native_name)
    )
    strip = _("names and ratings drawn on boards") if result.board_strip else _("no name strips")
    left = ngettext(
        "{count} vacation day left ({allowance} in any {window} days)",
        "{count} vacation days left ({allowance} in any {window} days)",
        result.vacation_days_left,
    ).format(
        count=result.vacation_days_left,
        allowance=result.vacation_allowance,
        window=VACATION_WINDOW.days,
    )
    parts = [
        where,
        _("board theme {theme}").format(theme=result.board_theme),
        bottom,
        _hours_text(result.reminder_hours),
        _("time zone {zone}").format(zone=result.time_zone),
        quiet,
        digest,
        takebacks,
        notation,
        _("pieces {chess} (chess), {xiangqi} (xiangqi)").format(
            chess=result.chess_pieces, xiangqi=result.xiangqi_pieces
        ),
        strip,
        language,
        left,
    ]
    # Translators: the separator between the parts of the /settings paragraph.
    separator = _("; ")
    text = _("{player}: {settings}.").format(
        player=result.player.name, settings=separator.join(parts)
    )
    if result.vacation_until is not None:
        text += " " + _("On vacation until {time}.").format(time=when(result.vacation_until))
    return text
