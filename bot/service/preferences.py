"""A player's preferences: ``/settings`` shows them and changes those given."""

from __future__ import annotations

from bot.service.core import ServiceCore
from bot.service.deadlines import VACATION_WINDOW, vacation_window_start
from bot.service.errors import InvalidOptionError
from bot.service.results import PlayerSettings, User
from bot.service.themes import available_themes
from bot.store import NotifyMode, Orientation, PreferenceChange

# What players may type for each orientation (the first is the name /settings shows).
ORIENTATION_WORDS: dict[Orientation, tuple[str, ...]] = {
    Orientation.OWN: ("own", "mine", "my side"),
    Orientation.TURN: ("turn", "to move", "side to move", "to_move"),
}


class PreferenceUseCases(ServiceCore):
    async def settings(
        self,
        user: User,
        *,
        notify: str | None = None,
        theme: str | None = None,
        orientation: str | None = None,
    ) -> PlayerSettings:
        """Show the user's preferences and change those given: where they are told it is
        their move (channel, dm, off), their board theme, and which side their boards show
        at the bottom (own, turn). All are checked before any is stored. Raises
        ``InvalidOptionError`` naming the first unknown value."""
        await self._ensure_player(user)
        change = PreferenceChange(
            notify=_notify(notify),
            board_theme=_theme(theme),
            orientation=_orientation(orientation),
        )
        await self.store.players.update_preferences(user.id, change)
        if change.notify is NotifyMode.DM:
            # Choosing DMs again (perhaps after opening them) tries a DM on the next turn.
            await self.store.outbox.forget_closed_dms(user.id)
        player = await self.store.players.get(user.id)
        assert player is not None
        now = self.now()
        used = await self.store.players.vacation_days_used(user.id, vacation_window_start(now))
        until = player.vacation_ends_at if player.on_vacation(now) else None
        left = self.vacation_days_per_year - used
        where = {
            NotifyMode.CHANNEL: "a mention in the game's channel",
            NotifyMode.DM: "a direct message",
            NotifyMode.OFF: "no notification",
        }[player.notify]
        bottom = {
            Orientation.OWN: "your own side at the bottom",
            Orientation.TURN: "the side to move at the bottom",
        }[player.orientation]
        text = (
            f"{player.display_name}: your turn is announced with {where}; board theme "
            f"{player.board_theme}; boards show {bottom}; {left} vacation days left "
            f"({self.vacation_days_per_year} in any {VACATION_WINDOW.days} days)."
        )
        if until is not None:
            text += f" On vacation until {until:%Y-%m-%d %H:%M} UTC."
        return PlayerSettings(
            player=await self._ref(user.id),
            notify=player.notify,
            board_theme=player.board_theme,
            vacation_days_left=left,
            vacation_until=until,
            text=text,
            themes=available_themes(),
            orientation=player.orientation,
        )


def _words(text: str) -> str:
    """``text`` lowercased with runs of spaces, hyphens and underscores as one space."""
    return " ".join(text.replace("_", " ").replace("-", " ").lower().split())


def _notify(text: str | None) -> NotifyMode | None:
    if text is None:
        return None
    try:
        return NotifyMode(_words(text))
    except ValueError as error:
        raise InvalidOptionError(f'notify must be channel, dm or off, not "{text}".') from error


def _theme(text: str | None) -> str | None:
    if text is None:
        return None
    themes = available_themes()
    if _words(text) not in themes:
        raise InvalidOptionError(f'Unknown theme "{text}"; choose {", ".join(themes)}.')
    return _words(text)


def _orientation(text: str | None) -> Orientation | None:
    if text is None:
        return None
    wanted = _words(text)
    for orientation, words in ORIENTATION_WORDS.items():
        if wanted in (_words(word) for word in words):
            return orientation
    raise InvalidOptionError(
        f"orientation must be own (your side at the bottom) or turn (the side to move), "
        f'not "{text}".'
    )
