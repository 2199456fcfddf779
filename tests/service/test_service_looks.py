"""Themes and piece sets named in every language: each label reads back as its own look."""

from __future__ import annotations

import pytest

from bot.i18n import Locale
from bot.i18n.names import CHOICE, label_head
from bot.i18n.translator import translator_for
from bot.service import GameService
from bot.service.themes import (
    available_piece_sets,
    available_themes,
    piece_set_choice,
    piece_set_named,
    theme_choice,
    theme_named,
)
from bot.text.words import settings_text
from tests.service.service_helpers import ALICE, PLACE, start_game

VARIANTS = ("chess", "xiangqi")

# Discord's limit on an autocomplete choice's name.
CHOICE_NAME_LIMIT = 100


@pytest.mark.parametrize("locale", list(Locale))
def test_every_label_reads_back_as_its_own_look(locale: Locale) -> None:
    """A look's label in any language, whole or without its game, names that look and no
    other; the English names are read too, in any case."""
    translator = translator_for(locale)
    for names, choice, named in (
        (available_themes(), theme_choice, theme_named),
        (tuple(available_piece_sets()), piece_set_choice, piece_set_named),
    ):
        for name in names:
            label = translator.pgettext(CHOICE, choice(name).label)
            assert 0 < len(label) <= CHOICE_NAME_LIMIT
            assert named(label) == name and named(label_head(label)) == name, (locale, label)
            assert named(name.upper()) == name


def test_each_look_has_its_own_label_in_every_language() -> None:
    """No two themes (or piece sets) share a label in a language, and every look but the
    artist-named cburnett is translated in every language Postal speaks."""
    english = translator_for(Locale.EN)
    for names, choice in (
        (available_themes(), theme_choice),
        (tuple(available_piece_sets()), piece_set_choice),
    ):
        for locale in Locale:
            translator = translator_for(locale)
            heads = [label_head(translator.pgettext(CHOICE, choice(n).label)) for n in names]
            assert len(set(heads)) == len(heads), (locale, heads)
            if locale is not Locale.EN:
                for name in names:
                    label = choice(name).label
                    if name != "cburnett":
                        assert translator.pgettext(CHOICE, label) != english.pgettext(
                            CHOICE, label
                        ), (locale, name)


def test_unknown_words_name_no_look() -> None:
    assert theme_named("plaid") is None and piece_set_named("staunton") is None
    assert theme_named("simple") is None and piece_set_named("wood") is None


async def test_every_choice_draws_a_board_unlike_every_other(service: GameService) -> None:
    """Each theme and piece set a player may choose draws its variant's board differently
    from every other choice (none is another under a second name): ``default`` is no
    choice, only a word that resets, and /settings names the look it resets to."""
    assert "default" not in available_themes() and "default" not in available_piece_sets()
    games = {variant: (await start_game(service, variant)).game.id for variant in VARIANTS}

    async def drawn(variant: str) -> bytes:
        return (await service.play.board(ALICE, PLACE, game_id=games[variant])).board.render_png()

    themes = []
    for theme in available_themes():
        await service.preferences.settings(ALICE, theme=theme)
        themes.append(await drawn("chess"))
    assert len(set(themes)) == len(themes) == 3
    await service.preferences.settings(ALICE, theme="default")
    for variant in VARIANTS:
        sets = []
        for name in [n for n, made_for in available_piece_sets().items() if made_for == variant]:
            await service.preferences.settings(ALICE, pieces=name)
            sets.append(await drawn(variant))
        assert len(set(sets)) == len(sets) == 2, variant
    said = settings_text(
        await service.preferences.settings(ALICE, theme="default", pieces="default"), str
    )
    assert "board theme wood" in said and "pieces cburnett (chess)" in said
