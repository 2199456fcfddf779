"""The language a player's Discord app last showed, kept for what Postal sends them on its
own: its sentences name commands as that app's command list does, whatever language the
player chose for the sentences."""

from __future__ import annotations

import dataclasses

import pytest

from bot.i18n import Locale
from bot.service import GameService, MovePlayed, User
from bot.store import Store
from tests.service.service_helpers import ALICE, BOB, PLACE, play, start_game


async def test_a_player_s_app_language_names_the_commands(service: GameService) -> None:
    assert await service.languages.of_and_app(1) == (Locale.EN, None)  # never seen
    alice = User(1, "alice", locale="en-US")
    await service.preferences.settings(alice, language="fr")
    assert await service.languages.of_and_app(1) == (Locale.FR, Locale.EN)
    bob = User(2, "bob", locale="de")  # an app language Postal does not speak: English names
    await service.preferences.settings(bob, language="ja")
    assert await service.languages.of_and_app(2) == (Locale.JA, Locale.EN)
    carol = User(3, "carol", locale="zh-TW")
    await service.preferences.settings(carol, theme="default")
    assert await service.languages.of_and_app(3) == (Locale.ZH_HANT, Locale.ZH_HANT)


async def test_a_move_keeps_the_app_language_current(service: GameService, store: Store) -> None:
    """A /move never calls ``_ensure_player`` (one read, one write): a player who switched
    their app to Simplified Chinese and then only moves is written to in Chinese from then
    on, the language stored by the move's own write."""
    alice, bob = User(ALICE.id, "alice", locale="fr"), User(BOB.id, "bob", locale="en-US")
    await service.preferences.settings(alice, theme="default")
    await service.preferences.settings(bob, theme="default")
    game = (await start_game(service, white=alice, black=bob)).game
    assert await service.languages.of(alice.id) == Locale.FR
    await service.play.move(
        dataclasses.replace(alice, locale="zh-CN"), PLACE, "e4", game_id=game.id
    )
    assert await service.languages.of(alice.id) == Locale.ZH_HANS
    stored = await store.players.get(alice.id)
    assert stored is not None and stored.client_locale == "zh-CN"
    # Bob's app still says what is stored: his move writes nothing of it (unchanged).
    await service.play.move(bob, PLACE, "e5", game_id=game.id)
    assert await service.languages.of(bob.id) == Locale.EN


@pytest.mark.store
async def test_a_move_that_ends_the_game_keeps_the_app_language_current(
    service: GameService, store: Store
) -> None:
    """The game's last move is written otherwise (its ratings inside the transaction): the
    app language it reports is stored all the same."""
    alice, bob = User(ALICE.id, "alice", locale="en-US"), User(BOB.id, "bob", locale="fr")
    await service.preferences.settings(alice, theme="default")
    await service.preferences.settings(bob, theme="default")
    game = (await start_game(service, white=alice, black=bob)).game
    await play(service, game.id, "f3", "e5", "g4")
    played = await service.play.move(
        dataclasses.replace(bob, locale="zh-CN"), PLACE, "Qh4#", game_id=game.id
    )
    assert isinstance(played, MovePlayed) and played.ending is not None
    assert await service.languages.of(bob.id) == Locale.ZH_HANS
