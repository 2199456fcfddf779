"""How xiangqi games end: mate, no legal move, material, repetition and perpetual check."""

from __future__ import annotations

import pytest

from rules import Color, Game, IllegalMoveError, IllegalReason, Outcome, Termination
from rules.xiangqi import XIANGQI, XiangqiPosition


def _play(fen: str, moves: str) -> Game:
    game = Game("xiangqi", fen)
    for move in moves.split():
        game = game.play(move)
    return game


def test_start_position_has_no_outcome() -> None:
    """A fresh game goes on and has nothing to claim."""
    game = Game("xiangqi")
    assert game.outcome() is None
    assert game.claimable_draws() == ()
    assert XIANGQI.claimable_draws(game.positions) == ()


def test_mate_helped_by_the_facing_generals() -> None:
    """A chariot check on the d-file mates: e9 would face red's general on the open e-file."""
    game = _play("3k5/9/9/9/2R6/9/9/9/9/4K4 w - - 0 1", "c5d5")
    assert game.position.is_check()
    assert game.position.legal_moves() == ()
    assert game.outcome() == Outcome(Termination.CHECKMATE, Color.WHITE)
    assert game.outcome() is not None and game.outcome().result() == "1-0"  # type: ignore[union-attr]


def test_same_check_is_not_mate_when_the_e_file_is_blocked() -> None:
    """Near miss: with a piece on the e-file the general escapes to e9."""
    game = _play("3k5/9/9/9/2R1P4/9/9/9/9/4K4 w - - 0 1", "c5d5")
    assert game.outcome() is None
    assert {XIANGQI.square_name(m.to_square) for m in game.position.legal_moves()} == {"e9"}


def test_side_without_a_legal_move_loses_even_when_not_in_check() -> None:
    """No stalemate draw: black, not in check but unable to move, loses."""
    game = _play("3k5/9/2P6/9/9/9/9/9/9/4K4 w - - 0 1", "c7d7")
    assert not game.position.is_check()
    assert game.position.legal_moves() == ()
    assert game.outcome() == Outcome(Termination.STALEMATE, Color.WHITE)
    assert isinstance(game.position, XiangqiPosition)
    assert game.position.is_stalemate()


def test_no_move_loses_for_red_too() -> None:
    """A red side with no legal move loses: black wins."""
    fen = "4k4/9/9/9/9/9/9/2p6/9/3K5 b - - 0 1"
    game = _play(fen, "c2d2")
    assert game.position.side_to_move is Color.WHITE
    assert game.outcome() == Outcome(Termination.STALEMATE, Color.BLACK)


def test_game_over_refuses_further_moves() -> None:
    """After mate, playing on raises IllegalMoveError with GAME_OVER."""
    game = _play("3k5/9/9/9/2R6/9/9/9/9/4K4 w - - 0 1", "c5d5")
    with pytest.raises(IllegalMoveError) as caught:
        game.play("d9d8")
    assert caught.value.reason is IllegalReason.GAME_OVER


def test_no_piece_able_to_cross_the_river_is_a_draw() -> None:
    """Taking the last soldier leaves only generals (and defenders): drawn."""
    game = _play("3k5/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1", "e0e1")
    assert game.outcome() == Outcome(Termination.INSUFFICIENT_MATERIAL, None)
    assert game.outcome().result() == "1/2-1/2"  # type: ignore[union-attr]


def test_defenders_alone_are_still_a_draw_but_one_soldier_is_not() -> None:
    """Advisors and elephants cannot cross the river; a single soldier can."""
    defenders = XIANGQI.from_fen("2bak4/9/4b4/9/9/9/9/4B4/4A4/3AK1B2 w - - 0 1")
    assert XIANGQI.outcome([defenders]) == Outcome(Termination.INSUFFICIENT_MATERIAL, None)
    soldier = XIANGQI.from_fen("2bak4/9/4b4/9/9/9/P8/4B4/4A4/3AK1B2 w - - 0 1")
    assert XIANGQI.outcome([soldier]) is None
    assert soldier.has_attacking_material(Color.WHITE)
    assert not soldier.has_attacking_material(Color.BLACK)


PERPETUAL = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1"
# The position after a1a9 (chariot on a9 checking, black to move) recurs after plies 1, 5, 9.
CHECKS = "a1a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9"


def test_perpetual_check_loses_at_the_third_repetition() -> None:
    """Red checks with every move of the cycle: at the third occurrence red loses."""
    moves = CHECKS.split()
    game = _play(PERPETUAL, " ".join(moves[:-1]))
    assert game.outcome() is None
    game = game.play(moves[-1])
    assert game.outcome() == Outcome(Termination.PERPETUAL_CHECK, Color.BLACK)


def test_plain_repetition_is_a_draw() -> None:
    """Quiet shuffling repeats the start position a third time: drawn."""
    game = _play(PERPETUAL, "a1a2 e9e8 a2a1 e8e9 a1a2 e9e8 a2a1")
    assert game.outcome() is None
    game = game.play("e8e9")
    assert game.outcome() == Outcome(Termination.REPETITION, None)
    assert game.outcome().result() == "1/2-1/2"  # type: ignore[union-attr]


def test_checks_mixed_with_quiet_moves_are_not_perpetual() -> None:
    """Near miss: a cycle in which red checks only sometimes is a plain draw."""
    game = _play(PERPETUAL, "a1a9 e9e8 a9a1 e8e9 a1a9 e9e8 a9a1 e8e9")
    assert game.outcome() == Outcome(Termination.REPETITION, None)


def test_two_occurrences_are_not_yet_a_repetition() -> None:
    """The second occurrence of a position ends nothing."""
    game = _play(PERPETUAL, "a1a2 e9e8 a2a1 e8e9")
    assert game.outcome() is None


def test_outcome_needs_a_history() -> None:
    """An empty history is a programming error."""
    with pytest.raises(ValueError):
        XIANGQI.outcome([])


def test_take_back_reopens_a_finished_game() -> None:
    """Taking back the mating move gives a game that goes on."""
    game = _play("3k5/9/9/9/2R6/9/9/9/9/4K4 w - - 0 1", "c5d5")
    assert game.take_back(1).outcome() is None


def test_perpetual_check_by_both_sides_is_a_draw() -> None:
    """When both sides check with every move of the repeating cycle, neither loses: a draw."""
    # Red, in check from the e7 chariot, blocks with the chariot and uncovers the d0 cannon;
    # black blocks with its cannon and checks through red's chariot; and back again.
    game = Game(XIANGQI, "3k5/7c1/4r4/9/1C1c5/9/3R5/4K4/9/3C5 w - - 0 1")
    assert game.position.is_check()
    for move in ["d3e3", "d5e5", "e3d3", "e5d5"] * 2:
        assert game.outcome() is None
        game = game.play(move)
        assert game.position.is_check()  # every move of both sides gives check
    assert game.outcome() == Outcome(Termination.REPETITION, None)
