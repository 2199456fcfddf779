"""Offers that go unanswered lose their buttons in every place of their game (issue 26): a
move that makes them lapse, a takeback, and an ending (one game, a batch of time-outs, a
final move) write an ``OFFER_CLOSED`` row for each offer they drop, in the game's own place
and in each of its other places, in the same write and after the write's own rows; on both
databases."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.store import (
    BatchEnding,
    EndingFacts,
    GameEnding,
    GameRecord,
    MoveWrite,
    NewPlace,
    OfferClosedFacts,
    OfferKind,
    OutboxItem,
    OutboxKind,
    OutboxRow,
    OutboxTarget,
    Store,
)
from bot.store.game_places import insert_places
from bot.store.outbox_facts import encode
from tests.store.test_store_database import NOW
from tests.store.test_store_move_write import ALICE, BOB, DEADLINE, E5, F3, G4, MATE
from tests.store.test_store_version import _current, _game

ENDING = EndingFacts(ratings=None)


async def _in_two_places(store: Store) -> GameRecord:
    """alice and bob's game, with a place more in another server (bob's)."""
    game: GameRecord = await _game(store)
    async with store.database.transaction() as conn:
        await insert_places(conn, game.id, [NewPlace(guild_id=9, channel_id=90, player_id=BOB)])
    return game


def _closed(rows: list[OutboxRow]) -> list[tuple[object, bool]]:
    """The ``OFFER_CLOSED`` rows: their facts, and whether they are said in another place."""
    return [(r.facts, r.place_id is not None) for r in rows if r.kind is OutboxKind.OFFER_CLOSED]


def _everywhere(*facts: OfferClosedFacts) -> list[tuple[object, bool]]:
    """Each of ``facts`` in the game's own place, then each in its other place."""
    own: list[tuple[object, bool]] = [(f, False) for f in facts]
    return own + [(f, True) for f in facts]


async def test_a_move_closes_the_offers_it_makes_lapse_in_each_place(
    db_target: Path | str,
) -> None:
    """alice's move makes bob's draw offer and her own takeback request lapse: both are
    closed in her game's own place and in bob's, after the move's own row; the rows' facts
    are stored as the outbox writes any row's."""
    store = await Store.open(db_target)
    try:
        game = await _in_two_places(store)
        assert await store.games.make_offer(game, OfferKind.DRAW, BOB, NOW)
        assert await store.games.make_offer(game, OfferKind.TAKEBACK, ALICE, NOW)
        turn = OutboxItem(OutboxTarget.PLACE, ENDING, game.id)  # any row of the move's
        written = await store.games.play_move(
            MoveWrite(game, F3, "fen", NOW, DEADLINE, outbox=(turn,))
        )
        assert written.lapsed == (OfferKind.DRAW, OfferKind.TAKEBACK)
        rows = await store.outbox.rows(game_id=game.id)
        draw, takeback = OfferClosedFacts("draw", BOB, 0), OfferClosedFacts("takeback", ALICE, 0)
        assert sorted(_closed(rows), key=repr) == sorted(_everywhere(draw, takeback), key=repr)
        assert [r.kind for r in rows[:2]] == [OutboxKind.ENDING] * 2  # own place, then bob's
        stored = await store.database.fetch(
            "SELECT facts FROM outbox WHERE kind = 'offer_closed' AND place_id IS NULL "
            "ORDER BY facts"
        )
        assert [row[0] for row in stored] == sorted([encode(draw), encode(takeback)])
        assert await store.games.offers(game.id) == []
    finally:
        await store.close()


async def test_a_move_and_its_prepared_answer_close_both_players_offers(
    db_target: Path | str,
) -> None:
    """bob's prepared e5 answers alice's f3 in the same write: bob's draw offer lapses by
    her move, hers by his answer; alice's own offer would have stood through her move."""
    store = await Store.open(db_target)
    try:
        game = await _in_two_places(store)
        assert await store.games.make_offer(game, OfferKind.DRAW, ALICE, NOW)
        assert await store.games.make_offer(game, OfferKind.PAUSE, BOB, NOW, days=2)
        write = MoveWrite(game, F3, "fen", NOW, DEADLINE, answers=(E5,))
        assert (await store.games.play_move(write)).lapsed == (OfferKind.DRAW, OfferKind.PAUSE)
        rows = await store.outbox.rows(game_id=game.id)
        closed = [OfferClosedFacts("draw", ALICE, 0), OfferClosedFacts("pause", BOB, 0)]
        assert sorted(_closed(rows), key=repr) == sorted(_everywhere(*closed), key=repr)
    finally:
        await store.close()


async def test_an_ending_closes_the_offers_still_pending(db_target: Path | str) -> None:
    """A resignation with bob's pause request and alice's draw offer pending: both are
    closed in both places, after the ending's rows."""
    store = await Store.open(db_target)
    try:
        game = await _in_two_places(store)
        assert await store.games.make_offer(game, OfferKind.PAUSE, BOB, NOW, days=2)
        assert await store.games.make_offer(game, OfferKind.DRAW, ALICE, NOW)
        ending = [OutboxItem(OutboxTarget.PLACE, ENDING, game.id)]
        written = await store.games.finish(
            game, GameEnding("0-1", "resignation"), NOW, None, outbox=ending
        )
        assert written.ok
        rows = await store.outbox.rows(game_id=game.id)
        assert [r.kind for r in rows[:2]] == [OutboxKind.ENDING] * 2
        closed = [OfferClosedFacts("draw", ALICE, 0), OfferClosedFacts("pause", BOB, 0)]
        assert sorted(_closed(rows), key=repr) == sorted(_everywhere(*closed), key=repr)
        assert await store.games.offers(game.id) == []
    finally:
        await store.close()


async def test_a_batch_of_time_outs_closes_each_games_offers(db_target: Path | str) -> None:
    """Two games timed out at once: each game's pending offer is closed in its own place,
    and a game without one gets no such row."""
    store = await Store.open(db_target)
    try:
        games = [await _game(store) for _ in range(3)]
        assert await store.games.make_offer(games[0], OfferKind.DRAW, BOB, NOW)
        assert await store.games.make_offer(games[2], OfferKind.TAKEBACK, ALICE, NOW)
        endings = [BatchEnding(g, GameEnding("0-1", "timeout"), None) for g in games]
        assert len(await store.games.finish_many(endings, NOW)) == 3
        closed = [_closed(await store.outbox.rows(game_id=g.id)) for g in games]
        assert closed == [
            [(OfferClosedFacts("draw", BOB, 0), False)],
            [],
            [(OfferClosedFacts("takeback", ALICE, 0), False)],
        ]
    finally:
        await store.close()


async def test_a_mating_move_closes_every_offer(db_target: Path | str) -> None:
    """bob's Qh4# makes alice's pause request lapse; his own draw offer, which stands
    through his move, goes with the game's end: both closed."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
        for move in (F3, E5, G4):
            game = await _current(store, game.id)
            assert (await store.games.play_move(MoveWrite(game, move, "f", NOW, DEADLINE))).ok
        game = await _current(store, game.id)
        assert await store.games.make_offer(game, OfferKind.PAUSE, ALICE, NOW, days=2)
        assert await store.games.make_offer(game, OfferKind.DRAW, BOB, NOW)
        write = MoveWrite(game, MATE, "mated", NOW, None, ending=GameEnding("0-1", "checkmate"))
        written = await store.games.play_move(write)
        assert written.ok and written.lapsed == (OfferKind.PAUSE,)
        rows = await store.outbox.rows(game_id=game.id)
        pause, draw = OfferClosedFacts("pause", ALICE, 3), OfferClosedFacts("draw", BOB, 3)
        assert _closed(rows) == [(pause, False), (draw, False)]
    finally:
        await store.close()


async def test_a_takeback_closes_the_other_offers(db_target: Path | str) -> None:
    """alice grants bob's takeback with her own draw offer pending: the draw offer, about
    a position the takeback undid, is closed (the takeback's own is the service's)."""
    store = await Store.open(db_target)
    try:
        game = await _in_two_places(store)
        assert (await store.games.play_move(MoveWrite(game, F3, "f", NOW, DEADLINE))).ok
        game = await _current(store, game.id)
        assert (await store.games.play_move(MoveWrite(game, E5, "f", NOW, DEADLINE))).ok
        game = await _current(store, game.id)
        assert await store.games.make_offer(game, OfferKind.TAKEBACK, BOB, NOW)
        assert await store.games.make_offer(game, OfferKind.DRAW, ALICE, NOW)
        written = await store.games.take_back(
            game, plies=1, fen="back", to_move_id=BOB, requester_id=BOB, now=NOW,
            deadline_at=NOW + timedelta(days=3),
        )  # fmt: skip
        assert written.ok
        rows = await store.outbox.rows(game_id=game.id)
        assert _closed(rows) == _everywhere(OfferClosedFacts("draw", ALICE, 2))
    finally:
        await store.close()
