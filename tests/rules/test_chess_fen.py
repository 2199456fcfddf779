"""FEN: reading, writing, and refusing every position that cannot be, with a reason."""

from __future__ import annotations

import pytest

from rules import Color, InvalidFenError, Piece, RulesError
from rules.chess import CHESS

ROUND_TRIPS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/8/8/8/8/4K2R w K - 99 140",
    "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
]


@pytest.mark.parametrize("fen", ROUND_TRIPS)
def test_fen_round_trip(fen: str) -> None:
    """Reading a FEN and writing it back gives the same text."""
    assert CHESS.from_fen(fen).fen() == fen


def test_fen_fields_are_read() -> None:
    """Placement, side, castling, en passant and both counters are all taken from the FEN."""
    position = CHESS.from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 7 42")
    assert position.side_to_move is Color.WHITE
    assert position.halfmove_clock == 7 and position.fullmove_number == 42
    assert position.castling_rights == "Kq"
    assert position.en_passant_square == CHESS.parse_square("d6")
    assert position.piece_at(CHESS.parse_square("a8")) == Piece("r", Color.BLACK)
    assert position.piece_at(CHESS.parse_square("e5")) == Piece("p", Color.WHITE)
    assert position.piece_at(CHESS.parse_square("e4")) is None
    assert position.king_square(Color.BLACK) == CHESS.parse_square("e8")


def test_startpos_is_the_initial_position() -> None:
    """'startpos' is accepted wherever a FEN is."""
    assert CHESS.from_fen("startpos") == CHESS.start()
    assert CHESS.from_fen("startpos").fen() == CHESS.start_fen


def test_missing_move_counters_default() -> None:
    """A FEN with only four fields gets a half-move clock of 0 and move number 1."""
    assert CHESS.from_fen("4k3/8/8/8/8/8/8/4K3 w - -").fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def test_extra_whitespace_is_tolerated() -> None:
    """Surrounding and repeated spaces do not change the position."""
    assert CHESS.from_fen("  4k3/8/8/8/8/8/8/4K3   w - -  0  1 \n").fen() == (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    )


def test_equal_positions_are_equal_and_hash_alike() -> None:
    """Positions are values: the same FEN gives equal positions with equal hashes."""
    a, b = CHESS.from_fen(ROUND_TRIPS[3]), CHESS.from_fen(ROUND_TRIPS[3])
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != CHESS.from_fen(ROUND_TRIPS[3].replace(" w ", " b "))


@pytest.mark.parametrize(
    ("fen", "reason_part"),
    [
        # Wrong field count.
        ("", "fields"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "fields"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "fields"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "fields"),
        # Bad piece letters, bad rank counts.
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "piece letter"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN9 w KQkq - 0 1", "piece letter"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0 w KQkq - 0 1", "piece letter"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8 ranks"),
        ("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8 ranks"),
        ("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has 7"),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece letter"),
        ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 9"),
        ("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 2 has 7"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1R w KQkq - 0 1", "rank 1 has 9"),
        # Kings: exactly one per side.
        ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "one king"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "one king"),
        ("rnbqkbnr/pppppppp/8/8/8/2K5/PPPPPPPP/RNBQKBNR w kq - 0 1", "one king"),
        ("4kk2/8/8/8/8/8/8/4K3 w - - 0 1", "one king"),
        # Pawns on the first or last rank.
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on a8"),
        ("4k3/8/8/8/8/8/8/4K2p w - - 0 1", "pawn on h1"),
        # Side to move.
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"),
        ("4k3/8/8/8/8/8/8/4K3 W - - 0 1", "side to move"),
        # The side not to move is in check.
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "black is in check but it is white to move"),
        ("3k4/8/8/8/8/8/8/3QK3 w - - 0 1", "black is in check but it is white to move"),
        ("8/8/8/8/8/8/3k4/4K3 w - - 0 1", "black is in check but it is white to move"),
        # Castling rights without king and rook at home, or badly written.
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right 'K'"),
        ("4k3/8/8/8/8/8/8/R4K2 w Q - 0 1", "castling right 'Q'"),
        ("r3k3/8/8/8/8/8/8/4K3 w k - 0 1", "castling right 'k'"),
        ("4k2r/8/8/8/8/8/8/4K3 w q - 0 1", "castling right 'q'"),
        ("4k3/8/8/8/8/8/8/R3K2R w KQx - 0 1", "castling field"),
        ("4k3/8/8/8/8/8/8/R3K2R w KK - 0 1", "castling field"),
        # En passant squares that cannot be.
        ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "not a square"),
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "does not follow a double pawn step"),
        ("4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1", "does not follow a double pawn step"),
        ("4k3/8/8/4p3/8/8/8/4K3 b - e6 0 1", "does not follow a double pawn step"),
        ("4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1", "does not follow a double pawn step"),
        ("4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", "does not follow a double pawn step"),
        ("4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1", "does not follow a double pawn step"),
        # Counters.
        ("4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove clock"),
        ("4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove clock"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 one", "fullmove number"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1.5", "fullmove number"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1", "out of range"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 ١", "fullmove number"),
    ],
)  # fmt: skip
def test_invalid_fen_is_refused_with_a_reason(fen: str, reason_part: str) -> None:
    """Every impossible FEN raises InvalidFenError; the reason names the problem."""
    with pytest.raises(InvalidFenError) as info:
        CHESS.from_fen(fen)
    assert reason_part in info.value.reason
    assert info.value.fen == fen
    assert isinstance(info.value, RulesError) and isinstance(info.value, ValueError)


def test_non_text_fen_is_refused() -> None:
    """Something other than a string raises InvalidFenError, not TypeError."""
    with pytest.raises(InvalidFenError):
        CHESS.from_fen(None)  # type: ignore[arg-type]


def test_castling_field_order_is_normalised() -> None:
    """Castling letters in any order are read; FEN output uses KQkq order."""
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1"
    assert CHESS.from_fen(fen).fen() == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
