"""Moves typed in full-width forms are read, and a move in the other game's notation says so
(``rules.move_text``, ``rules.notations``)."""

from __future__ import annotations

import pytest

from rules import Game, InvalidMoveError
from rules.notations import parse_move


@pytest.mark.parametrize(
    ("game", "typed", "uci"),
    [
        ("chess", "ｅ４", "e2e4"),
        ("chess", "Ｎｆ３", "g1f3"),
        ("chess", "ｅ２ｅ４", "e2e4"),
        ("chess", "Ｏ－Ｏ", None),  # read as castling: illegal at the start, not unreadable
        ("xiangqi", "Ｃ２．５", "h2e2"),
        ("xiangqi", "ｈ２ｅ２", "h2e2"),
        ("xiangqi", "炮二平五", "h2e2"),
        ("xiangqi", "马８进７", None),  # black's move: read, then played after red's
    ],
)
def test_full_width_moves_are_read(game: str, typed: str, uci: str | None) -> None:
    """Full-width letters, digits and signs (CJK keyboards) read as their ASCII forms."""
    if uci is not None:
        assert Game(game).play(typed).uci_moves() == [uci]
    elif game == "xiangqi":
        assert Game(game).play("h2e2").play(typed).uci_moves() == ["h2e2", "h9g7"]
    else:
        with pytest.raises(ValueError) as raised:
            Game(game).play(typed)
        assert not isinstance(raised.value, InvalidMoveError)


@pytest.mark.parametrize(
    ("game", "typed", "written_for"),
    [
        ("xiangqi", "e4", "chess"),
        ("xiangqi", "Nf3", "chess"),
        ("xiangqi", "exd5", "chess"),
        ("xiangqi", "O-O", "chess"),
        ("xiangqi", "ｅ４", "chess"),
        ("chess", "C2.5", "xiangqi"),
        ("chess", "Ｃ２．５", "xiangqi"),
        ("chess", "H8+7", "xiangqi"),
        ("chess", "炮二平五", "xiangqi"),
        ("chess", "b0c2", "xiangqi"),
        ("chess", "Nf9", None),
        ("xiangqi", "zz", None),
        ("xiangqi", "C2.0", None),
    ],
)
def test_a_move_in_the_other_games_notation_says_which(
    game: str, typed: str, written_for: str | None
) -> None:
    """``e4`` in xiangqi or ``C2.5`` in chess is no move here, and the error read above the
    games (``rules.notations``) names the game whose notation it is; text no game reads
    names none."""
    with pytest.raises(InvalidMoveError):
        Game(game).play(typed)
    with pytest.raises(InvalidMoveError) as raised:
        parse_move(Game(game).position, typed)
    assert raised.value.written_for == written_for
    assert raised.value.text == typed
