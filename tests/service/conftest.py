"""Fixtures for service tests: a real SQLite file, a hand-moved clock, the service."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock
from bot.store import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "postal.db"


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
def service(store: Store, clock: ManualClock) -> GameService:
    return GameService(store, clock)
