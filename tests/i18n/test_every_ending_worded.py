"""Every way a game ends and every side the rules name has words in every language, for
every variant the rules know (janggi's Cho and Han, its counted endings, included)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import Locale, using
from bot.i18n.catalogs import catalog_path, read_catalog
from bot.i18n.text import Text, TextIn
from bot.service.results import Ending, PlayerRef
from bot.text.endings import ending_text
from bot.text.phrases import color_text, termination_text
from bot.text.reasons import position_problem
from rules import KNOWN_VARIANT_NAMES, Color, FenProblem, Game, Termination, get_variant

LANGUAGES = [locale for locale in Locale if locale is not Locale.EN]
# Every side name a rules error gives (chess, xiangqi, janggi).
SIDE_NAMES = ("white", "black", "red", "cho", "han")


@cache
def _catalog(locale: Locale) -> Catalog:
    return read_catalog(catalog_path(locale), locale)


def _untranslated(text: Any, locale: Locale) -> list[str]:
    """The messages inside ``text`` (its fields included) ``locale``'s catalog does not
    translate."""
    if not isinstance(text, Text):
        return []
    missing: list[str] = []
    if text.template:
        context = text.context if isinstance(text, TextIn) else None
        message = _catalog(locale).get(text.template, context)
        if message is None or not message.string:
            missing.append(text.template)
    for field in text.fields.values():
        missing += _untranslated(field, locale)
    for part in getattr(text, "parts", ()):
        missing += _untranslated(part, locale)
    return missing


def _ending(variant: str, termination: Termination, result: str) -> Ending:
    alice, bob = PlayerRef(1, "alice"), PlayerRef(2, "bob")
    winner = {"1-0": alice, "0-1": bob}.get(result)
    points = ((40.0, 38.5) if result == "1-0" else (32.0, 38.5)) if variant == "janggi" else None
    return Ending(result, termination.value, winner, variant, actor=alice, points=points)


@pytest.mark.parametrize("locale", [Locale.EN, *LANGUAGES], ids=lambda locale: locale.value)
def test_every_termination_of_every_variant_is_worded(locale: Locale) -> None:
    """The stored termination (a game's list, its board) and the ending's sentence, for
    each result, in every language: nothing raises, no placeholder is left, no message is
    left untranslated."""
    for variant in KNOWN_VARIANT_NAMES:
        for termination in Termination:
            word = termination_text(termination.value, variant)
            texts: list[Any] = [word]
            for result in ("1-0", "0-1", "1/2-1/2"):
                texts.append(ending_text(_ending(variant, termination, result)))
            with using(locale):
                for text in texts:
                    said = text.said()
                    assert said and "{" not in said, (variant, termination, said)
            if locale is not Locale.EN:
                for text in texts:
                    assert not _untranslated(text, locale), (variant, termination)


@pytest.mark.parametrize("locale", [Locale.EN, *LANGUAGES], ids=lambda locale: locale.value)
def test_every_side_is_worded(locale: Locale) -> None:
    """Each side a refused position names (a janggi FEN names Cho and Han), and each
    variant's seats, in every language."""
    for side in SIDE_NAMES:
        with using(locale):
            for problem in (FenProblem.NO_GENERAL, FenProblem.ADVISOR_OFF_POINT):
                said = position_problem(problem, {"side": side, "square": "d1"})
                assert said and "{" not in said
            said = position_problem(FenProblem.OPPONENT_IN_CHECK, {"side": side, "to_move": side})
            assert "{" not in said
    for variant in KNOWN_VARIANT_NAMES:
        for seat in ("white", "black", "random"):
            text = color_text(variant, seat)
            with using(locale):
                assert text.said()
            if locale is not Locale.EN:
                assert not _untranslated(text, locale), (variant, seat)


def test_a_janggi_fen_refused_for_cho_is_worded() -> None:
    """The rules' own error for a janggi FEN without Cho's general reaches the words (it
    raised KeyError on 'cho')."""
    from rules import InvalidFenError

    fen = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1"
    with pytest.raises(InvalidFenError) as raised:
        get_variant("janggi").from_fen(fen)
    with using(Locale.KO):
        assert position_problem(raised.value.problem, raised.value.details) == (
            "초 진영에게 장이 없어요"
        )
    assert position_problem(raised.value.problem, raised.value.details) == "Cho has no general"


def test_a_counted_ending_carries_the_points() -> None:
    """Two passes end a janggi game by counting: the outcome carries each side's points,
    and the ending says them, winner first (Han's 1.5 included)."""
    game = Game(get_variant("janggi")).play("e2e2").play("e9e9")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner) == (Termination.DOUBLE_PASS, Color.BLACK)
    assert outcome.points == (72.0, 73.5)
    ending = Ending("0-1", "double_pass", PlayerRef(2, "bob"), "janggi", points=outcome.points)
    assert ending_text(ending) == "Both sides passed — Han wins on points, 73½ to 72"
    with using(Locale.KO):
        assert ending_text(ending).said() == "양쪽 모두 한수쉼 — 계가로 한 승, 73½ 대 72"
    bikjang = _ending("janggi", Termination.BIKJANG, "1-0")
    assert ending_text(bikjang) == "Bikjang — Cho wins on points, 40 to 38½"
