"""A player's preferences: ``/settings`` shows them and changes those given."""

from __future__ import annotations

import dataclasses
from contextlib import nullcontext
from enum import Enum
from typing import TypeVar

from bot.i18n import using
from bot.i18n.locale import Locale, UnknownLocaleError
from bot.i18n.names import Choice, Option
from bot.i18n.text import Joined, Text, TextIn
from bot.render import piece_set_names
from bot.service.core import ServiceCore
from bot.service.deadlines import REMINDER_CHOICES, vacation_window_start
from bot.service.errors import InvalidOptionError
from bot.service.game_facts import reader_locale, xiangqi_pieces_for
from bot.service.languages import Languages
from bot.service.local_time import (
    TimeFormatError,
    next_time_of_day,
    parse_time_of_day,
    parse_time_range,
    zone_named,
)
from bot.service.notation import reading_notation
from bot.service.results import PlayerSettings, User
from bot.service.themes import (
    DEFAULT_THEME,
    available_piece_sets,
    available_themes,
    piece_set_listed,
    piece_set_named,
    theme_choice,
    theme_named,
)
from bot.store import (
    ConfirmMoves,
    NotifyMode,
    Orientation,
    PreferenceChange,
    TakebackPolicy,
    XiangqiNotation,
)

E = TypeVar("E", bound=Enum)

OFF_WORDS = ("off", "none", "no", "never")
# Names listed in a sentence, with the language's separator (、 in Chinese and Japanese).
LIST = TextIn("list separator", ", ")

# The choices as Discord lists them (msgctxt "choice"; bot.service.catalog), which a refusal
# names in the reader's language: the console reads them as typed (« le camp au trait »).
NOTIFY_CHOICES = (Choice("channel", "channel"), Choice("dm", "dm"), Choice("off", "off"))
ORIENTATION_CHOICES = (
    Choice(Orientation.OWN.value, "my own side"),
    Choice(Orientation.TURN.value, "the side to move"),
)
TAKEBACK_CHOICES = (
    Choice(TakebackPolicy.ASK.value, "always ask me"),
    Choice(TakebackPolicy.CASUAL.value, "ask me in casual games only"),
    Choice(TakebackPolicy.NEVER.value, "never ask me"),
)
NOTATION_CHOICES = (
    Choice(XiangqiNotation.WXF.value, "WXF (C2.5)"),
    Choice(XiangqiNotation.CHINESE.value, "Chinese (炮二平五)"),
    Choice(XiangqiNotation.ICCS.value, "ICCS (h2e2)"),
)
CONFIRM_CHOICES = (
    Choice(ConfirmMoves.MENUS.value, "menus (moves chosen on the board's menus; the default)"),
    Choice(ConfirmMoves.ALWAYS.value, "always (typed moves too)"),
    Choice(ConfirmMoves.NEVER.value, "never"),
)
AUTO_LANGUAGE = Choice("auto", "auto (your Discord app's language)")
SERVER_AUTO_LANGUAGE = Choice("auto", "auto (the server's language on Discord)")
# The word a refusal offers for "none" (reminders, quiet hours, the digest): notify's "off".
OFF = NOTIFY_CHOICES[2]

# What players may type for each orientation (the first is the name /settings shows).
ORIENTATION_WORDS: dict[Orientation, tuple[str, ...]] = {
    Orientation.OWN: ("own", "mine", "my side"),
    Orientation.TURN: ("turn", "to move", "side to move", "to_move"),
}


class PreferenceUseCases:
    def __init__(self, core: ServiceCore, languages: Languages) -> None:
        self._core = core
        # Told a player's chosen language (it keeps the app's language of each player).
        self._languages = languages

    async def settings(
        self,
        user: User,
        *,
        notify: str | None = None,
        theme: str | None = None,
        orientation: str | None = None,
        reminders: str | None = None,
        timezone: str | None = None,
        quiet: str | None = None,
        digest: str | None = None,
        takebacks: str | None = None,
        notation: str | None = None,
        pieces: str | None = None,
        strip: bool | None = None,
        language: str | None = None,
        confirm: str | None = None,
    ) -> PlayerSettings:
        """Show the user's preferences and change those given: where they are told it is
        their move (channel, dm, off), their board theme, which side their boards show at
        the bottom (own, turn), which reminders (hours before a deadline: any of 48, 24,
        12, 6, 1, or none), their time zone (an IANA name), quiet hours (``23:00-07:00`` or
        off), a daily digest (a time of day, or off), whether they may be asked for
        takebacks (ask, casual, never), the xiangqi notation they read (wxf, chinese,
        iccs), a piece set (a chess set or a xiangqi set; ``default`` resets both) and
        whether boards carry strips with the players' names, ratings and the turn, and the
        language Postal writes to them in (a catalog's name, or ``auto``: their Discord
        client's), and which of their moves are shown to them before they are played
        (menus, always, never). All are checked before any is stored. Raises
        ``InvalidOptionError`` naming the first value it cannot take."""
        core, now = self._core, self._core.now()
        await core.ensure_player(user)
        change = PreferenceChange(
            notify=_notify(notify),
            board_theme=_theme(theme),
            orientation=_orientation(orientation),
            reminder_hours=_reminder_hours(reminders),
            time_zone=_time_zone(timezone),
            quiet_hours=_quiet(quiet),
            digest_at=_digest(digest),
            takeback_policy=_takebacks(takebacks),
            xiangqi_notation=_notation(notation),
        )
        chess_pieces, xiangqi_pieces = _pieces(pieces)
        change = dataclasses.replace(
            change,
            chess_pieces=chess_pieces,
            xiangqi_pieces=xiangqi_pieces,
            board_strip=strip,
            language=parse_language(language),
        )
        confirming = _confirm(confirm)
        if change.time_zone is not None or change.digest_at is not None:
            # The next digest is due at the chosen time of day in the chosen zone.
            before = await core.store.players.get(user.id)
            assert before is not None
            zone = zone_named(change.time_zone or before.time_zone)
            at = before.digest_at if change.digest_at is None else change.digest_at
            if isinstance(at, int):
                due = next_time_of_day(now, at, zone)
                change = dataclasses.replace(change, digest_at=at, digest_due_at=due)
            else:
                change = dataclasses.replace(change, digest_at=(), digest_due_at=None)
        await core.store.players.update_preferences(user.id, change)
        if change.reminder_hours is not None:
            # The clock's next look at their games was worked out from their old hours.
            await core.look_again(await core.store.clock.to_move(user.id), core.now())
        if confirming is not None:
            await core.store.confirmations.set(user.id, confirming)
        if change.language is not None:
            self._languages.chose(user.id, change.language or None)
        if change.notify is NotifyMode.DM:
            # Choosing DMs again (perhaps after opening them) tries a DM on the next turn.
            await core.store.outbox.forget_closed_dms(user.id)
        player = await core.store.players.get(user.id)
        assert player is not None
        used = await core.store.players.vacation_days_used(user.id, vacation_window_start(now), now)
        until = player.vacation_ends_at if player.on_vacation(now) else None
        left = core.vacation_days_per_year - used
        hours = core.reminder_hours if player.reminder_hours is None else player.reminder_hours
        # In the language they read from now on (this command may have just chosen it).
        reading = reader_locale(player)
        with using(reading) if reading is not None else nullcontext():
            notation_read = reading_notation(player)
        return PlayerSettings(
            player=await core.ref(user.id),
            notify=player.notify,
            board_theme=player.board_theme,
            vacation_days_left=left,
            vacation_until=until,
            vacation_allowance=core.vacation_days_per_year,
            themes=tuple(theme_choice(name) for name in available_themes()),
            orientation=player.orientation,
            reminder_hours=tuple(sorted(hours, reverse=True)),
            time_zone=player.time_zone,
            quiet_hours=player.quiet_hours,
            digest_at=player.digest_at,
            takeback_policy=player.takeback_policy,
            xiangqi_notation=player.xiangqi_notation,
            xiangqi_notation_read=notation_read,
            chess_pieces=player.chess_pieces,
            xiangqi_pieces=player.xiangqi_pieces,
            xiangqi_pieces_seen=xiangqi_pieces_for(player) or piece_set_names("xiangqi")[0],
            piece_sets=tuple(piece_set_listed(name) for name in available_piece_sets()),
            board_strip=player.board_strip,
            language=player.language,
            confirm_moves=await core.store.confirmations.mode(user.id),
        )


def _words(text: str) -> str:
    """``text`` lowercased with runs of spaces, hyphens and underscores as one space."""
    return " ".join(text.replace("_", " ").replace("-", " ").lower().split())


def _named(kind: type[E], text: str | None, option: str, choices: tuple[Choice, ...]) -> E | None:
    """The member of ``kind`` that ``text`` names (None for None). Raises
    ``InvalidOptionError`` listing ``choices``, the values of ``option``."""
    if text is None:
        return None
    try:
        return kind(_words(text))
    except ValueError as error:
        raise InvalidOptionError(
            Text(
                '{option} must be {listed} or {last}, not "{word}".',
                option=Option(option),
                listed=Joined(LIST, choices[:-1]),
                last=choices[-1],
                word=text,
            )
        ) from error


def _notify(text: str | None) -> NotifyMode | None:
    return _named(NotifyMode, text, "notify", NOTIFY_CHOICES)


def _confirm(text: str | None) -> ConfirmMoves | None:
    return _named(ConfirmMoves, text, "confirm", CONFIRM_CHOICES)


def _theme(text: str | None) -> str | None:
    """The theme ``text`` names (its name or its label in any language)."""
    if text is None:
        return None
    theme = theme_named(text)
    if theme is None:
        themes = Joined(LIST, [theme_choice(name) for name in available_themes()])
        raise InvalidOptionError(
            Text('Unknown theme "{text}"; choose {themes}.', text=text, themes=themes)
        )
    return theme


def _orientation(text: str | None) -> Orientation | None:
    if text is None:
        return None
    wanted = _words(text)
    for orientation, words in ORIENTATION_WORDS.items():
        if wanted in (_words(word) for word in words):
            return orientation
    raise InvalidOptionError(
        Text(
            '{option} must be {own} or {turn}, not "{text}".',
            option=Option("orientation"),
            own=ORIENTATION_CHOICES[0],
            turn=ORIENTATION_CHOICES[1],
            text=text,
        )
    )


def _reminder_hours(text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    if _words(text) in OFF_WORDS:
        return ()
    words = text.replace(",", " ").replace("h", " ").split()
    choices = ", ".join(map(str, REMINDER_CHOICES))
    if not words or not all(word.isdigit() and int(word) in REMINDER_CHOICES for word in words):
        raise InvalidOptionError(
            Text(
                '{option} are hours before a deadline, any of {choices} (e.g. "24, 1"), or '
                '{off}, not "{text}".',
                option=Option("reminders"),
                choices=choices,
                off=OFF,
                text=text,
            )
        )
    return tuple(sorted({int(word) for word in words}, reverse=True))


def _time_zone(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        return zone_named(text).key
    except TimeFormatError as error:
        raise InvalidOptionError(
            Text(
                "{error}; use a name from the IANA time zone database, e.g. Europe/Paris, "
                "America/New_York, Asia/Shanghai or UTC.",
                error=error,
            )
        ) from error


def _quiet(text: str | None) -> tuple[int, int] | tuple[()] | None:
    if text is None:
        return None
    if _words(text) in OFF_WORDS:
        return ()
    try:
        return parse_time_range(text)
    except TimeFormatError as error:
        raise InvalidOptionError(
            Text(
                "{option}: {error}; write them like 23:00-07:00 (your time zone), or {off}.",
                option=Option("quiet"),
                error=error,
                off=OFF,
            )
        ) from error


def _digest(text: str | None) -> int | tuple[()] | None:
    if text is None:
        return None
    if _words(text) in OFF_WORDS:
        return ()
    try:
        return parse_time_of_day(text)
    except TimeFormatError as error:
        raise InvalidOptionError(
            Text(
                "{option}: {error}; give the time of day for it (e.g. 08:00), or {off}.",
                option=Option("digest"),
                error=error,
                off=OFF,
            )
        ) from error


def _takebacks(text: str | None) -> TakebackPolicy | None:
    if text is None:
        return None
    wanted = {"always": "ask", "casual only": "casual"}.get(_words(text), _words(text))
    try:
        return TakebackPolicy(wanted)
    except ValueError as error:
        raise InvalidOptionError(
            Text(
                '{option} must be {ask}, {casual} or {never}, not "{text}".',
                option=Option("takebacks"),
                ask=TAKEBACK_CHOICES[0],
                casual=TAKEBACK_CHOICES[1],
                never=TAKEBACK_CHOICES[2],
                text=text,
            )
        ) from error


def _notation(text: str | None) -> XiangqiNotation | None:
    if text is None:
        return None
    wanted = {"中文": "chinese", "cn": "chinese", "zh": "chinese"}.get(_words(text), _words(text))
    try:
        return XiangqiNotation(wanted)
    except ValueError as error:
        raise InvalidOptionError(
            Text(
                '{option} must be {wxf}, {chinese} or {iccs}, not "{text}".',
                option=Option("notation"),
                wxf=NOTATION_CHOICES[0],
                chinese=NOTATION_CHOICES[1],
                iccs=NOTATION_CHOICES[2],
                text=text,
            )
        ) from error


def _pieces(text: str | None) -> tuple[str | None, str | None]:
    """The (chess, xiangqi) piece sets ``text`` chooses: the one of the set's variant, or
    both for ``default``; None leaves one as it is."""
    if text is None:
        return None, None
    sets = available_piece_sets()
    wanted = piece_set_named(text)
    if wanted is None:
        names = Joined(LIST, [piece_set_listed(name) for name in sets])
        raise InvalidOptionError(
            Text('Unknown piece set "{text}"; choose {names}.', text=text, names=names)
        )
    if wanted == DEFAULT_THEME:
        return wanted, wanted
    return (wanted, None) if sets[wanted] == "chess" else (None, wanted)


AUTO_LANGUAGE_WORDS = ("auto", "discord", "default")


def parse_language(
    text: str | None, option: str = "language", auto: Choice = AUTO_LANGUAGE
) -> str | tuple[()] | None:
    """A catalog's name (``fr``, ``zh_Hant``), () for ``auto``, None when not given. Raises
    ``InvalidOptionError`` (naming ``option`` and its ``auto`` choice) for anything else."""
    if text is None:
        return None
    if _words(text) in AUTO_LANGUAGE_WORDS:
        return ()
    try:
        return Locale.parse(text).value
    except UnknownLocaleError:
        choices = ", ".join(locale.value for locale in Locale)
        raise InvalidOptionError(
            Text(
                '{option} must be {auto} or one of {choices}, not "{text}".',
                option=Option(option),
                auto=auto,
                choices=choices,
                text=text,
            )
        ) from None
