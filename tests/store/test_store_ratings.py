"""Ratings read many at once (``Ratings.get_many``: a club match's start ranks each side
by them), on both databases: the same ratings one read each gives, none for a player
never rated in that game on that server, a statement a part of ``PLAYERS_A_READ``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.store import Store
from bot.store import ratings as ratings_module
from bot.store.ratings import write_rating
from bot.store.records import Rating

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


@pytest.fixture
async def store(db_target: Path | str) -> AsyncIterator[Store]:
    opened = await Store.open(db_target)
    for player in range(1, 6):
        await opened.players.ensure(player, f"p{player}", False, NOW)
    async with opened.database.transaction() as conn:
        for player in (1, 2, 4):
            rating = Rating(1400.0 + 100 * player, 80.0, 0.06, player)
            await write_rating(conn, 5, "chess", player, rating, NOW)
        await write_rating(conn, 5, "xiangqi", 3, Rating(1900.0, 80.0, 0.06, 1), NOW)
        await write_rating(conn, 6, "chess", 5, Rating(2000.0, 80.0, 0.06, 1), NOW)
    yield opened
    await opened.close()


async def test_many_ratings_are_those_read_one_by_one(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Players 1-5 in server 5's chess: 1, 2 and 4 rated as read one by one; 3 (rated in
    xiangqi only) and 5 (in another server only) absent; the same in parts of two."""
    players = [4, 1, 2, 3, 5, 1]
    one_by_one = {p: await store.ratings.get(5, "chess", p) for p in players}
    expected = {p: rating for p, rating in one_by_one.items() if rating is not None}
    assert sorted(expected) == [1, 2, 4]
    assert await store.ratings.get_many(5, "chess", players) == expected
    monkeypatch.setattr(ratings_module, "PLAYERS_A_READ", 2)
    assert await store.ratings.get_many(5, "chess", players) == expected
    assert await store.ratings.get_many(5, "chess", []) == {}
