"""A player's preferences: ``/settings`` shows them and changes those given.

A change goes plan -> write -> describe: ``plan_settings`` reads what was typed into one
``PreferenceChange`` (refusing the first value it cannot take, with an error of facts from
``bot.service.option_errors``), the store writes it, and the player's settings are described
as facts (``bot.text.words.settings_text`` words them)."""

from __future__ import annotations

import dataclasses
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import TypeVar

from bot.i18n import using
from bot.i18n.locale import Locale, UnknownLocaleError
from bot.i18n.names import Choice
from bot.render import piece_set_names
from bot.service.core import ServiceCore
from bot.service.deadlines import REMINDER_CHOICES, vacation_window_start
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
from bot.service.option_errors import (
    LanguageChoiceError,
    NotAChoiceError,
    ReminderHoursError,
    TimeOptionError,
    UnknownNameError,
)
from bot.service.report_results import PlayerSettings
from bot.service.results import User
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
    JanggiNotation,
    NotifyMode,
    Orientation,
    Player,
    PreferenceChange,
    TakebackPolicy,
    XiangqiNotation,
)

E = TypeVar("E", bound=Enum)

OFF_WORDS = ("off", "none", "no", "never")

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
JANGGI_NOTATION_CHOICES = (
    Choice(JanggiNotation.KOREAN.value, "Korean (79졸78)"),
    Choice(JanggiNotation.COORDINATES.value, "coordinates (i4h4)"),
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


@dataclass(frozen=True, slots=True)
class SettingsAsked:
    """The options of one ``/settings`` as typed (None: not given)."""

    notify: str | None = None
    theme: str | None = None
    orientation: str | None = None
    reminders: str | None = None
    timezone: str | None = None
    quiet: str | None = None
    digest: str | None = None
    takebacks: str | None = None
    notation: str | None = None
    pieces: str | None = None
    strip: bool | None = None
    language: str | None = None
    confirm: str | None = None
    janggi_notation: str | None = None


@dataclass(frozen=True, slots=True)
class SettingsPlan:
    """What a ``/settings`` changes: the player's preferences, and which of their moves are
    shown before they are played (None: as it is)."""

    change: PreferenceChange
    confirm: ConfirmMoves | None


def plan_settings(asked: SettingsAsked, before: Player, now: datetime) -> SettingsPlan:
    """The change ``asked`` makes to ``before``'s preferences at ``now``; all are checked,
    in the order of the options. Raises ``InvalidOptionError`` (a kind of
    ``bot.service.option_errors``) for the first value it cannot take."""
    change = PreferenceChange(
        notify=_notify(asked.notify),
        board_theme=_theme(asked.theme),
        orientation=_orientation(asked.orientation),
        reminder_hours=_reminder_hours(asked.reminders),
        time_zone=_time_zone(asked.timezone),
        quiet_hours=_quiet(asked.quiet),
        digest_at=_digest(asked.digest),
        takeback_policy=_takebacks(asked.takebacks),
        xiangqi_notation=_notation(asked.notation),
    )
    chess_pieces, xiangqi_pieces = _pieces(asked.pieces)
    change = dataclasses.replace(
        change,
        chess_pieces=chess_pieces,
        xiangqi_pieces=xiangqi_pieces,
        board_strip=asked.strip,
        language=parse_language(asked.language),
        janggi_notation=_janggi_notation(asked.janggi_notation),
    )
    confirm = _confirm(asked.confirm)
    return SettingsPlan(_digest_due(change, before, now), confirm)


def _digest_due(change: PreferenceChange, before: Player, now: datetime) -> PreferenceChange:
    """``change`` with its next digest due at the chosen time of day in the chosen zone,
    when it changes either."""
    if change.time_zone is None and change.digest_at is None:
        return change
    zone = zone_named(change.time_zone or before.time_zone)
    at = before.digest_at if change.digest_at is None else change.digest_at
    if isinstance(at, int):
        due = next_time_of_day(now, at, zone)
        return dataclasses.replace(change, digest_at=at, digest_due_at=due)
    return dataclasses.replace(change, digest_at=(), digest_due_at=None)


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
        janggi_notation: str | None = None,
    ) -> PlayerSettings:
        """Show the user's preferences and change those given: where they are told it is
        their move (channel, dm, off), their board theme, which side their boards show at
        the bottom (own, turn), which reminders (hours before a deadline: any of 48, 24,
        12, 6, 1, or none), their time zone (an IANA name), quiet hours (``23:00-07:00`` or
        off), a daily digest (a time of day, or off), whether they may be asked for
        takebacks (ask, casual, never), the xiangqi notation they read (wxf, chinese,
        iccs) and janggi one (korean, coordinates), a piece set (``default`` resets both) and
        whether boards carry strips with the players' names, ratings and the turn, and the
        language Postal writes to them in (a catalog's name, or ``auto``: their Discord
        client's), and which of their moves are shown to them before they are played
        (menus, always, never). All are checked before any is stored. Raises
        ``InvalidOptionError`` naming the first value it cannot take."""
        asked = SettingsAsked(
            notify=notify,
            theme=theme,
            orientation=orientation,
            reminders=reminders,
            timezone=timezone,
            quiet=quiet,
            digest=digest,
            takebacks=takebacks,
            notation=notation,
            pieces=pieces,
            strip=strip,
            language=language,
            confirm=confirm,
            janggi_notation=janggi_notation,
        )
        core = self._core
        await core.ensure_player(user)
        before = await core.store.players.get(user.id)
        assert before is not None
        await self._write(user.id, plan_settings(asked, before, core.now()))
        return await self._described(user.id)

    async def _write(self, player_id: int, plan: SettingsPlan) -> None:
        """Store ``plan`` for ``player_id``, and what follows from it."""
        core, change = self._core, plan.change
        await core.store.players.update_preferences(player_id, change)
        if change.reminder_hours is not None:
            # The clock's next look at their games was worked out from their old hours.
            await core.look_again(await core.store.clock.to_move(player_id), core.now())
        if plan.confirm is not None:
            await core.store.confirmations.set(player_id, plan.confirm)
        if change.language is not None:
            self._languages.chose(player_id, change.language or None)
        if change.notify is NotifyMode.DM:
            # Choosing DMs again (perhaps after opening them) tries a DM on the next turn.
            await core.store.outbox.forget_closed_dms(player_id)

    async def _described(self, player_id: int) -> PlayerSettings:
        """``player_id``'s preferences as they now are, with what they may choose."""
        core, now = self._core, self._core.now()
        player = await core.store.players.get(player_id)
        assert player is not None
        used = await core.store.players.vacation_days_used(
            player_id, vacation_window_start(now), now
        )
        hours = core.reminder_hours if player.reminder_hours is None else player.reminder_hours
        # In the language they read from now on (this command may have just chosen it).
        reading = reader_locale(player)
        with using(reading) if reading is not None else nullcontext():
            notation_read = reading_notation(player)
        return PlayerSettings(
            player=await core.ref(player_id),
            notify=player.notify,
            board_theme=player.board_theme,
            vacation_days_left=core.vacation_days_per_year - used,
            vacation_until=player.vacation_ends_at if player.on_vacation(now) else None,
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
            janggi_notation=player.janggi_notation or JanggiNotation.KOREAN,
            chess_pieces=player.chess_pieces,
            xiangqi_pieces=player.xiangqi_pieces,
            xiangqi_pieces_seen=xiangqi_pieces_for(player) or piece_set_names("xiangqi")[0],
            piece_sets=tuple(piece_set_listed(name) for name in available_piece_sets()),
            board_strip=player.board_strip,
            language=player.language,
            confirm_moves=await core.store.confirmations.mode(player_id),
        )


def _words(text: str) -> str:
    """``text`` lowercased with runs of spaces, hyphens and underscores as one space."""
    return " ".join(text.replace("_", " ").replace("-", " ").lower().split())


def _named(kind: type[E], text: str | None, option: str, choices: tuple[Choice, ...]) -> E | None:
    """The member of ``kind`` that ``text`` names (None for None). Raises
    ``NotAChoiceError`` listing ``choices``, the values of ``option``."""
    if text is None:
        return None
    try:
        return kind(_words(text))
    except ValueError as error:
        raise NotAChoiceError(option, text, choices) from error


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
        raise UnknownNameError("theme", text, [theme_choice(name) for name in available_themes()])
    return theme


def _orientation(text: str | None) -> Orientation | None:
    if text is None:
        return None
    wanted = _words(text)
    for orientation, words in ORIENTATION_WORDS.items():
        if wanted in (_words(word) for word in words):
            return orientation
    raise NotAChoiceError("orientation", text, ORIENTATION_CHOICES)


def _reminder_hours(text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    if _words(text) in OFF_WORDS:
        return ()
    words = text.replace(",", " ").replace("h", " ").split()
    if not words or not all(word.isdigit() and int(word) in REMINDER_CHOICES for word in words):
        raise ReminderHoursError(text)
    return tuple(sorted({int(word) for word in words}, reverse=True))


def _time_zone(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        return zone_named(text).key
    except TimeFormatError as error:
        raise TimeOptionError("timezone", error) from error


def _quiet(text: str | None) -> tuple[int, int] | tuple[()] | None:
    if text is None:
        return None
    if _words(text) in OFF_WORDS:
        return ()
    try:
        return parse_time_range(text)
    except TimeFormatError as error:
        raise TimeOptionError("quiet", error) from error


def _digest(text: str | None) -> int | tuple[()] | None:
    if text is None:
        return None
    if _words(text) in OFF_WORDS:
        return ()
    try:
        return parse_time_of_day(text)
    except TimeFormatError as error:
        raise TimeOptionError("digest", error) from error


def _takebacks(text: str | None) -> TakebackPolicy | None:
    if text is None:
        return None
    wanted = {"always": "ask", "casual only": "casual"}.get(_words(text), _words(text))
    try:
        return TakebackPolicy(wanted)
    except ValueError as error:
        raise NotAChoiceError("takebacks", text, TAKEBACK_CHOICES) from error


def _notation(text: str | None) -> XiangqiNotation | None:
    if text is None:
        return None
    wanted = {"中文": "chinese", "cn": "chinese", "zh": "chinese"}.get(_words(text), _words(text))
    try:
        return XiangqiNotation(wanted)
    except ValueError as error:
        raise NotAChoiceError("notation", text, NOTATION_CHOICES) from error


def _janggi_notation(text: str | None) -> JanggiNotation | None:
    if text is None:
        return None
    wanted = {"한국어": "korean", "ko": "korean", "coordinate": "coordinates"}.get(
        _words(text), _words(text)
    )
    try:
        return JanggiNotation(wanted)
    except ValueError as error:
        raise NotAChoiceError("janggi_notation", text, JANGGI_NOTATION_CHOICES) from error


def _pieces(text: str | None) -> tuple[str | None, str | None]:
    """The (chess, xiangqi) piece sets ``text`` chooses: the one of the set's variant, or
    both for ``default``; None leaves one as it is."""
    if text is None:
        return None, None
    sets = available_piece_sets()
    wanted = piece_set_named(text)
    if wanted is None:
        raise UnknownNameError("pieces", text, [piece_set_listed(name) for name in sets])
    if wanted == DEFAULT_THEME:
        return wanted, wanted
    return (wanted, None) if sets[wanted] == "chess" else (None, wanted)


AUTO_LANGUAGE_WORDS = ("auto", "discord", "default")


def parse_language(
    text: str | None, option: str = "language", auto: Choice = AUTO_LANGUAGE
) -> str | tuple[()] | None:
    """A catalog's name (``fr``, ``zh_Hant``), () for ``auto``, None when not given. Raises
    ``LanguageChoiceError`` (naming ``option`` and its ``auto`` choice) for anything else."""
    if text is None:
        return None
    if _words(text) in AUTO_LANGUAGE_WORDS:
        return ()
    try:
        return Locale.parse(text).value
    except UnknownLocaleError:
        raise LanguageChoiceError(option, auto, text) from None
