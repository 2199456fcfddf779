"""The behaviour table of the chess lab report (seeds/004), one named test per row, in English.

Each test plays the row's move on a board that sets up its context and checks the result the
row expects; a refused move must raise IllegalMoveError with the reason a player is shown.
"""

from __future__ import annotations

import pytest

from rules import Color, IllegalMoveError, IllegalReason, Move, Piece
from rules.chess import CHESS, ChessPosition

# Kings out of the way (a8, h1) so a lone piece on d4 can be tested on an open board.
OPEN_BOARD = "k7/8/8/8/{rank4}/8/8/7K w - - 0 1"


def at(fen: str) -> ChessPosition:
    position = CHESS.from_fen(fen)
    assert isinstance(position, ChessPosition)
    return position


def sq(name: str) -> int:
    return CHESS.parse_square(name)


def uci(text: str) -> Move:
    return Move(sq(text[:2]), sq(text[2:4]), text[4:] or None)


def moved(position: ChessPosition, text: str) -> ChessPosition:
    """Play a move given in UCI, checking the engine lists it as legal."""
    move = uci(text)
    assert move in position.legal_moves()
    return position.play(move)


def refused(position: ChessPosition, text: str) -> IllegalReason:
    """The reason a move given in UCI is refused; it must not be among the legal moves."""
    move = uci(text)
    assert not position.is_legal(move)
    assert move not in position.legal_moves()
    with pytest.raises(IllegalMoveError) as info:
        position.parse_move(text)
    return info.value.reason


def piece(position: ChessPosition, name: str) -> Piece | None:
    return position.piece_at(sq(name))


def white(kind: str) -> Piece:
    return Piece(kind, Color.WHITE)


def black(kind: str) -> Piece:
    return Piece(kind, Color.BLACK)


# --- new game and turns ----------------------------------------------------------------------


def test_new_game_fills_the_board() -> None:
    """A new game has 32 pieces on their home squares, white to move."""
    start = CHESS.start()
    pieces = start.pieces()
    assert len(pieces) == 32
    assert pieces[sq("e1")] == white("k") and pieces[sq("d8")] == black("q")
    assert all(pieces[sq(f + "2")] == white("p") for f in "abcdefgh")
    assert all(pieces[sq(f + "7")] == black("p") for f in "abcdefgh")
    assert start.side_to_move is Color.WHITE
    assert len(start.legal_moves()) == 20


def test_same_colour_cannot_move_twice_in_a_row() -> None:
    """After white moves, a second white move is refused: the piece is the opponent's now."""
    after = moved(CHESS.start(), "e2e4")
    assert refused(after, "d2d4") is IllegalReason.NOT_YOUR_PIECE


# --- pawns -----------------------------------------------------------------------------------


def test_pawn_steps_forward_onto_a_free_square() -> None:
    """A pawn advances one square when that square is free."""
    after = moved(CHESS.start(), "e2e3")
    assert piece(after, "e3") == white("p") and piece(after, "e2") is None


def test_pawn_double_step_from_its_start_square() -> None:
    """An unmoved pawn may advance two squares when both are free, leaving an ep square."""
    after = moved(CHESS.start(), "e2e4")
    assert piece(after, "e4") == white("p")
    assert after.en_passant_square == sq("e3")


def test_pawn_double_step_refused_once_the_pawn_has_moved() -> None:
    """A pawn that already advanced during the game cannot make a double step."""
    position = moved(moved(CHESS.start(), "e2e3"), "e7e6")
    assert refused(position, "e3e5") is IllegalReason.CANNOT_REACH


def test_pawn_double_step_refused_when_the_first_square_is_occupied() -> None:
    """A pawn cannot jump over a piece standing right in front of it."""
    position = at("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1")
    assert refused(position, "e2e4") is IllegalReason.PATH_BLOCKED
    assert refused(position, "e2e3") is IllegalReason.PATH_BLOCKED


def test_pawn_cannot_move_diagonally_onto_an_empty_square() -> None:
    """A pawn moves diagonally only to capture."""
    assert refused(CHESS.start(), "e2d3") is IllegalReason.CANNOT_REACH


def test_pawn_captures_diagonally_forward() -> None:
    """A pawn takes an enemy piece one square diagonally forward."""
    position = at("4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1")
    after = moved(position, "e2d3")
    assert piece(after, "d3") == white("p") and len(after.pieces()) == 3


def test_pawn_cannot_capture_straight_ahead() -> None:
    """A pawn never takes the piece in front of it."""
    assert refused(at("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1"), "e2e3") is IllegalReason.PATH_BLOCKED


@pytest.mark.parametrize(
    "fen", ["4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/5n2/8/4P3/4K3 w - - 0 1"]
)
def test_pawn_cannot_make_a_knight_jump(fen: str) -> None:
    """Two forward and one across is never a pawn move, empty target or enemy on it."""
    assert refused(at(fen), "e2f4") is IllegalReason.CANNOT_REACH


def test_en_passant_on_the_very_next_move() -> None:
    """A pawn passing an enemy pawn by a double step can be taken en passant at once."""
    position = moved(at("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"), "e2e4")
    after = moved(position, "d4e3")
    assert piece(after, "e3") == black("p")
    assert piece(after, "e4") is None, "the passed pawn is removed"
    assert position.is_capture(uci("d4e3"))
    assert position.san(uci("d4e3")) == "dxe3"


def test_en_passant_only_by_a_pawn() -> None:
    """A piece other than a pawn landing on the passed square does not take the pawn."""
    position = moved(at("4k3/8/8/8/8/6n1/4P3/4K3 w - - 0 1"), "e2e4")
    after = moved(position, "g3e2")
    assert piece(after, "e4") == white("p")
    position = moved(at("4k3/8/8/8/8/8/4P3/4K1n1 w - - 0 1"), "e2e4")
    after = moved(position, "g1f3")
    assert piece(after, "e4") == white("p")
    assert "x" not in position.san(uci("g1f3")), "a knight landing there captures nothing"
    position = moved(at("4k3/8/8/8/8/8/4P3/4K1b1 w - - 0 1"), "e2e4")
    after = moved(position, "g1e3")
    assert piece(after, "e3") == black("b") and piece(after, "e4") == white("p")


def test_en_passant_expires_after_one_move() -> None:
    """En passant two turns later is refused.

    The lab report's row expects the capture still to work two turns after the double step;
    that is wrong under the FIDE Laws (3.7.d: only on the move immediately after), so this
    test pins the rule, not the row.
    """
    position = moved(at("4k3/8/8/8/3p4/8/4P2P/4K3 w - - 0 1"), "e2e4")
    later = moved(moved(position, "e8d8"), "h2h3")
    assert later.en_passant_square is None
    assert refused(later, "d4e3") is IllegalReason.CANNOT_REACH


def test_pawn_shielding_its_king_may_not_promote() -> None:
    """Figure 5: the e7 pawn shields its king on g7 from the a7 rook, so e8 is refused."""
    position = at("8/r3P1K1/8/8/8/8/8/1k6 w - - 0 1")
    assert not any(m.from_square == sq("e7") for m in position.legal_moves())
    for text in ("e7e8q", "e7e8n"):
        assert refused(position, text) is IllegalReason.PINNED
    with pytest.raises(IllegalMoveError) as info:
        position.parse_move("e8=Q")
    assert info.value.reason is IllegalReason.PINNED
    assert not info.value.in_check


def test_promotion_offers_queen_rook_bishop_and_knight() -> None:
    """A pawn reaching the last rank has exactly four choices: Q, R, B or N."""
    position = at("8/4P3/8/8/8/8/8/k3K3 w - - 0 1")
    promotions = sorted(
        m.promotion or "" for m in position.legal_moves() if m.from_square == sq("e7")
    )
    assert promotions == ["b", "n", "q", "r"]
    assert [position.san(uci("e7e8" + k)) for k in "qrbn"] == ["e8=Q", "e8=R", "e8=B", "e8=N"]
    with pytest.raises(IllegalMoveError) as info:
        position.parse_move("e8")
    assert info.value.reason is IllegalReason.MISSING_PROMOTION
    assert info.value.move == uci("e7e8")


@pytest.mark.parametrize("kind", ["q", "r", "b", "n"])
def test_chosen_piece_replaces_the_promoted_pawn(kind: str) -> None:
    """The pawn is replaced by the piece the player chose, with and without a capture."""
    quiet = moved(at("8/4P3/8/8/8/8/8/k3K3 w - - 0 1"), "e7e8" + kind)
    assert piece(quiet, "e8") == white(kind) and piece(quiet, "e7") is None
    capture = moved(at("3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1"), "e7d8" + kind)
    assert piece(capture, "d8") == white(kind) and len(capture.pieces()) == 3


# --- bishop, rook, knight, queen, king on an open board ----------------------------------------


def test_bishop_cannot_move_in_a_straight_line() -> None:
    """A bishop moves only diagonally."""
    position = at(OPEN_BOARD.format(rank4="3B4"))
    assert refused(position, "d4d6") is IllegalReason.CANNOT_REACH
    assert refused(position, "d4g4") is IllegalReason.CANNOT_REACH


def test_bishop_moves_diagonally_along_a_free_path() -> None:
    """A bishop crosses any number of free squares on a diagonal."""
    after = moved(at(OPEN_BOARD.format(rank4="3B4")), "d4g7")
    assert piece(after, "g7") == white("b")


def test_bishop_cannot_pass_through_a_piece() -> None:
    """A piece on the diagonal blocks the bishop's way to a free square beyond it."""
    position = at("k7/8/5P2/8/3B4/8/8/7K w - - 0 1")
    assert refused(position, "d4g7") is IllegalReason.PATH_BLOCKED


def test_bishop_captures_an_enemy_piece_on_its_diagonal() -> None:
    """A bishop takes the first enemy piece on its diagonal."""
    after = moved(at("k7/6r1/8/8/3B4/8/8/7K w - - 0 1"), "d4g7")
    assert piece(after, "g7") == white("b") and len(after.pieces()) == 3


def test_rook_cannot_move_diagonally() -> None:
    """A rook moves only along ranks and files."""
    assert refused(at(OPEN_BOARD.format(rank4="3R4")), "d4f6") is IllegalReason.CANNOT_REACH


def test_rook_moves_straight_along_a_free_path() -> None:
    """A rook crosses free squares along its file and rank."""
    position = at(OPEN_BOARD.format(rank4="3R4"))
    assert piece(moved(position, "d4d8"), "d8") == white("r")
    assert piece(moved(position, "d4a4"), "a4") == white("r")


def test_rook_cannot_pass_through_a_piece() -> None:
    """A piece on the file blocks the rook (own or enemy)."""
    assert refused(at("k7/8/3n4/8/3R4/8/8/7K w - - 0 1"), "d4d8") is IllegalReason.PATH_BLOCKED
    assert refused(at("k7/8/3N4/8/3R4/8/8/7K w - - 0 1"), "d4d8") is IllegalReason.PATH_BLOCKED


def test_rook_captures_an_enemy_piece_in_line() -> None:
    """A rook takes the first enemy piece on its file."""
    after = moved(at("k7/8/3n4/8/3R4/8/8/7K w - - 0 1"), "d4d6")
    assert piece(after, "d6") == white("r") and len(after.pieces()) == 3


@pytest.mark.parametrize("target", ["d6", "g4", "f6", "b2"])
def test_knight_cannot_move_straight_or_diagonally(target: str) -> None:
    """A knight's only move is the L-shaped jump."""
    reason = refused(at(OPEN_BOARD.format(rank4="3N4")), "d4" + target)
    assert reason is IllegalReason.CANNOT_REACH


def test_knight_jumps_in_an_l_over_other_pieces() -> None:
    """A knight reaches all eight L squares, even when surrounded."""
    surrounded = at("k7/8/8/2ppp3/2pNp3/2ppp3/8/7K w - - 0 1")
    targets = {m.to_square for m in surrounded.legal_moves() if m.from_square == sq("d4")}
    assert targets == {sq(n) for n in ("b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5")}


def test_knight_cannot_land_on_its_own_piece() -> None:
    """A knight never takes a piece of its own colour."""
    assert refused(at("k7/8/4P3/8/3N4/8/8/7K w - - 0 1"), "d4e6") is IllegalReason.OWN_PIECE


def test_knight_captures_an_enemy_piece() -> None:
    """A knight landing on an enemy piece takes it."""
    after = moved(at("k7/8/4r3/8/3N4/8/8/7K w - - 0 1"), "d4e6")
    assert piece(after, "e6") == white("n") and len(after.pieces()) == 3


@pytest.mark.parametrize("target", ["g7", "a1", "d8", "a4", "h4", "d1"])
def test_queen_moves_straight_and_diagonally_on_free_paths(target: str) -> None:
    """A queen moves like a rook or a bishop."""
    assert piece(moved(at(OPEN_BOARD.format(rank4="3Q4")), "d4" + target), target) == white("q")


def test_queen_cannot_jump_like_a_knight() -> None:
    """An L-shaped jump is not a queen move."""
    assert refused(at(OPEN_BOARD.format(rank4="3Q4")), "d4e6") is IllegalReason.CANNOT_REACH


def test_queen_cannot_land_on_its_own_piece() -> None:
    """A queen never takes a piece of its own colour, straight or diagonal."""
    position = at("k7/8/3P1P2/8/3Q4/8/8/7K w - - 0 1")
    assert refused(position, "d4d6") is IllegalReason.OWN_PIECE
    assert refused(position, "d4f6") is IllegalReason.OWN_PIECE


def test_queen_cannot_pass_through_pieces() -> None:
    """Pieces on the path block a queen, straight or diagonal."""
    position = at("k7/8/8/3pp3/3Q4/8/8/7K w - - 0 1")
    assert refused(position, "d4d7") is IllegalReason.PATH_BLOCKED
    assert refused(position, "d4g7") is IllegalReason.PATH_BLOCKED


@pytest.mark.parametrize("target", ["d5", "c4", "e5", "c3"])
def test_king_steps_one_square_straight_or_diagonally(target: str) -> None:
    """A king moves one square in any direction to a free square."""
    position = at("k7/8/8/8/3K4/8/8/8 w - - 0 1")
    assert piece(moved(position, "d4" + target), target) == white("k")


@pytest.mark.parametrize("target", ["d5", "e5"])
def test_king_captures_an_adjacent_enemy_piece(target: str) -> None:
    """A king takes an unprotected enemy piece next to it, straight or diagonal."""
    position = at("k7/8/8/3nn3/3K4/8/8/8 w - - 0 1")
    after = moved(position, "d4" + target)
    assert piece(after, target) == white("k") and len(after.pieces()) == 3


@pytest.mark.parametrize("target", ["d5", "e5"])
def test_king_cannot_land_on_its_own_piece(target: str) -> None:
    """A king never takes its own piece, straight or diagonal."""
    position = at("k7/8/8/3NN3/3K4/8/8/8 w - - 0 1")
    assert refused(position, "d4" + target) is IllegalReason.OWN_PIECE


@pytest.mark.parametrize("target", ["d6", "f6", "b4", "b2"])
def test_king_cannot_move_more_than_one_square(target: str) -> None:
    """Away from castling, a king never moves two squares, straight or diagonal."""
    assert refused(at("k7/8/8/8/3K4/8/8/8 w - - 0 1"), "d4" + target) is IllegalReason.CANNOT_REACH


# --- castling --------------------------------------------------------------------------------

CASTLING_READY = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"


def test_castling_kingside_moves_king_and_rook() -> None:
    """O-O: the king goes two squares right, the h-rook lands on its left."""
    position = at(CASTLING_READY)
    after = moved(position, "e1g1")
    assert piece(after, "g1") == white("k") and piece(after, "f1") == white("r")
    assert piece(after, "h1") is None and piece(after, "e1") is None
    assert position.san(uci("e1g1")) == "O-O"
    assert after.castling_rights == "kq"


def test_castling_queenside_moves_king_and_rook() -> None:
    """O-O-O: the king goes two squares left, the a-rook lands on its right."""
    position = at(CASTLING_READY)
    after = moved(position, "e1c1")
    assert piece(after, "c1") == white("k") and piece(after, "d1") == white("r")
    assert piece(after, "a1") is None and piece(after, "b1") is None
    assert position.san(uci("e1c1")) == "O-O-O"
    black_after = moved(moved(position, "a2a3"), "e8c8")
    assert piece(black_after, "d8") == black("r") and piece(black_after, "c8") == black("k")


@pytest.mark.parametrize(
    ("fen", "kingside", "reason"),
    [
        # The king has moved (rights gone).
        ("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", True, IllegalReason.NO_CASTLING_RIGHTS),
        # A piece between king and rook.
        ("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", True, IllegalReason.CASTLING_BLOCKED),
        ("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", False, IllegalReason.CASTLING_BLOCKED),
        # The king is in check.
        ("r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1", True, IllegalReason.CASTLING_OUT_OF_CHECK),
        # The king would pass over an attacked square (figure 8: a bishop on a6 hits f1).
        ("r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1", True, IllegalReason.CASTLING_THROUGH_CHECK),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", False, IllegalReason.NO_CASTLING_RIGHTS),
        ("r3k2r/8/8/8/8/8/2n5/R3K2R w KQkq - 0 1", False, IllegalReason.CASTLING_OUT_OF_CHECK),
        ("r2rk3/8/8/8/8/8/8/R3K2R w KQq - 0 1", False, IllegalReason.CASTLING_THROUGH_CHECK),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQ - 0 1", True, IllegalReason.NO_CASTLING_RIGHTS),
    ],
)
def test_castling_refused_with_its_reason(fen: str, kingside: bool, reason: IllegalReason) -> None:
    """Each failed condition refuses castling and names why."""
    text = "O-O" if kingside else "O-O-O"
    position = at(fen)
    with pytest.raises(IllegalMoveError) as info:
        position.parse_move(text)
    assert info.value.reason is reason
    rank = "1" if position.side_to_move is Color.WHITE else "8"
    assert info.value.move == uci(f"e{rank}{'g' if kingside else 'c'}{rank}")
    assert not position.is_legal(info.value.move)


def test_castling_refused_when_the_king_would_land_in_check() -> None:
    """A king may not castle onto an attacked square."""
    position = at("r3k2r/8/8/8/8/8/7b/R3K2R w KQkq - 0 1")
    assert refused(position, "e1g1") is IllegalReason.INTO_CHECK
    queenside = at("r1r1k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")  # the c8 rook covers c1
    assert refused(queenside, "e1c1") is IllegalReason.INTO_CHECK
    assert queenside.is_legal(uci("e1g1"))


# --- check -----------------------------------------------------------------------------------


def test_move_that_checks_the_opponent_is_announced() -> None:
    """A move that attacks the enemy king is written with '+' and leaves the opponent in check."""
    position = at(OPEN_BOARD.format(rank4="3R4"))
    assert position.san(uci("d4a4")) == "Ra4+"
    assert moved(position, "d4a4").is_check()
    assert not moved(position, "d4d5").is_check()


def test_move_that_exposes_own_king_is_refused() -> None:
    """A piece shielding its king may not step off the line; the king may not step into check."""
    position = at("k3r3/8/8/8/8/8/4N3/4K3 w - - 0 1")
    assert refused(position, "e2c3") is IllegalReason.PINNED
    exposed = at("3rk3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert refused(exposed, "e1d1") is IllegalReason.INTO_CHECK
    assert refused(exposed, "e1d2") is IllegalReason.INTO_CHECK
