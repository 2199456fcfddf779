"""Which language each player reads: the one they chose in ``/settings language:``, else
the one their Discord app reports, else English.

``for_reader`` is asked before a reply is even acknowledged, so it never waits for the
database: it answers from the players' choices held in memory (read once, then refreshed in
the background every ``TTL_SECONDS``, so a choice made through another process is seen
within that time; a choice made here is seen at once). The app language a player last used
is stored with their name (``User.locale``, by the service's usual first-sight write), and
``of`` reads it with their choice for what Postal sends them on its own (reminders, DMs).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from bot.i18n.locale import Locale, resolve
from bot.service.core import ServiceCore

_log = logging.getLogger(__name__)

TTL_SECONDS = 30.0


class HeldChoices:
    """Languages chosen per id (a player's, a server's), held in memory per process: read
    once from ``read``, then refreshed in the background every ``TTL_SECONDS``."""

    def __init__(self, read: Callable[[], Awaitable[dict[int, str]]]) -> None:
        self._read = read
        self._chosen: dict[int, str] | None = None
        self._read_at = 0.0
        self._refreshing: asyncio.Task[None] | None = None

    async def _refresh(self) -> None:
        try:
            chosen = await self._read()
        except Exception as error:  # the store closing under it: the old map serves
            _log.debug("could not refresh chosen languages: %s", error)
            return
        self._chosen, self._read_at = chosen, time.monotonic()

    async def get(self, key: int) -> Locale | None:
        """The language chosen for ``key``, or None."""
        if self._chosen is None:
            await self._refresh()
        elif time.monotonic() - self._read_at > TTL_SECONDS and self._refreshing is None:
            self._refreshing = asyncio.create_task(self._refresh())
            self._refreshing.add_done_callback(lambda _: setattr(self, "_refreshing", None))
        return _chosen((self._chosen or {}).get(key))

    def set(self, key: int, language: str | None) -> None:
        """Remember ``key``'s new choice (None: none)."""
        if self._chosen is None:
            return
        if language is None:
            self._chosen.pop(key, None)
        else:
            self._chosen[key] = language


class Languages:
    """Players' chosen languages, held in memory per process."""

    def __init__(self, core: ServiceCore) -> None:
        self._core = core
        self._chosen = HeldChoices(lambda: core.store.players.chosen_languages())

    def chose(self, player_id: int, language: str | None) -> None:
        """Remember ``player_id``'s new choice (None: back to their app's language)."""
        self._chosen.set(player_id, language)

    async def chosen(self, player_id: int) -> Locale | None:
        """The language ``player_id`` chose in /settings, or None."""
        return await self._chosen.get(player_id)

    async def for_reader(self, player_id: int, client: str | None) -> Locale:
        """The language of a reply to ``player_id``, whose Discord app reports ``client``
        (None: the console)."""
        return resolve(await self.chosen(player_id), user=client)

    async def of(self, player_id: int) -> Locale:
        """The language to write to ``player_id`` in when Postal writes on its own."""
        player = await self._core.store.players.get(player_id)
        if player is None:
            return Locale.EN
        return resolve(_chosen(player.language), user=player.client_locale)

    async def of_and_app(self, player_id: int) -> tuple[Locale, Locale | None]:
        """The language to write to ``player_id`` in (as ``of``), and that of the Discord
        app they last used, whose command list names the commands (None when never seen;
        English for an app language Postal does not speak): one read of the player."""
        player = await self._core.store.players.get(player_id)
        if player is None:
            return Locale.EN, None
        written = resolve(_chosen(player.language), user=player.client_locale)
        if player.client_locale is None:
            return written, None
        return written, Locale.from_discord(player.client_locale) or Locale.EN


def _chosen(stored: str | None) -> Locale | None:
    if stored is None:
        return None
    try:
        return Locale.parse(stored)
    except ValueError:
        # A language a later version removed: follow the app instead.
        return None
