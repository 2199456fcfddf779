"""Commands and options named in sentences: said as the reader's Discord client shows them
(the Discord translator's own catalog entries), valid and unambiguous in every language, and
never written literally into a message."""

from __future__ import annotations

import contextvars
import functools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.discord.analyse import ANALYSIS_COMMANDS
from bot.discord.board_commands import BOARD_COMMANDS
from bot.discord.commands import ALL_COMMANDS
from bot.discord.translator import translate_command_string
from bot.i18n import Locale, translator_for, using
from bot.i18n.catalogs import TEMPLATE_PATH, catalog_path, read_catalog
from bot.i18n.checks import NAME_PATTERN, Context
from bot.i18n.names import (
    CHOICE,
    COMMAND_NAME,
    OPTION_NAME,
    Choice,
    Command,
    Option,
    Subcommand,
    english_name,
    label_head,
    localised_names,
    write_names,
)
from bot.i18n.text import Text, say
from bot.service.catalog import ALL_OPTION_NAMES, COMMANDS

LANGUAGES = [locale for locale in Locale if locale is not Locale.EN]
SLASH_COMMANDS = [
    command
    for command in (*ALL_COMMANDS, *BOARD_COMMANDS, *ANALYSIS_COMMANDS)
    if not isinstance(command, app_commands.ContextMenu)
]


def test_a_command_is_said_as_the_french_client_shows_it() -> None:
    """The str is the English (logs, comparisons); said, it is the catalog's name."""
    sentence = Text("Start one with {command}.", command=Command("challenge"))
    assert sentence == "Start one with /challenge."
    assert str(Command("conditional", "add")) == "/conditional add"
    assert str(Option("game", 12)) == "game:12" and str(Option("game")) == "game"
    with using(Locale.FR):
        assert say(Command("move")) == "/jouer"
        assert say(Command("conditional", "add")) == "/conditionnels ajouter"
        assert say(Subcommand("add")) == "ajouter"
        assert say(Option("game", 12)) == "partie:12"
        assert say(Option("rated", "no")) == "classée:no"
        assert say(Option("confirm", "")) == "confirmer:"
        assert say(sentence) == "Start one with /défier."  # (no such message: the field)


def test_a_choice_is_said_as_the_client_lists_it() -> None:
    """Its str is the value the console reads; said, the label without its parenthesis."""
    white = Choice("white", "white (chess)")
    assert white == "white" and say(white) == "white"
    with using(Locale.FR):
        assert say(white) == "blancs" and say(Choice("random", "random")) == "au hasard"
        assert say(Choice(0, "none (no time limit)")) == "aucun"
    with using(Locale.JA):
        assert say(white) == "白"
    assert label_head("WXF (C2.5)") == "WXF" and label_head("(x)") == "(x)"


def test_the_msgctxts_are_the_translator_s() -> None:
    assert tuple(
        context.msgctxt for context in (Context.COMMAND_NAME, Context.OPTION_NAME, Context.CHOICE)
    ) == (COMMAND_NAME, OPTION_NAME, CHOICE)


def test_names_follow_the_client_not_the_chosen_language() -> None:
    """On Discord a player who chose French in /settings but whose app is in English sees
    /move in their command list, so a sentence names /move to them."""

    def said() -> str:
        with using(Locale.FR):
            write_names(Locale.EN)
            return say(Command("move")) + " " + say(Option("game", 3))

    assert contextvars.copy_context().run(said) == "/move game:3"
    with using(Locale.FR):  # the task above kept its choice to itself
        assert say(Command("move")) == "/jouer"


def test_the_same_names_as_the_discord_translator() -> None:
    """Every command, subcommand and option named in a sentence reads what Discord shows."""
    for locale in LANGUAGES:
        code = locale.discord_codes[0]
        for command in SLASH_COMMANDS:
            shown = translate_command_string(command.name, code, Where.command_name, command)
            with using(locale):
                assert say(Command(command.name)) == "/" + (shown or command.name)
            for parameter in getattr(command, "parameters", ()):
                name = parameter.display_name
                option = translate_command_string(name, code, Where.parameter_name, parameter)
                with using(locale):
                    assert say(Option(name)) == (option or name)


def _siblings() -> Iterator[tuple[str, list[tuple[str, str]]]]:
    """(where, [(msgctxt, English name)]) for each set of names Discord requires unique:
    the top-level commands, each group's subcommands, each command's options."""
    top = [(COMMAND_NAME, command.name) for command in SLASH_COMMANDS]
    yield "top-level commands", top
    for command in SLASH_COMMANDS:
        if isinstance(command, app_commands.Group):
            subs = [(COMMAND_NAME, sub.name) for sub in command.commands]
            yield f"/{command.name}'s subcommands", subs
            for sub in command.commands:
                yield from _options_of(sub, f"/{command.name} {sub.name}")
        else:
            yield from _options_of(command, f"/{command.name}")


def _options_of(command: Any, where: str) -> Iterator[tuple[str, list[tuple[str, str]]]]:
    yield f"{where}'s options", [(OPTION_NAME, p.display_name) for p in command.parameters]


@pytest.mark.parametrize("locale", LANGUAGES, ids=lambda locale: locale.value)
def test_every_localised_name_is_valid_and_unique_among_its_siblings(locale: Locale) -> None:
    """Discord refuses a command whose localised name breaks its pattern (lowercase, letters,
    digits, - and _, at most 32) or repeats a sibling's; the console could not tell two apart."""
    faults = []
    for where, names in _siblings():
        shown = [localised_names(msgctxt, english)[locale] for msgctxt, english in names]
        for name in shown:
            if not NAME_PATTERN.match(name) or name != name.lower() or len(name) > 32:
                faults.append((where, name))
        repeated = {name for name in shown if shown.count(name) > 1}
        if repeated:
            faults.append((where, ", ".join(sorted(repeated))))
    assert faults == []


@pytest.mark.parametrize("locale", LANGUAGES, ids=lambda locale: locale.value)
def test_the_console_reads_a_name_in_english_and_in_the_language(locale: Locale) -> None:
    commands = [command.name for command in COMMANDS]
    for english in commands:
        shown = localised_names(COMMAND_NAME, english)[locale]
        assert english_name(COMMAND_NAME, english, commands, locale) == english
        assert english_name(COMMAND_NAME, shown.upper(), commands, locale) == english
    for english in ALL_OPTION_NAMES:
        shown = localised_names(OPTION_NAME, english)[locale]
        assert english_name(OPTION_NAME, shown, ALL_OPTION_NAMES, locale) == english
    assert english_name(COMMAND_NAME, "frobnicate", commands, locale) is None
    assert english_name(COMMAND_NAME, "jouer", commands, Locale.EN) is None


# A command as typed (/move, /conditional) or an option with its value (game:12, rated:no):
# in a message, these are fields (Command, Option), said in the reader's language.
COMMAND_NAMES = sorted({command.name for command in SLASH_COMMANDS})


def _literal_names(text: str, locale: Locale = Locale.EN, description: bool = False) -> list[str]:
    """The commands and options ``text`` writes literally, in English or in ``locale``. A
    description (shown by the client, in its language, beside the names) cannot have a
    field: it may write the name the client shows, never another."""
    return [
        name for pattern in _name_patterns(locale, description) for name in pattern.findall(text)
    ]


@functools.cache
def _name_patterns(locale: Locale, description: bool) -> tuple[re.Pattern[str], ...]:
    """``_literal_names``'s searches for ``locale``, made once (a catalog has hundreds of
    messages, and each search names every command and option)."""

    def names(msgctxt: str, english: str) -> tuple[str, ...]:
        shown = localised_names(msgctxt, english)[locale]
        if description:
            return () if shown == english else (english,)
        return (english, shown)

    commands = {name for english in COMMAND_NAMES for name in names(COMMAND_NAME, english)}
    options = {name for english in ALL_OPTION_NAMES for name in names(OPTION_NAME, english)}
    # An option named as the subject of a sentence: "days must be one of 1, 2, 3".
    subject = r"(?:^|(?<=[:.;] ))("
    return (
        re.compile(r"(?<![\w/{])/(" + _alternatives(commands) + r")(?![\w}])"),
        re.compile(r"(?<![\w{/])(" + _alternatives(options) + r"):(?=[\w{|@\"])"),
        re.compile(subject + _alternatives(options) + r") must be\b"),
    )


def _alternatives(names: set[str]) -> str:
    if not names:
        return "(?!)"
    return "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))


def _messages(locale: Locale | None) -> Iterator[tuple[str, str, bool]]:
    catalog = read_catalog(TEMPLATE_PATH if locale is None else catalog_path(locale))
    for message in catalog:
        # Names are names.
        if not message.id or message.context in (COMMAND_NAME, OPTION_NAME):
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        texts = ids if locale is None else strings
        for text in texts:
            yield ids[0], str(text or ""), message.context == "description"


@pytest.mark.parametrize(
    "locale", [None, *LANGUAGES], ids=lambda locale: locale.value if locale else "English"
)
def test_no_message_names_a_command_or_option_literally(locale: Locale | None) -> None:
    """``/move`` or ``game:12`` written into a message (or its translation) reads the same
    in every language, whatever the reader's client shows: a field says it instead."""
    literal = [
        (msgid, _literal_names(text, locale or Locale.EN, description))
        for msgid, text, description in _messages(locale)
    ]
    assert [(msgid, names) for msgid, names in literal if names] == []


def test_the_literal_name_check_finds_them() -> None:
    assert _literal_names("Start one with /challenge, or rated:no (game:{id})") == [
        "challenge",
        "rated",
        "game",
    ]
    assert _literal_names("Start one with {command}; a game: the {game}; 12:30") == []
    assert _literal_names("frame_ms must be 20 to 5000; {option} must be 3") == ["frame_ms"]
    assert _literal_names("x: days must be 3; the side to move must be w") == ["days"]
    assert _literal_names("Lancez-en une avec /défier (partie:3)", Locale.FR) == [
        "défier",
        "partie",
    ]
    assert _literal_names("Ajouter vos notes (/note)", Locale.KO, description=True) == ["note"]
    assert _literal_names("내 /메모 메모", Locale.KO, description=True) == []


@pytest.mark.parametrize("locale", Locale, ids=lambda locale: locale.value)
def test_each_choice_reads_as_one_choice_in_every_language(locale: Locale) -> None:
    """The console reads a choice by its label, whole or without its parenthesis: no two
    choices of an option may read the same in a language, nor one as another's value."""
    translator = translator_for(locale)
    clashes = []
    for command in COMMANDS:
        for described in (command, *command.subcommands):
            for option in described.options:
                read: dict[str, str] = {}
                for value, label in option.choice_labels:
                    shown = translator.pgettext(CHOICE, label)
                    words = {str(value), label, shown, label_head(label), label_head(shown)}
                    for word in {word.casefold() for word in words}:
                        if read.setdefault(word, str(value)) != str(value):
                            clashes.append((described.name, option.name, word))
    assert clashes == []
