"""Which language each player reads: the one they chose in ``/settings language:``, else
the one their Discord client last reported, else English.

The adapters ask here before wording a reply (``for_reader``, which also remembers a
client language that changed) and before wording what Postal sends a player on its own
(``of``: reminders, time-outs, DMs). Answers are kept for a short while so that a reply
costs no query; a choice made through another process is seen within ``TTL_SECONDS``.
"""

from __future__ import annotations

import time

from bot.i18n.locale import Locale, resolve
from bot.service.core import ServiceCore

TTL_SECONDS = 30.0


class Languages:
    """Players' languages over the store, with a small per-process memory."""

    def __init__(self, core: ServiceCore) -> None:
        self._core = core
        # player id -> (chosen catalog name or None, client's Discord code or None, read at);
        # shared with /settings, which forgets a player whose choice changed.
        self._known = core.known_languages

    async def _stored(self, player_id: int) -> tuple[str | None, str | None]:
        known = self._known.get(player_id)
        if known is not None and time.monotonic() - known[2] < TTL_SECONDS:
            return known[0], known[1]
        player = await self._core.store.players.get(player_id)
        chosen, client = (None, None) if player is None else (player.language, player.client_locale)
        self._known[player_id] = (chosen, client, time.monotonic())
        return chosen, client

    async def chosen(self, player_id: int) -> Locale | None:
        """The language ``player_id`` chose in /settings, or None."""
        chosen, _ = await self._stored(player_id)
        return _chosen(chosen)

    async def of(self, player_id: int) -> Locale:
        """The language to write to ``player_id`` in when Postal writes on its own."""
        chosen, client = await self._stored(player_id)
        return resolve(_chosen(chosen), user=client)

    async def for_reader(self, player_id: int, client: str | None) -> Locale:
        """The language of a reply to ``player_id``, whose Discord client reports
        ``client`` (None: the console). A new client language is stored for ``of``, once."""
        chosen, known = await self._stored(player_id)
        stored = client is not None and client != known
        if stored and await self._core.store.players.set_client_locale(player_id, client or ""):
            self._known[player_id] = (chosen, client, time.monotonic())
        return resolve(_chosen(chosen), user=client)


def _chosen(stored: str | None) -> Locale | None:
    if stored is None:
        return None
    try:
        return Locale.parse(stored)
    except ValueError:
        # A language a later version removed: follow the client instead.
        return None
