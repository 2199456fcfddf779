"""Durability: a process killed with SIGKILL at random moments never corrupts a game."""

from __future__ import annotations

import asyncio
import os
import random
import select
import signal
import sqlite3
import time
from pathlib import Path

import pytest

import rules
from bot.service import GameService, MovePlayed
from bot.store import Store
from tests.service.durability_worker import ACTIVE_GAMES, PLACE, PLAYERS, play_forever

# About the database (races, processes, sizes, migrations): runs on PostgreSQL too.
pytestmark = pytest.mark.store

KILLS = 20
# A worker gets this long to start, and to store each move the test waits for.
WORKER_TIMEOUT = 30.0


def _run_worker(db_path: Path, seed: int, *, wait: bool = True) -> tuple[int, int]:
    """Fork a worker playing random games; return its pid and the end of its pipe (once it
    is playing if ``wait``, else at once, so a kill may land while it opens or migrates the
    database). Close the pipe after the kill."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: play until killed
        os.close(read_fd)
        try:
            asyncio.run(play_forever(db_path, write_fd, seed))
        finally:
            os._exit(1)
    os.close(write_fd)
    if wait:
        ready, _, _ = select.select([read_fd], [], [], WORKER_TIMEOUT)
        assert ready, "the worker did not start"
        assert os.read(read_fd, len(b"ready\n")) == b"ready\n"
    return pid, read_fd


def _wait_for_moves(pipe: int, count: int) -> None:
    """Wait until the worker has stored ``count`` more moves (one ``m`` each on its pipe)."""
    seen = 0
    while seen < count:
        ready, _, _ = select.select([pipe], [], [], WORKER_TIMEOUT)
        assert ready, f"the worker stored {seen} of {count} moves"
        said = os.read(pipe, count - seen)
        assert said, "the worker died"
        seen += said.count(b"m")


def _check_consistent(db_path: Path) -> tuple[int, int]:
    """Integrity is ok and every game's moves are contiguous and replay to its cached FEN.
    Returns (games, moves)."""
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        games = conn.execute("SELECT id, variant, start_fen, ply, fen FROM games").fetchall()
        total = 0
        for game_id, variant, start_fen, ply, fen in games:
            moves = conn.execute(
                "SELECT ply, uci FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
            ).fetchall()
            assert [number for number, _ in moves] == list(range(1, ply + 1)), game_id
            game = rules.Game(variant, start_fen)
            for _, uci in moves:
                game = game.play(uci)
            assert game.position.fen() == fen, game_id
            total += len(moves)
    return len(games), total


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_sigkill_at_random_moments_keeps_games_whole(tmp_path: Path) -> None:
    """Killed 20 times mid-play, the database stays whole and the games go on."""
    db_path = tmp_path / "durable.db"
    rng = random.Random(20261121)
    asyncio.run(_start_games(db_path))
    for kill in range(KILLS):
        # Every fourth worker dies while starting up (opening the database); the rest
        # mid-play: after a few moves stored (counted, not timed, so a loaded machine still
        # sees progress), at a random moment of what follows.
        playing = kill % 4 != 0
        pid, pipe = _run_worker(db_path, seed=kill, wait=playing)
        if playing:
            _wait_for_moves(pipe, rng.randint(1, 4))
        time.sleep(rng.uniform(0.0, 0.05))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        os.close(pipe)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        _check_consistent(db_path)
    asyncio.run(_continue_every_game(db_path))


async def _start_games(db_path: Path) -> None:
    """The games the workers play (they start more as games end)."""
    store = await Store.open(db_path)
    try:
        service = GameService(store)
        for number in range(ACTIVE_GAMES):
            white, black = PLAYERS[number % 3], PLAYERS[3 + number % 3]
            variant = "xiangqi" if number % 2 else "chess"
            created = await service.challenges.challenge(white, PLACE, black, game=variant)
            await service.challenges.accept_challenge(black, created.challenge.id)
    finally:
        await store.close()


async def _continue_every_game(db_path: Path) -> None:
    """After the crashes a fresh service plays one more move in every active game."""
    store = await Store.open(db_path)
    try:
        service = GameService(store)
        by_id = {user.id: user for user in PLAYERS}
        active = {g.id: g for u in PLAYERS for g in await store.games.active_for_player(u.id)}
        assert active
        for record in active.values():
            assert record.to_move_id is not None
            mover = by_id[record.to_move_id]
            board = await service.play.board(mover, None, game_id=record.id)
            move = board.board.position.legal_moves()[0]
            played = await service.play.move(
                mover, None, board.board.position.uci(move), game_id=record.id
            )
            assert isinstance(played, MovePlayed) and played.game.ply == record.ply + 1
    finally:
        await store.close()
    _check_consistent(db_path)
