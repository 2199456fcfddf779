"""games.version: raised by every write to a game's row, never repeated, guarding writes."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.store import GameEnding, GameRecord, MoveWrite, OfferKind, PreparedAnswer, Store
from tests.dbtools import connect, snapshot
from tests.store.test_store_database import NOW, START
from tests.store.test_store_database import _game as _new_game


async def _game(store: Store) -> GameRecord:
    game: GameRecord = await _new_game(store)
    return game


async def _current(store: Store, game_id: int) -> GameRecord:
    record = await store.games.get(game_id)
    assert record is not None
    return record


async def _move(store: Store, game: GameRecord, uci: str, mover: int) -> bool:
    move = PreparedAnswer(uci, uci, mover)
    written = await store.games.play_move(
        MoveWrite(game, move, "after " + uci, NOW, NOW + timedelta(days=3))
    )
    return written.ok


async def test_every_write_raises_the_version(db_target: Path | str) -> None:
    """Moves, offers, takebacks, deadlines, messages, threads and endings each leave the game
    at a higher version than before; none comes back to an earlier one."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
        seen = [game.version]

        async def step() -> GameRecord:
            record = await _current(store, game.id)
            assert record.version > seen[-1], "a write left the version where it was"
            seen.append(record.version)
            return record

        assert await _move(store, game, "e2e4", 1)
        record = await step()
        assert await _move(store, record, "e7e5", 2)
        record = await step()
        assert await store.games.make_offer(record, OfferKind.TAKEBACK, 2, NOW)
        assert (await _current(store, game.id)).version == record.version  # offers: own rows
        written = await store.games.take_back(
            record, plies=1, fen="back", to_move_id=2, requester_id=2, now=NOW,
            deadline_at=NOW + timedelta(days=3),
        )  # fmt: skip
        assert written.ok
        record = await step()
        assert written.version == record.version
        assert record.ply == 1  # the ply came back; the version did not
        assert await store.games.set_deadline(record, NOW + timedelta(days=9))
        record = await step()
        await store.games.set_message(game.id, 777)
        record = await step()
        await store.games.set_thread(game.id, 888)
        record = await step()
        ended = await store.games.finish(record, GameEnding("1-0", "resignation"), NOW, None)
        assert ended.ok
        record = await step()
        assert ended.version == record.version
        assert len(set(seen)) == len(seen)
    finally:
        await store.close()


async def test_any_update_of_the_row_raises_the_version(db_target: Path | str) -> None:
    """An UPDATE that does not mention the version (code outside the store, a hand fix)
    still raises it, so no write can slip under the guard (a trigger on both dialects)."""
    path = db_target
    store = await Store.open(path)
    try:
        game = await _game(store)
    finally:
        await store.close()
    with connect(path) as conn:
        conn.execute("UPDATE games SET message_id = 5 WHERE id = ?", (game.id,))
        conn.execute("UPDATE games SET message_id = 6 WHERE id = ?", (game.id,))
        version = conn.execute("SELECT version FROM games WHERE id = ?", (game.id,)).fetchone()
    assert version == (game.version + 2,)


async def test_writes_against_an_old_version_are_refused(db_target: Path | str) -> None:
    """After a takeback brings the ply back, every write made against the record read before
    it (same ply, same player to move) is refused and changes nothing."""
    path = db_target
    store = await Store.open(path)
    try:
        game = await _game(store)
        assert await _move(store, game, "e2e4", 1)
        at_one = await _current(store, game.id)
        assert await store.games.make_offer(at_one, OfferKind.TAKEBACK, 1, NOW)
        assert await _move(store, at_one, "e7e5", 2) is True
        at_two = await _current(store, game.id)
        assert await store.games.make_offer(at_two, OfferKind.TAKEBACK, 2, NOW)
        taken = await store.games.take_back(
            at_two, plies=1, fen="after e2e4", to_move_id=2, requester_id=2, now=NOW,
            deadline_at=NOW + timedelta(days=3),
        )  # fmt: skip
        assert taken.ok
        now_at_one = await _current(store, game.id)
        assert (now_at_one.ply, now_at_one.to_move_id) == (at_one.ply, at_one.to_move_id)
        before = snapshot(path)
        # at_one is stale although its ply and player to move match the game again.
        assert not await _move(store, at_one, "c7c5", 2)
        assert not await store.games.set_deadline(at_one, NOW + timedelta(days=30))
        assert not await store.games.make_offer(at_one, OfferKind.DRAW, 2, NOW)
        assert not (await store.games.finish(at_one, GameEnding("0-1", "x"), NOW, None)).ok
        stale_takeback = await store.games.take_back(
            at_one, plies=1, fen="start", to_move_id=1, requester_id=1, now=NOW,
            deadline_at=NOW + timedelta(days=3),
        )  # fmt: skip
        assert not stale_takeback.ok
        assert snapshot(path) == before
        # The fresh record still writes.
        assert await _move(store, now_at_one, "c7c5", 2)
    finally:
        await store.close()


async def test_moves_carry_the_version_they_were_written_at(db_target: Path | str) -> None:
    """A move taken back and played again is a different row: its version differs."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
        assert await _move(store, game, "e2e4", 1)
        record = await _current(store, game.id)
        first = (await store.games.moves(game.id))[0]
        assert first.version == record.version
        assert await store.games.make_offer(record, OfferKind.TAKEBACK, 1, NOW)
        taken = await store.games.take_back(
            record, plies=1, fen=START, to_move_id=1, requester_id=1, now=NOW,
            deadline_at=NOW + timedelta(days=3),
        )  # fmt: skip
        assert taken.ok
        assert await _move(store, await _current(store, game.id), "e2e4", 1)
        again = (await store.games.moves(game.id))[0]
        assert (again.ply, again.uci) == (first.ply, first.uci)
        assert again.version > first.version
        assert await store.games.moves(game.id, from_ply=2) == []
    finally:
        await store.close()
