"""The docs' command list is the catalog's (issue 24.3: each command described once, with
its name, feeding Discord, the console and the docs)."""

from __future__ import annotations

from pathlib import Path

from bot.service.catalog import COMMANDS
from bot.service.tournament.facts import MAX_PLAYERS
from tests.script_tools import load_tool

ROOT = Path(__file__).resolve().parents[1]


def test_the_docs_list_every_command_as_the_catalog_describes_it() -> None:
    """docs/playing.md's list is what tools/command_list.py writes from the catalog: run
    ``python tools/command_list.py`` after changing a command."""
    tool = load_tool("command_list")
    doc = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    assert tool.written(doc) == doc
    for spec in COMMANDS:
        if not spec.console_only:
            assert f"| `/{spec.name}" in doc and spec.description in doc, spec.name


def test_every_slash_command_and_option_has_a_description() -> None:
    """Discord requires one (1 to 100 characters): the catalog has each."""
    for spec in COMMANDS:
        if spec.console_only:
            continue
        for described in (spec, *spec.subcommands):
            assert described.description, described.name
            for option in described.options:
                assert option.description, f"/{spec.name} {option.name}"


def test_the_check_refuses_a_list_that_drifted() -> None:
    tool = load_tool("command_list")
    doc = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    drifted = doc.replace("| Show the current board of a game |", "| Shows a board |")
    assert drifted != doc
    assert tool.written(drifted) == doc


def test_the_tournament_section_says_what_is_not_offered_as_it_is() -> None:
    """Its "not yet" and "not offered" lines follow the code: a sign-up deadline exists
    (``/tournament create deadline``), groups do not, and a round robin stops where
    ``MAX_PLAYERS`` says, a Swiss taking the bigger fields."""
    doc = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    section = doc.split("### Tournaments", 1)[1].split("\n### ", 1)[0]
    tournament = next(spec for spec in COMMANDS if spec.name == "tournament")
    create = next(sub for sub in tournament.subcommands if sub.name == "create")
    assert "deadline" in {option.name for option in create.options}
    assert "Not yet: a sign-up deadline" not in section
    assert "Not offered: groups" in section
    assert f"A round robin stops at {MAX_PLAYERS}" in section
    assert "use a Swiss" in section
