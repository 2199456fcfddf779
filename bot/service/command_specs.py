"""The shapes a command is described in (``bot.service.catalog`` describes each command
with them): a command, its options and what kind of value each takes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class OptionKind(Enum):
    """What an option's value is."""

    TEXT = "text"
    WHOLE_NUMBER = "whole number"
    YES_NO = "yes or no"
    USER = "user"
    ROLE = "role"  # a Discord role (only on Discord: the console has none)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a command. ``limits`` bounds a number's value or a text's length.
    ``labels`` are the choices as Discord lists them, in English (msgctxt ``choice`` in the
    catalogs), one per choice; none when each choice is shown as its value."""

    name: str
    kind: OptionKind
    required: bool = False
    choices: tuple[str | int, ...] = ()
    limits: tuple[int, int] | None = None
    labels: tuple[str, ...] = ()
    # What the option is for, in English (msgctxt ``description`` in the catalogs).
    description: str = ""
    # Only on Discord (a server's own setting): the console has no server to set it for.
    discord_only: bool = False

    @property
    def choice_labels(self) -> tuple[tuple[str | int, str], ...]:
        """(value, label as Discord lists it in English) of each choice."""
        labels = self.labels or tuple(str(choice) for choice in self.choices)
        return tuple(zip(self.choices, labels, strict=True))


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One command. In the console, words without ``name:`` fill ``positional`` options in
    order; with ``rest`` the last of them takes every remaining word (a move, a label)."""

    name: str
    options: tuple[OptionSpec, ...] = ()
    positional: tuple[str, ...] = ()
    rest: bool = False
    console_only: bool = False
    # What the command does, in English (msgctxt ``description`` in the catalogs): Discord's
    # command list, the docs' command list (tests/test_docs_examples.py checks it).
    description: str = ""
    # A group (``/conditional add …``): the first word names one of these.
    subcommands: tuple[CommandSpec, ...] = ()

    def subcommand(self, name: str) -> CommandSpec | None:
        return next((sub for sub in self.subcommands if sub.name == name), None)

    def option(self, name: str) -> OptionSpec | None:
        return next((option for option in self.options if option.name == name), None)

    @property
    def option_names(self) -> tuple[str, ...]:
        """The options the console reads (those only on Discord left out)."""
        return tuple(option.name for option in self.options if not option.discord_only)
