"""A game with a place in another server (issue 26, club matches between servers): every
row said in the game's place is written once more for that place, delivered to that
server's thread mentioning only the player who acts from there, and a command typed in
that thread means the game."""

from __future__ import annotations

import dataclasses

import pytest

from bot.service import (
    DeliveryTarget,
    GameService,
    ManualClock,
    MovePlayed,
    OfferDeclined,
    Place,
    User,
)
from bot.service.delivery_results import TurnNotice
from bot.service.errors import UnknownGameError
from bot.store import GamePlace, NewPlace, OldBoard, OutboxKind, OutboxState, OutboxTarget, Store
from bot.store.game_places import insert_places
from tests.service.service_helpers import ALICE, BOB, PLACE, play, start_game

OTHER = Place(guild_id=2, channel_id=20)

# The store's new tables and statements (game places, club matches) are reached from these
# tests: they run on PostgreSQL too.
pytestmark = pytest.mark.store


async def _game_in_two_servers(service: GameService, store: Store) -> int:
    """A game of alice's server whose other place, in server 2, is bob's."""
    started = await start_game(service)
    async with store.database.transaction() as conn:
        await insert_places(
            conn, started.game.id, [NewPlace(OTHER.guild_id, OTHER.channel_id, BOB.id)]
        )
    return started.game.id


async def test_a_move_typed_away_is_posted_in_both_places(
    service: GameService, store: Store
) -> None:
    """Alice's move typed away from the game is posted in its own place and in bob's
    server, where only bob is mentioned; each copy has its own nonce."""
    game_id = await _game_in_two_servers(service, store)
    await service.play.move(ALICE, Place(1, 99), "e4", game_id=game_id)
    rows = [
        row
        for row in await service.deliveries.deliveries_of(game_id)
        if row.kind is OutboxKind.TURN and row.target is OutboxTarget.PLACE
    ]
    assert [row.place_id is None for row in rows] == [True, False]
    own, other = rows
    assert own.nonce != other.nonce
    here = await service.deliveries.delivery(own)
    there = await service.deliveries.delivery(other)
    assert here is not None and there is not None
    assert (here.guild_id, here.channel_id) == (PLACE.guild_id, PLACE.channel_id)
    assert (there.guild_id, there.channel_id, there.parent_id) == (2, 20, None)
    assert there.target is DeliveryTarget.PLACE and there.place_id == other.place_id
    assert isinstance(there.content, TurnNotice) and there.content.game.guild_id == 2
    assert [p.id for p in there.mention] == [BOB.id]


async def test_the_other_places_thread_means_the_game(service: GameService, store: Store) -> None:
    """Once the game's thread in bob's server is recorded, bob moves from there without
    naming the game; a thread of nobody's game still finds none."""
    game_id = await _game_in_two_servers(service, store)
    (place,) = await store.game_places.of_game(game_id)
    await service.reports.set_place_thread(place.id, 21)
    await play(service, game_id, "e4")
    played = await service.play.move(BOB, Place(2, 20, 21), "e5")
    assert played.game.id == game_id
    assert await store.game_places.by_thread(21) == GamePlace(place.id, game_id, 2, 20, 21, BOB.id)
    assert await store.game_places.by_thread(22) is None


async def test_a_reminder_for_one_player_is_not_said_in_the_others_place(
    service: GameService, store: Store
) -> None:
    """A row for one player alone (a closed DM's notice) copied to the place of the
    other player is superseded there, not posted where its player cannot see it."""
    game_id = await _game_in_two_servers(service, store)
    await service.play.move(ALICE, Place(1, 99), "e4", game_id=game_id)
    turn = next(
        row
        for row in await service.deliveries.deliveries_of(game_id)
        if row.kind is OutboxKind.TURN and row.place_id is None
    )
    delivery = await service.deliveries.delivery(turn)
    assert delivery is not None
    # Alice's DM refused: the notice in the place, mentioning her, is written for both.
    assert isinstance(delivery.content, TurnNotice)
    alice = delivery.content.game.white
    await service.deliveries.dm_refused(dataclasses.replace(delivery, user=alice), "closed")
    fallbacks = [
        row for row in await service.deliveries.deliveries_of(game_id) if row.routing.dm_fallback
    ]
    assert len(fallbacks) == 2
    copy = next(row for row in fallbacks if row.place_id is not None)
    assert await service.deliveries.delivery(copy) is None
    (kept,) = [row for row in await store.outbox.rows(game_id=game_id) if row.id == copy.id]
    assert kept.state is OutboxState.SUPERSEDED


async def test_the_own_place_pings_nobody_of_the_other_server(
    service: GameService, store: Store
) -> None:
    """Bob acts from server 2: in the game's own place (alice's server) the board after
    alice's move mentions nobody (its copy pings bob in his server), a closed DM's notice
    for him is superseded there and said in his server only, and an answer given in
    alice's server may mention alice only (``players_here``), one in bob's bob only, one
    elsewhere nobody; in a game of one place, anyone."""
    game_id = await _game_in_two_servers(service, store)
    await service.play.move(ALICE, Place(1, 99), "e4", game_id=game_id)
    own = next(
        row
        for row in await service.deliveries.deliveries_of(game_id)
        if row.kind is OutboxKind.TURN and row.place_id is None
    )
    assert own.routing.mention == (BOB.id,)
    here = await service.deliveries.delivery(own)
    assert here is not None and here.mention == ()
    assert isinstance(here.content, TurnNotice)
    bob = here.content.game.black
    await service.deliveries.dm_refused(dataclasses.replace(here, user=bob), "closed")
    fallbacks = [
        row for row in await service.deliveries.deliveries_of(game_id) if row.routing.dm_fallback
    ]
    (in_own,) = [row for row in fallbacks if row.place_id is None]
    (in_his,) = [row for row in fallbacks if row.place_id is not None]
    assert await service.deliveries.delivery(in_own) is None
    states = {r.id: r.state for r in await store.outbox.rows(game_id=game_id)}
    assert states[in_own.id] is OutboxState.SUPERSEDED
    there = await service.deliveries.delivery(in_his)
    assert there is not None and [p.id for p in there.mention] == [BOB.id]

    view = await service.reports.game_view(game_id)
    assert await service.reports.players_here(view, PLACE) == frozenset({ALICE.id})
    assert await service.reports.players_here(view, OTHER) == frozenset({BOB.id})
    assert await service.reports.players_here(view, Place(3, 30)) == frozenset()
    alone = (await start_game(service)).game
    assert await service.reports.players_here(alone, PLACE) is None


async def test_an_offer_and_its_decline_are_said_where_the_answers_did_not_say_them(
    service: GameService, store: Store
) -> None:
    """Alice's draw offer made in the game's own place is its answer there: its row is
    superseded there and delivered, with its buttons, in bob's server; bob's decline
    pressed in his thread is said in the own place and not again in his."""
    game_id = await _game_in_two_servers(service, store)
    (place,) = await store.game_places.of_game(game_id)
    await service.reports.set_place_thread(place.id, 21)
    await service.endings.draw(ALICE, PLACE, game_id=game_id)
    offers = [
        r for r in await service.deliveries.deliveries_of(game_id) if r.kind is OutboxKind.OFFER
    ]
    assert [r.place_id for r in offers] == [None, place.id]
    assert await service.deliveries.delivery(offers[0]) is None
    there = await service.deliveries.delivery(offers[1])
    assert there is not None and (there.guild_id, there.channel_id) == (2, 21)
    assert [b.allowed_user_ids for b in there.content.buttons] == [(BOB.id,), (BOB.id,)]  # type: ignore[union-attr]
    await service.endings.decline_draw(BOB, game_id, place=Place(2, 20, 21))
    rows = await service.deliveries.deliveries_of(game_id)
    declines = [
        r for r in rows if r.kind is OutboxKind.OFFER and r.id not in {o.id for o in offers}
    ]
    assert [r.place_id for r in declines] == [None, place.id]
    here = await service.deliveries.delivery(declines[0])
    assert here is not None and isinstance(here.content, OfferDeclined)
    assert here.content.by.id == BOB.id
    assert await service.deliveries.delivery(declines[1]) is None
    states = {r.id: r.state for r in await store.outbox.rows(game_id=game_id)}
    assert states[offers[0].id] is OutboxState.SUPERSEDED
    assert states[declines[1].id] is OutboxState.SUPERSEDED


async def test_the_game_is_read_where_its_other_place_is(
    service: GameService, store: Store
) -> None:
    """Anyone in bob's server reads the game by number in its thread there or the channel
    it was opened in, and nowhere else there; bob's list of games asked there shows it."""
    game_id = await _game_in_two_servers(service, store)
    (place,) = await store.game_places.of_game(game_id)
    await service.reports.set_place_thread(place.id, 21)
    fan = User(303, "fay")
    for where in (Place(2, 20, 21), Place(2, 20)):
        shown = await service.play.board(fan, where, game_id=game_id)
        assert shown.game.id == game_id
    for where in (Place(2, 22), Place(2, 22, 23), Place(3, 20)):
        with pytest.raises(UnknownGameError):
            await service.play.board(fan, where, game_id=game_id)
    listed = await service.reports.games(BOB, place=Place(2, 22))
    assert [entry.game.id for entry in listed.entries] == [game_id]
    elsewhere = await service.reports.games(BOB, place=Place(3, 30))
    assert elsewhere.entries == ()


async def test_a_board_in_the_other_place_retires_the_one_before_it_there(
    service: GameService, store: Store
) -> None:
    """Each board posted in bob's server is a copy row's: a newer one lists for retiring
    the board the previous copy posted there (its channel and message), never the game's
    own place's; the game's own board is unchanged."""
    game_id = await _game_in_two_servers(service, store)
    (place,) = await store.game_places.of_game(game_id)
    await service.play.move(ALICE, Place(1, 99), "e4", game_id=game_id)
    turns = [
        r for r in await service.deliveries.deliveries_of(game_id) if r.kind is OutboxKind.TURN
    ]
    own, copy = (r for r in turns if r.target is OutboxTarget.PLACE)
    await store.outbox.mark_sent([(own.id, 10, 500), (copy.id, 21, 700)], service.core.now())
    reports = service.reports
    assert await reports.replace_board_message(game_id, 21, 700, place_id=place.id) is None
    old = await reports.replace_board_message(game_id, 21, 701, place_id=place.id)
    assert old == OldBoard(700, game_id, 21)
    record = await store.games.get(game_id)
    assert record is not None and record.message_id is None
    assert [(b.message_id, b.channel_id) for b in await reports.boards_to_retire()] == [(700, 21)]


@pytest.mark.parametrize("as_board", [True, False])
async def test_an_answer_landing_says_whether_rows_wait_behind_it(
    store: Store, clock: ManualClock, as_board: bool
) -> None:
    """A move answered in the game's own place (answers held: the Discord adapter) writes
    its board row claimed for the answer and, in a game between servers, behind it in the
    game's lane, the copy for bob's server, which no sender may take until the answer
    lands. Recording the landed answer (as the place's board, or as any answer) marks its
    row sent and says whether rows wait, so the adapter wakes the sender only then: for
    the copy, not for a game of one place. Before, nothing woke an idle sender for the
    copy, and bob's server saw the move up to a minute late (CI at 9663340)."""
    service = GameService(store, clock, process="p", hold_answers=True)
    now = clock().timestamp()

    async def answered(game_id: int, answering: str, message_id: int) -> bool:
        if not as_board:
            return await service.deliveries.answered(game_id, answering, 10, message_id)
        recorded = await service.reports.answer_board_message(
            game_id, PLACE.channel_id, message_id, answering
        )
        assert recorded.old is None, recorded
        return recorded.waiting

    alone = (await start_game(service)).game.id
    moved = await service.play.move(ALICE, PLACE, "e4", game_id=alone)
    assert isinstance(moved, MovePlayed) and moved.answering is not None
    assert await answered(alone, moved.answering, 400) is False

    game_id = await _game_in_two_servers(service, store)
    moved = await service.play.move(ALICE, PLACE, "e4", game_id=game_id)
    assert isinstance(moved, MovePlayed) and moved.answering is not None
    assert await service.deliveries.claim_deliveries("p", now, 60, 10) == []
    assert await answered(game_id, moved.answering, 500) is True
    (copy,) = await service.deliveries.claim_deliveries("p", now, 60, 10)
    assert copy.place_id is not None and copy.kind is OutboxKind.TURN, copy
