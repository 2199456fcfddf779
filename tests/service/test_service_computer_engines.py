"""Playing the computer with the real engines (Stockfish, Fairy-Stockfish) through the pool:
the same service path as the scripted engine's tests, with real replies. ``.ci/run``
installs both; elsewhere a missing engine skips its test, saying how to install it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

import rules
from bot.engine.pool import EnginePool
from bot.engine.programs import engine_command, locate
from bot.service import GameService, ManualClock, MovePlayed, User
from bot.service.computer_queue import ReplyQueue
from bot.store import Store
from rules.chess960 import start_fen
from tests.service.service_helpers import ALICE, PLACE

POSTAL = User(999, "Postal", is_bot=True)
needs_stockfish = pytest.mark.skipif(
    locate(engine_command("chess", None)) is None,
    reason="Stockfish missing: apt-get install stockfish",
)
needs_fairy = pytest.mark.skipif(
    locate(engine_command("xiangqi", None)) is None,
    reason="Fairy-Stockfish missing: apt-get install fairy-stockfish",
)


@pytest.fixture
async def pool() -> AsyncIterator[EnginePool]:
    engines = EnginePool.from_settings(None, None, 2)
    yield engines
    await engines.close()


@pytest.fixture
def service(store: Store, clock: ManualClock, pool: EnginePool) -> GameService:
    made = GameService(store, clock, engines=pool)
    made.computer.introduce(POSTAL)
    return made


async def replayed(service: GameService, game_id: int) -> rules.Game:
    """The game as stored, replayed by Postal's rules (every move legal, or it raises)."""
    record = await service.core.store.games.get(game_id)
    assert record is not None
    line = await service.core.store.games.move_line(game_id)
    return rules.Game(rules.get_variant(record.variant), record.start_fen).extended(
        [move.uci for move in line]
    )


@needs_stockfish
async def test_stockfish_answers_a_chess_game_move_after_move(service: GameService) -> None:
    """Three moves of alice's each get Stockfish's legal reply at level 1, stored."""
    started = await service.computer.challenge(ALICE, PLACE, color="white", level=1)
    for move in ("e4", "Nf3", "Bc4"):
        view = await service.reports.game_view(started.game.id)
        if not view.active:
            break
        game = await replayed(service, started.game.id)
        legal = {game.position.san(m) for m in game.position.legal_moves()}
        if move not in legal:
            move = sorted(legal)[0]
        await service.play.move(ALICE, PLACE, move, game_id=started.game.id)
        (reply,) = await service.computer.reply_all()
        assert reply.mover.id == POSTAL.id
    game = await replayed(service, started.game.id)
    assert game.ply == 6


@needs_stockfish
async def test_stockfish_plays_a_chess960_game_with_castling(service: GameService) -> None:
    """A Chess960 game against the computer from start 195: Stockfish (UCI_Chess960) answers
    each move legally by Postal's rules, alice castles king-side (O-O, the king taking its
    g1 rook), and the game goes on from the numbered start."""
    started = await service.computer.challenge(
        ALICE, PLACE, game="chess960", color="white", level=1, position=195
    )
    assert not started.custom_start
    played = []
    for move in ("Ne3", "O-O", "d4"):
        game = await replayed(service, started.game.id)
        legal = {game.position.san(m).rstrip("+#") for m in game.position.legal_moves()}
        if move not in legal:  # the computer's reply may have taken it away
            move = sorted(legal)[0]
        played.append(move)
        await service.play.move(ALICE, PLACE, move, game_id=started.game.id)
        (reply,) = await service.computer.reply_all()
        assert reply.mover.id == POSTAL.id
    game = await replayed(service, started.game.id)
    assert game.ply == 6 and game.start.fen() == start_fen(195)
    if "O-O" in played:
        after = game.positions[played.index("O-O") * 2 + 1]  # right after O-O
        king, rook = (after.piece_at(game.variant.parse_square(sq)) for sq in ("g1", "f1"))
        assert (king, rook) == (
            rules.Piece("k", rules.Color.WHITE),
            rules.Piece("r", rules.Color.WHITE),
        )


@needs_fairy
async def test_fairy_stockfish_answers_xiangqi_in_iccs(service: GameService) -> None:
    """Fairy-Stockfish's reply to 炮二平五 is a legal xiangqi move in Postal's coordinates,
    and it moves first when the human takes black."""
    started = await service.computer.challenge(ALICE, PLACE, game="xiangqi", color="red")
    await service.play.move(ALICE, PLACE, "炮二平五", game_id=started.game.id)
    (reply,) = await service.computer.reply_all()
    game = await replayed(service, started.game.id)
    assert game.ply == 2 and reply.uci == game.uci_moves()[-1]
    second = await service.computer.challenge(ALICE, PLACE, game="xiangqi", color="black")
    (first,) = await service.computer.reply_all()
    assert first.game.id == second.game.id and first.game.ply == 1


@needs_stockfish
async def test_the_queue_plays_real_replies_for_several_players(
    store: Store, clock: ManualClock, pool: EnginePool
) -> None:
    """Four games waiting at once, two engine processes: every game gets its reply."""
    service = GameService(store, clock, engines=pool)
    service.computer.introduce(POSTAL)
    players = [User(500 + n, f"player{n}") for n in range(4)]
    for player in players:
        await service.computer.challenge(player, PLACE, color="black", level=2)
    played: list[MovePlayed] = []
    queue = ReplyQueue(service.computer, clock, capacity=2, on_reply=played.append)
    queue.start()
    try:
        for _ in range(600):
            if len(played) == 4:
                break
            await asyncio.sleep(0.05)
        assert sorted(p.notify.id for p in played if p.notify) == [p.id for p in players]
    finally:
        await queue.stop()


@needs_fairy
async def test_fairy_stockfish_plays_janggi_as_han(service: GameService) -> None:
    """A janggi game against the computer: alice is Cho, Fairy-Stockfish (UCI_Variant janggi)
    answers as Han; each reply is legal by Postal's rules and said in Korean notation."""
    started = await service.computer.challenge(ALICE, PLACE, game="janggi", color="cho", level=1)
    for move in ("79졸78", "02마83"):
        await service.play.move(ALICE, PLACE, move, game_id=started.game.id)
        (reply,) = await service.computer.reply_all()
        assert isinstance(reply, MovePlayed) and reply.mover.id == POSTAL.id
        assert any("\uac00" <= char <= "\ud7a3" for char in reply.san)  # Hangul: 43병53
    game = await replayed(service, started.game.id)
    assert game.ply == 4 and game.variant.name == "janggi"
