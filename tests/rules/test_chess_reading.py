"""The fast reader of recorded moves (``rules.chess.reading``) against the full parser."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import chain

import pytest

from rules import Game, Position, RulesError, get_variant
from rules.chess import CHESS
from rules.chess.geometry import SQUARE_NAMES, SQUARES_BY_NAME
from rules.chess.position import ChessPosition
from rules.chess960 import CHESS960
from tests.rules.random_games import biased_games
from tests.rules.test_chess_properties import STARTS


def random_positions(count: int, seed: int) -> list[ChessPosition]:
    rng = random.Random(seed)
    found: list[ChessPosition] = []
    while len(found) < count:
        game = Game("chess")
        for _ in range(rng.randint(0, 120)):
            moves = game.position.legal_moves()
            if not moves:
                break
            game = game.play(rng.choice(moves))
            position = game.position
            assert isinstance(position, ChessPosition)
            found.append(position)
    return found[:count]


def test_every_legal_move_reads_back_from_its_san() -> None:
    """In 200 positions of random games, each legal move's SAN (and its UCI) reads as that
    move, with the same position after it as ``play``."""
    for position in random_positions(200, seed=16):
        for move in position.legal_moves():
            for text in (position.san(move), position.uci(move)):
                read, after = position.read_move(text)
                assert read == move, (position.fen(), text)
                assert after == position.play(move)


def _read_as_parser_reads(position: ChessPosition, text: str) -> str:
    """``read_move(text)`` gives the move ``parse_move`` gives and ``play``'s position after
    it, or raises its very error. Returns "read" or "refused"."""
    outcome = "read"
    try:
        move = position.parse_move(text)
        expected: object = move, position.play(move)
    except RulesError as error:
        expected, outcome = (type(error), str(error)), "refused"
    try:
        got: object = position.read_move(text)
    except RulesError as error:
        got = type(error), str(error)
    assert got == expected, (position.fen(), text)
    return outcome


@pytest.mark.parametrize("seed", [1, 2])
def test_wrong_san_is_refused_as_the_full_parser_refuses_it(seed: int) -> None:
    """SAN that names no single legal move (any piece letter to any square) raises the very
    error ``parse_move`` raises: the fast path never accepts what the parser refuses."""
    rng = random.Random(seed)
    for position in random_positions(40, seed=seed):
        for _ in range(40):
            text = rng.choice(["", "N", "B", "R", "Q", "K"]) + rng.choice("abcdefgh")
            text += rng.choice("12345678") + rng.choice(["", "=Q", "+"])
            _read_as_parser_reads(position, text)


@pytest.mark.parametrize("seed", [3, 4])
def test_coordinates_read_as_the_full_parser_reads_them(seed: int) -> None:
    """UCI text from any square to any other (a piece of either side, or none; castling,
    pins, checks) reads as ``parse_move`` reads it: a piece's move read as strict SAN (the
    stored moves' fast path) never differs from the parser, accepted or refused."""
    rng = random.Random(seed)
    squares = [f + r for f in "abcdefgh" for r in "12345678"]
    for position in random_positions(60, seed=seed):
        own = [s for s in squares if position.piece_at(SQUARES_BY_NAME[s]) is not None]
        for _ in range(40):
            _read_as_parser_reads(position, rng.choice(own) + rng.choice(squares))


def test_a_pinned_piece_is_not_read_as_moving() -> None:
    """Two knights can reach d2, one is pinned: 'Nd2' is the other one; 'Nfd2' is refused."""
    position = CHESS.from_fen("4k3/8/8/7b/8/5N2/8/1N1K4 w - - 0 1")
    assert position.uci(position.read_move("Nd2")[0]) == "b1d2"
    with pytest.raises(RulesError, match="pinned"):
        position.read_move("Nfd2")


def _chess960_start(rng: random.Random) -> Position:
    return CHESS960.start_position(rng.randrange(960))


def _chess_start(rng: random.Random) -> Position:
    """The standard start or one of the property tests' (pawns about to promote, en
    passant a move away, pins)."""
    return CHESS.from_fen(rng.choice(STARTS))


def _en_passant(variant: str) -> Iterator[Position]:
    """En passant that is legal, exposes the king along a rank, or takes the checking pawn."""
    for fen in (
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "8/8/8/2pP4/3K4/8/8/7k w - c6 0 2",
    ):
        yield get_variant(variant).from_fen(fen)


def _uci_texts(position: ChessPosition, rng: random.Random) -> list[str]:
    """Each legal move's UCI (promotions with each letter, also capital and wrong ones),
    and 60 more from a piece of the side to move to any square, with any suffix."""
    texts = [position.uci(move) for move in position.legal_moves()]
    texts += [text[:4] + letter for text in texts if len(text) == 5 for letter in "kpQx"]
    own = [name for name, square in SQUARES_BY_NAME.items() if _moves_it(position, square)]
    if position.en_passant_square is not None:  # every piece onto it: a pawn's capture
        texts += [name + SQUARE_NAMES[position.en_passant_square] for name in own]
    for _ in range(60):
        text = rng.choice(own) + rng.choice(list(SQUARES_BY_NAME))
        texts.append(text + rng.choice(["", "", "", "q", "n", "k", "Q"]))
    return texts


def _moves_it(position: ChessPosition, square: int) -> bool:
    piece = position.piece_at(square)
    return piece is not None and piece.color is position.side_to_move


@pytest.mark.parametrize("variant", ["chess", "chess960"])
def test_stored_uci_reads_as_the_full_parser_reads_it(variant: str) -> None:
    """In positions of check-seeking random games (pins, checks, en passant, promotions,
    960's castling by taking the rook), every legal move's UCI reads as that move with
    ``play``'s position after it, and any other UCI text — a pinned piece, a blocked line,
    a wrong or missing promotion, another side's piece — raises ``parse_move``'s very error:
    the stored moves' fast path accepts exactly the legal moves."""
    rng = random.Random(29)
    start = _chess960_start if variant == "chess960" else _chess_start
    seen: Counter[str] = Counter()
    games = biased_games(variant, 8, 120, seed=29, start=start)
    for index, position in enumerate(chain(_en_passant(variant), games)):
        assert isinstance(position, ChessPosition)
        if index % 3 and position.en_passant_square is None:
            continue  # a third of the positions, and all after a double step
        seen["in check"] += position.is_check()
        for text in _uci_texts(position, rng):
            seen[_read_as_parser_reads(position, text)] += 1
        for move in position.legal_moves():
            seen["en passant"] += position.is_en_passant(move)
            seen["promotion"] += move.promotion is not None
    assert seen["read"] > 5_000 and seen["refused"] > 5_000, seen
    assert seen["in check"] and seen["en passant"] and seen["promotion"], seen
