"""Moves between Postal's coordinates and the engines': every square, both ways."""

from __future__ import annotations

import pytest

from bot.engine.coordinates import from_engine, read_move, replay, to_engine
from rules import get_variant

XIANGQI = get_variant("xiangqi")
CHESS = get_variant("chess")


def fsf_name(square: int) -> str:
    """Fairy-Stockfish's name of a xiangqi square: files a-i, ranks counted 1-10 from red."""
    return "abcdefghi"[square % 9] + str(square // 9 + 1)


@pytest.mark.parametrize("square", range(90))
def test_every_xiangqi_square_converts_both_ways(square: int) -> None:
    iccs = XIANGQI.square_name(square)
    # paired with a square on the other half, so both the from and the to part are covered
    other = 89 - square
    postal = iccs + XIANGQI.square_name(other)
    engine = fsf_name(square) + fsf_name(other)
    assert to_engine("xiangqi", postal) == engine
    assert from_engine("xiangqi", engine) == postal
    assert from_engine("xiangqi", to_engine("xiangqi", postal)) == postal


def test_the_tenth_rank_is_two_digits_for_the_engine() -> None:
    assert to_engine("xiangqi", "h9g7") == "h10g8"
    assert from_engine("xiangqi", "b10c8") == "b9c7"
    assert to_engine("xiangqi", "a0a9") == "a1a10"


@pytest.mark.parametrize("square", range(64))
def test_chess_squares_are_the_same_for_stockfish(square: int) -> None:
    name = CHESS.square_name(square)
    move = name + CHESS.square_name(63 - square)
    assert to_engine("chess", move) == move
    assert from_engine("chess", move) == move
    assert from_engine("chess", "e7e8q") == "e7e8q"


@pytest.mark.parametrize(
    ("variant", "text"),
    [
        ("xiangqi", "h0e0e"),
        ("xiangqi", "j1e1"),
        ("xiangqi", "a10a9"),  # a Fairy-Stockfish rank given as Postal's
        ("chess", "e2e9"),
        ("chess", "Nf3"),
        ("chess", "e7e8k"),
        ("chess", ""),
        ("chess", "(none)"),
    ],
)
def test_postal_moves_of_the_wrong_shape_are_refused(variant: str, text: str) -> None:
    with pytest.raises(ValueError):
        to_engine(variant, text)


@pytest.mark.parametrize(
    ("variant", "text"),
    [("xiangqi", "a0a1"), ("xiangqi", "a11a10"), ("chess", "0000"), ("chess", "e2e4 ")],
)
def test_engine_moves_of_the_wrong_shape_are_refused(variant: str, text: str) -> None:
    with pytest.raises(ValueError):
        from_engine(variant, text)


def test_a_variant_without_an_engine_is_refused() -> None:
    with pytest.raises(ValueError, match="no engine"):
        to_engine("shogi", "7g7f")
    with pytest.raises(ValueError, match="no engine"):
        from_engine("shogi", "7g7f")


def test_read_move_takes_coordinates_only_and_legal_only() -> None:
    position = CHESS.start()
    assert position.uci(read_move(position, "g1f3")) == "g1f3"
    with pytest.raises(ValueError):
        read_move(position, "Nf3")  # SAN is Postal's input, never an engine's answer
    with pytest.raises(ValueError):
        read_move(position, "e2e5")


def test_replay_checks_every_move_and_takes_null_moves() -> None:
    game = replay("chess", CHESS.start_fen, ("e2e4", "0000", "d2d4"))
    assert [CHESS.start().uci(m) for m in game.moves[1:2]] == ["0000"]
    assert game.position.fen().startswith("rnbqkbnr/pppppppp/8/8/3PP3/")
    with pytest.raises(ValueError):
        replay("xiangqi", XIANGQI.start_fen, ("h2e2", "0000"))  # xiangqi records have none
    with pytest.raises(ValueError):
        replay("xiangqi", XIANGQI.start_fen, ("h2e2", "h2e2"))
    with pytest.raises(ValueError):
        replay("chess", "not a fen", ())
