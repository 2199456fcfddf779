"""Sentences for results that carry only facts (conditional moves, notes), shared by both
adapters: the Discord adapter escapes them before adding its own markup, the console prints
them as they are. Each is written in the current language (``bot.i18n``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Literal

from bot.engine.api import UnavailableReason
from bot.i18n import Locale, _, ngettext, pgettext
from bot.i18n.names import YES, Choice, Command, Option
from bot.i18n.text import say
from bot.service import (
    BoardView,
    Cleared,
    ComputerStuck,
    ConditionalAdded,
    ConditionalAnswer,
    ConditionalList,
    ConfirmMoves,
    Digest,
    GameView,
    JanggiNotation,
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
from bot.service.preferences import CONFIRM_CHOICES
from bot.service.themes import piece_set_choice, shown_chess_pieces, shown_theme, theme_choice
from bot.text.phrases import title_text


def preview_board(board: BoardView) -> BoardView:
    """A previewed move's board with "Preview" on its strip, in the reader's language."""
    return board.noted(pgettext("board", "Preview"))


def line_text(line: PreparedLine) -> str:
    """``if 2. Nf3, 2... Nc6; if 3. Bb5, 3... a6`` (a line begun on one's own turn starts
    with one's own move: ``2. Nf3; if 2... Nc6, 3. Bb5``)."""
    parts: list[str] = []
    for index, move in enumerate(line.moves):
        played = f"{move.number} {say(move.notation)}"  # a chess move in the reader's letters
        if not move.mine:
            parts.append(_("if {move}").format(move=played))
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
        said += _(", {player} answered {number} {move} (conditional)").format(
            player=who.name, number=answer.number, move=say(answer.notation)
        )
    return said


def _game(game: GameView) -> dict[str, object]:
    return {"game": say(title_text(game)), "id": game.id}


def conditional_added(result: ConditionalAdded) -> str:
    game = result.game
    if result.added == 0:
        head = _("That line was already prepared in {game} (game #{id}).").format(**_game(game))
    else:
        head = ngettext(
            "Prepared in {game} (game #{id}), {count} new move.",
            "Prepared in {game} (game #{id}), {count} new moves.",
            result.added,
        ).format(count=result.added, **_game(game))
    lines = ngettext(
        "You have {count} line prepared here; only you can see them ({command}).",
        "You have {count} lines prepared here; only you can see them ({command}).",
        result.lines,
    ).format(count=result.lines, command=say(Command("conditional", "list")))
    leads = _("It leads to: {fen}").format(fen=result.line.fen)
    return f"{head}\n{line_text(result.line)}\n{leads}\n{lines}"


def conditional_list(result: ConditionalList) -> str:
    game = result.game
    if not result.lines:
        return _("You have no conditional moves in {game} (game #{id}).").format(**_game(game))
    lines = [
        _("Your conditional moves in {game} (game #{id}), seen only by you:").format(**_game(game))
    ]
    for number, line in enumerate(result.lines, start=1):
        leads = _("leads to: {fen}").format(fen=line.fen)
        lines.append(f"{number}. {line_text(line)}\n   {leads}")
    return "\n".join(lines)


def cleared(result: Cleared, kind: Literal["notes", "lines"]) -> str:
    """``Cleared 3 prepared moves in …`` (``kind``: the player's notes, or their prepared
    conditional moves)."""
    game = result.game
    if kind == "notes":
        if result.removed == 0:
            return _("You had no notes in {game} (game #{id}).").format(**_game(game))
        said = ngettext(
            "Cleared {count} note in {game} (game #{id}).",
            "Cleared {count} notes in {game} (game #{id}).",
            result.removed,
        )
    else:
        if result.removed == 0:
            return _("You had no conditional moves in {game} (game #{id}).").format(**_game(game))
        said = ngettext(
            "Cleared {count} conditional move in {game} (game #{id}).",
            "Cleared {count} conditional moves in {game} (game #{id}).",
            result.removed,
        )
    return said.format(count=result.removed, **_game(game))


def _when(note: NoteView) -> str:
    if note.after:
        return _("after {move}").format(move=say(note.after))
    return _("before the first move")


def note_added(result: NoteAdded) -> str:
    game = result.game
    head = _("Noted in {game} (game #{id}), {when}: {note}").format(
        when=_when(result.note), note=result.note.note.text, **_game(game)
    )
    count = ngettext(
        "You have {count} note on this game; only you can see them ({note}, {pgn} {option}).",
        "You have {count} notes on this game; only you can see them ({note}, {pgn} {option}).",
        result.count,
    ).format(
        count=result.count,
        note=say(Command("note")),
        pgn=say(Command("pgn")),
        option=say(Option("notes", YES)),
    )
    return f"{head}\n{count}"


def note_list(result: NoteList) -> str:
    game = result.game
    if not result.notes:
        return _("You have no notes on {game} (game #{id}).").format(**_game(game))
    lines = [_("Your notes on {game} (game #{id}), seen only by you:").format(**_game(game))]
    lines += [f"- {_when(note)}: {note.note.text}" for note in result.notes]
    return "\n".join(lines)


def vacation_ended(result: VacationEnded, planned_until: str) -> str:
    """``alice is back from vacation (it was to last until …): clocks run again. 28 vacation
    days left; only days taken while you had games count.`` (``planned_until`` as the
    adapter writes times)."""
    left = result.days_left
    return ngettext(
        "{player} is back from vacation (it was to last until {until}): clocks run again. "
        "{count} vacation day left; only days taken while you had games count.",
        "{player} is back from vacation (it was to last until {until}): clocks run again. "
        "{count} vacation days left; only days taken while you had games count.",
        left,
    ).format(player=result.player.name, until=planned_until, count=left)


def digest_headline(result: Digest) -> str:
    """``Your move in 2 games:``."""
    count = len(result.games)
    return ngettext("Your move in {count} game:", "Your move in {count} games:", count).format(
        count=count
    )


# Which program plays what, its Debian package and its setting, for the words below.
_ENGINES = {
    "chess": ("Stockfish", "stockfish", "ENGINE_CHESS"),
    "xiangqi": ("Fairy-Stockfish", "fairy-stockfish", "ENGINE_XIANGQI"),
    "janggi": ("Fairy-Stockfish", "fairy-stockfish", "ENGINE_XIANGQI"),
}


def engine_unavailable(
    variant_name: str, reason: UnavailableReason, *, analyse: bool = False
) -> str:
    """Why Postal cannot play ``variant_name`` now (or, with ``analyse``, analyse its
    games), and how its host fixes it."""
    program, package, setting = _ENGINES.get(
        variant_name, (variant_name, variant_name, "ENGINE_" + variant_name.upper())
    )
    variant = pgettext("choice", variant_name)  # the name the slash command's choice shows
    if analyse and reason is UnavailableReason.MISSING:
        text = _(
            "Postal can't analyse {variant} games right now: its engine, {program}, is not "
            "installed where the bot runs. Whoever hosts Postal can install it with "
            "`apt-get install {package}` (or set {setting} to the engine's path)."
        )
    elif analyse:
        text = _(
            "Postal can't analyse {variant} games right now: its engine, {program}, would not "
            "start. Whoever hosts Postal should check {setting} and the engine's installation "
            "(`apt-get install {package}`)."
        )
    elif reason is UnavailableReason.MISSING:
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


def computer_stuck(stuck: ComputerStuck) -> str:
    """The computer has not moved in a game for a while: why, and that it will."""
    variant = stuck.game.variant
    if stuck.reason is not None:
        why = engine_unavailable(variant, stuck.reason)
    else:
        program, package, setting = _ENGINES.get(
            variant, (variant, variant, "ENGINE_" + variant.upper())
        )
        why = _(
            "Its engine, {program}, keeps crashing or hanging on this position. Whoever "
            "hosts Postal should check {setting} and the engine's installation "
            "(`apt-get install {package}`)."
        ).format(program=program, package=package, setting=setting)
    return _(
        "The computer has not been able to move in game #{id}. {why} Postal keeps trying, "
        "and the computer moves as soon as its engine works."
    ).format(id=stuck.game.id, why=why)


def _hours_text(hours: tuple[int, ...]) -> str:
    if not hours:
        return _("no reminders")
    listed = pgettext("list separator", ", ").join(
        _("{hours} h").format(hours=h) for h in sorted(hours, reverse=True)
    )
    return _("reminders {hours} before a deadline").format(hours=listed)


def _choice(choices: tuple[Choice, ...], value: str) -> Choice:
    """The one of ``choices`` whose value is ``value``."""
    return next(choice for choice in choices if choice == value)


def _notified(result: PlayerSettings) -> str:
    return {
        NotifyMode.CHANNEL: _("your turn is announced with a mention in the game's channel"),
        NotifyMode.DM: _("your turn is announced with a direct message"),
        NotifyMode.OFF: _("your turn is not announced"),
    }[result.notify]


def _bottom(result: PlayerSettings) -> str:
    return {
        Orientation.OWN: _("boards show your own side at the bottom"),
        Orientation.TURN: _("boards show the side to move at the bottom"),
    }[result.orientation]


def _quiet(result: PlayerSettings) -> str:
    if result.quiet_hours is None:
        return _("no quiet hours")
    return _(
        "quiet hours {hours} (direct messages wait for their end unless a deadline comes first)"
    ).format(hours="-".join(map(clock_text, result.quiet_hours)))


def _digest(result: PlayerSettings) -> str:
    if result.digest_at is None:
        return _("no daily digest")
    return _("a daily digest at {time} instead of a notice per move").format(
        time=clock_text(result.digest_at)
    )


def _takebacks(result: PlayerSettings) -> str:
    return {
        TakebackPolicy.ASK: _("takeback requests always asked"),
        TakebackPolicy.CASUAL: _("takeback requests asked in casual games only"),
        TakebackPolicy.NEVER: _("takeback requests never asked"),
    }[result.takeback_policy]


def _notation(result: PlayerSettings) -> str:
    return {
        None: _("xiangqi moves in WXF (C2.5), or in Chinese when you type them so"),
        XiangqiNotation.WXF: _("xiangqi moves in WXF (C2.5)"),
        XiangqiNotation.CHINESE: _("xiangqi moves in Chinese (炮二平五)"),
        XiangqiNotation.ICCS: _("xiangqi moves in ICCS (h2e2)"),
    }[result.xiangqi_notation or _said_by_default(result.xiangqi_notation_read)]


def _janggi_notation(result: PlayerSettings) -> str:
    if result.janggi_notation is JanggiNotation.COORDINATES:
        return _("janggi moves written to you in coordinates (i4h4)")
    return _("janggi moves in Korean (79졸78)")


def _language(result: PlayerSettings) -> str:
    if result.language is None:
        return _("language: your Discord app's")
    return _("language: {language}").format(language=Locale.parse(result.language).native_name)


def _confirm(result: PlayerSettings) -> str:
    return {
        ConfirmMoves.MENUS: _(
            "a move chosen on the board's menus shown to you before it is played "
            "({option}), a typed {command} played at once"
        ),
        ConfirmMoves.ALWAYS: _("every move shown to you before it is played ({option})"),
        ConfirmMoves.NEVER: _("every move played at once ({option})"),
    }[result.confirm_moves].format(
        option=say(Option("confirm", _choice(CONFIRM_CHOICES, result.confirm_moves.value))),
        command=say(Command("move")),
    )


def _vacation_left(result: PlayerSettings) -> str:
    return ngettext(
        "{count} vacation day left ({allowance} in any {window} days)",
        "{count} vacation days left ({allowance} in any {window} days)",
        result.vacation_days_left,
    ).format(
        count=result.vacation_days_left,
        allowance=result.vacation_allowance,
        window=VACATION_WINDOW.days,
    )


def _pieces(result: PlayerSettings) -> str:
    chess = say(piece_set_choice(shown_chess_pieces(result.chess_pieces)))
    if result.xiangqi_pieces != "default":
        return _("pieces {chess} (chess), {xiangqi} (xiangqi)").format(
            chess=chess, xiangqi=say(piece_set_choice(result.xiangqi_pieces))
        )
    # Not chosen: the set their language draws (simplified for Simplified Chinese).
    return _("pieces {chess} (chess), {xiangqi} (xiangqi, by your language)").format(
        chess=chess, xiangqi=say(piece_set_choice(result.xiangqi_pieces_seen))
    )


def settings_text(result: PlayerSettings, when: Callable[[datetime], str]) -> str:
    """The player's preferences in one paragraph (``when`` writes the end of a running
    vacation as the adapter writes times)."""
    parts = [
        _notified(result),
        _("board theme {theme}").format(theme=say(theme_choice(shown_theme(result.board_theme)))),
        _bottom(result),
        _hours_text(result.reminder_hours),
        _("time zone {zone}").format(zone=result.time_zone),
        _quiet(result),
        _digest(result),
        _takebacks(result),
        _confirm(result),
        _notation(result),
        _janggi_notation(result),
        _pieces(result),
        _("names and ratings drawn on boards") if result.board_strip else _("no name strips"),
        _language(result),
        _vacation_left(result),
    ]
    # Translators: the separator between the parts of the /settings paragraph.
    separator = _("; ")
    text = _("{player}: {settings}.").format(
        player=result.player.name, settings=separator.join(parts)
    )
    if result.vacation_until is not None:
        text += " " + _("On vacation until {time}.").format(time=when(result.vacation_until))
    return text


def _said_by_default(read: XiangqiNotation) -> XiangqiNotation | None:
    """The notation sentence for a player who chose none: the Chinese one for a reader who
    reads Chinese by default (their language), else the one saying WXF or Chinese as typed."""
    return read if read is XiangqiNotation.CHINESE else None
