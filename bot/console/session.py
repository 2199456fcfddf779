"""One console session: a line run through the service, its results printed (text, text
board, images written, buttons numbered) and buttons found again when pressed."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TextIO

from bot.console.board import text_board, when
from bot.console.choices import result_choices
from bot.console.help import command_help, help_parts
from bot.console.lines import UnreadableLine, words_of
from bot.console.names import (
    CHALLENGE_ACTIONS,
    COMPUTER_NAME,
    CONSOLE_PLACE,
    OUTAGES,
    challenge_buttons,
    command_of,
    speaker,
    user_named,
)
from bot.console.options import (
    BadOption,
    options_of,
    split_options,
    subcommand,
)
from bot.console.said import said_text
from bot.console.signup_buttons import retire_signup
from bot.console.tournament_rows import TOURNAMENT_ROWS, tournament_row_text
from bot.i18n import (
    Locale,
    _,
    ngettext,
    pgettext,
    using,
)
from bot.i18n.catalogs import same_words
from bot.i18n.names import (
    Command,
    Option,
)
from bot.i18n.text import Text
from bot.i18n.text import say as in_language
from bot.service import (
    BoardShown,
    BoardView,
    Button,
    ButtonAction,
    ClockReport,
    ComputerGameStarted,
    ComputerStuck,
    GameAnimation,
    GameEnded,
    GameService,
    GameStarted,
    GameView,
    MoreTimeGiven,
    MoveMenu,
    MovePlayed,
    MovePreview,
    MoveTyping,
    NotifyMode,
    PlayerRef,
    RecordExport,
    SelectMenu,
    TakenBack,
    User,
    UserError,
    board_controls,
    parse_button_id,
)
from bot.service.catalog import BY_NAME
from bot.service.errors import ChallengePendingError
from bot.service.tournament.facts import TournamentShown
from bot.store import (
    ConsoleButton,
    ConsoleButtons,
    OutboxKind,
)
from bot.text import words
from bot.text.buttons import button_label
from bot.text.challenges import closed_text
from bot.text.clock_words import waiting_bank_text
from bot.text.errors import error_text
from bot.text.notices import reminder_text
from bot.text.outage import computer_failed, outage_sentence, unexpected_failure
from bot.text.phrases import XIANGQI_WORDED, variant_text
from bot.text.reports import entry_line
from bot.text.signup_words import signup_text
from bot.text.tournament_words import entry_text, signup_buttons, started_text

_log = logging.getLogger(__name__)

# Results that show a game's board: the console lists the board's controls after them.
BOARD_RESULTS = (MovePlayed, GameStarted, ComputerGameStarted, TakenBack, GameEnded, BoardShown)
# The console has no upload limit; the same bound as Discord keeps files reasonable.
GIF_LIMIT_BYTES = 8 * 1024 * 1024


@dataclass
class Console:
    """One console session: the service, where output goes, and the buttons shown so far
    (numbered, kept in the database so they survive a restart)."""

    service: GameService
    out: TextIO
    images: Path | None
    # The commands by English name (``bot.console.commands.COMMANDS``), as the bot is
    # given its command tree: the session runs what it is handed, it imports no handler.
    commands: Mapping[str, Handler]
    # The language of every user who has not chosen one in /settings (--locale).
    locale: Locale = Locale.EN

    async def language(self, user: User) -> Locale:
        """The language ``user``'s replies are written in: their /settings choice, else
        the console's ``--locale``."""
        return await self.service.languages.chosen(user.id) or self.locale

    def __post_init__(self) -> None:
        if self.service.computer.identity is None:
            self.service.computer.introduce(user_named(COMPUTER_NAME))

    @property
    def saved(self) -> ConsoleButtons:
        return self.service.core.store.console_buttons

    def say(self, text: str = "") -> None:
        """Print ``text``; what the service states (``bot.i18n.text``) in the reader's
        language."""
        print(in_language(text), file=self.out, flush=True)

    def say_help(self, words: Sequence[str] = ()) -> None:
        """Print the help, in the current language, one message per part; with ``words``
        (``challenge``, ``conditional add``), that command explained. Raises ``UserError``
        for words that name no command."""
        if not words:
            for part in help_parts():
                self.say(part)
            return
        spec = command_of(words[0].removeprefix("/"))
        if spec is None:
            raise BadOption(
                Text(
                    '"{word}" is not a command; {help} lists them.',
                    word=words[0],
                    help=Command("help"),
                )
            )
        if len(words) > 1 and spec.subcommands:
            self.say(command_help(subcommand(spec, list(words[1:])), spec))
        else:
            self.say(command_help(spec))

    # --- one input line ----------------------------------------------------------------

    async def handle(self, line: str) -> None:
        """Run one ``<user> <command>`` line and print the reply; never raises user errors."""
        # Until the line names its user, it is answered in the console's language (--locale).
        with using(self.locale):
            user_and_words = self._read(line)
        if user_and_words is None:
            return
        user, words = user_and_words
        try:
            language = await self.language(user)
        except OUTAGES as error:
            with using(self.locale):
                self.say(_("! {error}").format(error=outage_sentence(error)))
            return
        with using(language):
            try:
                await self._handle(user, words)
            except OUTAGES as error:
                # The database failed the line (at its command, the computer's replies or
                # settling its deliveries): one sentence, not the driver's words or a
                # traceback; what the line did not finish, the next line or a retry does.
                self.say(_("! {error}").format(error=outage_sentence(error)))

    def _read(self, line: str) -> tuple[User, list[str]] | None:
        """The user and words of ``line``; None when it was answered already (help, a line
        that cannot be read, or one without a user)."""
        try:
            words = words_of(line)
        except UnreadableLine as error:
            self.say(
                _("! Could not read that line: {error}. Nothing was done.").format(
                    error=in_language(error.args[0])
                )
            )
            return None
        if not words:
            return None
        try:
            if command_of(words[0].removeprefix("/")) is BY_NAME["help"]:
                self.say_help(words[1:])
                return None
            return speaker(words), words
        except UserError as error:
            self.say(_("! {error}").format(error=error_text(error)))
            return None

    async def _handle(self, user: User, words: list[str]) -> None:
        """Run the command of one line (``words``), in the language chosen for ``user``."""
        try:
            typed, rest = words[1][1:], words[2:]
            spec = command_of(typed)
            command = typed.lower() if spec is None else spec.name
            if spec is None:  # /help, or a command not described in the catalog yet
                positional, options = split_options(rest)
            elif spec.subcommands:  # the handler is told which one, then its options
                sub = subcommand(spec, rest)
                positional, options = [sub.name], options_of(sub, rest[1:], spec.name)
            else:
                positional, options = [], options_of(spec, rest)
            await self._report_clock(await self.service.deadlines.expire_overdue())
            for closed in await self.service.signups.close_due():
                self.say(signup_text(closed))
                await retire_signup(self.saved, closed.tournament.id)
            for window in await self.service.votes.close_due_windows():
                await self.show(window)
                if window.played is not None:
                    await self.show(window.played)
            await self._run(user, command, positional, options)
        except ChallengePendingError as error:
            self.say(
                _("! {error}").format(error=error_text(error))
                + await self._buttons_of(error.challenge_id)
            )
        except UserError as error:
            self.say(_("! {error}").format(error=error_text(error)))
        except OUTAGES:
            raise  # said once by ``handle``; the computer and the outbox wait for the next line
        except Exception:  # an adapter never shows a traceback to a player
            # A warning, not an error: the console shows errors on its player's terminal.
            _log.warning("%r failed unexpectedly", " ".join(words), exc_info=True)
            self.say(unexpected_failure())
        await self._computer_replies()
        # What the outbox rows of this line say was printed above; nothing else sends them.
        await self.service.deliveries.settle_shown_deliveries()

    async def _computer_replies(self) -> None:
        """The computer's moves this line made due, each shown as a move is (the console
        answers a line in full before reading the next)."""
        try:
            for played in await self.service.computer.reply_all():
                await self.show(played)
            # A lasting engine failure is told once through the outbox; the console shows
            # its rows itself (settle_shown_deliveries), so it prints this one here.
            for row in await self.service.deliveries.pending_deliveries():
                if row.kind is OutboxKind.COMPUTER_STUCK:
                    delivery = await self.service.deliveries.delivery(row)
                    if delivery is not None and isinstance(delivery.content, ComputerStuck):
                        self.say(words.computer_stuck(delivery.content))
                elif row.kind in TOURNAMENT_ROWS:  # said once, as Discord posts them (or edits)
                    delivery = await self.service.deliveries.delivery(row)
                    said = tournament_row_text(delivery and delivery.content)
                    if said is not None:
                        self.say(said)
        except UserError as error:
            self.say(_("! {error}").format(error=error_text(error)))
        except Exception as error:  # an adapter never shows a traceback to a player
            if isinstance(error, OUTAGES):
                raise  # said once by ``handle``, which leaves the rest of the line alone
            _log.warning("the computer's replies failed unexpectedly", exc_info=True)
            self.say(computer_failed())

    async def _run(
        self, user: User, command: str, positional: list[str], options: dict[str, str]
    ) -> None:
        handler = self.commands.get(command)
        if handler is None:
            self.say(await self._unknown(user, command))
            return
        await handler(self, user, positional, options)

    async def _unknown(self, user: User, command: str) -> str:
        """What an unknown ``/command`` gets: when a button shown is labelled so (``/accept``
        at a challenge's Accept, as Discord's buttons read), how to press it."""
        with contextlib.suppress(UserError):  # on several messages: /press says which
            button = None if command.isdigit() else await self.find_button(user, command)
            if button is not None:
                press = f"{user.name} {in_language(Command('press'))} {button.label}"
                return _('! "/{command}" is a button, not a command: {press}').format(
                    command=command, press=press
                )
        return _('! Unknown command "/{command}". Type {help} for the list.').format(
            command=command, help=in_language(Command("help"))
        )

    # --- showing results ---------------------------------------------------------------

    async def show(self, result: object) -> None:
        """Print any service result: its text, board, buttons and whom it notifies."""
        if isinstance(result, TournamentShown):
            await self._show_signup(result)
            return
        text = said_text(result)
        if text:
            self.say(text)
        game: GameView | None = getattr(result, "game", None)
        board: BoardView | None = getattr(result, "board", None)
        if board is not None and game is not None:
            # Turned as the image is: for its viewer, as they chose (see /settings).
            self.say(text_board(board))
            # A look (/board, /moves) gets its own file, so it never replaces a move's image.
            suffix = ""
            if isinstance(result, BoardShown | MoveMenu):
                suffix = "-moves" if board.marks else "-board"
            elif isinstance(result, MovePreview):
                suffix = "-preview"
                board = words.preview_board(board)
            await self.write_image(game, board, suffix=suffix)
            if isinstance(result, BOARD_RESULTS) and not (
                isinstance(result, BoardShown) and board.marks
            ):
                # The board's controls, as its message on Discord carries them.
                await self._show_buttons(
                    board_controls(game),
                    board_game_id=game.id,
                    xiangqi=game.variant in XIANGQI_WORDED,
                )
        if isinstance(
            result, MovePlayed | GameStarted | ComputerGameStarted | TakenBack | MoreTimeGiven
        ):
            await self._announce_turn(result.game, result.notify)
        if isinstance(result, RecordExport):
            self.say(result.record.rstrip())
            if self.images is not None:
                self.images.mkdir(parents=True, exist_ok=True)
                path = self.images / result.filename
                path.write_text(result.record, encoding="utf-8")
                self.say(_("record saved: {path}").format(path=path))
        if isinstance(result, MoveTyping):
            example = result.placeholder.split(",")[0]
            self.say(
                _("Type your move with {command}, e.g. {command} {move}.").format(
                    command=in_language(Command("move")), move=example
                )
            )
        if isinstance(result, GameAnimation):
            await self._write_animation(result)
        if isinstance(result, MovePreview):
            await self._retire_previews(result)
        await self._show_choices(result, *result_choices(result))

    async def _show_signup(self, shown: TournamentShown) -> None:
        """A tournament's sign-up after an entry, with Join and Leave while it is open."""
        self.say(entry_text(shown))
        if shown.started is not None:  # joining filled it
            self.say(started_text(shown.started))
        await retire_signup(self.saved, shown.tournament.id)
        await self._show_choices(shown, signup_buttons(shown.tournament))

    async def _retire_previews(self, preview: MovePreview) -> None:
        """A newer preview takes the older ones' Confirm / Cancel away (only the latest
        confirms), as Discord removes a pressed message's buttons."""
        mover = preview.buttons[0].allowed_user_ids if preview.buttons else ()
        for button in await self.saved.all():
            parsed = parse_button_id(button.custom_id)
            if (
                parsed is not None
                and parsed[0] in (ButtonAction.CONFIRM_MOVE, ButtonAction.CANCEL_MOVE)
                and parsed[1] == preview.game.id
                and button.allowed_user_ids == mover
            ):
                await self.saved.remove_group(button.group)

    async def _show_choices(
        self,
        result: object,
        buttons: tuple[Button, ...] = (),
        menus: tuple[SelectMenu, ...] = (),
    ) -> None:
        """A result's select menus (``menus``, as bot/text words them) as numbered choices,
        then its buttons (``buttons``: those the adapters add to it, such as a list's Next
        page)."""
        buttons = getattr(result, "buttons", ()) or buttons
        allowed = buttons[0].allowed_user_ids if buttons else ()
        # Several menus (a games list's): each choice says which menu it is from.
        entries: list[tuple[str, str, tuple[int, ...], str | None]] = [
            (
                f"{in_language(menu.placeholder)} {in_language(choice.label)}"
                if len(menus) > 1
                else in_language(choice.label),
                menu.custom_id,
                allowed,
                choice.value,
            )
            for menu in menus
            for choice in menu.choices
        ]
        entries += [
            (in_language(button_label(b)), b.custom_id, b.allowed_user_ids, None) for b in buttons
        ]
        if not entries:
            return
        made = await self.saved.add(entries)
        choices = [f"[{b.number}] {b.label}" for b in made if b.value is not None]
        if choices:
            self.say(_("choices: {choices}").format(choices="  ".join(choices)))
        pressable = [f"[{b.number}] {b.label}" for b in made if b.value is None]
        if pressable:
            self.say(_("buttons: {buttons}").format(buttons="  ".join(pressable)))

    async def _show_buttons(
        self, buttons: tuple[Button, ...], *, board_game_id: int, xiangqi: bool
    ) -> None:
        """A board's controls, numbered, under the board's label (xiangqi's own)."""
        entries = [
            (in_language(button_label(b)), b.custom_id, b.allowed_user_ids, None) for b in buttons
        ]
        made = await self.saved.add(entries, board_game_id=board_game_id)
        listed = "  ".join(f"[{b.number}] {b.label}" for b in made)
        # A xiangqi (or janggi) board is not an échiquier: each game's board has its own label.
        if xiangqi:
            self.say(pgettext("xiangqi", "board: {buttons}").format(buttons=listed))
        else:
            self.say(_("board: {buttons}").format(buttons=listed))

    async def _write_animation(self, result: GameAnimation) -> None:
        made = await asyncio.to_thread(result.render, GIF_LIMIT_BYTES)
        self.say(
            ngettext(
                "{frames} frames (every ply), {size} bytes.",
                "{frames} frames (every {count} plies), {size} bytes.",
                made.step,
            ).format(frames=made.frames, count=made.step, size=len(made.data))
        )
        if self.images is not None:
            self.images.mkdir(parents=True, exist_ok=True)
            path = self.images / result.filename
            path.write_bytes(made.data)
            self.say(_("gif saved: {path}").format(path=path))

    async def _announce_turn(self, game: GameView, player: PlayerRef | None) -> None:
        if player is None or not game.active:
            return
        due = (
            _("no time limit")
            if game.deadline is None
            else _("deadline {time}").format(time=when(game.deadline))
        )
        if player.digest:
            self.say(
                _("{player} to move ({due}; told in their daily digest).").format(
                    player=player.name, due=due
                )
            )
        elif player.notify is NotifyMode.CHANNEL:
            self.say(
                _("@{player}, your move in game #{game} ({due}).").format(
                    player=player.name, game=game.id, due=due
                )
            )
        elif player.notify is NotifyMode.DM:
            dm = await self._direct(player, game.deadline)
            self.say(
                _("{dm} your move in game #{game} ({due}).").format(dm=dm, game=game.id, due=due)
            )
        else:
            self.say(_("{player} to move ({due}).").format(player=player.name, due=due))
        bank = waiting_bank_text(game)
        if bank is not None:
            self.say(in_language(bank))

    async def _direct(self, player: PlayerRef, deadline: datetime | None) -> str:
        """``(direct message to bob)``, saying when it goes out if quiet hours hold it."""
        held = await self.service.deliveries.dm_held_until(player.id, deadline)
        if held:
            return _("(direct message to {player}, sent at {time} after their quiet hours)").format(
                player=player.name, time=when(held)
            )
        return _("(direct message to {player})").format(player=player.name)

    async def _report_clock(self, report: ClockReport) -> None:
        for ended in report.ended:
            await self.show(ended)
        for expired in report.expired_challenges:
            self.say(
                _("Challenge #{challenge}: {text}").format(
                    challenge=expired.challenge.id, text=in_language(closed_text(expired))
                )
            )
        for reminder in await self.service.deadlines.due_reminders():
            self.say(
                _("(reminder) {text} Deadline {time}.").format(
                    text=in_language(reminder_text(reminder)), time=when(reminder.deadline)
                )
            )
            if reminder.player.notify is NotifyMode.DM:
                dm = await self._direct(reminder.player, reminder.deadline)
                self.say(f"{dm} {in_language(reminder_text(reminder))}")
            await self.service.deadlines.mark_reminder_sent(reminder)
        for digest in await self.service.digests.hand_over_digests():
            lines = [words.digest_headline(digest)]
            lines += [f"- {in_language(entry_line(entry))}" for entry in digest.entries]
            self.say(f"{await self._direct(digest.player, None)} " + "\n".join(lines))

    async def write_image(self, game: GameView, board: BoardView, suffix: str) -> None:
        if self.images is None:
            return
        png = await asyncio.to_thread(board.render_png)
        self.images.mkdir(parents=True, exist_ok=True)
        path = self.images / f"game{game.id}-ply{game.ply}{suffix}.png"
        path.write_bytes(png)
        if game.variant in XIANGQI_WORDED:
            self.say(pgettext("xiangqi", "board image: {path}").format(path=path))
        else:
            self.say(_("board image: {path}").format(path=path))

    async def show_unlisted_challenges(self) -> None:
        """Show again, with new numbers, each open challenge of the console whose buttons
        are not kept: a database from before schema 13 kept none (the console held them in
        memory), so such a challenge could only wait out its 48 hours."""
        kept = {
            parsed[1]
            for button in await self.saved.all()
            if (parsed := parse_button_id(button.custom_id)) is not None
            and parsed[0] in CHALLENGE_ACTIONS
        }
        for waiting in await self.service.challenges.waiting_in(CONSOLE_PLACE):
            if waiting.challenge.id not in kept:
                await self.show(waiting)

    async def _buttons_of(self, challenge_id: int) -> str:
        """`` Its buttons: [1] Accept …`` for a challenge whose buttons are shown, else ""."""
        shown = []
        for button in await self.saved.all():
            parsed = parse_button_id(button.custom_id)
            if parsed is not None and parsed[:2] in challenge_buttons(challenge_id):
                shown.append(f"[{button.number}] {button.label}")
        return " " + _("Its buttons: {buttons}").format(buttons="  ".join(shown)) if shown else ""

    # --- pressing buttons --------------------------------------------------------------

    async def find_button(self, user: User, choice: str) -> ConsoleButton | None:
        """The button ``[n]`` or labelled ``choice`` (in any language Postal speaks), or the
        menu choice of that value (a janggi setup's name: ``/press 상마상마``): the one
        ``user`` may press, else the newest (then not theirs). Raises ``UserError`` when the
        label is on several messages ``user`` may press about different games or challenges,
        listing them by number (about one, the newest is meant: Resign, then its confirm)."""
        shown = await self.saved.all()
        if choice.isdigit():
            return next((b for b in shown if b.number == int(choice)), None)
        matching = [
            b for b in shown if same_words("button", b.label, choice) or b.value == choice.strip()
        ]
        mine = [b for b in matching if not b.allowed_user_ids or user.id in b.allowed_user_ids]
        if len({_target(b) for b in mine}) > 1:
            listed = [f"[{b.number}] {b.label} ({in_language(await self._owner(b))})" for b in mine]
            raise BadOption(
                Text(
                    '"{label}" is on several messages: {buttons}. Press one by its number.',
                    label=choice,
                    buttons="  ".join(listed),
                )
            )
        chosen = mine or matching
        return max(chosen, key=lambda b: b.number) if chosen else None

    async def _owner(self, button: ConsoleButton) -> Option:
        """What a button belongs to, as an option: a challenge's game (``game:chess``), or
        a game's number (``game:12``)."""
        challenged, target = _target(button)
        if challenged:
            challenge = await self.service.core.store.challenges.get(target)
            if challenge is not None:
                return Option("game", variant_text(challenge.variant))
        return Option("game", target)


def _target(button: ConsoleButton) -> tuple[bool, int]:
    """The challenge (True) or game a button acts on, by id."""
    parsed = parse_button_id(button.custom_id)
    if parsed is None:
        return False, 0
    return parsed[0] in CHALLENGE_ACTIONS, parsed[1]


# A command's handler: the session, who typed it, its plain words and its named options.
Handler = Callable[[Console, User, list[str], dict[str, str]], Awaitable[None]]
