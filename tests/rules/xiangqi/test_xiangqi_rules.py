"""How each xiangqi piece moves, with the near misses, and why illegal moves are refused."""

from __future__ import annotations

import pytest

from rules import IllegalMoveError, IllegalReason, Move
from rules.xiangqi import XIANGQI


def _sq(name: str) -> int:
    return XIANGQI.parse_square(name)


def _targets(fen: str, square: str) -> set[str]:
    """The ICCS names of the legal destinations of the piece on ``square``."""
    position = XIANGQI.from_fen(fen)
    return {
        XIANGQI.square_name(m.to_square)
        for m in position.legal_moves()
        if m.from_square == _sq(square)
    }


def _reason(fen: str, iccs: str) -> IllegalReason:
    position = XIANGQI.from_fen(fen)
    with pytest.raises(IllegalMoveError) as caught:
        position.parse_move(iccs)
    move = Move(_sq(iccs[:2]), _sq(iccs[2:]))
    assert caught.value.move == move
    assert position.illegal_reason(move) is caught.value.reason
    with pytest.raises(IllegalMoveError):
        position.play(move)
    return caught.value.reason


GENERAL_ALONE = "5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1"


def test_general_steps_orthogonally_inside_the_palace() -> None:
    """A general in the palace corner may step up or sideways, one point."""
    assert _targets(GENERAL_ALONE, "d0") == {"d1", "e0"}


def test_general_may_not_step_out_of_the_palace() -> None:
    """The palace edge stops the general: c0 is outside."""
    assert _reason(GENERAL_ALONE, "d0c0") is IllegalReason.CANNOT_REACH


def test_general_may_not_move_diagonally() -> None:
    """The general never moves diagonally, even inside the palace."""
    assert _reason(GENERAL_ALONE, "d0e1") is IllegalReason.CANNOT_REACH


def test_general_at_the_top_of_the_palace_cannot_go_further() -> None:
    """From d2 the general cannot reach d3, just beyond the palace."""
    fen = "5k3/9/9/9/9/9/9/3K5/9/9 w - - 0 1"
    assert _targets(fen, "d2") == {"d1", "e2"}
    assert _reason(fen, "d2d3") is IllegalReason.CANNOT_REACH


def test_advisor_moves_diagonally_inside_the_palace() -> None:
    """The advisor in the palace centre reaches the free corners, not its own general's."""
    fen = "5k3/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1"
    assert _targets(fen, "e1") == {"f0", "d2", "f2"}
    assert _reason(fen, "e1d0") is IllegalReason.OWN_PIECE
    assert _reason(fen, "e1e2") is IllegalReason.CANNOT_REACH


def test_advisor_may_not_leave_the_palace() -> None:
    """An advisor on the palace edge cannot step diagonally outside it."""
    fen = "5k3/9/9/9/9/9/9/3A5/9/4K4 w - - 0 1"
    assert _targets(fen, "d2") == {"e1"}
    assert _reason(fen, "d2c3") is IllegalReason.CANNOT_REACH


def test_elephant_moves_two_points_diagonally() -> None:
    """An elephant on c0 goes to a2 or e2."""
    assert _targets("5k3/9/9/9/9/9/9/9/9/2B1K4 w - - 0 1", "c0") == {"a2", "e2"}


def test_elephant_blocked_by_a_piece_on_its_eye() -> None:
    """A piece on d1 blocks the c0-e2 diagonal; the other diagonal stays open."""
    fen = "5k3/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1"
    assert _targets(fen, "c0") == {"a2"}
    assert _reason(fen, "c0e2") is IllegalReason.PATH_BLOCKED


def test_elephant_never_crosses_the_river() -> None:
    """From c4 the elephant may go back, but never on to a6 or e6."""
    fen = "5k3/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1"
    assert _targets(fen, "c4") == {"a2", "e2"}
    assert _reason(fen, "c4e6") is IllegalReason.CANNOT_REACH


def test_black_elephant_also_stays_home() -> None:
    """Black's elephant on c5 cannot cross to a3 or e3."""
    fen = "5k3/9/9/9/2b6/9/9/9/9/4K4 b - - 0 1"
    assert _targets(fen, "c5") == {"a7", "e7"}


def test_horse_leg_blocked_in_one_direction_but_not_another() -> None:
    """A soldier under the horse on e4 blocks only its two backward jumps."""
    fen = "5k3/9/9/9/9/4N4/4P4/9/9/3K5 w - - 0 1"
    assert _targets(fen, "e4") == {"d6", "f6", "c5", "c3", "g5", "g3"}
    assert _reason(fen, "e4d2") is IllegalReason.PATH_BLOCKED
    assert _reason(fen, "e4f2") is IllegalReason.PATH_BLOCKED
    assert _reason(fen, "e4e6") is IllegalReason.CANNOT_REACH


def test_chariot_slides_until_the_first_piece_and_may_take_it() -> None:
    """The chariot takes the first enemy on its file but cannot pass it."""
    fen = "5k3/9/9/9/r8/9/9/9/9/R3K4 w - - 0 1"
    assert _targets(fen, "a0") == {"a1", "a2", "a3", "a4", "a5", "b0", "c0", "d0"}
    assert _reason(fen, "a0a6") is IllegalReason.PATH_BLOCKED


def test_cannon_cannot_capture_without_a_screen() -> None:
    """With nothing between, the cannon slides up to the chariot but cannot take it."""
    fen = "5k3/9/9/9/r8/9/9/9/9/C3K4 w - - 0 1"
    assert "a5" not in _targets(fen, "a0")
    assert _reason(fen, "a0a5") is IllegalReason.CANNOT_REACH


def test_cannon_captures_over_exactly_one_screen() -> None:
    """With one screen the cannon takes the chariot, but cannot move past the screen."""
    fen = "5k3/9/9/9/r8/9/P8/9/9/C3K4 w - - 0 1"
    assert _targets(fen, "a0") == {"a1", "a2", "a5", "b0", "c0", "d0"}
    assert _reason(fen, "a0a4") is IllegalReason.PATH_BLOCKED


def test_cannon_cannot_capture_over_two_screens() -> None:
    """With two screens the far piece is out of reach; the near enemy is taken."""
    fen = "5k3/9/9/9/r8/p8/P8/9/9/C3K4 w - - 0 1"
    assert "a5" not in _targets(fen, "a0")
    assert "a4" in _targets(fen, "a0")
    assert _reason(fen, "a0a5") is IllegalReason.PATH_BLOCKED


SOLDIERS = "P4k3/9/9/9/4P4/9/4P4/9/9/3K5 w - - 0 1"


def test_soldier_before_the_river_only_advances() -> None:
    """A soldier on its own side moves straight ahead only."""
    assert _targets(SOLDIERS, "e3") == {"e4"}
    assert _reason(SOLDIERS, "e3d3") is IllegalReason.CANNOT_REACH


def test_soldier_across_the_river_moves_forward_or_sideways() -> None:
    """Across the river the soldier may also step sideways."""
    assert _targets(SOLDIERS, "e5") == {"e6", "d5", "f5"}


def test_soldier_never_moves_back() -> None:
    """Not even across the river may a soldier retreat."""
    assert _reason(SOLDIERS, "e5e4") is IllegalReason.CANNOT_REACH


def test_soldier_on_the_last_rank_only_moves_sideways() -> None:
    """At the far edge the soldier can only move along it."""
    assert _targets(SOLDIERS, "a9") == {"b9"}


def test_black_soldier_moves_down_the_board() -> None:
    """Black's soldiers advance towards rank 0 and go sideways once across."""
    fen = "5k3/9/9/4p4/9/2p6/9/9/9/3K5 b - - 0 1"
    assert _targets(fen, "e6") == {"e5"}
    assert _targets(fen, "c4") == {"c3", "b4", "d4"}


def test_move_that_exposes_the_generals_to_each_other_is_illegal() -> None:
    """The only piece between the generals cannot leave their file."""
    fen = "3k5/9/9/9/3N5/9/9/9/9/3K5 w - - 0 1"
    assert _targets(fen, "d5") == set()
    assert _reason(fen, "d5e7") is IllegalReason.GENERALS_FACE


def test_general_may_not_step_onto_an_open_file_facing_the_other() -> None:
    """Flying general: the red general cannot move to face black's on an open file."""
    fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
    assert _targets(fen, "e0") == {"e1", "f0"}
    assert _reason(fen, "e0d0") is IllegalReason.GENERALS_FACE


def test_piece_between_generals_may_move_along_their_file() -> None:
    """A cannon between the generals may slide along their file, never off it."""
    fen = "3k5/9/9/9/3C5/9/9/9/9/3K5 w - - 0 1"
    assert _targets(fen, "d5") == {"d1", "d2", "d3", "d4", "d6", "d7", "d8"}


def test_in_check_other_moves_are_refused_with_in_check() -> None:
    """Against a chariot's check, a move that ignores it is illegal because of the check."""
    fen = "3k5/9/9/9/4r4/9/9/9/9/R3K4 w - - 0 1"
    position = XIANGQI.from_fen(fen)
    assert position.is_check()
    assert _reason(fen, "a0a1") is IllegalReason.IN_CHECK
    with pytest.raises(IllegalMoveError) as caught:
        position.parse_move("a0a1")
    assert caught.value.in_check
    assert _targets(fen, "e0") == {"f0"}  # d0 would face black's general


def test_piece_pinned_by_a_chariot_may_only_move_on_the_line() -> None:
    """A chariot pinned on the general's file may move along it or take the pinner."""
    fen = "3k5/9/9/9/4r4/9/4R4/9/9/4K4 w - - 0 1"
    assert _targets(fen, "e3") == {"e1", "e2", "e4", "e5"}
    assert _reason(fen, "e3d3") is IllegalReason.PINNED


def test_one_of_two_screens_before_a_cannon_is_pinned() -> None:
    """With two pieces between general and cannon, removing either one gives check."""
    fen = "3k5/9/9/9/4c4/9/4P4/4N4/9/4K4 w - - 0 1"
    assert _targets(fen, "e2") == set()
    assert _reason(fen, "e2c1") is IllegalReason.PINNED
    assert _targets(fen, "e3") == {"e4"}


def test_making_a_screen_for_an_enemy_cannon_is_illegal() -> None:
    """A piece may not step between its general and an enemy cannon with nothing between."""
    fen = "3k5/9/9/9/4c4/9/9/9/9/3AK4 w - - 0 1"
    assert not XIANGQI.from_fen(fen).is_check()
    assert _reason(fen, "d0e1") is IllegalReason.INTO_CHECK


def test_general_may_not_step_into_a_horse_attack() -> None:
    """A general cannot step where an enemy horse with a free leg attacks."""
    fen = "5k3/9/9/9/9/9/9/6n2/9/4K4 w - - 0 1"
    assert not XIANGQI.from_fen(fen).is_check()
    assert _reason(fen, "e0e1") is IllegalReason.INTO_CHECK
    assert _targets(fen, "e0") == {"d0"}


def test_horse_with_a_blocked_leg_does_not_attack() -> None:
    """The same horse with a piece on its leg no longer covers e1."""
    fen = "5k3/9/9/9/9/9/9/5Nn2/9/4K4 w - - 0 1"
    assert _targets(fen, "e0") == {"d0", "e1"}


def test_moves_with_wrong_pieces_are_explained() -> None:
    """Empty squares, enemy pieces and own-piece targets have their own reasons."""
    start = XIANGQI.start_fen
    assert _reason(start, "e4e5") is IllegalReason.NO_PIECE
    assert _reason(start, "e6e5") is IllegalReason.NOT_YOUR_PIECE
    assert _reason(start, "a0a3") is IllegalReason.OWN_PIECE


def test_promotion_field_makes_a_move_illegal() -> None:
    """Xiangqi moves never carry a promotion piece."""
    position = XIANGQI.start()
    assert not position.is_legal(Move(25, 22, "q"))
    assert position.illegal_reason(Move(25, 22, "q")) is IllegalReason.CANNOT_REACH
