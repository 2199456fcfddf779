"""Sentences the service states as messages and fields, said by the adapters in the
reader's language."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from bot.i18n import Locale, using
from bot.i18n.dates import when_text
from bot.i18n.text import Moment, Plural, Sentences, Text, TextIn, say
from tests.i18n.conftest import Entries

Write = Callable[[Locale, Entries], Path]


def test_a_text_is_its_english_sentence() -> None:
    """Code that passes a Text along, compares or logs it sees the English."""
    text = Text("{player} resigned.", player="alice")
    assert text == "alice resigned."
    assert isinstance(text, str)
    assert say(text) == "alice resigned."
    assert say("just a name") == "just a name"


def test_a_text_is_said_in_the_current_language(locales_dir: Write) -> None:
    locales_dir(Locale.FR, {"{player} resigned.": "{player} a abandonné."})
    text = Text("{player} resigned.", player="alice")
    with using(Locale.FR):
        assert say(text) == "alice a abandonné."
    assert say(text) == "alice resigned."


def test_fields_that_are_texts_are_said_too(locales_dir: Write) -> None:
    """A sentence built from smaller messages translates each of them."""
    locales_dir(
        Locale.FR,
        {
            "Game over: {reason}": "Partie terminée : {reason}",
            "{player} ran out of time": "{player} a dépassé le temps",
        },
    )
    text = Text("Game over: {reason}", reason=Text("{player} ran out of time", player="bob"))
    assert text == "Game over: bob ran out of time"
    with using(Locale.FR):
        assert say(text) == "Partie terminée : bob a dépassé le temps"


def test_a_plural_uses_the_languages_rule(locales_dir: Write) -> None:
    locales_dir(Locale.FR, {"{count} move": ("{count} moves", "{count} coup", "{count} coups")})
    locales_dir(Locale.JA, {"{count} move": ("{count} moves", "{count}手")})
    assert [Plural("{count} move", "{count} moves", n) for n in (0, 1, 2)] == [
        "0 moves",
        "1 move",
        "2 moves",
    ]
    with using(Locale.FR):
        assert [say(Plural("{count} move", "{count} moves", n)) for n in (0, 1, 2)] == [
            "0 coup",
            "1 coup",
            "2 coups",
        ]
    with using(Locale.JA):
        assert say(Plural("{count} move", "{count} moves", 3)) == "3手"


def test_a_label_is_translated_in_its_context(locales_dir: Write) -> None:
    locales_dir(Locale.KO, {("button", "Draw"): "무승부 제안", "Draw": "무승부"})
    with using(Locale.KO):
        assert say(TextIn("button", "Draw")) == "무승부 제안"
        assert say(Text("Draw")) == "무승부"


def test_sentences_take_the_languages_separator(locales_dir: Write) -> None:
    """Chinese joins sentences without a space; English and French with one."""
    locales_dir(
        Locale.ZH_HANS,
        {
            ("sentences", "{sentence} {next}"): "{sentence}{next}",
            "Check.": "将军。",
            "{player} to move.": "轮到{player}。",
        },
    )
    text = Sentences(Text("Check."), "", Text("{player} to move.", player="bob"))
    assert text == "Check. bob to move."
    with using(Locale.ZH_HANS):
        assert say(text) == "将军。轮到bob。"


def test_a_moment_is_said_to_the_minute_in_the_language_s_own_pattern() -> None:
    """A deadline days away reads like Discord's ``<t:…:f>``: the date and the minute,
    joined the way the language joins them, in the zone asked for (CLDR puts a narrow
    no-break space before AM/PM)."""
    moment = datetime(2026, 11, 29, 23, 16, 9, tzinfo=UTC)
    assert say(Moment(moment)) == "Nov 29, 2026, 11:16\u202fPM UTC"
    with using(Locale.FR):
        assert when_text(moment) == "29 nov. 2026, 23:16"
        assert when_text(moment, "Asia/Tokyo") == "30 nov. 2026, 08:16"
    with using(Locale.KO):
        assert when_text(moment) == "2026. 11. 29. 오후 11:16"
