"""The pool with the real engines: Stockfish for chess, Fairy-Stockfish for xiangqi.

``.ci/run`` installs both (Debian's stockfish and fairy-stockfish packages), so CI runs these;
elsewhere a missing engine skips its tests, saying how to install it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.engine.api import Budget, Score, SearchRequest
from bot.engine.coordinates import from_engine
from bot.engine.pool import EnginePool
from bot.engine.programs import engine_command, locate
from bot.engine.uci import UciEngine
from rules import Game, get_variant

STOCKFISH = locate(engine_command("chess", None))
FAIRY = locate(engine_command("xiangqi", None))
needs_stockfish = pytest.mark.skipif(
    STOCKFISH is None, reason="Stockfish missing: apt-get install stockfish"
)
needs_fairy = pytest.mark.skipif(
    FAIRY is None, reason="Fairy-Stockfish missing: apt-get install fairy-stockfish"
)
XIANGQI_START = get_variant("xiangqi").start_fen
# Positions with pieces far apart on every rank, so the moves compared below reach rank 0
# and rank 9 (Fairy-Stockfish's 1 and 10), both palaces and the river.
XIANGQI_POSITIONS = (
    XIANGQI_START,
    "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 3",
    "3k5/4a4/4b4/9/2R6/9/9/4B4/4A4/2c1K4 w - - 0 1",
    "3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1",
)


@pytest.fixture
async def pool() -> AsyncIterator[EnginePool]:
    engines = EnginePool.from_settings(None, None, 2)
    yield engines
    await engines.close()


@needs_stockfish
async def test_stockfish_finds_a_mate_in_one(pool: EnginePool) -> None:
    fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
    try:
        result = await pool.search(SearchRequest("chess", fen, (), Budget(depth=8)))
    finally:
        await pool.close()
    assert result.best_move == "a1a8"
    assert result.score == Score(mate=1)
    assert result.depth >= 1


@needs_stockfish
async def test_stockfish_plays_chess960_castling_as_the_king_taking_its_rook(
    pool: EnginePool,
) -> None:
    """With ``UCI_Chess960`` on, Stockfish finds the mate that only castling gives (O-O-O:
    king b1 to c1, rook a1 to d1) and writes it as Postal does, the king taking its rook."""
    fen = "2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1"
    try:
        result = await pool.search(SearchRequest("chess960", fen, (), Budget(depth=6)))
    finally:
        await pool.close()
    assert result.best_move == "b1a1"
    assert result.score == Score(mate=1)
    game = Game(get_variant("chess960"), get_variant("chess960").from_fen(fen)).play("b1a1")
    assert game.outcome() is not None  # mate by Postal's rules too


@needs_stockfish
async def test_stockfish_reports_being_mated_from_the_side_to_move(pool: EnginePool) -> None:
    # black's one move, Kb8, is met by Rh8#: mate in one against the side to move
    fen = "k7/8/1K6/8/8/8/8/7R b - - 0 1"
    try:
        result = await pool.search(SearchRequest("chess", fen, (), Budget(depth=8)))
    finally:
        await pool.close()
    assert result.best_move == "a8b8"
    assert result.score == Score(mate=-1)
    assert result.pv == ("a8b8", "h1h8")


@needs_stockfish
async def test_stockfish_plays_every_level_and_the_pv_is_legal(pool: EnginePool) -> None:
    moves = ("e2e4", "e7e5", "g1f3")
    try:
        for level in range(1, 9):
            result = await pool.search(
                SearchRequest(
                    "chess",
                    get_variant("chess").start_fen,
                    moves,
                    Budget(movetime_ms=50),
                    level=level,
                )
            )
            game = Game("chess").extended(moves).extended(result.pv)
            assert result.pv[0] == result.best_move
            assert len(game.moves) == len(moves) + len(result.pv)
    finally:
        await pool.close()


@needs_fairy
async def test_fairy_stockfish_plays_xiangqi_in_iccs(pool: EnginePool) -> None:
    try:
        result = await pool.search(
            SearchRequest("xiangqi", XIANGQI_START, ("h2e2",), Budget(depth=8), level=None)
        )
    finally:
        await pool.close()
    game = Game("xiangqi").extended(("h2e2", *result.pv))
    assert game.moves[1] == game.start.variant.start().play(game.moves[0]).parse_move(
        result.best_move
    )
    assert len(result.pv) >= 2
    assert result.score.centipawns is not None


@needs_fairy
async def test_fairy_stockfish_finds_a_xiangqi_mate(pool: EnginePool) -> None:
    # a mate in one (b7b9 or b7d7): a8's chariot holds rank 8, the red general the e-file
    fen = "3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1"
    try:
        result = await pool.search(SearchRequest("xiangqi", fen, (), Budget(depth=6)))
    finally:
        await pool.close()
    after = Game("xiangqi", fen).play(result.best_move)
    assert result.best_move in ("b7b9", "b7d7")
    assert result.score == Score(mate=1)
    assert after.outcome() is not None


@needs_fairy
@pytest.mark.parametrize("fen", XIANGQI_POSITIONS)
async def test_fairy_stockfish_s_moves_are_postal_s_moves(fen: str) -> None:
    """Every legal move Fairy-Stockfish lists (``go perft 1``), converted, is one of Postal's
    legal moves and the other way round: the conversion holds on every square they reach."""
    assert FAIRY is not None
    engine = await UciEngine.start(FAIRY)
    try:
        engine.set_option("UCI_Variant", "xiangqi")
        await engine.ready(10)
        engine._send(f"position fen {fen}")
        engine._send("go perft 1")
        deadline = asyncio.get_running_loop().time() + 10
        listed = []
        while True:
            line = await engine._read_line(deadline)
            if line.startswith("Nodes searched"):
                break
            if ":" in line:
                listed.append(line.split(":")[0].strip())
    finally:
        await engine.close()
    position = get_variant("xiangqi").from_fen(fen)
    postal = sorted(position.uci(move) for move in position.legal_moves())
    assert sorted(from_engine("xiangqi", move) for move in listed) == postal
    assert postal


JANGGI_START = get_variant("janggi").start_fen


@needs_fairy
async def test_fairy_stockfish_plays_janggi_in_postal_s_coordinates(pool: EnginePool) -> None:
    """Fairy-Stockfish (UCI_Variant janggi) answers from the start after Cho's soldier move
    and a Han reply on rank 10: its best move and line are legal janggi moves for Postal."""
    try:
        result = await pool.search(
            SearchRequest("janggi", JANGGI_START, ("i4h4", "a10a9"), Budget(depth=6), level=None)
        )
    finally:
        await pool.close()
    game = Game("janggi").extended(("i4h4", "a10a9", *result.pv))
    assert game.position is not None and len(result.pv) >= 2
    assert result.best_move == game.start.variant.from_fen(
        Game("janggi").extended(("i4h4", "a10a9")).position.fen()
    ).uci(game.moves[2])
    assert result.score.centipawns is not None or result.score.mate is not None
