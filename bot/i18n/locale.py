"""The languages Postal speaks, and which one a reader gets.

A ``Locale`` names a catalog (``bot/locales/<value>/LC_MESSAGES/postal.po``). Discord names
languages its own way (``zh-CN``, ``en-US``); ``Locale.from_discord`` maps them, and
``resolve`` picks a reader's language: their own choice in ``/settings language:``, else
the language their Discord client reports, else (for posts to a whole channel) the
server's language, else English.
"""

from __future__ import annotations

from enum import Enum


class UnknownLocaleError(ValueError):
    """A language name Postal has no catalog for (``.text`` is what was asked for)."""

    def __init__(self, text: str) -> None:
        super().__init__(f"unknown language {text!r}")
        self.text = text


class Locale(Enum):
    """A language with a catalog. The value is the gettext directory's name."""

    EN = "en"
    FR = "fr"
    KO = "ko"
    JA = "ja"
    ZH_HANS = "zh_Hans"
    ZH_HANT = "zh_Hant"

    @property
    def discord_codes(self) -> tuple[str, ...]:
        """Discord's names for this language (its ``discord.Locale`` values)."""
        return _DISCORD_CODES[self]

    @property
    def native_name(self) -> str:
        """The language's name in itself, as a choice in ``/settings language:``."""
        return _NATIVE_NAMES[self]

    @property
    def tag(self) -> str:
        """The BCP 47 tag (``zh-Hans``), for Babel's date and number formats."""
        return self.value.replace("_", "-")

    @property
    def babel_name(self) -> str:
        """Babel's (CLDR's) name for the language (``en_US``, ``zh_Hant``)."""
        return "en_US" if self is Locale.EN else self.value

    @property
    def is_chinese(self) -> bool:
        return self in (Locale.ZH_HANS, Locale.ZH_HANT)

    @classmethod
    def parse(cls, text: str) -> Locale:
        """The locale named ``text``: its value (``zh_Hans``), a Discord code (``zh-CN``),
        its English or native name; any case, ``-`` or ``_``. Raises ``UnknownLocaleError``."""
        key = text.strip().replace("_", "-").casefold()
        found = _BY_NAME.get(key)
        if found is None:
            raise UnknownLocaleError(text)
        return found

    @classmethod
    def from_discord(cls, code: str | None) -> Locale | None:
        """The locale for a Discord language code, or None for one Postal does not speak
        (Discord reports every user's language; German, say, falls back)."""
        if code is None:
            return None
        return _BY_DISCORD.get(code)


_DISCORD_CODES: dict[Locale, tuple[str, ...]] = {
    Locale.EN: ("en-US", "en-GB"),
    Locale.FR: ("fr",),
    Locale.KO: ("ko",),
    Locale.JA: ("ja",),
    Locale.ZH_HANS: ("zh-CN",),
    Locale.ZH_HANT: ("zh-TW",),
}
_NATIVE_NAMES: dict[Locale, str] = {
    Locale.EN: "English",
    Locale.FR: "Français",
    Locale.KO: "한국어",
    Locale.JA: "日本語",
    Locale.ZH_HANS: "简体中文",
    Locale.ZH_HANT: "繁體中文",
}
_ENGLISH_NAMES: dict[Locale, tuple[str, ...]] = {
    Locale.EN: ("english", "en-us", "en-gb"),
    Locale.FR: ("french", "fr-fr"),
    Locale.KO: ("korean", "ko-kr"),
    Locale.JA: ("japanese", "ja-jp"),
    Locale.ZH_HANS: ("simplified chinese", "zh", "zh-cn", "zh-sg", "zh-hans-cn"),
    Locale.ZH_HANT: ("traditional chinese", "zh-tw", "zh-hk", "zh-mo", "zh-hant-tw"),
}
_BY_DISCORD: dict[str, Locale] = {
    code: locale for locale, codes in _DISCORD_CODES.items() for code in codes
}
_BY_NAME: dict[str, Locale] = {
    name.casefold(): locale
    for locale in Locale
    for name in (
        locale.value.replace("_", "-"),
        locale.native_name,
        *locale.discord_codes,
        *_ENGLISH_NAMES[locale],
    )
}


def resolve(
    chosen: Locale | None = None,
    user: str | None = None,
    server: str | None = None,
) -> Locale:
    """The language to write in: the player's own ``chosen`` one, else their Discord
    client's (``user``, a Discord code), else the server's (``server``: give it for posts
    to a whole channel), else English. Codes Postal does not speak are skipped."""
    if chosen is not None:
        return chosen
    for code in (user, server):
        found = Locale.from_discord(code)
        if found is not None:
            return found
    return Locale.EN
