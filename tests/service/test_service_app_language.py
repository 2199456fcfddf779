"""The language a player's Discord app last showed, kept for what Postal sends them on its
own: its sentences name commands as that app's command list does, whatever language the
player chose for the sentences."""

from __future__ import annotations

from bot.i18n import Locale
from bot.service import GameService, User


async def test_a_player_s_app_language_names_the_commands(service: GameService) -> None:
    assert await service.languages.of_and_app(1) == (Locale.EN, None)  # never seen
    alice = User(1, "alice", locale="en-US")
    await service.settings(alice, language="fr")
    assert await service.languages.of_and_app(1) == (Locale.FR, Locale.EN)
    bob = User(2, "bob", locale="de")  # an app language Postal does not speak: English names
    await service.settings(bob, language="ja")
    assert await service.languages.of_and_app(2) == (Locale.JA, Locale.EN)
    carol = User(3, "carol", locale="zh-TW")
    await service.settings(carol, theme="default")
    assert await service.languages.of_and_app(3) == (Locale.ZH_HANT, Locale.ZH_HANT)
