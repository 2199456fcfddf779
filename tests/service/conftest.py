"""Fixtures for service tests: a real database (an SQLite file, or PostgreSQL under
``--db postgresql``), a hand-moved clock, the service."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock
from bot.store import Store
from tests.dbtools import from_template


@pytest.fixture
def db_path(db_target: Path | str) -> Path | str:
    """The database's file, or its URL on PostgreSQL (``Store.open`` takes either)."""
    return db_target


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def store(db_path: Path | str, sqlite_template: Path) -> AsyncIterator[Store]:
    """The store, opened on a copy of the migrated template (``tests.dbtools``)."""
    opened = await Store.open(from_template(db_path, sqlite_template))
    yield opened
    await opened.close()


@pytest.fixture
def service(store: Store, clock: ManualClock) -> GameService:
    return GameService(store, clock)
