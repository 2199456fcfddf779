"""Legal move generation where naive engines go wrong: pins, double check, en passant edge
cases and castling rights."""

from __future__ import annotations

import pytest

from rules import IllegalMoveError, Move
from rules.chess import CHESS, ChessPosition


def at(fen: str) -> ChessPosition:
    position = CHESS.from_fen(fen)
    assert isinstance(position, ChessPosition)
    return position


def uci(text: str) -> Move:
    return Move(CHESS.parse_square(text[:2]), CHESS.parse_square(text[2:4]), text[4:] or None)


def moves_from(position: ChessPosition, square: str) -> set[str]:
    origin = CHESS.parse_square(square)
    return {position.uci(m) for m in position.legal_moves() if m.from_square == origin}


# --- pins ------------------------------------------------------------------------------------


def test_piece_pinned_on_a_file_moves_only_along_it() -> None:
    """A rook pinned by a rook may slide on the pin line and take the pinner, nowhere else."""
    position = at("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1")
    assert moves_from(position, "e2") == {"e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"}


def test_pinned_knight_cannot_move() -> None:
    """A knight can never stay on its pin line, so a pinned knight has no move."""
    assert moves_from(at("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"), "e2") == set()


def test_bishop_pinned_on_a_file_cannot_move() -> None:
    """A bishop pinned along a file has no diagonal that keeps the king covered."""
    assert moves_from(at("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1"), "e2") == set()


def test_bishop_pinned_on_a_diagonal_slides_along_it() -> None:
    """A diagonally pinned bishop may move along the diagonal up to and onto the pinner."""
    position = at("6k1/8/8/8/7b/8/5B2/4K3 w - - 0 1")
    assert moves_from(position, "f2") == {"f2g3", "f2h4"}


def test_pawn_pinned_on_a_diagonal_may_only_take_the_pinner() -> None:
    """A pawn pinned diagonally cannot push, but may capture the pinning bishop."""
    position = at("6k1/8/8/8/8/5b2/4P3/3K4 w - - 0 1")
    assert moves_from(position, "e2") == {"e2f3"}


def test_pawn_pinned_on_a_file_may_push_but_not_capture() -> None:
    """A pawn pinned along its file keeps its pushes and loses its captures."""
    position = at("4r1k1/8/8/8/8/3b1b2/4P3/4K3 w - - 0 1")
    assert moves_from(position, "e2") == {"e2e3", "e2e4"}


def test_pinned_piece_cannot_answer_a_check() -> None:
    """A pinned rook may not block a check from another piece, even on a reachable square."""
    # The e2 rook is pinned by e8; the a5 bishop checks along a5-e1 and d2 would block it.
    position = at("4r1k1/8/8/b7/8/8/4R3/4K3 w - - 0 1")
    assert position.is_check()
    assert moves_from(position, "e2") == set()


def test_piece_behind_an_enemy_piece_is_not_pinned() -> None:
    """Two pieces between king and slider: neither is pinned."""
    position = at("4r1k1/8/8/8/4N3/8/4R3/4K3 w - - 0 1")
    assert len(moves_from(position, "e4")) == 8
    assert "e2d2" in moves_from(position, "e2")


# --- check -----------------------------------------------------------------------------------


def test_double_check_allows_only_king_moves() -> None:
    """Against rook and knight checking at once, capturing or blocking one is not enough."""
    # The queen could take the knight or block the rook, but never both.
    position = at("4k3/8/q2N4/8/8/8/8/4R1K1 b - - 0 1")
    assert position.is_check()
    assert {position.uci(m) for m in position.legal_moves()} == {"e8d8", "e8d7", "e8f8"}


def test_single_check_answered_by_capture_block_or_king_move() -> None:
    """Against one checker: block the line or step the king away; nothing else is legal."""
    position = at("4k3/8/q7/8/8/8/8/4R1K1 b - - 0 1")
    legal = {position.uci(m) for m in position.legal_moves()}
    assert legal == {"a6e6", "a6e2", "e8d8", "e8d7", "e8f8", "e8f7"}


def test_king_cannot_retreat_along_the_checking_line() -> None:
    """The square behind the king on the checker's line stays attacked once the king moves."""
    position = at("8/8/8/8/8/8/r3K3/7k w - - 0 1")
    assert "e2f2" not in {position.uci(m) for m in position.legal_moves()}
    assert "e2e3" in {position.uci(m) for m in position.legal_moves()}


def test_king_cannot_take_a_protected_piece() -> None:
    """Capturing a defended checker with the king is moving into check."""
    position = at("3rk3/8/8/8/8/8/3q4/4K3 w - - 0 1")
    legal = {position.uci(m) for m in position.legal_moves()}
    assert "e1d2" not in legal
    assert legal == {"e1f1"}


# --- en passant ------------------------------------------------------------------------------


def test_en_passant_exposing_the_king_along_the_rank_is_illegal() -> None:
    """When both pawns leave the king's rank, a rook behind them would check: not allowed."""
    position = at("8/8/8/KPp4r/8/8/8/7k w - c6 0 1")
    assert moves_from(position, "b5") == {"b5b6"}
    with pytest.raises(IllegalMoveError):
        position.parse_move("bxc6")
    mirrored = at("7K/8/8/8/k2Pp2R/8/8/8 b - d3 0 1")
    assert moves_from(mirrored, "e4") == {"e4e3"}


def test_en_passant_legal_when_another_piece_still_shields_the_rank() -> None:
    """With a third piece between king and rook, en passant is fine."""
    position = at("8/8/8/KPpN3r/8/8/8/7k w - c6 0 1")
    assert "b5c6" in moves_from(position, "b5")


def test_en_passant_by_a_diagonally_pinned_pawn_is_illegal() -> None:
    """A pawn pinned on a diagonal may not leave it to take en passant, but may along it."""
    off_the_line = at("7k/6b1/8/3pP3/8/8/8/K7 w - d6 0 1")
    assert moves_from(off_the_line, "e5") == set()
    along_the_line = at("1b5k/8/8/3pP3/5K2/8/8/8 w - d6 0 1")
    assert moves_from(along_the_line, "e5") == {"e5d6"}


def test_en_passant_captures_a_checking_pawn() -> None:
    """A double step that gives check can be answered by taking the pawn en passant."""
    position = at("4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1")
    assert position.is_check()
    assert "e5d6" in moves_from(position, "e5")
    after = position.play(uci("e5d6"))
    assert after.piece_at(CHESS.parse_square("d5")) is None


def test_en_passant_cannot_answer_a_check_by_another_piece() -> None:
    """If a piece other than the passing pawn gives check, en passant does not help."""
    position = at("4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 1")
    assert position.is_check()
    assert "e5d6" not in moves_from(position, "e5")


def test_en_passant_square_set_only_after_a_double_step() -> None:
    """The FEN shows the passed square after a double step and clears it on the next move."""
    after = CHESS.start().play(uci("e2e4"))
    assert after.fen().split()[3] == "e3"
    assert after.play(uci("g8f6")).fen().split()[3] == "-"


# --- castling rights -------------------------------------------------------------------------

CASTLING_READY = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize(
    ("moves", "rights"),
    [
        (["e1e2"], "kq"),
        (["h1h2"], "Qkq"),
        (["a1a2"], "Kkq"),
        (["a1a8"], "Kk"),  # takes the a8 rook: black loses queenside too
        (["h1h8"], "Qq"),
        (["e1f1", "e8f8", "f1e1", "f8e8"], "-"),  # going back does not restore them
        (["h1g1", "a8b8", "g1h1", "b8a8"], "Qk"),
    ],
)
def test_castling_rights_lost(moves: list[str], rights: str) -> None:
    """Rights go when the king moves, when a rook moves, and when a rook is captured."""
    position = at(CASTLING_READY)
    for move in moves:
        position = position.play(uci(move))
    assert position.castling_rights == rights


def test_castling_right_lost_when_rook_is_captured_by_a_bishop() -> None:
    """A bishop taking the h1 rook removes white's kingside castling for good."""
    position = at("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1").play(uci("g2h1"))
    assert position.castling_rights == "Qkq"
    assert "O-O" not in {position.san(m) for m in position.legal_moves()}
