"""Races: simultaneous moves and accepts write exactly once."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import GameService, MovePlayed, OfferMade, User, errors
from tests.dbtools import connect
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, start_game

# About the database (races, processes, sizes, migrations): runs on PostgreSQL too.
pytestmark = pytest.mark.store


async def test_fifty_simultaneous_moves_store_one(service: GameService, db_path: Path) -> None:
    """50 concurrent /move calls on one game store exactly one move; the rest are refused."""
    started = await start_game(service)
    outcomes = await asyncio.gather(
        *(service.play.move(ALICE, PLACE, "e4") for _ in range(50)), return_exceptions=True
    )
    played = [o for o in outcomes if isinstance(o, MovePlayed)]
    refused = [o for o in outcomes if isinstance(o, errors.UserError)]
    assert len(played) == 1 and len(refused) == 49
    assert all(isinstance(o, errors.GameChangedError | errors.NotYourTurnError) for o in refused), {
        (type(o).__name__, str(o)[:60]) for o in refused
    }
    with connect(db_path) as conn:
        rows = conn.execute("SELECT ply, uci FROM moves WHERE game_id = ?", (started.game.id,))
        assert rows.fetchall() == [(1, "e2e4")]
        assert conn.execute("SELECT ply FROM games").fetchone() == (1,)


async def test_fifty_different_moves_from_two_services(db_path: Path, service: GameService) -> None:
    """Two services (two connections) racing different moves still store exactly one."""
    from bot.store import Store

    started = await start_game(service)
    other_store = await Store.open(db_path)
    try:
        other = GameService(other_store, service.core.clock)
        moves = ["e4", "d4", "Nf3", "c4", "g3"] * 10
        calls = [
            (service if index % 2 else other).play.move(ALICE, PLACE, text)
            for index, text in enumerate(moves)
        ]
        outcomes = await asyncio.gather(*calls, return_exceptions=True)
    finally:
        await other_store.close()
    assert sum(isinstance(o, MovePlayed) for o in outcomes) == 1
    unexpected = [o for o in outcomes if not isinstance(o, MovePlayed | errors.UserError)]
    assert unexpected == []
    with connect(db_path) as conn:
        count = conn.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?", (started.game.id,))
        assert count.fetchone() == (1,)


async def test_two_accepts_make_one_game(service: GameService, db_path: Path) -> None:
    """Two players accepting one open challenge at once start exactly one game."""
    created = await service.challenges.challenge(ALICE, PLACE, None)
    outcomes = await asyncio.gather(
        service.challenges.accept_challenge(BOB, created.challenge.id),
        service.challenges.accept_challenge(CAROL, created.challenge.id),
        *(
            service.challenges.accept_challenge(User(1000 + n, f"p{n}"), created.challenge.id)
            for n in range(8)
        ),
        return_exceptions=True,
    )
    started = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(started) == 1
    assert all(isinstance(o, errors.ChallengeClosedError) for o in outcomes if o not in started)
    with connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (1,)


async def test_move_checked_before_a_takeback_is_not_stored(
    service: GameService, db_path: Path
) -> None:
    """Bob's move is checked at ply 3; before it is written, alice's takeback is granted and
    she plays Qh5+ (ply 3 again, bob to move again). The stale g5 would leave bob's king in
    check: its write must be refused, and the stored moves must replay to a legal game."""
    import rules

    started = await start_game(service)
    game_id = started.game.id
    for mover, text in ((ALICE, "e4"), (BOB, "f6"), (ALICE, "d4")):
        await service.play.move(mover, None, text, game_id=game_id)
    await service.endings.takeback(ALICE, None, game_id=game_id)
    games = service.core.store.games
    original = games.play_move
    interleaved = False

    async def takeback_wins_the_race(*args: object, **kwargs: object) -> object:
        nonlocal interleaved
        if not interleaved:  # bob's g5, already checked against the position after d4
            interleaved = True
            await service.endings.accept_takeback(BOB, game_id)
            await service.play.move(ALICE, None, "Qh5+", game_id=game_id)
        return await original(*args, **kwargs)  # type: ignore[arg-type]

    games.play_move = takeback_wins_the_race  # type: ignore[method-assign,assignment]
    try:
        try:
            await service.play.move(BOB, None, "g5", game_id=game_id)
        except errors.GameChangedError:
            pass
        else:
            raise AssertionError("the stale move was stored")
    finally:
        games.play_move = original  # type: ignore[method-assign]
    assert interleaved
    with connect(db_path) as conn:
        stored = [row[0] for row in conn.execute("SELECT uci FROM moves ORDER BY ply")]
    assert stored == ["e2e4", "f7f6", "d1h5"]
    game = rules.Game("chess")
    for uci in stored:
        game = game.play(uci)
    assert game.position.is_check()
    view = await service.reports.game_view(game_id)
    assert view.ply == 3 and view.to_move is not None and view.to_move.id == BOB.id


@contextlib.contextmanager
def placement_recorded_before(
    service: GameService, game_id: int, write: str
) -> Iterator[list[bool]]:
    """While active, the first call of the store's games ``write`` is preceded by the adapter
    recording the game's thread and board message (each raises the game's version). Yields a
    list that holds True once that happened."""
    games = service.core.store.games
    original = getattr(games, write)
    crossed: list[bool] = []

    async def placement_first(*args: object, **kwargs: object) -> object:
        if not crossed:
            crossed.append(True)
            await service.reports.set_game_thread(game_id, 4242)
            await service.reports.set_game_message(game_id, 4343)
        return await original(*args, **kwargs)

    setattr(games, write, placement_first)
    try:
        yield crossed
    finally:
        setattr(games, write, original)


async def test_an_ending_crossing_the_games_thread_being_recorded_still_ends(
    service: GameService,
) -> None:
    """Recording the game's thread and board message raises the version; a resignation
    checked before that is tried again against the fresh game instead of being refused."""
    game_id = (await start_game(service)).game.id
    await play(service, game_id, "e4", "e5")  # two plies: a resignation, not an abort
    with placement_recorded_before(service, game_id, "finish") as crossed:
        ended = await service.endings.confirm_resign(ALICE, game_id)
    assert crossed and ended.ending.termination == "resignation"
    assert not (await service.reports.game_view(game_id)).active


async def test_a_draw_offer_crossing_the_games_board_message_being_recorded_still_stands(
    service: GameService,
) -> None:
    """An offer checked before the adapter recorded the game's thread and board message
    (right after the start) is tried again against the fresh game, not refused."""
    game_id = (await start_game(service)).game.id
    with placement_recorded_before(service, game_id, "make_offer") as crossed:
        offered = await service.endings.draw(ALICE, None, game_id=game_id)
    assert crossed
    assert isinstance(offered, OfferMade)
    assert [offer.kind.value for offer in await service.core.store.games.offers(game_id)] == [
        "draw"
    ]


async def test_more_time_crossing_the_games_board_message_being_recorded_is_given(
    service: GameService,
) -> None:
    """/moretime checked before the adapter recorded the game's board message (a board an
    outbox row just posted) is tried again against the fresh game, not refused."""
    game_id = (await start_game(service)).game.id
    await play(service, game_id, "e4")
    before = await service.core.store.games.get(game_id)
    assert before is not None and before.deadline_at is not None
    with placement_recorded_before(service, game_id, "set_deadline") as crossed:
        given = await service.deadlines.moretime(ALICE, None, 2, game_id=game_id)
    assert crossed and given.days == 2
    after = await service.core.store.games.get(game_id)
    assert after is not None and after.deadline_at == before.deadline_at + timedelta(days=2)
