"""The fast reader of recorded moves (``rules.chess.reading``) against the full parser."""

from __future__ import annotations

import random

import pytest

from rules import Game, RulesError
from rules.chess import CHESS
from rules.chess.geometry import SQUARES_BY_NAME
from rules.chess.position import ChessPosition


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


def _read_as_parser_reads(position: ChessPosition, text: str) -> None:
    """``read_move(text)`` gives the move ``parse_move`` gives, or raises its very error."""
    try:
        expected: object = position.parse_move(text)
    except RulesError as error:
        expected = type(error), str(error)
    try:
        got: object = position.read_move(text)[0]
    except RulesError as error:
        got = type(error), str(error)
    assert got == expected, (position.fen(), text)


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
