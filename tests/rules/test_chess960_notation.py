"""Chess960 moves, FEN and PGN as python-chess (``chess960=True``) writes and reads them:
random games compared move by move, castling typed every way, both castling notations."""

from __future__ import annotations

import io
import random

import chess
import chess.pgn
import pytest

from rules import Game, IllegalMoveError, IllegalReason, InvalidFenError, get_variant
from rules.chess960 import CHESS960, Chess960Position


def _random_game(number: int, seed: int, plies: int = 120) -> tuple[Game, chess.Board]:
    """A random game from start ``number``, preferring castling, played by both engines."""
    rng = random.Random(seed)
    board = chess.Board.from_chess960_pos(number)
    game = Game(CHESS960, CHESS960.start_position(number))
    for _ in range(plies):
        position = game.position
        assert isinstance(position, Chess960Position)
        ours = sorted(position.uci(m) for m in position.legal_moves())
        assert ours == sorted(board.uci(m) for m in board.legal_moves), board.fen()
        if not ours:
            break
        castles = [m for m in position.legal_moves() if position.is_castling(m)]
        move = rng.choice(castles) if castles and rng.random() < 0.7 else rng.choice(ours)
        text = position.uci(move) if not isinstance(move, str) else move
        theirs = board.parse_uci(text)
        assert position.san(position.parse_move(text)) == board.san(theirs)
        game = game.play(text)
        board.push(theirs)
        assert game.position.fen() == board.fen(en_passant="fen")
        after = game.position
        assert isinstance(after, Chess960Position)
        assert after.shredder_fen() == board.shredder_fen(en_passant="fen")
        if board.is_game_over(claim_draw=False):
            break
    return game, board


@pytest.mark.parametrize("number", [0, 87, 518, 959, 233, 700])
def test_random_games_agree_with_python_chess(number: int) -> None:
    """Legal moves, SAN, X-FEN and Shredder-FEN agree with python-chess ply by ply."""
    for seed in range(4):
        _random_game(number, seed)


@pytest.mark.parametrize("number", [0, 87, 959])
def test_san_of_every_move_reads_back(number: int) -> None:
    """Each move's SAN (castling ``O-O``/``O-O-O``) and UCI parse back to the same move."""
    game, _ = _random_game(number, seed=7)
    for position, move in zip(game.positions, game.moves, strict=False):
        assert position.parse_move(position.san(move)) == move
        assert position.parse_move(position.uci(move)) == move


CASTLE_READY = "4k2r/8/8/8/8/8/8/RK5R w KQk - 0 1"


def test_castling_is_the_king_taking_its_rook() -> None:
    """O-O and O-O-O are e1h1-style king-takes-rook moves; king and rook land on g/f, c/d."""
    position = CHESS960.from_fen(CASTLE_READY)
    short = position.parse_move("O-O")
    assert position.uci(short) == "b1h1"
    assert position.parse_move("0-0") == position.parse_move("b1h1") == short
    assert position.play(short).fen() == "4k2r/8/8/8/8/8/8/R4RK1 b k - 1 1"
    long = position.parse_move("O-O-O")
    assert position.uci(long) == "b1a1"
    assert position.san(long) == "O-O-O"
    assert position.play(long).fen() == "4k2r/8/8/8/8/8/8/2KR3R b k - 1 1"


def test_castling_where_the_king_stays_on_its_square() -> None:
    """King g1 with rook h1: O-O moves only the rook (to f1), and is still castling."""
    position = CHESS960.from_fen("6kr/8/8/8/8/8/8/6KR w Hh - 0 1")
    move = position.parse_move("O-O")
    assert position.uci(move) == "g1h1"
    assert position.play(move).fen() == "6kr/8/8/8/8/8/8/5RK1 b k - 1 1"


@pytest.mark.parametrize(
    ("fen", "text", "reason"),
    [
        # the c1 rook stands on the king's way to c1 for O-O-O with the a1 rook
        ("1r1k1r2/8/8/8/8/8/8/RKR5 w CAfb - 0 1", "O-O-O", IllegalReason.CASTLING_BLOCKED),
        # the h1 rook would attack g1 once the g1 rook has gone to f1
        ("4k3/8/8/8/8/8/8/5KRr w G - 0 1", "O-O", IllegalReason.INTO_CHECK),
        ("4k3/8/8/8/8/8/8/5KRr w G - 0 1", "f1g1", IllegalReason.INTO_CHECK),
        ("4k3/8/8/8/8/8/8/RK5R w H - 0 1", "O-O-O", IllegalReason.NO_CASTLING_RIGHTS),
        ("4k3/8/8/8/3r4/8/8/RK5R w HA - 0 1", "O-O", IllegalReason.CASTLING_THROUGH_CHECK),
        ("4k3/8/8/8/8/8/8/RK4rR w HA - 0 1", "O-O", IllegalReason.CASTLING_BLOCKED),
        ("1r2k3/8/8/8/8/8/8/RK5R w HA - 0 1", "O-O", IllegalReason.CASTLING_OUT_OF_CHECK),
    ],
)
def test_illegal_castling_says_why(fen: str, text: str, reason: IllegalReason) -> None:
    """Castling refused names the Chess960 reason: a piece in the way, an attacked square..."""
    with pytest.raises(IllegalMoveError) as refused:
        CHESS960.from_fen(fen).parse_move(text)
    assert refused.value.reason is reason


@pytest.mark.parametrize(
    ("fen", "x_fen", "shredder"),
    [
        ("1r2k2r/8/8/8/8/8/8/RK5R w HAh - 0 1", "KQk", "HAh"),
        ("2r1kr2/8/8/8/8/8/8/1R2KR2 w KQkq - 0 1", "KQkq", "FBfc"),
        # the inner rook of two on one side is named by its file in X-FEN
        ("3k4/8/8/8/8/8/8/1K3R1R w F - 0 1", "F", "F"),
        ("3k4/8/8/8/8/8/8/1K3R1R w K - 0 1", "K", "H"),
        ("rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", "KQkq", "EAea"),
    ],
)
def test_both_castling_notations_read_and_write(fen: str, x_fen: str, shredder: str) -> None:
    """X-FEN and Shredder-FEN read to the same rights; fen() writes X-FEN as python-chess
    does, shredder_fen() the rooks' files."""
    position = CHESS960.from_fen(fen)
    board = chess.Board(fen, chess960=True)
    assert position.fen().split(" ")[2] == x_fen == board.fen().split(" ")[2]
    assert position.shredder_fen().split(" ")[2] == shredder == board.castling_shredder_fen()
    assert CHESS960.from_fen(position.shredder_fen()) == position
    assert CHESS960.from_fen(position.fen()) == position


@pytest.mark.parametrize(
    "fen",
    [
        "4k3/8/8/8/8/8/8/RK5R w KK - 0 1",  # the same right twice
        "4k3/8/8/8/8/8/8/1K3R1R w HF - 0 1",  # two rights on one side of the king
        "4k3/8/8/8/8/8/8/RK5R w Z - 0 1",
        "4k3/8/8/8/8/8/8/RK5R w C - 0 1",  # no rook on c1
        "4k3/8/8/8/8/8/K7/R6R w A - 0 1",  # the king is off its first rank
        "4k3/8/8/8/8/8/8/1K5R w Q - 0 1",  # no rook on the queen's side
    ],
)
def test_impossible_castling_fields_are_refused(fen: str) -> None:
    """A castling field naming no rook, a right twice or two on one side is an InvalidFenError."""
    with pytest.raises(InvalidFenError):
        CHESS960.from_fen(fen)


def test_standard_chess_keeps_its_own_castling() -> None:
    """Standard chess still castles with the king's two-square move and refuses HAha."""
    chess_variant = get_variant("chess")
    position = chess_variant.start()
    assert type(position).__name__ == "ChessPosition"
    game = Game("chess").play("e4").play("e5").play("Nf3").play("Nc6").play("Bc4").play("Bc5")
    assert game.play("O-O").uci_moves()[-1] == "e1g1"
    with pytest.raises(InvalidFenError):
        chess_variant.from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")


def test_pgn_round_trip_and_python_chess_reads_it() -> None:
    """A game's PGN names the variant and start; we and python-chess read it to the same game."""
    game, board = _random_game(87, seed=3, plies=60)
    text = CHESS960.write_record(game, {"White": "alice", "Black": "bob"})
    assert '[Variant "Chess960"]' in text
    assert f'[FEN "{CHESS960.start_position(87).fen()}"]' in text
    assert '[SetUp "1"]' in text
    _, read = CHESS960.read_record(text)
    assert read.moves == game.moves and read.start == game.start
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert theirs is not None and theirs.board().chess960
    assert theirs.end().board().fen(en_passant="fen") == game.position.fen()
    assert [m.uci() for m in theirs.mainline_moves()] == [board.uci(m) for m in board.move_stack]


def test_reads_python_chess_pgn() -> None:
    """A Chess960 PGN python-chess writes (Shredder or X-FEN start) reads to its moves."""
    _, board = _random_game(300, seed=5, plies=50)
    exported = chess.pgn.Game.from_board(board)
    for fen in (board.root().fen(), board.root().shredder_fen()):
        exported.headers["FEN"] = fen
        _, read = CHESS960.read_record(str(exported))
        assert read.uci_moves() == [board.uci(m) for m in board.move_stack]


def test_standard_chess_refuses_a_chess960_record() -> None:
    """Reading a Chess960 record as chess says which variant it is."""
    game, _ = _random_game(5, seed=1, plies=10)
    with pytest.raises(ValueError, match="Chess960"):
        get_variant("chess").read_record(CHESS960.write_record(game, {}))


@pytest.mark.parametrize(
    ("fen", "text", "uci"),
    [
        # king on e1 typed onto g1/c1, as python-chess reads it and players drag it
        ("rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "e1g1", "e1h1"),
        ("rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "e1c1", "e1a1"),
        (CASTLE_READY, "b1g1", "b1h1"),
        (CASTLE_READY, "b1-c1", "b1c1"),  # a king step where there is one: not castling
    ],
)
def test_king_typed_onto_its_castling_square_castles(fen: str, text: str, uci: str) -> None:
    """A king moved onto g1/c1 where it has no step there is the castling move."""
    position = CHESS960.from_fen(fen)
    assert position.uci(position.parse_move(text)) == uci
