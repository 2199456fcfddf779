"""The scripted fake engine (a real subprocess) and its log, for the engine tests."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

FAKE = Path(__file__).with_name("fake_uci.py")


@pytest.fixture
def fake_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The file every fake engine started by the test appends its received lines to."""
    log = tmp_path / "fake_uci.log"
    monkeypatch.setenv("FAKE_UCI_LOG", str(log))
    monkeypatch.setenv("FAKE_UCI_STATE", str(tmp_path / "fake_uci.state"))
    return log


@pytest.fixture
def fake_command(fake_log: Path) -> Callable[[str], tuple[str, ...]]:
    """The command that runs the fake engine in a mode (see fake_uci.py)."""

    def command(mode: str = "normal") -> tuple[str, ...]:
        return (sys.executable, str(FAKE), mode)

    return command
