"""/analyse with the real engines (Stockfish, Fairy-Stockfish from /usr/games): the known
blunders of short games are found with the engine's better move, and the figures make sense.
Skipped where an engine is not installed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.engine.pool import EnginePool
from bot.service import GameService, ManualClock
from bot.service.analysis_report import GameAnalysis
from bot.service.judgement import Judgement
from bot.store import Store
from rules import Color, Game
from tests.service.service_helpers import ALICE, BOB, PLACE, play, start_game

# A small budget keeps the tests quick; these blunders show at any depth.
TEST_NODES = 20_000


def pool_or_skip(variant: str) -> EnginePool:
    pool = EnginePool.from_settings(None, None, 2)
    if not pool.available(variant):
        pytest.skip(f"no {variant} engine installed")
    return pool


async def analysed(
    store: Store, pool: EnginePool, variant: str, moves: tuple[str, ...]
) -> GameAnalysis:
    service = GameService(store, ManualClock(), engines=pool)
    service.analysis.nodes = TEST_NODES
    game_id = (await start_game(service, variant)).game.id
    await play(service, game_id, *moves)
    view = await service.reports.game_view(game_id)
    if view.active:
        await service.endings.confirm_resign(ALICE if view.to_move == view.white else BOB, game_id)
    await service.analysis.analyse(ALICE, PLACE, game_id=game_id)
    return await service.analysis.follow(ALICE, game_id)


async def test_stockfish_finds_the_scholars_mate_blunder(store: Store) -> None:
    """3...Nf6?? allows Qxf7#: Stockfish marks it a blunder, offers a move that stops the
    mate, sees mate in 1 after it, and gives black the lower accuracy."""
    pool = pool_or_skip("chess")
    try:
        result = await analysed(
            store, pool, "chess", ("e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#")
        )
    finally:
        await pool.close()
    blunder = result.moves[5]
    assert blunder.played == "Nf6" and blunder.judgement is Judgement.BLUNDER
    assert blunder.best in {"g6", "Qe7", "Qf6", "Nh6", "Nd4"}
    assert result.evaluations[6].mate == 1  # white to mate in one, white's view
    assert result.critical == blunder and result.critical.mover is Color.BLACK
    assert result.black.blunders == 1 and result.white.blunders == 0
    assert result.white.accuracy is not None and result.black.accuracy is not None
    assert result.white.accuracy > 80 > result.black.accuracy
    text = " ".join(result.record.split())
    assert f"3... Nf6?? {{[%eval #1]}} (3... {blunder.best} " in text
    assert text.endswith(") 4. Qxf7# 1-0")


async def test_fairy_stockfish_finds_a_hanging_cannon(store: Store) -> None:
    """2... h7h0?? leaves black's cannon to red's chariot: Fairy-Stockfish calls it a blunder
    (or at least a mistake), and the record is the xiangqi dialect with [%eval] comments."""
    pool = pool_or_skip("xiangqi")
    moves = ("h2e2", "h9g7", "h0g2", "h7h0", "i0h0")
    try:
        result = await analysed(store, pool, "xiangqi", moves)
    finally:
        await pool.close()
    assert len(result.evaluations) == len(moves) + 1
    assert result.record.count("[%eval") == len(moves)
    assert "H7-H0" in result.record  # ICCS, the project's xiangqi record
    hanging = result.moves[3]
    assert hanging.mover is Color.BLACK
    assert hanging.judgement in {Judgement.MISTAKE, Judgement.BLUNDER}
    assert hanging.best is not None and result.critical == hanging


def seeded_moves(variant: str, plies: int, seed: int) -> tuple[str, ...]:
    """``plies`` random legal moves from the start (seeded), leaving the game running."""
    rng = random.Random(seed)
    while True:
        game = Game(variant)
        for _ in range(plies):
            if game.outcome() is not None:
                break
            game = game.play(rng.choice(list(game.position.legal_moves())))
        if game.ply == plies and game.outcome() is None:
            return tuple(game.uci_moves())


@pytest.mark.parametrize("variant", ["chess", "xiangqi"])
async def test_the_same_game_analysed_in_two_fresh_databases_reads_the_same(
    tmp_path: Path, variant: str
) -> None:
    """Analysis is reproducible: two pools and two databases, two positions at a time on
    two processes each, give the same evaluations, judgements, figures and record (the
    engines search a node budget on one thread from a cleared hash)."""
    moves = seeded_moves(variant, 24, seed=7)
    results = []
    for name in ("first", "second"):
        pool = pool_or_skip(variant)
        store = await Store.open(tmp_path / f"{name}.db")
        try:
            results.append(await analysed(store, pool, variant, moves))
        finally:
            await store.close()
            await pool.close()
    first, second = results
    assert first.evaluations == second.evaluations
    assert first.moves == second.moves
    assert (first.white, first.black) == (second.white, second.black)
    assert first.record == second.record


async def test_stockfish_analyses_a_chess960_game(store: Store) -> None:
    """A Chess960 game (start 195, castling both ways) is analysed by Stockfish with
    UCI_Chess960: an evaluation a position, and the record keeps its variant and start."""
    pool = pool_or_skip("chess960")
    try:
        service = GameService(store, ManualClock(), engines=pool)
        service.analysis.nodes = TEST_NODES
        created = await service.challenges.challenge(
            ALICE, PLACE, BOB, game="chess960", color="white", position=195
        )
        game_id = (await service.challenges.accept_challenge(BOB, created.challenge.id)).game.id
        await play(service, game_id, "Ne3", "Nd6", "O-O", "O-O-O")
        await service.endings.confirm_resign(ALICE, game_id)
        await service.analysis.analyse(ALICE, PLACE, game_id=game_id)
        result = await service.analysis.follow(ALICE, game_id)
    finally:
        await pool.close()
    assert len(result.evaluations) == 5
    assert '[Variant "Chess960"]' in result.record and "2. O-O" in result.record


async def test_fairy_stockfish_analyses_a_janggi_game(store: Store) -> None:
    """A janggi game ended by two passes is analysed by Fairy-Stockfish (UCI_Variant janggi):
    an evaluation a position, the annotated record is janggi's PGN."""
    pool = pool_or_skip("janggi")
    try:
        service = GameService(store, ManualClock(), engines=pool)
        service.analysis.nodes = TEST_NODES
        created = await service.challenges.challenge(ALICE, PLACE, BOB, game="janggi", color="cho")
        game_id = (await service.challenges.accept_challenge(BOB, created.challenge.id)).game.id
        await play(service, game_id, "79졸78", "c7c6", "e2e2", "e9e9")
        await service.analysis.analyse(ALICE, PLACE, game_id=game_id)
        result = await service.analysis.follow(ALICE, game_id)
    finally:
        await pool.close()
    assert len(result.evaluations) == 5
    assert '[Variant "janggi"]' in result.record and "1. Pih4" in result.record
