"""Locales: names, Discord's codes, and which language a reader gets."""

from __future__ import annotations

import pytest

from bot.i18n import Locale, UnknownLocaleError, resolve


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("fr", Locale.FR),
        ("FR", Locale.FR),
        ("français", Locale.FR),
        ("zh_Hans", Locale.ZH_HANS),
        ("zh-hans", Locale.ZH_HANS),
        ("zh-CN", Locale.ZH_HANS),
        ("繁體中文", Locale.ZH_HANT),
        ("zh-TW", Locale.ZH_HANT),
        ("japanese", Locale.JA),
        ("한국어", Locale.KO),
        ("en-GB", Locale.EN),
        (" english ", Locale.EN),
    ],
)
def test_a_locale_is_read_by_any_of_its_names(text: str, locale: Locale) -> None:
    """The console's --locale and /settings language: take a code, Discord's code or a name."""
    assert Locale.parse(text) is locale


def test_an_unknown_language_is_refused_by_name() -> None:
    """A language Postal has no catalog for is an error that quotes it."""
    with pytest.raises(UnknownLocaleError, match="'de'"):
        Locale.parse("de")


def test_discord_codes_map_to_catalogs() -> None:
    """Each of Discord's codes for Postal's languages finds its catalog; others find none."""
    assert {code: Locale.from_discord(code) for code in ("fr", "ko", "ja", "zh-CN", "zh-TW")} == {
        "fr": Locale.FR,
        "ko": Locale.KO,
        "ja": Locale.JA,
        "zh-CN": Locale.ZH_HANS,
        "zh-TW": Locale.ZH_HANT,
    }
    assert Locale.from_discord("en-US") is Locale.EN
    assert Locale.from_discord("de") is None
    assert Locale.from_discord(None) is None


def test_resolution_prefers_the_players_choice_then_their_client_then_the_server() -> None:
    """Own choice → Discord client's language → server's language → English; a language
    Postal does not speak is passed over."""
    assert resolve(Locale.KO, user="fr", server="ja") is Locale.KO
    assert resolve(None, user="fr", server="ja") is Locale.FR
    assert resolve(None, user="de", server="ja") is Locale.JA
    assert resolve(None, user=None, server="zh-TW") is Locale.ZH_HANT
    assert resolve(None, user="de", server="pt-BR") is Locale.EN
    assert resolve() is Locale.EN
