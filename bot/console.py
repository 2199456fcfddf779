"""The terminal adapter: play Postal by typing ``<user> <command>`` lines, no Discord needed.

``python -m bot console`` reads lines such as ``bob /move e5`` from stdin (a terminal or a
pipe), runs them through the same ``GameService`` as the bot, and prints each reply at once:
text, a text board, and the path of the PNG board written; buttons are listed as ``[n]
Label`` and pressed with ``<user> /press <label or n>`` (the label in any language)."""

from __future__ import annotations

import argparse
import asyncio
import difflib
import hashlib
import os
import re
import signal
import sys
from collections.abc import Awaitable, Callable
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from bot.config import ConfigError, Settings
from bot.console_help import help_parts
from bot.console_lines import UnreadableLine, words_of
from bot.console_terminal import quiet_logs, stdin_lines, terminal_session
from bot.database_cli import (
    EXIT_NOT_FOUND,
    announce_if_created,
    database_argument,
    database_name,
)
from bot.engine.api import Engines
from bot.engine.pool import EnginePool
from bot.i18n import (
    N_,
    Locale,
    UnknownLocaleError,
    _,
    current,
    current_locale,
    ngettext,
    pgettext,
    using,
)
from bot.i18n.catalogs import same_words
from bot.i18n.dates import when_text
from bot.i18n.names import (
    CHOICE,
    COMMAND_NAME,
    NO,
    OPTION_NAME,
    YES,
    Command,
    Option,
    Subcommand,
    english_name,
    label_head,
    name_in,
    yes_or_no,
)
from bot.i18n.text import Joined, Sentences, Text, TextIn
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
    Place,
    PlayerRef,
    RecordExport,
    SelectMenu,
    TakenBack,
    User,
    UserError,
    board_controls,
    color_word,
    parse_button_id,
)
from bot.service.after_game import DEFAULT_FRAME_MS
from bot.service.analysis import AnalysisProgress
from bot.service.catalog import ALL_OPTION_NAMES, BY_NAME, CommandSpec, OptionSpec, command_named
from bot.service.challenges import NO_TIME_LIMIT
from bot.service.errors import ChallengePendingError
from bot.service.phrases import variant_text
from bot.service.preferences import OFF
from bot.service.uptime import keeping_time
from bot.store import (
    ConsoleButton,
    ConsoleButtons,
    DatabaseNotFound,
    OutboxKind,
    Store,
    StoreConflict,
    StoreError,
    StoreUnavailable,
)
from bot.text import analysis_words, words
from bot.text.errors import error_text
from bot.text.outage import outage_sentence
from rules import Color

CONSOLE_PLACE = Place(guild_id=0, channel_id=1)
# The database unreachable or a write rolled back: told to the player as such (bot.outage).
_OUTAGES = (StoreUnavailable, StoreConflict)
_CHALLENGE_ACTIONS = (
    ButtonAction.ACCEPT_CHALLENGE,
    ButtonAction.DECLINE_CHALLENGE,
    ButtonAction.CANCEL_CHALLENGE,
)


def _challenge_buttons(challenge_id: int) -> set[tuple[ButtonAction, int]]:
    return {(action, challenge_id) for action in _CHALLENGE_ACTIONS}


# A console user is one word; a colon after it ("vic: /move e4", as in a chat log) is not
# part of the name.
_USER_NAME = re.compile(r"@?[\w.\-]+", re.UNICODE)


def checked_name(word: str) -> str:
    """``word`` as a user name (a trailing colon dropped). Raises ``UserError`` for a word
    that cannot be one (punctuation, an option, a command)."""
    name = word[:-1] if word.endswith(":") and len(word) > 1 else word
    if not _USER_NAME.fullmatch(name):
        raise _BadOption(
            Text(
                '"{word}" cannot be a user name: a name is one word of letters, digits, ".", '
                '"-" or "_" (alice, bob_2).',
                word=word,
            )
        )
    return name


def _speaker(words: list[str]) -> User:
    """Who a line's command is by, once the line is seen to be ``<user> /<command> …``.
    Raises ``UserError`` saying what the line lacks."""
    first = words[0]
    if first.startswith("/"):
        raise _BadOption(
            Text("Say who does it first: <user> {line}, e.g. 'alice {line}'.", line=" ".join(words))
        )
    if len(words) < 2:
        if command_of(first) is not None:
            raise _BadOption(
                Text(
                    "Commands start with a slash after who does it, e.g. 'alice /{line}'.",
                    line=first,
                )
            )
        raise _BadOption(
            Text(
                "Say what {player} does, e.g. 'alice {command} bob'. Type {help} for more.",
                player=first,
                command=Command("challenge"),
                help=Command("help"),
            )
        )
    second = words[1]
    if not second.startswith("/"):
        if command_of(first) is not None:
            raise _BadOption(
                Text(
                    "Commands start with a slash after who does it, e.g. 'alice /{line}'.",
                    line=" ".join(words),
                )
            )
        if command_of(second) is not None:
            rest = " ".join(words[2:])
            typed = f"{first} /{second}" + (f" {rest}" if rest else "")
            raise _BadOption(Text("Commands start with a slash: '{line}'.", line=typed))
        raise _BadOption(
            Text(
                '"{word}" is not a command: write <user> /<command>, e.g. \'alice {challenge} '
                "bob' or 'alice {move} e4'. Type {help} for the list.",
                word=second,
                challenge=Command("challenge"),
                move=Command("move"),
                help=Command("help"),
            )
        )
    speaker = user_named(checked_name(first))
    if speaker.is_bot:
        raise _BadOption(
            Text(
                "{computer} is the computer: it moves by itself. Challenge it with "
                "'alice {command} {name} {level}'.",
                computer=speaker.name,
                name=speaker.name.lower(),
                command=Command("challenge"),
                level=Option("level", 3),
            )
        )
    return speaker


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

    def say_help(self) -> None:
        """Print the help, in the current language, one message per part."""
        for part in help_parts():
            self.say(part)

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
        except _OUTAGES as error:
            with using(self.locale):
                self.say(_("! {error}").format(error=outage_sentence(error)))
            return
        with using(language):
            try:
                await self._handle(user, words)
            except _OUTAGES as error:
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
        if command_of(words[0].removeprefix("/")) is BY_NAME["help"]:
            self.say_help()
            return None
        try:
            return _speaker(words), words
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
                positional, options = _split_options(rest)
            elif spec.subcommands:  # the handler is told which one, then its options
                sub = _subcommand(spec, rest)
                positional, options = [sub.name], options_of(sub, rest[1:], spec.name)
            else:
                positional, options = [], options_of(spec, rest)
            await self._report_clock(await self.service.deadlines.expire_overdue())
            await self._run(user, command, positional, options)
        except ChallengePendingError as error:
            self.say(
                _("! {error}").format(error=error_text(error))
                + await self._buttons_of(error.challenge_id)
            )
        except UserError as error:
            self.say(_("! {error}").format(error=error_text(error)))
        except _OUTAGES:
            raise  # said once by ``handle``; the computer and the outbox wait for the next line
        except Exception as error:  # an adapter never shows a traceback to a player
            self.say(
                _("! Sorry, that failed unexpectedly ({error}).").format(
                    error=f"{type(error).__name__}: {error}"
                )
            )
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
        except UserError as error:
            self.say(_("! {error}").format(error=error_text(error)))
        except Exception as error:  # an adapter never shows a traceback to a player
            if isinstance(error, _OUTAGES):
                raise  # said once by ``handle``, which leaves the rest of the line alone
            self.say(
                _("! Sorry, the computer's move failed ({error}).").format(
                    error=f"{type(error).__name__}: {error}"
                )
            )

    async def _run(
        self, user: User, command: str, positional: list[str], options: dict[str, str]
    ) -> None:
        handler = _COMMANDS.get(command)
        if handler is None:
            self.say(
                _('! Unknown command "/{command}". Type {help} for the list.').format(
                    command=command, help=in_language(Command("help"))
                )
            )
            return
        await handler(self, user, positional, options)

    # --- showing results ---------------------------------------------------------------

    async def show(self, result: object) -> None:
        """Print any service result: its text, board, buttons and whom it notifies."""
        text = getattr(result, "text", "")
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
            await self._write_image(game, board, suffix=suffix)
            if isinstance(result, BOARD_RESULTS) and not (
                isinstance(result, BoardShown) and board.marks
            ):
                # The board's controls, as its message on Discord carries them.
                await self._show_buttons(
                    board_controls(game), board_game_id=game.id, xiangqi=game.variant == "xiangqi"
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
        await self._show_choices(result)

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

    async def _show_choices(self, result: object) -> None:
        """A result's select menus as numbered choices, then its buttons."""
        buttons: tuple[Button, ...] = getattr(result, "buttons", ())
        menus: tuple[SelectMenu, ...] = getattr(result, "menus", ())
        allowed = buttons[0].allowed_user_ids if buttons else ()
        entries: list[tuple[str, str, tuple[int, ...], str | None]] = [
            (in_language(choice.label), menu.custom_id, allowed, choice.value)
            for menu in menus
            for choice in menu.choices
        ]
        entries += [(in_language(b.label), b.custom_id, b.allowed_user_ids, None) for b in buttons]
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
        entries = [(in_language(b.label), b.custom_id, b.allowed_user_ids, None) for b in buttons]
        made = await self.saved.add(entries, board_game_id=board_game_id)
        listed = "  ".join(f"[{b.number}] {b.label}" for b in made)
        # A xiangqi board is not an échiquier: each game's board has its own label.
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
            else _("deadline {time}").format(time=_when(game.deadline))
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

    async def _direct(self, player: PlayerRef, deadline: datetime | None) -> str:
        """``(direct message to bob)``, saying when it goes out if quiet hours hold it."""
        held = await self.service.deliveries.dm_held_until(player.id, deadline)
        if held:
            return _("(direct message to {player}, sent at {time} after their quiet hours)").format(
                player=player.name, time=_when(held)
            )
        return _("(direct message to {player})").format(player=player.name)

    async def _report_clock(self, report: ClockReport) -> None:
        for ended in report.ended:
            await self.show(ended)
        for expired in report.expired_challenges:
            self.say(
                _("Challenge #{challenge}: {text}").format(
                    challenge=expired.challenge.id, text=in_language(expired.text)
                )
            )
        for reminder in await self.service.deadlines.due_reminders():
            self.say(
                _("(reminder) {text} Deadline {time}.").format(
                    text=in_language(reminder.text), time=_when(reminder.deadline)
                )
            )
            if reminder.player.notify is NotifyMode.DM:
                dm = await self._direct(reminder.player, reminder.deadline)
                self.say(f"{dm} {in_language(reminder.text)}")
            await self.service.deadlines.mark_reminder_sent(reminder)
        for digest in await self.service.digests.hand_over_digests():
            lines = [words.digest_headline(digest)]
            lines += [
                _("- {game} (game #{id}, deadline {time})").format(
                    game=in_language(game.title), id=game.id, time=_when(game.deadline)
                )
                if game.deadline
                else _("- {game} (game #{id})").format(game=in_language(game.title), id=game.id)
                for game in digest.games
            ]
            self.say(f"{await self._direct(digest.player, None)} " + "\n".join(lines))

    async def _write_image(self, game: GameView, board: BoardView, suffix: str) -> None:
        if self.images is None:
            return
        png = await asyncio.to_thread(board.render_png)
        self.images.mkdir(parents=True, exist_ok=True)
        path = self.images / f"game{game.id}-ply{game.ply}{suffix}.png"
        path.write_bytes(png)
        if game.variant == "xiangqi":
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
            and parsed[0] in _CHALLENGE_ACTIONS
        }
        for waiting in await self.service.challenges.waiting_in(CONSOLE_PLACE):
            if waiting.challenge.id not in kept:
                await self.show(waiting)

    async def _buttons_of(self, challenge_id: int) -> str:
        """`` Its buttons: [1] Accept …`` for a challenge whose buttons are shown, else ""."""
        shown = []
        for button in await self.saved.all():
            parsed = parse_button_id(button.custom_id)
            if parsed is not None and parsed[:2] in _challenge_buttons(challenge_id):
                shown.append(f"[{button.number}] {button.label}")
        return " " + _("Its buttons: {buttons}").format(buttons="  ".join(shown)) if shown else ""

    # --- pressing buttons --------------------------------------------------------------

    async def find_button(self, user: User, choice: str) -> ConsoleButton | None:
        """The button ``[n]`` or labelled ``choice`` (in any language Postal speaks): the one
        ``user`` may press, else the newest (then not theirs). Raises ``UserError`` when the
        label is on several messages ``user`` may press about different games or challenges,
        listing them by number (about one, the newest is meant: Resign, then its confirm)."""
        shown = await self.saved.all()
        if choice.isdigit():
            return next((b for b in shown if b.number == int(choice)), None)
        matching = [b for b in shown if same_words("button", b.label, choice)]
        mine = [b for b in matching if not b.allowed_user_ids or user.id in b.allowed_user_ids]
        if len({_target(b) for b in mine}) > 1:
            listed = [f"[{b.number}] {b.label} ({in_language(await self._owner(b))})" for b in mine]
            raise _BadOption(
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
    return parsed[0] in _CHALLENGE_ACTIONS, parsed[1]


# --- commands ------------------------------------------------------------------------------

Handler = Callable[[Console, User, list[str], dict[str, str]], Awaitable[None]]


# Names listed in a sentence, with the language's separator (、 in Chinese and Japanese).
_LIST = TextIn("list separator", ", ")


def _subcommand(group: CommandSpec, words: list[str]) -> CommandSpec:
    """The subcommand of ``group`` the first of ``words`` names. Raises ``UserError``."""
    names = [Subcommand(sub.name) for sub in group.subcommands]
    listed, last = Joined(_LIST, names[:-1]), names[-1]
    found = (
        english_name(
            COMMAND_NAME, words[0], (sub.name for sub in group.subcommands), current_locale()
        )
        if words
        else None
    )
    sub = group.subcommand(found) if found is not None else None
    if sub is None and words:
        raise _BadOption(
            Text(
                'Say {names} or {last} after {command}, not "{word}".',
                names=listed,
                last=last,
                command=Command(group.name),
                word=words[0],
            )
        )
    if sub is None:
        raise _BadOption(
            Text(
                "Say {names} or {last} after {command}, e.g. {example}.",
                names=listed,
                last=last,
                command=Command(group.name),
                example=Command(group.name, group.subcommands[0].name),
            )
        )
    return sub


def options_of(spec: CommandSpec, words: list[str], group: str = "") -> dict[str, str]:
    """The options of ``/spec.name`` (``group`` before it for a subcommand) written as
    ``words``: ``name:value`` words (the name in English or in the reader's language), and
    plain words for the command's positional options in order; keyed by English name.
    Raises ``UserError`` for an option the command does not have, one given twice, or words
    left over."""
    command = Command(group, spec.name) if group else Command(spec.name)
    options: dict[str, str] = {}
    plain: list[str] = []
    for word in words:
        typed, sep, value = word.partition(":")
        key = english_name(OPTION_NAME, typed, spec.option_names, current_locale()) if sep else None
        if key is not None:
            if key in options:
                raise _BadOption(
                    Text(
                        "{command} got {option} twice; give each option once.",
                        command=command,
                        option=Option(key),
                    )
                )
            options[key] = value
        elif sep and value and _looks_like_option(typed, spec):
            raise _BadOption(_no_such_option(spec, typed, command))
        else:
            plain.append(word)
    slots = [name for name in spec.positional if name not in options]
    if spec.rest and slots and len(plain) > len(slots):
        plain = [*plain[: len(slots) - 1], " ".join(plain[len(slots) - 1 :])]
    if len(plain) > len(slots):
        extra = " ".join(f'"{word}"' for word in plain[len(slots) :])
        others = [name for name in spec.option_names if name not in spec.positional]
        named = _named_options(others)
        slot_names = Joined(_LIST, [Option(name) for name in slots])
        reads: str
        if slots and others:
            reads = Text(
                "Without a name it reads only the {option}; write other options as name:value "
                "({names}).",
                option=slot_names,
                names=named,
            )
        elif slots:
            reads = Text("Without a name it reads only the {option}.", option=slot_names)
        elif spec.options:
            reads = Text("It reads only options written as name:value ({names}).", names=named)
        else:
            reads = Text("It takes nothing after its name.")
        raise _BadOption(
            Sentences(
                Text("Too many words for {command}: {words}.", command=command, words=extra),
                reads,
            )
        )
    options.update(zip(slots, plain, strict=False))
    return {name: _chosen(spec.option(name), value) for name, value in options.items()}


def _chosen(option: OptionSpec | None, typed: str) -> str:
    """``typed`` as the value of the choice of ``option`` it names: the value itself, or the
    choice's label as Discord lists it, in English or in the reader's language, whole or
    without its parenthesis (``noirs``, ``blancs`` for « blancs (échecs) », ``aucun`` for no
    time limit); else ``typed`` as it is (the service refuses it, saying why)."""
    if option is None or not option.choices:
        return typed
    word = typed.strip().casefold()
    translator = current()
    for value, label in option.choice_labels:
        if str(value).casefold() == word:
            return typed
        for shown in (label, translator.pgettext(CHOICE, label)):
            if word in (shown.casefold(), label_head(shown).casefold()):
                # A 0 choice (days: "none") stays a word: a typed 0 means no choice.
                return str(value) if value else label_head(label)
    return typed


def _named_options(names: list[str] | tuple[str, ...]) -> Joined:
    """``game:, level:``, each name as the reader's client shows it."""
    return Joined(_LIST, [Option(name, "") for name in names])


def _looks_like_option(key: str, spec: CommandSpec) -> bool:
    # A move may hold a colon ("e4:d5" captures), so /move refuses only known option names
    # (in English or the reader's language). Korean, Japanese and Chinese have no case.
    if not (key.isalpha() and key == key.lower()):
        return False
    return not spec.rest or (
        english_name(OPTION_NAME, key, ALL_OPTION_NAMES, current_locale()) is not None
    )


def _no_such_option(spec: CommandSpec, key: str, command: Command) -> str:
    if not spec.options:
        return Text('{command} has no options, so not "{option}".', command=command, option=key)
    shown = {name_in(OPTION_NAME, name): name for name in spec.option_names}
    close = difflib.get_close_matches(key, [*shown, *spec.option_names], n=1, cutoff=0.6)
    return Sentences(
        Text(
            '{command} has no option "{option}" (its options: {names}).',
            command=command,
            option=key,
            names=_named_options(spec.option_names),
        ),
        Text("Did you mean {option}:?", option=Option(shown.get(close[0], close[0])))
        if close
        else "",
    )


def _split_options(words: list[str]) -> tuple[list[str], dict[str, str]]:
    positional: list[str] = []
    options: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition(":")
        if sep and key.replace("_", "").isalpha() and key.islower() and key in _OPTION_NAMES:
            options[key] = value
        else:
            positional.append(word)
    return positional, options


_OPTION_NAMES = {
    "opponent", "game", "color", "days", "rated", "fen", "move", "square", "user", "notify",
    "theme", "label", "orientation", "line", "text", "clear", "notes", "confirm", "frame_ms",
    "reminders", "timezone", "quiet", "digest", "takebacks", "notation", "pieces", "strip",
}  # fmt: skip


def _game_id(options: dict[str, str]) -> int | None:
    """The ``game:`` option as an id (``game:12`` or ``game:#12``)."""
    text = options.get("game", "").lstrip("#")
    if not text:
        return None
    if not text.isdigit():
        raise _BadOption(
            Text(
                '{option} must be a game number like {example}, not "{game}".',
                option=Option("game"),
                example=Option("game", 12),
                game=options["game"],
            )
        )
    return int(text)


def _int_option(command: str, name: str, value: str | None) -> int:
    """``value`` of the whole-number option ``name`` of ``/command`` (``conditional list``
    for a subcommand), signed: the service says what range a number must be in. Raises
    ``UserError`` for what is not a whole number, saying the option's range or choices."""
    typed = (value or "").strip()
    group, _, sub = command.partition(" ")
    spec = BY_NAME[group].subcommand(sub) if sub else BY_NAME[group]
    option = spec.option(name) if spec is not None else None
    # A typed 0 where 0 is Discord's value of a labelled choice (days: none) is refused.
    zero_is_a_label = option is not None and 0 in option.choices
    if typed.removeprefix("-").removeprefix("+").isdigit() and (int(typed) or not zero_is_a_label):
        return int(typed)
    if option is not None and option.limits is not None:
        low, high = option.limits
        raise _BadOption(
            Text(
                '{option} must be a whole number from {low} to {high}, not "{value}".',
                option=Option(name),
                low=low,
                high=high,
                value=typed,
            )
        )
    if option is not None and option.choices:
        numbers = [str(c) if c else pgettext(CHOICE, t) for c, t in option.choice_labels]
        raise _BadOption(
            Text(
                '{option} must be one of {numbers}, not "{value}".',
                option=Option(name),
                numbers=Joined(_LIST, numbers),
                value=typed,
            )
        )
    raise _BadOption(Text("{option} must be a whole number, e.g. {option}:3.", option=Option(name)))


def _bool_option(name: str, value: str) -> bool:
    """``value`` of the yes-or-no option ``name``: yes or no in the reader's language or in
    English. Raises ``UserError`` naming both words in the reader's language."""
    answer = yes_or_no(value, current_locale())
    if answer is None:
        raise _BadOption(
            Text(
                '{option} must be {yes} or {no}, not "{value}".',
                option=Option(name),
                yes=YES,
                no=NO,
                value=value,
            )
        )
    return answer


class _BadOption(UserError):
    """An option the console itself cannot read (before the service sees it)."""


def _first(positional: list[str], options: dict[str, str], name: str) -> str | None:
    if name in options:
        return options[name]
    return " ".join(positional) if positional else None


async def _challenge(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    name = options.get("opponent") or (positional[0] if positional else None)
    opponent = user_named(checked_name(name)) if name else None
    rated = _bool_option("rated", options["rated"]) if "rated" in options else None
    days_text = options.get("days", "3")
    untimed = days_text.strip().lower() in ("none", "no", "off", "untimed")
    game = options.get("game", "chess").lower()
    level = _int_option("challenge", "level", options["level"]) if "level" in options else None
    if console.service.computer.meant(opponent, level):
        await console.show(
            await console.service.computer.challenge(
                user,
                CONSOLE_PLACE,
                level=level,
                game=game,
                color=color_word(game, options.get("color", "random")),
                days=None if untimed else _int_option("challenge", "days", days_text),
                rated=rated,
                fen=options.get("fen"),
            )
        )
        return
    result = await console.service.challenges.challenge(
        user,
        CONSOLE_PLACE,
        opponent,
        game=game,
        color=color_word(game, options.get("color", "random")),
        days=None if untimed else _int_option("challenge", "days", days_text),
        rated=rated,
        fen=options.get("fen"),
    )
    await console.show(result)


async def _move(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    text = _first(positional, options, "move")
    if not text:
        raise _BadOption(Text("Say which move, e.g. {command} e4.", command=Command("move")))
    result = await console.service.play.move_or_preview(
        user, CONSOLE_PLACE, text, game_id=_game_id(options)
    )
    await console.show(result)


async def _moves(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    square = _first(positional, options, "square")
    if not square:
        raise _BadOption(Text("Say which square, e.g. {command} e2.", command=Command("moves")))
    result = await console.service.play.legal_targets(
        user, CONSOLE_PLACE, square, game_id=_game_id(options)
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
            await method(console.service)(user, CONSOLE_PLACE, game_id=_game_id(options))
        )

    return run


async def _moretime(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    days = _int_option("moretime", "days", _first(positional, options, "days"))
    game_id = _game_id(options)
    await console.show(
        await console.service.deadlines.moretime(user, CONSOLE_PLACE, days, game_id=game_id)
    )


async def _vacation(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    given = _first(positional, options, "days")
    ending = "end" in options and _bool_option("end", options["end"])
    # "/vacation end": the option's name alone (« /congés fin » in French) ends it too.
    said_end = given is not None and (
        english_name(OPTION_NAME, given.strip(), ("end",), current_locale()) is not None
    )
    if ending or said_end:
        ended = await console.service.deadlines.end_vacation(user)
        console.say(words.vacation_ended(ended, _when(ended.planned_until)))
        return
    days = _int_option("vacation", "days", given) if given is not None else None
    await console.show(await console.service.deadlines.vacation(user, days))


def _target_user(positional: list[str], options: dict[str, str]) -> User | None:
    name = options.get("user") or (positional[0] if positional else None)
    return user_named(checked_name(name)) if name else None


async def _games(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    listing = await console.service.reports.games(
        user, _target_user(positional, options), place=CONSOLE_PLACE
    )
    lines = in_language(listing.text).splitlines()
    for index, entry in enumerate(listing.entries, start=1):
        if entry.game.deadline is not None:
            lines[index] += _(" · deadline {time}").format(time=_when(entry.game.deadline))
    console.say("\n".join(lines))


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
    game = (_first(positional, options, "game") or "chess").lower()
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
        strip=_bool_option("strip", options["strip"]) if "strip" in options else None,
        language=options.get("language"),
        confirm=options.get("confirm"),
    )
    with using(await console.language(user)):
        console.say(words.settings_text(result, lambda moment: when_text(moment, result.time_zone)))
        themes, sets = Joined(_LIST, result.themes), Joined(_LIST, result.piece_sets)
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
    frame_ms = _int_option("gif", "frame_ms", options.get("frame_ms", str(DEFAULT_FRAME_MS)))
    result = await console.service.after_game.animation(
        user, CONSOLE_PLACE, game_id=_game_id(options), frame_ms=frame_ms
    )
    await console.show(result)


async def _analyse(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    """Analyse the finished game meant (a line every tenth of the way), then print the
    analysis and write its graph, critical board and annotated record."""
    analyses = console.service.analysis
    started = await analyses.analyse(user, CONSOLE_PLACE, game_id=_game_id(options))
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
    conditional, game_id = console.service.conditional, _game_id(options)
    if action == "add":
        line = options.get("line") or " ".join(positional[1:])
        added = await conditional.add(user, CONSOLE_PLACE, line, game_id=game_id)
        console.say(words.conditional_added(added))
    elif action == "list":
        number = (
            _int_option("conditional list", "line", options["line"]) if "line" in options else None
        )
        listed = await conditional.list(user, CONSOLE_PLACE, game_id=game_id, line=number)
        console.say(words.conditional_list(listed))
        if listed.shown is not None:
            board = listed.shown.board
            console.say(text_board(board))
            await console._write_image(listed.game, board, suffix=f"-line{number}")
    elif action == "clear":
        cleared = await conditional.clear(user, CONSOLE_PLACE, game_id=game_id)
        console.say(words.cleared(cleared, "lines"))
    else:
        raise _BadOption(
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
    notes, game_id = console.service.notes, _game_id(options)
    text = _first(positional, options, "text")
    if "clear" in options and _bool_option("clear", options["clear"]):
        console.say(words.cleared(await notes.clear(user, CONSOLE_PLACE, game_id=game_id), "notes"))
    elif text:
        added = await notes.add(user, CONSOLE_PLACE, text, game_id=game_id)
        console.say(words.note_added(added))
    else:
        console.say(words.note_list(await notes.list(user, CONSOLE_PLACE, game_id=game_id)))


async def _pgn(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    if positional and positional[0].lstrip("#").isdigit() and "game" not in options:
        options = {**options, "game": positional[0]}
    notes = _bool_option("notes", options["notes"]) if "notes" in options else False
    await console.show(
        await console.service.reports.record(
            user, CONSOLE_PLACE, game_id=_game_id(options), notes=notes
        )
    )


async def _press(
    console: Console, user: User, positional: list[str], options: dict[str, str]
) -> None:
    choice = _first(positional, options, "label")
    if not choice:
        raise _BadOption(
            Text(
                "Say which button, e.g. {command} {label} or {command} 1.",
                command=Command("press"),
                label=TextIn("button", "Accept"),
            )
        )
    button = await console.find_button(user, choice)
    if button is None:
        raise _BadOption(Text('There is no button "{label}" to press.', label=choice))
    if button.allowed_user_ids and user.id not in button.allowed_user_ids:
        raise _BadOption(Text("That button is not yours to press."))
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
    console.say_help()


_COMMANDS: dict[str, Handler] = {
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
    "games": _games,
    "history": _history,
    "stats": _stats,
    "leaderboard": _leaderboard,
    "settings": _settings,
    "conditional": _conditional,
    "note": _note,
    "press": _press,
    "gif": _gif,
    "analyse": _analyse,
    "help": _help,
}


# --- text board -----------------------------------------------------------------------------


def text_board(board: BoardView, orientation: Color | None = None) -> str:
    """The position as text from ``orientation``'s side (default the board's): ``(P)`` marks
    the last move, ``[.]`` the squares ``/moves`` marks; uppercase is white (red in xiangqi)."""
    orientation = orientation or board.orientation
    position = board.position
    variant = position.variant
    files, ranks = variant.files, variant.ranks
    pieces = position.pieces()
    last = set()
    if board.last_move is not None:
        last = {board.last_move.from_square, board.last_move.to_square}
    marks = set(board.marks)
    first_rank = 0 if variant.name == "xiangqi" else 1
    rank_order = range(ranks - 1, -1, -1) if orientation is Color.WHITE else range(ranks)
    file_order = (
        list(range(files)) if orientation is Color.WHITE else list(range(files - 1, -1, -1))
    )
    lines = []
    for rank in rank_order:
        cells = []
        for file in file_order:
            square = rank * files + file
            piece = pieces.get(square)
            symbol = piece.symbol if piece is not None else "."
            if square in marks:
                cells.append(f"[{symbol}]")
            elif square in last:
                cells.append(f"({symbol})")
            else:
                cells.append(f" {symbol} ")
        lines.append(f"{rank + first_rank:>2} " + "".join(cells))
        if variant.name == "xiangqi" and rank == (5 if orientation is Color.WHITE else 4):
            lines.append("   " + "~~~" * files)
    letters = "abcdefghijklmnopqrstuvwxyz"
    lines.append("   " + "".join(f" {letters[file]} " for file in file_order))
    return "\n".join(lines)


def _when(moment: datetime) -> str:
    """A date and time as the current language writes them, in UTC (the console's time)."""
    return _("{time} UTC").format(time=when_text(moment))


# --- entry point ----------------------------------------------------------------------------


async def run_console(
    database: Path | str,
    images: Path | None,
    lines: TextIO,
    out: TextIO,
    *,
    interactive: bool,
    engines: Engines | None = None,
    locale: Locale = Locale.EN,
    typed: Callable[[str], Awaitable[str]] | None = None,
) -> int:
    """Play the lines of ``lines`` (``typed``: read at a terminal instead) against the
    database, the computer played and finished games analysed by ``engines`` (None:
    neither); return the exit status."""
    store = await Store.open(database)
    announce_if_created(store)
    read = typed or _prompting(lines, out if interactive else None)
    try:
        # The console is Postal running too: downtime before it is credited, as for the bot.
        async with keeping_time(store):
            console = Console(GameService(store, engines=engines), out, images, locale)
            with using(locale):
                await console.show_unlisted_challenges()
                if interactive:
                    help_name = in_language(Command("help"))
                    greeting = _("Postal console. Type {help} for the commands, Ctrl-D to leave.")
                    console.say(greeting.format(help=help_name))
            while line := await read("> "):
                await console.handle(line)
    finally:
        await store.close()
    return 0


def _prompting(lines: TextIO, out: TextIO | None) -> Callable[[str], Awaitable[str]]:
    """Read ``lines`` one at a time, printing the prompt to ``out`` first (None: none)."""

    async def read(prompt: str) -> str:
        if out is not None:
            print(prompt, end="", file=out, flush=True)
        return await asyncio.to_thread(lines.readline)

    return read


async def _console_with_engines(
    database: Path | str, images: Path | None, settings: Settings, locale: Locale = Locale.EN
) -> int:
    """The console on stdin (line editing and history at a terminal), the computer played
    by the engines the settings name."""
    engines = EnginePool.from_settings(
        settings.engine_chess, settings.engine_xiangqi, settings.engine_processes
    )
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    try:
        with terminal_session() if terminal else nullcontext(None) as typed:
            return await run_console(database, images, stdin_lines(), sys.stdout,
                                     interactive=sys.stdin.isatty(), engines=engines,
                                     locale=locale, typed=typed)  # fmt: skip
    finally:
        await engines.close()


def main(argv: list[str] | None = None) -> int:
    """``python -m bot console [--db PATH] [--images DIR]``; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot console",
        description="Play Postal in a terminal: each line is '<user> <command>'.",
        epilog="\n".join(help_parts()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--db",
        type=database_argument,
        help="SQLite file or postgresql:// URL (default: from DATABASE_URL)",
    )
    parser.add_argument(
        "--images", type=Path, help="folder for board PNGs (default boards/<database name>)"
    )
    parser.add_argument("--no-images", action="store_true", help="print text boards only")
    parser.add_argument(
        "--locale",
        default="en",
        help="language of the replies: "
        + ", ".join(locale.value for locale in Locale)
        + " (each user's /settings language: comes first; default en)",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        locale = Locale.parse(args.locale)
    except UnknownLocaleError as error:
        print(f"postal: {error}", file=sys.stderr)
        return 2
    try:
        settings = Settings.from_env()
        database = args.db or settings.database
    except ConfigError as error:
        print(f"postal: {error}", file=sys.stderr)
        return 1
    # One folder per database by default: two databases' game #1 would share file names.
    images = None if args.no_images else args.images or Path("boards") / database_name(database)
    quiet_logs(os.environ.get("LOG_LEVEL"))
    try:
        return asyncio.run(_console_with_engines(database, images, settings, locale))
    except StoreError as error:
        print(f"postal: {error}", file=sys.stderr)
        return EXIT_NOT_FOUND if isinstance(error, DatabaseNotFound) else 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader stopped reading (``… | head``): end quietly, as a C program killed by
        # SIGPIPE would, and point stdout at nothing so the exit's flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE


__all__ = ["Console", "main", "run_console", "text_board", "user_named"]
