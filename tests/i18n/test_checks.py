"""The catalog checks: each kind of fault is found, and a good catalog has none."""

from __future__ import annotations

from babel.messages.catalog import Catalog

from bot.i18n.checks import Fault, catalog_problems, placeholders


def faults(catalog: Catalog) -> list[tuple[str, Fault]]:
    return [(problem.msgid, problem.fault) for problem in catalog_problems(catalog)]


def test_a_message_without_translation_fails() -> None:
    catalog = Catalog(locale="fr")
    catalog.add("Your move.", "")
    catalog.add("{count} game", ("", ""), context=None)
    catalog.add(("{count} game", "{count} games"), ("{count} partie", ""))
    assert faults(catalog) == [("Your move.", Fault.MISSING), ("{count} game", Fault.MISSING)]


def test_a_fuzzy_translation_fails() -> None:
    catalog = Catalog(locale="fr")
    catalog.add("Resign", "Abandonner", flags={"fuzzy"})
    assert faults(catalog) == [("Resign", Fault.FUZZY)]


def test_placeholders_that_differ_from_the_english_fail() -> None:
    """A renamed, dropped or added {placeholder} would break or lose the sentence."""
    catalog = Catalog(locale="fr")
    catalog.add("{player} played {move}.", "{joueur} a joué {move}.")
    catalog.add("{player} resigned.", "Abandon.")
    catalog.add("Your move.", "À vous, {player}.")
    catalog.add("{player} wins.", "{player} gagne.")
    assert faults(catalog) == [
        ("{player} played {move}.", Fault.PLACEHOLDERS),
        ("{player} resigned.", Fault.PLACEHOLDERS),
        ("Your move.", Fault.PLACEHOLDERS),
    ]


def test_a_plural_form_may_leave_out_the_count() -> None:
    """'une partie' for 1 is as good as English's 'one game'; other fields must stay."""
    catalog = Catalog(locale="fr")
    catalog.add(
        ("{count} game by {player}", "{count} games by {player}"),
        ("une partie de {player}", "{count} parties de {player}"),
    )
    catalog.add(("{count} move", "{count} moves"), ("un coup", "des coups"))
    assert faults(catalog) == [("{count} move", Fault.PLACEHOLDERS)]


def test_a_translation_too_long_for_its_place_fails() -> None:
    """A button label over 80 characters, a description over 100, content over 2,000."""
    catalog = Catalog(locale="fr")
    catalog.add("Accept", "A" * 81, context="button")
    catalog.add("Accept", "A" * 80, context="select option")
    catalog.add("Show a game", "x" * 101, context="description")
    catalog.add("Long.", "y" * 2001)
    assert faults(catalog) == [
        ("Accept", Fault.TOO_LONG),
        ("Show a game", Fault.TOO_LONG),
        ("Long.", Fault.TOO_LONG),
    ]


def test_a_command_name_discord_would_refuse_fails() -> None:
    """Names are lowercase letters, digits, - and _ (any script), at most 32."""
    catalog = Catalog(locale="fr")
    catalog.add("move", "Jouer", context="command name")
    catalog.add("resign", "abandonner la partie", context="command name")
    catalog.add("draw", "nulle", context="command name")
    catalog.add("game", "対局", context="option name")
    catalog.add("Challenge to chess", "Défier aux échecs", context="context menu")
    assert faults(catalog) == [("move", Fault.BAD_NAME), ("resign", Fault.BAD_NAME)]


def test_placeholders_are_read_from_format_fields() -> None:
    assert placeholders("{a} and {b.name} and {c[0]} and {{literal}}") == {"a", "b", "c"}
