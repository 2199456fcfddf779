"""A game's board messages: recording the newest keeps the one it replaces to retire."""

from __future__ import annotations

from pathlib import Path

from bot.store import OldBoard, Store
from tests.store.test_store_database import NOW, _game


async def test_replacing_a_board_keeps_the_old_one_until_retired(db_target: Path | str) -> None:
    """The first board replaces nothing; the next one lists the first to retire, across a
    reopening of the database, until it is marked retired; the same id twice is no change."""
    path = db_target
    store = await Store.open(path)
    try:
        game = await _game(store, None)
        assert await store.boards.replace(game.id, 6, 100, NOW) is None
        assert await store.boards.replace(game.id, 6, 100, NOW) is None
        old = await store.boards.replace(game.id, 6, 200, NOW)
        assert old == OldBoard(100, game.id, 6)
        current = await store.games.get(game.id)
        assert current is not None and current.message_id == 200
    finally:
        await store.close()
    store = await Store.open(path)
    try:
        assert await store.boards.to_retire(10) == [OldBoard(100, game.id, 6)]
        await store.boards.retired(100)
        assert await store.boards.to_retire(10) == []
    finally:
        await store.close()
