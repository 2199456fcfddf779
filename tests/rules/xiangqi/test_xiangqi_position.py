"""The xiangqi Position API: immutability, caching, predicates, and a fuzzed oracle check."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import Color, IllegalMoveError, Move, Position, Variant
from rules.xiangqi import XIANGQI, XiangqiPosition
from tests.examples import examples
from tests.rules.xiangqi.test_xiangqi_perft import naive_legal_moves


def test_variant_and_positions_satisfy_the_shared_protocols() -> None:
    """XIANGQI is a Variant with a 9x10 board whose positions point back to it."""
    variant: Variant = XIANGQI
    position: Position = variant.start()
    assert (variant.name, variant.files, variant.ranks) == ("xiangqi", 9, 10)
    assert position.variant is XIANGQI
    assert repr(XIANGQI.start()).startswith("XiangqiPosition('rnbakabnr/")


def test_play_returns_a_new_position_and_leaves_the_old_one_alone() -> None:
    """Playing a move never changes the position it was played from."""
    start = XIANGQI.start()
    before = start.fen()
    after = start.play(start.parse_move("h2e2"))
    assert start.fen() == before
    assert after is not start
    assert after.side_to_move is Color.BLACK
    assert after.piece_at(XIANGQI.parse_square("e2")) is not None
    assert after.piece_at(XIANGQI.parse_square("h2")) is None


def test_playing_an_illegal_move_raises_and_names_it() -> None:
    """play() refuses an illegal Move with IllegalMoveError carrying the move."""
    start = XIANGQI.start()
    try:
        start.play(Move(0, 9 * 5))
    except IllegalMoveError as error:
        assert error.move == Move(0, 45)
        assert "a0a5" in str(error)
    else:
        raise AssertionError("expected IllegalMoveError")


def test_legal_moves_are_cached_and_immutable() -> None:
    """legal_moves() returns the same tuple each time."""
    start = XIANGQI.start()
    moves = start.legal_moves()
    assert isinstance(moves, tuple)
    assert start.legal_moves() is moves
    assert len(moves) == 44
    assert all(start.is_legal(m) for m in moves)


def test_captures_checks_and_general_squares_follow_the_play() -> None:
    """is_capture, is_check and king_square track the game."""
    position = XIANGQI.start()
    for iccs in ("h2e2", "h7e7"):
        position = position.play(position.parse_move(iccs))
    capture = position.parse_move("e2e6")
    assert position.is_capture(capture)
    assert not position.is_capture(position.parse_move("h0g2"))
    position = position.play(capture)
    assert position.is_check()
    assert not position.is_checkmate()
    assert position.parse_move("f9e8") in position.legal_moves()  # block, not e9e8
    start = XIANGQI.start()
    moved = start.play(start.parse_move("e0e1"))
    assert moved.king_square(Color.WHITE) == XIANGQI.parse_square("e1")
    assert moved.king_square(Color.BLACK) == XIANGQI.parse_square("e9")


@st.composite
def positions(draw: st.DrawFn) -> XiangqiPosition:
    """A position reached by random legal moves, often capturing to thin the board."""
    position = XIANGQI.start()
    for choice in draw(st.lists(st.integers(min_value=0, max_value=10_000), max_size=150)):
        moves = position.legal_moves()
        if not moves:
            break
        captures = [m for m in moves if position.is_capture(m)]
        pool = captures if captures and choice % 3 == 0 else moves
        position = position.play(pool[choice % len(pool)])
    return position


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_legal_moves_match_the_naive_oracle(position: XiangqiPosition) -> None:
    """For fuzzed positions the fast generator and the naive oracle agree exactly."""
    engine = {(m.from_square, m.to_square) for m in position.legal_moves()}
    assert engine == naive_legal_moves(position), position.fen()
    for move in position.legal_moves():
        assert position.illegal_reason(move) is None


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_fen_round_trips_for_reachable_positions(position: XiangqiPosition) -> None:
    """Every reachable position survives FEN out and in, equal and with equal moves."""
    again = XIANGQI.from_fen(position.fen())
    assert again == position
    assert again.legal_moves() == position.legal_moves()
