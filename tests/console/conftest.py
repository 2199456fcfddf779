"""Fixtures for the console tests."""

from __future__ import annotations

import pytest

from bot.store import ConfirmMoves, confirmations


@pytest.fixture(autouse=True)
def moves_unconfirmed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The consoles run in this process play moves at once, as if each player had turned
    Confirm moves off: most tests are not about confirming. The tests of confirming ask for
    ``confirming`` (the shipped default: on). (A console in its own process gets its
    players' choice written first: ``tests.console.unconfirmed``.)"""
    monkeypatch.setattr(confirmations, "DEFAULT_CONFIRM", ConfirmMoves.NEVER)


@pytest.fixture
def confirming(monkeypatch: pytest.MonkeyPatch) -> None:
    """Confirm moves as shipped: on unless a player turns it off."""
    monkeypatch.setattr(confirmations, "DEFAULT_CONFIRM", ConfirmMoves.ALWAYS)
