"""Shared fixtures for service tests: a real SQLite file, a hand-moved clock, players."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService, GameStarted, ManualClock, Place, User
from bot.store import Store

ALICE = User(101, "alice")
BOB = User(202, "bob")
CAROL = User(303, "carol")
ROBOT = User(909, "robot", is_bot=True)
PLACE = Place(guild_id=1, channel_id=10)


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


async def start_game(
    service: GameService,
    variant: str = "chess",
    *,
    white: User = ALICE,
    black: User = BOB,
    place: Place = PLACE,
    days: int = 3,
    rated: bool | None = None,
    fen: str | None = None,
) -> GameStarted:
    """A game between ``white`` and ``black``: challenged by white, accepted by black."""
    created = await service.challenge(
        white, place, black, game=variant, color="white", days=days, rated=rated, fen=fen
    )
    return await service.accept_challenge(black, created.challenge.id)


async def play(service: GameService, game_id: int, *moves: str) -> None:
    """Play ``moves`` alternately, each by whoever is to move."""
    for text in moves:
        view = await service.game_view(game_id)
        assert view.to_move is not None, f"game over before {text}"
        mover = (
            ALICE if view.to_move.id == ALICE.id else BOB if view.to_move.id == BOB.id else CAROL
        )
        await service.move(mover, None, text, game_id=game_id)


def snapshot(path: Path) -> list[str]:
    """Every row of the database as SQL, to compare before and after a refused action."""
    with sqlite3.connect(path) as conn:
        return list(conn.iterdump())
