"""Long games: replayed off the event loop, moves at any length read no stored moves, the
replay cache kept within its memory budget."""

from __future__ import annotations

import asyncio
import functools
import random
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

import rules
from bot.service import GameService, ManualClock, MovePlayed, Place, User, errors, replaying
from bot.service.replays import ReplayCache, estimated_size
from bot.store import Store
from bot.text.endings import move_played_text
from rules.xiangqi import XiangqiPosition
from tests.dbtools import connect
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, start_game

OTHER_PLACE = Place(guild_id=1, channel_id=11)
# A long game: past the length replayed in a worker thread (what is proved at any length;
# making the game takes seconds per thousand plies, so it is made once, at this length).
LONG = 1_000
assert LONG > replaying._REPLAY_IN_THREAD_PLIES


@functools.cache
def wandering_game(plies: int, seed: int = 15) -> tuple[str, ...]:
    """A xiangqi game of ``plies`` moves, captures only when nothing else will do, that never
    repeats a position three times nor leaves a side without moves: legal under the rules
    before the move limit."""
    rng = random.Random(seed)
    game = rules.Game("xiangqi")
    ucis = []
    while game.ply < plies:
        position = game.position
        moves = list(position.legal_moves())
        rng.shuffle(moves)
        moves.sort(key=position.is_capture)  # quiet moves first: captures end games
        for move in moves:
            after = game.extended([move])
            if after.position.legal_moves() and after.outcome() in (None, SIXTY_MOVES):
                break
        else:
            raise AssertionError("the wandering game got stuck")
        ucis.append(position.uci(move))
        game = after
    return tuple(ucis)


SIXTY_MOVES = rules.Outcome(rules.Termination.SIXTY_MOVES, None)


def store_long_game(
    db_path: Path, game_id: int, ucis: Sequence[str], fen: str | None = None
) -> None:
    """Give the game these stored moves, as a game played before the move limit could have
    them (written straight into the file, as the bot would find it after a restart)."""
    game = rules.Game.replay("xiangqi", fen, ucis)
    with connect(db_path) as conn:
        conn.executemany(
            "INSERT INTO moves (game_id, ply, uci, san, played_at, version) "
            "VALUES (?, ?, ?, ?, 0, ?)",
            [(game_id, ply, uci, uci, ply) for ply, uci in enumerate(ucis, start=1)],
        )
        # The game's version at least each move's, as the store writes them.
        conn.execute(
            "UPDATE games SET ply = ?, fen = ?, to_move_id = white_id, version = version + ? "
            "WHERE id = ?",
            (len(ucis), game.position.fen(), len(ucis), game_id),
        )


async def test_a_long_replay_leaves_the_event_loop_free(
    db_path: Path, clock: ManualClock, monkeypatch: object
) -> None:
    """While a long game is replayed after a restart, another player's move is played
    and answered: the replay runs in a worker thread, the event loop keeps serving."""
    first = GameService(await Store.open(db_path), clock)
    try:
        long_game = await start_game(first, "xiangqi")
        other = await start_game(first, white=CAROL, black=BOB, place=OTHER_PLACE)
    finally:
        await first.core.store.close()
    store_long_game(db_path, long_game.game.id, wandering_game(LONG))

    halfway = threading.Event()  # the replay is half done ...
    answered = threading.Event()  # ... and waits (at most 60 s) for the other move's answer
    order: list[str] = []
    real_play = XiangqiPosition.play
    calls = 0

    def play_and_wait_halfway(position: XiangqiPosition, move: rules.Move) -> XiangqiPosition:
        nonlocal calls
        calls += 1
        if calls == LONG // 2:
            halfway.set()
            if not answered.wait(60):
                order.append("replay waited in vain: the event loop was blocked")
        return real_play(position, move)

    service = GameService(await Store.open(db_path), clock)  # a restart: nothing cached
    try:
        setattr(XiangqiPosition, "play", play_and_wait_halfway)  # noqa: B010

        async def long_game_board() -> None:
            await service.play.board(ALICE, None, game_id=long_game.game.id)
            order.append("long game replayed")

        async def other_players_move() -> None:
            while not halfway.is_set():
                await asyncio.sleep(0.001)
            played = await service.play.move(CAROL, None, "e4", game_id=other.game.id)
            assert isinstance(played, MovePlayed)
            order.append("other move answered")
            answered.set()

        await asyncio.wait_for(asyncio.gather(long_game_board(), other_players_move()), 120)
    finally:
        setattr(XiangqiPosition, "play", real_play)  # noqa: B010
        await service.core.store.close()
    assert order == ["other move answered", "long game replayed"]


async def test_a_long_game_asked_for_many_times_at_once_is_replayed_once(
    db_path: Path, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forty GIFs and boards of one long game asked at once after a restart replay it once
    (they used to replay it forty times over in the shared worker threads, where every other
    board then waited); a caller cancelled meanwhile leaves the replay to the others."""
    first = GameService(await Store.open(db_path), clock)
    try:
        long_game = await start_game(first, "xiangqi")
    finally:
        await first.core.store.close()
    store_long_game(db_path, long_game.game.id, wandering_game(LONG))
    replays: list[int] = []
    real_extended = rules.Game.extended

    def counted(game: rules.Game, ucis: list[str]) -> rules.Game:
        replays.append(len(ucis))
        return real_extended(game, ucis)

    monkeypatch.setattr(rules.Game, "extended", counted)
    service = GameService(await Store.open(db_path), clock)  # a restart: nothing cached
    try:
        game_id = long_game.game.id
        impatient = asyncio.create_task(service.play.board(ALICE, None, game_id=game_id))
        gifs = asyncio.gather(
            *(
                service.after_game.animation(ALICE, None, game_id=game_id, frame_ms=200 + n)
                for n in range(20)
            )
        )
        boards = asyncio.gather(
            *(service.play.board(BOB, None, game_id=game_id) for _ in range(20))
        )
        await asyncio.sleep(0)
        impatient.cancel()
        plies = [gif.plies for gif in await asyncio.wait_for(gifs, 60)]
        plies += [shown.game.ply for shown in await asyncio.wait_for(boards, 60)]
    finally:
        await service.core.store.close()
    assert replays == [LONG] and plies == [LONG] * 40


async def test_a_move_in_a_cached_game_reads_no_stored_moves(service: GameService) -> None:
    """Once a game is replayed, each move reads no stored move, however long the game: the
    cache is checked against the game's version. A write beside the moves (the board message)
    costs no read either: the game's row is read with its last move's version."""
    started = await start_game(service)
    game_id = started.game.id
    await play(service, game_id, "e4", "e5", "Nf3", "Nc6")
    games = service.core.store.games
    read: list[int] = []
    real_line = games.move_line

    async def counting_line(
        game: int, *, from_ply: int = 1, to_ply: int | None = None
    ) -> list[object]:
        found = await real_line(game, from_ply=from_ply, to_ply=to_ply)
        read.append(len(found))
        return found  # type: ignore[return-value]

    games.move_line = counting_line  # type: ignore[method-assign,assignment]
    await play(service, game_id, "Bb5", "a6", "Ba4", "Nf6")
    assert read == []
    await service.reports.set_game_message(game_id, 12345)  # raises the version, not the moves
    await play(service, game_id, "O-O")
    assert read == []  # the last cached move's version came with the game's row
    view = await service.reports.game_view(game_id)
    assert view.ply == 9


async def test_the_replay_cache_stays_within_its_budget(store: Store, clock: ManualClock) -> None:
    """With a budget for about three games, playing in ten keeps the estimate under it and
    the most recently used games in it; an evicted game is replayed correctly."""
    probe = rules.Game("chess").play("e4").play("e5")
    budget = 3 * estimated_size(probe) + 100
    service = GameService(store, clock, replay_cache_bytes=budget)
    ids = []
    for number in range(10):
        white, black = User(1000 + number, f"w{number}"), User(2000 + number, f"b{number}")
        started = await start_game(
            service, white=white, black=black, place=Place(guild_id=1, channel_id=100 + number)
        )
        ids.append(started.game.id)
        await service.play.move(white, None, "e4", game_id=started.game.id)
        await service.play.move(black, None, "e5", game_id=started.game.id)
        cache: ReplayCache = service.core.replays.cache
        assert cache.size <= budget
    assert len(cache) == 3
    board = await service.play.board(User(1000, "w0"), None, game_id=ids[0])  # evicted long ago
    assert board.board.position.fen() == probe.position.fen()


def test_a_game_larger_than_the_budget_is_not_kept() -> None:
    """An entry bigger than the whole budget is refused rather than emptying the cache."""
    cache = ReplayCache(budget_bytes=100)
    cache.put(1, rules.Game("chess"), start_fen="startpos", version=1, move_version=None)
    assert len(cache) == 0 and cache.size == 0


async def test_takeback_in_a_cached_game_replays_what_is_stored(service: GameService) -> None:
    """After a takeback and a different move, the game shown is the stored one."""
    started = await start_game(service)
    game_id = started.game.id
    await play(service, game_id, "e4", "e5")
    await service.endings.takeback(BOB, PLACE, game_id=game_id)
    await service.endings.accept_takeback(ALICE, game_id)
    await play(service, game_id, "c5")
    board = await service.play.board(ALICE, None, game_id=game_id)
    assert board.board.position.fen() == rules.Game("chess").play("e4").play("c5").position.fen()


async def test_sixty_moves_without_a_capture_end_a_xiangqi_game(service: GameService) -> None:
    """The move completing 60 moves by each side without a capture ends the game in a draw,
    said in words; the result is stored."""
    started = await start_game(service, "xiangqi", fen="4k4/9/9/9/9/9/9/9/R8/3K5 w - - 119 1")
    played = await service.play.move(ALICE, None, "a1a2", game_id=started.game.id)
    assert isinstance(played, MovePlayed) and played.ending is not None
    assert played.ending.result == "1/2-1/2"
    assert played.ending.termination == "sixty_moves"
    assert "Draw — 60 moves by each side without a capture" in move_played_text(played)
    view = await service.reports.game_view(started.game.id)
    assert not view.active and view.termination == "sixty_moves"


async def test_a_game_stored_past_the_move_limit_ends_by_it(
    service: GameService, clock: ManualClock, db_path: Path
) -> None:
    """A xiangqi game stored before the move limit, already past it, still loads; a move in
    it is refused as the game is over, and at its deadline it ends as the rules say — a draw
    by the move limit — not as a loss on time."""
    fen = "1nr1k1rn1/9/9/9/9/9/9/9/9/1NRK2RN1 w - - 118 1"
    started = await start_game(service, "xiangqi", fen=fen)
    store_long_game(db_path, started.game.id, ["b0c2", "b9c7", "c2b0", "c7b9"], fen)
    board = await service.play.board(ALICE, None, game_id=started.game.id)
    assert board.game.ply == 4
    with pytest.raises(errors.GameOverError):
        await service.play.move(ALICE, None, "b0c2", game_id=started.game.id)
    view = await service.reports.game_view(started.game.id)
    assert view.to_move is not None
    clock.advance(days=4)
    report = await service.deadlines.expire_overdue()
    assert [ended.ending.termination for ended in report.ended] == ["sixty_moves"]
    assert report.ended[0].ending.result == "1/2-1/2"
