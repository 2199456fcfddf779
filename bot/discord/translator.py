"""Command names, descriptions, options and choices in the reader's language, through
discord.py's ``app_commands.Translator``: Discord shows each user the names and
descriptions of their client's language when the command's payload carries them.

Each string is looked up in Postal's catalogs under a ``msgctxt`` saying where it is shown
(``command name``, ``option name``, ``description``, ``choice``, ``context menu``), so a
command called ``draw`` and the word "draw" in a sentence can be translated apart, and the
catalog checks know each one's limit. ``command_strings`` lists them all for extraction.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import Locale, translator_for
from bot.i18n.checks import Context

_MSGCTXT: dict[Where, Context] = {
    Where.command_name: Context.COMMAND_NAME,
    Where.group_name: Context.COMMAND_NAME,
    Where.parameter_name: Context.OPTION_NAME,
    Where.command_description: Context.DESCRIPTION,
    Where.group_description: Context.DESCRIPTION,
    Where.parameter_description: Context.DESCRIPTION,
    Where.choice_name: Context.CHOICE,
}
ROOT = Path(__file__).resolve().parents[2]


def msgctxt_of(location: Where, data: object) -> Context | None:
    """Where a command string of ``location`` is shown (a context menu's name is not a
    slash command's: Discord allows it spaces and capitals)."""
    if location is Where.command_name and isinstance(data, app_commands.ContextMenu):
        return Context.CONTEXT_MENU
    return _MSGCTXT.get(location)


class CatalogTranslator(app_commands.Translator):
    """Postal's catalogs as discord.py's translator: a translation for each of Discord's
    locale codes Postal speaks, None (Discord then shows the English) otherwise."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return translate_command_string(
            string.message, locale.value, context.location, context.data
        )


def translate_command_string(
    message: str, discord_code: str, location: Where, data: object
) -> str | None:
    """``message`` in the language of ``discord_code``, or None when Postal has no
    translation for it there (English, a language Postal does not speak, a number)."""
    locale = Locale.from_discord(discord_code)
    where = msgctxt_of(location, data)
    if locale is None or locale is Locale.EN or where is None:
        return None
    translated = translator_for(locale).pgettext(where.msgctxt, message)
    return translated if translated != message else None


def _source(callback: Any) -> str:
    """The file under ``bot/`` defining ``callback``; ``bot/discord`` when it is not one of
    Postal's (a group made from discord.py's own class, found inside a virtualenv that may
    live in the checkout), so the catalogs name the same place on every machine."""
    try:
        path = Path(inspect.getsourcefile(callback) or "").resolve().relative_to(ROOT)
    except (TypeError, ValueError):
        return "bot/discord"
    return path.as_posix() if path.parts[:1] == ("bot",) else "bot/discord"


def _choices(parameter: app_commands.Parameter) -> Iterator[str]:
    for choice in parameter.choices:
        # Numbers ("7" days) read the same in every language Postal speaks.
        if not choice.name.isdigit():
            yield choice.name


def command_strings(commands: Iterable[Any]) -> Iterator[tuple[Context, str, str]]:
    """(where it is shown, English text, source file) of every translatable string of
    ``commands`` (slash commands, groups, context menus), in order, for extraction."""
    for command in commands:
        if isinstance(command, app_commands.ContextMenu):
            yield Context.CONTEXT_MENU, command.name, _source(command.callback)
            continue
        if isinstance(command, app_commands.Group):
            source = _source(type(command))
            yield Context.COMMAND_NAME, command.name, source
            yield Context.DESCRIPTION, command.description, source
            yield from command_strings(command.commands)
            continue
        source = _source(command.callback)
        yield Context.COMMAND_NAME, command.name, source
        yield Context.DESCRIPTION, command.description, source
        for parameter in command.parameters:
            yield Context.OPTION_NAME, parameter.display_name, source
            yield Context.DESCRIPTION, parameter.description, source
            for name in _choices(parameter):
                yield Context.CHOICE, name, source
