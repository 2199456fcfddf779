"""Slash commands' descriptions, taken from the command catalog (``bot.service.catalog``),
where each command and option is described once with its name; the translator gives them
in each language (msgctxt ``description``)."""

from __future__ import annotations

from bot.service.catalog import BY_NAME, CommandSpec


def _spec(path: str) -> CommandSpec:
    """The catalog's ``/path`` (``"conditional add"`` names a subcommand)."""
    name, _, sub = path.partition(" ")
    spec = BY_NAME[name]
    if sub:
        found = spec.subcommand(sub)
        assert found is not None, f"/{path} is not described"
        spec = found
    assert spec.description, f"/{path} has no description in the catalog"
    return spec


def about(path: str) -> str:
    """What ``/path`` does, in English, as the catalog says."""
    return _spec(path).description


def about_options(path: str) -> dict[str, str]:
    """Each option of ``/path`` and what it is for, in English, as the catalog says (for
    ``app_commands.describe``)."""
    return {option.name: option.description for option in _spec(path).options}
