"""The seated read's last moves (``SeatedGame.recent``) and a move's write that builds the
line under the board from them instead of reading it back, on both databases."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.store import GameRecord, MoveWrite, Store
from bot.store.game_rows import RECENT_PLIES
from bot.store.records import PreparedAnswer, RecentMove, SeatedGame
from tests.dbtools import snapshot
from tests.store.test_store_database import NOW
from tests.store.test_store_database import _game as _new_game

# Six moves of a real opening (uci, san), played alternately by alice (1) and bob (2).
OPENING = [
    ("e2e4", "e4"),
    ("e7e5", "e5"),
    ("g1f3", "Nf3"),
    ("b8c6", "Nc6"),
    ("f1b5", "Bb5"),
    ("a7a6", "a6"),
]


async def _game(store: Store) -> GameRecord:
    game: GameRecord = await _new_game(store)
    return game


async def _seated(store: Store, game_id: int) -> SeatedGame:
    seated = await store.games.seated(game_id, NOW)
    assert seated is not None
    return seated


async def _play(
    store: Store,
    seated: SeatedGame,
    uci: str,
    san: str,
    *,
    answers: tuple[PreparedAnswer, ...] = (),
    chinese: str | None = None,
    before: tuple[RecentMove, ...] | None = None,
) -> tuple[RecentMove, ...]:
    """Play ``uci`` for whoever is to move in ``seated``'s game; the line after it."""
    game = seated.game
    assert game.to_move_id is not None
    move = PreparedAnswer(uci, san, game.to_move_id, chinese)
    written = await store.games.play_move(
        MoveWrite(
            game, move, "after " + uci, NOW, NOW + timedelta(days=3), answers=answers,
            before=seated.recent if before is None else before,
        )
    )  # fmt: skip
    assert written.ok
    return written.recent


async def test_the_seated_read_brings_the_last_moves_oldest_first(db_target: Path | str) -> None:
    """A new game has none (and no last move's version); after each move the read has the
    last ``RECENT_PLIES - 1`` moves, oldest first, the last one's version as ``get``'s."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
        seated = await _seated(store, game.id)
        assert seated.recent == () and seated.game.last_move_version is None
        for number, (uci, san) in enumerate(OPENING, start=1):
            await _play(store, seated, uci, san)
            seated = await _seated(store, game.id)
            first = max(1, number - (RECENT_PLIES - 2))
            expected = tuple(RecentMove(ply, *OPENING[ply - 1]) for ply in range(first, number + 1))
            assert seated.recent == expected
            plain = await store.games.get(game.id)
            assert plain is not None and plain.last_move_version is not None
            assert seated.game.last_move_version == plain.last_move_version
    finally:
        await store.close()


async def test_the_line_a_move_writes_is_the_line_read_back(db_target: Path | str) -> None:
    """Built from the read's moves, the line after a move (and after prepared answers that
    push older moves out) is what the database holds, Chinese names included."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
        seated = await _seated(store, game.id)
        for uci, san in OPENING[:4]:
            line = await _play(store, seated, uci, san, chinese="炮二平五")
            seated = await _seated(store, game.id)
            assert line == await store.games.recent_moves(game.id, RECENT_PLIES)
        # One move and two prepared answers: eight plies in all, the line keeps six.
        answers = (
            PreparedAnswer("a7a6", "a6", 2, None),
            PreparedAnswer("b5a4", "Ba4", 1, None),
        )
        line = await _play(store, seated, "f1b5", "Bb5", answers=answers)
        assert [move.ply for move in line] == list(range(2, 8))
        assert line == await store.games.recent_moves(game.id, RECENT_PLIES)
        assert line[0].chinese == "炮二平五" and line[-1] == RecentMove(7, "b5a4", "Ba4")
    finally:
        await store.close()


async def test_last_moves_of_another_state_are_refused_and_nothing_is_written(
    db_target: Path | str,
) -> None:
    """Moves that do not end at the game's ply (or miss some the line needs) were read at
    another state of the game: ``ValueError``, and the database is as it was."""
    store = await Store.open(db_target)
    try:
        game = await _game(store)
        seated = await _seated(store, game.id)
        for uci, san in OPENING[:3]:
            await _play(store, seated, uci, san)
            seated = await _seated(store, game.id)
        before = snapshot(db_target)
        for stale in (seated.recent[:-1], seated.recent[1:2], ()):
            with pytest.raises(ValueError, match=f"game #{game.id}'s last at ply 3"):
                await _play(store, seated, "f8c5", "Bc5", before=stale)
        assert snapshot(db_target) == before
    finally:
        await store.close()
