"""Which xiangqi side could still mate: decides a flag fall between a win and a draw."""

from __future__ import annotations

import pytest

from rules import Color, InvalidMoveError, get_variant

XIANGQI = get_variant("xiangqi")


@pytest.mark.parametrize(
    ("fen", "red_short", "black_short"),
    [
        ("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", True, True),
        ("2bak1b2/4a4/9/9/9/9/9/9/9/2BAKA3 w - - 0 1", True, True),
        ("3k5/9/9/9/9/4P4/9/9/9/4K4 w - - 0 1", False, True),
        ("3k5/9/9/9/9/9/9/9/9/3CK4 w - - 0 1", False, True),
        ("3k1r3/9/9/9/9/9/9/9/9/4K4 w - - 0 1", True, False),
    ],
)
def test_only_pieces_that_cross_the_river_can_mate(
    fen: str, red_short: bool, black_short: bool
) -> None:
    """General, advisors and elephants never cross the river; any other piece can mate."""
    position = XIANGQI.from_fen(fen)
    assert XIANGQI.has_insufficient_material(position, Color.WHITE) is red_short
    assert XIANGQI.has_insufficient_material(position, Color.BLACK) is black_short


@pytest.mark.parametrize("name", ["j0", "e10", "", "e", "ee"])
def test_a_bad_square_name_is_a_rules_error(name: str) -> None:
    """A name off the board raises InvalidMoveError, as chess does."""
    with pytest.raises(InvalidMoveError):
        XIANGQI.parse_square(name)
