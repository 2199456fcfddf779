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


async def test_only_each_games_newest_old_board_is_retired(db_target: Path | str) -> None:
    """Boards replaced faster than they are retired: each game lists only its newest old
    board, and marking edits done forgets the older ones too (returned), never another
    game's."""
    store = await Store.open(db_target)
    try:
        first, second = await _game(store, None), await _game(store, None)
        for message_id in (100, 200, 300, 400):  # 100-300 become old boards of the first
            await store.boards.replace(first.id, 6, message_id, NOW)
        await store.boards.replace(second.id, 7, 150, NOW)
        await store.boards.replace(second.id, 7, 250, NOW)  # 150 old, the second's only one
        listed = await store.boards.to_retire(10)
        assert sorted(listed, key=lambda b: b.message_id) == [
            OldBoard(150, second.id, 7),
            OldBoard(300, first.id, 6),
        ]
        assert await store.boards.retired(300) == [
            OldBoard(100, first.id, 6),
            OldBoard(200, first.id, 6),
        ]
        assert await store.boards.to_retire(10) == [OldBoard(150, second.id, 7)]
        await store.boards.replace(second.id, 7, 350, NOW)  # 250 old now, newer than 150
        assert await store.boards.retired() == []  # nothing done: nothing written
        assert await store.boards.to_retire(10) == [OldBoard(250, second.id, 7)]
        assert await store.boards.retired(250) == [OldBoard(150, second.id, 7)]
        assert await store.boards.to_retire(10) == []
    finally:
        await store.close()
