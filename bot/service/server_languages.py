"""The language of what Postal shows a server's whole channel: a shared board, its buttons,
an announcement. The server's managers may choose it (``/settings server_language:``);
otherwise it is the server's own language on Discord (its preferred locale, which Discord
sends with every interaction as ``guild_locale``), else English. What is shown to one
reader alone stays in that reader's language (``bot.service.languages``).
"""

from __future__ import annotations

from bot.i18n.locale import Locale, resolve
from bot.service.core import ServiceCore
from bot.service.errors import NotAllowedError
from bot.service.languages import HeldChoices
from bot.service.preferences import SERVER_AUTO_LANGUAGE, parse_language


class ServerLanguageRefusedError(NotAllowedError):
    """A server's language set outside that server (``outside_server``), or by a member
    who may not manage it."""

    def __init__(self, *, outside_server: bool) -> None:
        super().__init__()
        self.outside_server = outside_server


class ServerLanguages:
    """Servers' chosen languages, held in memory per process (``HeldChoices``): asked before
    an interaction is acknowledged, so the answer never waits for the database."""

    def __init__(self, core: ServiceCore) -> None:
        self._core = core
        self._chosen = HeldChoices(lambda: core.store.server_languages.chosen())

    async def chosen(self, guild_id: int) -> Locale | None:
        """The language ``guild_id``'s managers chose, or None."""
        return await self._chosen.get(guild_id)

    async def of(self, guild_id: int | None, discord_code: str | None) -> Locale:
        """The language of shared messages in ``guild_id``, whose Discord language is
        ``discord_code`` (a Discord locale such as ``fr`` or ``zh-TW``; None: not known)."""
        chosen = None if guild_id is None else await self._chosen.get(guild_id)
        return resolve(chosen, server=discord_code)

    async def choose(
        self, guild_id: int | None, text: str, *, manages_server: bool
    ) -> Locale | None:
        """Make ``text`` (a catalog's name, or ``auto``: the server's Discord language) the
        language of ``guild_id``'s shared messages; returns the language chosen (None:
        auto). Raises ``NotAllowedError`` outside a server or for a member who may not
        manage it (Discord's Manage Server), ``InvalidOptionError`` for a language Postal
        does not speak; either way nothing changes."""
        if guild_id is None or not manages_server:
            raise ServerLanguageRefusedError(outside_server=guild_id is None)
        parsed = parse_language(text, "server_language", SERVER_AUTO_LANGUAGE)
        language = parsed or None  # () is auto: no row
        await self._core.store.server_languages.choose(guild_id, language)
        self._chosen.set(guild_id, language)
        return None if language is None else Locale.parse(language)
