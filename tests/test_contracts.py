"""The contracts other code relies on are written down in the repository (docs/CONTRACTS.md),
and what points to them points there, not to a file that is not shipped."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from bot.render import render_board
from rules.__main__ import main as rules_main

ROOT = Path(__file__).resolve().parents[1]
CONTRACTS = ROOT / "docs" / "CONTRACTS.md"
SHIPPED = ("rules", "bot", "tests", "benchmarks", "docs")


def test_every_document_referred_to_is_in_the_repository() -> None:
    """Code, tests and docs mention only Markdown files that exist in the repository."""
    mentioned = re.compile(r"[\w/.-]*\b[A-Z][A-Z_]+\.md\b")
    missing = set()
    for folder in SHIPPED:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".md") or path == Path(__file__).resolve():
                continue
            for name in mentioned.findall(path.read_text(encoding="utf-8")):
                if not (ROOT / name).exists() and not (path.parent / name).exists():
                    missing.add(f"{path.relative_to(ROOT)}: {name}")
    assert not missing, sorted(missing)


def test_every_relative_link_in_the_documents_leads_to_a_file() -> None:
    """README.md and every page under docs/ and benchmarks/ link only to files that exist,
    relative to the page (the README was split into docs/: a link moved with its text)."""
    link = re.compile(r"\]\(([^)\s]+)\)")
    pages = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), ROOT / "benchmarks" / "README.md"]
    broken = []
    for page in pages:
        for target in link.findall(page.read_text(encoding="utf-8")):
            path = target.split("#", 1)[0]
            if not path or re.match(r"^[a-z]+:", path):
                continue
            if not (page.parent / path).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken


def test_rules_cli_help_points_to_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m rules --help` names docs/CONTRACTS.md, which describes every command."""
    with pytest.raises(SystemExit) as done:
        rules_main(["--help"])
    assert done.value.code == 0
    assert "docs/CONTRACTS.md" in " ".join(capsys.readouterr().out.split())
    text = CONTRACTS.read_text(encoding="utf-8")
    for command in ("perft FEN DEPTH", "legal [--variant V] [--san]", "game [--variant V]"):
        assert command in text


def test_renderer_contract_names_every_parameter() -> None:
    """Each parameter of render_board, with its default, is in the written contract."""
    text = " ".join(CONTRACTS.read_text(encoding="utf-8").split())
    for name, parameter in inspect.signature(render_board).parameters.items():
        if parameter.default is inspect.Parameter.empty:
            assert name in text
        else:
            assert f"{name}={parameter.default!r}" in text, (
                f"render_board's {name}= is not in docs/CONTRACTS.md: document it there"
            )
