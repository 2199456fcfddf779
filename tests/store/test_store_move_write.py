"""A move's write as one value (``MoveWrite``): the move, the prepared answers it sets off,
the offers it makes lapse, the ending and its ratings and the outbox rows, written by
``store.games.play_move`` in one version-guarded transaction, on both databases."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from pathlib import Path

import pytest

from bot.store import (
    EndingFacts,
    GameEnding,
    GameStatus,
    MoveWrite,
    OfferKind,
    OutboxItem,
    OutboxKind,
    OutboxTarget,
    PreparedAnswer,
    RatingUpdate,
    Store,
)
from tests.dbtools import snapshot
from tests.store.test_store_database import NOW
from tests.store.test_store_races import plus_one
from tests.store.test_store_version import _current, _game

ALICE, BOB = 1, 2  # white and black of ``_new_game``
DEADLINE = NOW + timedelta(days=3)
# The fool's mate: alice's f3 and g4, bob's e5 and Qh4#.
F3 = PreparedAnswer("f2f3", "f3", ALICE)
E5 = PreparedAnswer("e7e5", "e5", BOB)
G4 = PreparedAnswer("g2g4", "g4", ALICE)
MATE = PreparedAnswer("d8h4", "Qh4#", BOB)


def _notice(game_id: int, ratings: RatingUpdate | None) -> list[OutboxItem]:
    """The ending's message, carrying the ratings the write changed."""
    facts = EndingFacts(ratings=(ratings.white_after.rating,) if ratings else None)
    return [OutboxItem(OutboxTarget.PLACE, facts, game_id)]


async def test_a_move_and_its_answers_that_end_the_game_are_one_write(
    db_target: Path | str,
) -> None:
    """alice's g4 sets off bob's prepared Qh4#: both moves stored with their versions, the
    game ended and rated, the ending's message carrying the new ratings, bob's prepared
    lines dropped — all from one value."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
        for move in (F3, E5):
            written = await store.games.play_move(
                MoveWrite(await _current(store, game.id), move, "fen", NOW, DEADLINE)
            )
            assert written.ok
        game = await _current(store, game.id)
        assert await store.conditionals.add_line(game, BOB, ["g2g4", "d8h4"], NOW) == 2
        game = await _current(store, game.id)
        write = MoveWrite(
            game,
            G4,
            "mated",
            NOW,
            None,
            answers=(MATE,),
            ending=GameEnding("0-1", "checkmate"),
            rate=plus_one,
            outbox=lambda ratings: _notice(game.id, ratings),
        )
        written = await store.games.play_move(write)
        assert written.ok and written.ratings is not None
        assert written.ratings.black_after.games == 1
        after = await _current(store, game.id)
        assert (after.status, after.result, after.ply, after.fen) == (
            GameStatus.FINISHED,
            "0-1",
            4,
            "mated",
        )
        assert after.version == written.version
        moves = await store.games.moves(game.id)
        assert [(m.uci, m.version) for m in moves[2:]] == [
            ("g2g4", game.version + 1),
            ("d8h4", written.version),
        ]
        assert [m.san for m in written.recent] == ["f3", "e5", "g4", "Qh4#"]
        rows = await store.outbox.rows(game_id=game.id)
        assert [(r.kind, r.facts) for r in rows] == [
            (OutboxKind.ENDING, EndingFacts(ratings=(1501.0,)))
        ]
        assert await store.conditionals.tree(game.id) == []
        assert await store.ratings.get(5, "chess", BOB) is not None
    finally:
        await store.close()


async def test_a_move_makes_the_opponents_offers_and_any_takeback_lapse(
    db_target: Path | str,
) -> None:
    """bob's draw offer and alice's own takeback request lapse when alice moves (and the
    write says so); alice's own draw offer stands through her move."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
        assert await store.games.make_offer(game, OfferKind.DRAW, BOB, NOW)
        assert await store.games.make_offer(game, OfferKind.TAKEBACK, ALICE, NOW)
        written = await store.games.play_move(MoveWrite(game, F3, "fen", NOW, DEADLINE))
        assert written.lapsed == (OfferKind.DRAW, OfferKind.TAKEBACK)
        assert await store.games.offers(game.id) == []
        game = await _current(store, game.id)
        assert await store.games.make_offer(game, OfferKind.DRAW, BOB, NOW)
        written = await store.games.play_move(MoveWrite(game, E5, "fen", NOW, DEADLINE))
        assert written.ok and written.lapsed == ()
        assert [o.kind for o in await store.games.offers(game.id)] == [OfferKind.DRAW]
    finally:
        await store.close()


@pytest.mark.parametrize("ending", [None, GameEnding("0-1", "checkmate")])
async def test_a_stale_move_write_changes_nothing(
    db_target: Path | str, ending: GameEnding | None
) -> None:
    """A value built from a game that has moved on since (its version) is refused whole:
    neither the move, its answer, its outbox rows nor the ending are written."""
    store = await Store.open(db_target)
    try:
        stale = await _game(store)
        current = await _current(store, stale.id)
        assert await store.conditionals.add_line(current, BOB, ["f2f3"], NOW) == 1
        before = snapshot(db_target)
        item = OutboxItem(OutboxTarget.PLACE, EndingFacts(), stale.id)
        write = MoveWrite(stale, F3, "fen", NOW, DEADLINE, answers=(E5,), outbox=[item])
        written = await store.games.play_move(
            write if ending is None else MoveWrite(stale, F3, "fen", NOW, None, ending=ending)
        )
        assert not written.ok
        assert snapshot(db_target) == before
    finally:
        await store.close()


async def test_a_move_write_refuses_answers_out_of_turn_and_a_stale_line(
    db_target: Path | str,
) -> None:
    """An answer by the player who just moved, or last moves that do not end at the game's
    ply, are refused when the value is made (the write would fail or be wrong)."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
    finally:
        await store.close()
    with pytest.raises(ValueError, match=f"does not reply to f2f3 in game #{game.id}"):
        MoveWrite(game, F3, "fen", NOW, DEADLINE, answers=(G4,))
    with pytest.raises(ValueError, match="last at ply 2"):
        MoveWrite(dataclasses.replace(game, ply=2), F3, "fen", NOW, DEADLINE, before=())
