"""Say it once: the slash commands registered with Discord and the console's commands both
agree with the one description in ``bot.service.catalog`` (names, options, kinds, choices,
limits), so neither adapter can drift from the other."""

from __future__ import annotations

from typing import Any

from discord import AppCommandOptionType
from discord.app_commands import Command, Group

from bot.console.commands import COMMANDS as CONSOLE_COMMANDS
from bot.console.help import help_parts
from bot.discord.analyse import ANALYSIS_COMMANDS
from bot.discord.board_commands import BOARD_COMMANDS
from bot.discord.commands import ALL_COMMANDS
from bot.service.catalog import COMMANDS, CommandSpec, OptionKind

KINDS = {
    AppCommandOptionType.string: OptionKind.TEXT,
    AppCommandOptionType.integer: OptionKind.WHOLE_NUMBER,
    AppCommandOptionType.boolean: OptionKind.YES_NO,
    AppCommandOptionType.user: OptionKind.USER,
    AppCommandOptionType.role: OptionKind.ROLE,
}
HOW = "describe it in bot/service/catalog.py, the one description both adapters follow"


def test_every_slash_command_is_described_and_agrees() -> None:
    """Each Discord command (and each subcommand of a group) has the catalog's options in its
    order, with the same kind, requirement, choices and limits; none is on one side only."""
    described = {spec.name: spec for spec in COMMANDS if not spec.console_only}
    # Context menus (right-click a user) have no options: only slash commands are compared.
    registered = {
        command.name: command
        for command in (*ALL_COMMANDS, *BOARD_COMMANDS, *ANALYSIS_COMMANDS)
        if isinstance(command, Command | Group)
    }
    assert set(registered) == set(described), HOW
    for name, command in registered.items():
        agree(command, described[name], f"/{name}")


def agree(command: Command[Any, ..., Any] | Group, spec: CommandSpec, where: str) -> None:
    """``command`` as Discord gets it has exactly the options ``spec`` describes."""
    if isinstance(command, Group):
        subcommands = {sub.name: sub for sub in command.commands}
        assert set(subcommands) == {sub.name for sub in spec.subcommands}, f"{where}: {HOW}"
        assert command.description == spec.description, f"{where}: {HOW}"
        for sub in spec.subcommands:
            agree(subcommands[sub.name], sub, f"{where} {sub.name}")
        return
    assert not spec.subcommands, f"{where}: {HOW}"
    # Descriptions are the catalog's (discord.py shortens one over 100 characters with …).
    assert command.description == spec.description, f"{where}: {HOW}"
    parameters = command.parameters
    assert [p.name for p in parameters] == [o.name for o in spec.options], f"{where}: {HOW}"
    for parameter, option in zip(parameters, spec.options, strict=True):
        about = f"{where} {option.name}: {HOW}"
        assert option.description.startswith(parameter.description.rstrip("…")), about
        assert KINDS[parameter.type] is option.kind, about
        assert parameter.required == option.required, about
        assert [choice.value for choice in parameter.choices] == list(option.choices), about
        # The labels too: the console reads a choice by its label in the reader's language.
        labels = [label for _, label in option.choice_labels]
        assert [choice.name for choice in parameter.choices] == labels, about
        assert (parameter.min_value, parameter.max_value) == (option.limits or (None, None)), about


def test_every_console_command_is_described_and_helped() -> None:
    """The console runs exactly the described commands (and /help), and its /help names
    each of them and each option written with a name."""
    assert set(CONSOLE_COMMANDS) == {spec.name for spec in COMMANDS} | {"help"}, HOW
    HELP = "\n".join(help_parts())
    rows = _help_rows(HELP)
    for spec in COMMANDS:
        assert f"/{spec.name}" in HELP, spec.name
        for described in (spec, *spec.subcommands):
            said = f"/{spec.name}" if described is spec else f"/{spec.name} {described.name}"
            assert said in HELP, said
            # An option is helped in its own command's rows (another's same name is not it).
            own = "\n".join(row for row in rows if said in row)
            for option in described.options:
                if option.discord_only:
                    continue  # the console does not read it (nor does its /help)
                if option.name not in described.positional and option.name != "game":
                    assert f"{option.name}:" in own, f"{said} {option.name}"


def _help_rows(text: str) -> list[str]:
    """The help's rows: a line that begins with a user's name, with the indented lines
    after it (its options written on, its note wrapped)."""
    rows: list[str] = []
    for line in text.splitlines():
        if rows and line.startswith("   "):
            rows[-1] += "\n" + line
        else:
            rows.append(line)
    return rows
