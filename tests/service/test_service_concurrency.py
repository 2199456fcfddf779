"""Races: simultaneous moves and accepts write exactly once."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from service_helpers import ALICE, BOB, CAROL, PLACE, start_game

from bot.service import GameService, MovePlayed, User, errors


async def test_fifty_simultaneous_moves_store_one(service: GameService, db_path: Path) -> None:
    """50 concurrent /move calls on one game store exactly one move; the rest are refused."""
    started = await start_game(service)
    outcomes = await asyncio.gather(
        *(service.move(ALICE, PLACE, "e4") for _ in range(50)), return_exceptions=True
    )
    played = [o for o in outcomes if isinstance(o, MovePlayed)]
    refused = [o for o in outcomes if isinstance(o, errors.UserError)]
    assert len(played) == 1 and len(refused) == 49
    assert all(isinstance(o, errors.GameChangedError | errors.NotYourTurnError) for o in refused)
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute("SELECT ply, uci FROM moves WHERE game_id = ?", (started.game.id,))
        assert rows.fetchall() == [(1, "e2e4")]
        assert conn.execute("SELECT ply FROM games").fetchone() == (1,)


async def test_fifty_different_moves_from_two_services(db_path: Path, service: GameService) -> None:
    """Two services (two connections) racing different moves still store exactly one."""
    from bot.store import Store

    started = await start_game(service)
    other_store = await Store.open(db_path)
    try:
        other = GameService(other_store, service.clock)
        moves = ["e4", "d4", "Nf3", "c4", "g3"] * 10
        calls = [
            (service if index % 2 else other).move(ALICE, PLACE, text)
            for index, text in enumerate(moves)
        ]
        outcomes = await asyncio.gather(*calls, return_exceptions=True)
    finally:
        await other_store.close()
    assert sum(isinstance(o, MovePlayed) for o in outcomes) == 1
    unexpected = [o for o in outcomes if not isinstance(o, MovePlayed | errors.UserError)]
    assert unexpected == []
    with sqlite3.connect(db_path) as conn:
        count = conn.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?", (started.game.id,))
        assert count.fetchone() == (1,)


async def test_two_accepts_make_one_game(service: GameService, db_path: Path) -> None:
    """Two players accepting one open challenge at once start exactly one game."""
    created = await service.challenge(ALICE, PLACE, None)
    outcomes = await asyncio.gather(
        service.accept_challenge(BOB, created.challenge.id),
        service.accept_challenge(CAROL, created.challenge.id),
        *(
            service.accept_challenge(User(1000 + n, f"p{n}"), created.challenge.id)
            for n in range(8)
        ),
        return_exceptions=True,
    )
    started = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(started) == 1
    assert all(isinstance(o, errors.ChallengeClosedError) for o in outcomes if o not in started)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (1,)
