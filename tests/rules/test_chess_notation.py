"""SAN and UCI: writing moves, reading strict and lenient input, and the three move errors."""

from __future__ import annotations

import pytest

from rules import (
    AmbiguousMoveError,
    IllegalMoveError,
    IllegalReason,
    InvalidMoveError,
    Move,
    RulesError,
    get_variant,
)
from rules.chess import CHESS, ChessPosition

START = "startpos"
# 1. e4 e5 2. Nf3 Nc6: both sides can castle after clearing, knights out.
OPEN_GAME = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
# Ready to castle both ways, both sides.
CASTLING_READY = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
# White may take d6 en passant after ...d7-d5.
EN_PASSANT = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
# A white pawn on e7 with d8 free and a black rook to take on f8.
PROMOTION = "5r2/4P3/8/8/8/8/k7/4K3 w - - 0 1"
# The b3 pawn and the f1 bishop can both take the knight on c4.
PAWN_OR_BISHOP = "4k3/8/8/8/2n5/1P6/8/4KB2 w - - 0 1"


def at(fen: str) -> ChessPosition:
    position = CHESS.from_fen(fen)
    assert isinstance(position, ChessPosition)
    return position


def uci(text: str) -> Move:
    return Move(CHESS.parse_square(text[:2]), CHESS.parse_square(text[2:4]), text[4:] or None)


def illegal(fen: str, text: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        at(fen).parse_move(text)
    return info.value


# --- SAN out ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "move", "san"),
    [
        (START, "e2e4", "e4"),
        (START, "g1f3", "Nf3"),
        # Disambiguation by file, by rank, by both.
        ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"),
        ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2", "Nfd2"),
        ("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"),
        ("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3"),
        ("6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "a1b2", "Qa1b2"),
        ("6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "a3b2", "Q3b2"),
        ("6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "c1b2", "Qcb2"),
        ("7k/5B2/8/8/8/5B2/8/K7 w - - 0 1", "f3d5", "B3d5"),
        # A pinned rival does not count: only one knight can legally reach d2.
        ("4k3/8/8/8/4b3/5N2/8/1N5K w - - 0 1", "b1d2", "Nd2"),
        ("4k3/8/8/1N6/8/8/8/r2NK3 w - - 0 1", "b5c3", "Nc3"),
        # Captures, en passant (written as a plain capture), promotions.
        ("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5", "exd5"),
        (EN_PASSANT, "e5d6", "exd6"),
        (OPEN_GAME, "f3e5", "Nxe5"),
        (PROMOTION, "e7e8q", "e8=Q"),
        (PROMOTION, "e7e8n", "e8=N"),
        (PROMOTION, "e7f8r", "exf8=R"),
        # Check and mate.
        ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+"),
        ("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+"),
        # Castling.
        (CASTLING_READY, "e1g1", "O-O"),
        (CASTLING_READY, "e1c1", "O-O-O"),
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"),
    ],
)
def test_san_output(fen: str, move: str, san: str) -> None:
    """SAN names pieces, disambiguates minimally, marks captures, promotion, check and mate."""
    position = at(fen)
    assert position.is_legal(uci(move))
    assert position.san(uci(move)) == san


def test_uci_output() -> None:
    """UCI is from-square, to-square and a lowercase promotion letter; castling is the king."""
    assert at(START).uci(uci("e2e4")) == "e2e4"
    assert at(PROMOTION).uci(uci("e7e8q")) == "e7e8q"
    assert at(CASTLING_READY).uci(uci("e1c1")) == "e1c1"


# --- reading ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "text", "move"),
    [
        # Strict SAN.
        (START, "e4", "e2e4"),
        (START, "Nf3", "g1f3"),
        (OPEN_GAME, "Nxe5", "f3e5"),
        (CASTLING_READY, "O-O", "e1g1"),
        (CASTLING_READY, "O-O-O", "e1c1"),
        (PROMOTION, "e8=Q", "e7e8q"),
        (PROMOTION, "exf8=N", "e7f8n"),
        (EN_PASSANT, "exd6", "e5d6"),
        ("7k/5B2/8/8/8/5B2/8/K7 w - - 0 1", "B3d5", "f3d5"),
        ("7k/5B2/8/8/8/5B2/8/K7 w - - 0 1", "B7d5", "f7d5"),
        ("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "R1a3", "a1a3"),
        ("6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "Qa1b2", "a1b2"),
        # Zeros for castling, either side.
        (CASTLING_READY, "0-0", "e1g1"),
        (CASTLING_READY, "0-0-0", "e1c1"),
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1", "O-O-O", "e8c8"),
        # Promotion without '=' or with a lowercase piece.
        (PROMOTION, "e8Q", "e7e8q"),
        (PROMOTION, "e8=q", "e7e8q"),
        (PROMOTION, "e8r", "e7e8r"),
        (PROMOTION, "exf8Q", "e7f8q"),
        # Long algebraic with the piece letter.
        (START, "Ng1f3", "g1f3"),
        (START, "Ng1-f3", "g1f3"),
        (OPEN_GAME, "Nf3xe5", "f3e5"),
        # En passant suffixes.
        (EN_PASSANT, "exd6e.p.", "e5d6"),
        (EN_PASSANT, "exd6 e.p.", "e5d6"),
        (EN_PASSANT, "exd6ep", "e5d6"),
        # Check and mate marks missing, extra or wrong.
        ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "Qh4", "d8h4"),
        ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "Qh4+", "d8h4"),
        (START, "e4+", "e2e4"),
        (START, "e4#", "e2e4"),
        # Annotations.
        (START, "e4!", "e2e4"),
        (START, "e4?!", "e2e4"),
        (START, "Nf3!!", "g1f3"),
        ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "Qh4#!", "d8h4"),
        # Lowercase piece letters where unambiguous.
        (START, "nf3", "g1f3"),
        (OPEN_GAME, "bc4", "f1c4"),
        (OPEN_GAME, "bxc4", "f1c4"),
        (OPEN_GAME, "qe2", "d1e2"),
        ("4k3/8/8/8/2n5/1P6/8/4K3 w - - 0 1", "bc4", "b3c4"),
        ("4k3/8/8/8/2n5/1P6/8/4K3 w - - 0 1", "bxc4", "b3c4"),
        # Exact SAN "bxc4" is the pawn even when the bishop could also take.
        (PAWN_OR_BISHOP, "bxc4", "b3c4"),
        (PAWN_OR_BISHOP, "Bxc4", "f1c4"),
        # UCI, and coordinates with a dash.
        (START, "e2e4", "e2e4"),
        (START, "e2-e4", "e2e4"),
        (START, "E2E4", "e2e4"),
        (START, "B1C3", "b1c3"),  # capitals: the b1 knight, not a bishop from the first rank
        (PROMOTION, "e7e8q", "e7e8q"),
        (PROMOTION, "e7f8n", "e7f8n"),
        (CASTLING_READY, "e1g1", "e1g1"),
        (EN_PASSANT, "e5d6", "e5d6"),
        # Surrounding whitespace.
        (START, "  e4 \n", "e2e4"),
    ],
)
def test_parse_move_accepts(fen: str, text: str, move: str) -> None:
    """Strict and lenient notations each name exactly the intended legal move."""
    assert at(fen).parse_move(text) == uci(move)


def test_lowercase_b_is_ambiguous_between_pawn_and_bishop() -> None:
    """'bc4' could be the b-pawn's capture or the bishop's: both are offered, nothing chosen."""
    with pytest.raises(AmbiguousMoveError) as info:
        at(PAWN_OR_BISHOP).parse_move("bc4")
    assert set(info.value.candidates) == {uci("b3c4"), uci("f1c4")}
    assert set(info.value.candidate_names) == {"bxc4", "Bxc4"}


def test_ambiguous_move_lists_every_candidate() -> None:
    """A SAN move two pieces could make raises AmbiguousMoveError with moves and names."""
    with pytest.raises(AmbiguousMoveError) as info:
        at("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").parse_move("Nd2")
    error = info.value
    assert sorted(error.candidates) == sorted([uci("b1d2"), uci("f3d2")])
    assert sorted(error.candidate_names) == ["Nbd2", "Nfd2"]
    assert "'Nd2'" in str(error) and error.text == "Nd2"
    with pytest.raises(AmbiguousMoveError) as info:
        at("6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1").parse_move("Qb2")
    assert sorted(info.value.candidate_names) == ["Q3b2", "Qa1b2", "Qcb2"]


@pytest.mark.parametrize(
    "text", ["", "   ", "Nf9", "hello", "e2e9", "Ke", "Pe4", "e8=K", "e7e8k", "O-O-O-O", "i2i4"]
)
def test_text_that_is_not_a_move(text: str) -> None:
    """Text in no accepted notation raises InvalidMoveError quoting it."""
    with pytest.raises(InvalidMoveError) as info:
        at(START).parse_move(text)
    assert info.value.text == text


def test_non_text_is_not_a_move() -> None:
    """Passing something other than a string raises InvalidMoveError, not TypeError."""
    with pytest.raises(InvalidMoveError):
        at(START).parse_move(None)  # type: ignore[arg-type]


# --- why a move is illegal -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "text", "reason", "move"),
    [
        (START, "e4e5", IllegalReason.NO_PIECE, None),
        (START, "e7e5", IllegalReason.NOT_YOUR_PIECE, None),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", IllegalReason.NO_SUCH_PIECE, None),
        (START, "Nb1-d3", IllegalReason.CANNOT_REACH, "b1d3"),
        (START, "Bg1f3", IllegalReason.NO_SUCH_PIECE, None),
        (START, "e5", IllegalReason.CANNOT_REACH, "e2e5"),
        (START, "f1b5", IllegalReason.PATH_BLOCKED, "f1b5"),
        (START, "Ke2", IllegalReason.OWN_PIECE, "e1e2"),
        (START, "a1a2", IllegalReason.OWN_PIECE, "a1a2"),
        # In check, another piece may only move to answer it.
        ("4k3/8/8/8/8/8/8/R3K2r w - - 0 1", "Ra2", IllegalReason.IN_CHECK, "a1a2"),
        # Pinned along a file.
        ("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", IllegalReason.PINNED, "e2c3"),
        # A king step onto an attacked square.
        ("3rk3/8/8/8/8/8/8/4K3 w - - 0 1", "Kd1", IllegalReason.INTO_CHECK, "e1d1"),
        # Castling, with the king's move attached.
        ("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", IllegalReason.NO_CASTLING_RIGHTS, "e1g1"),
        (START, "O-O", IllegalReason.CASTLING_BLOCKED, "e1g1"),
        ("r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1", "0-0-0",
         IllegalReason.CASTLING_OUT_OF_CHECK, "e1c1"),
        ("r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1", "O-O",
         IllegalReason.CASTLING_THROUGH_CHECK, "e1g1"),
        ("r3k2r/8/8/8/8/8/7b/R3K2R w KQkq - 0 1", "e1g1", IllegalReason.INTO_CHECK, "e1g1"),
        # Promotions.
        (PROMOTION, "e8", IllegalReason.MISSING_PROMOTION, "e7e8"),
        (PROMOTION, "e7e8", IllegalReason.MISSING_PROMOTION, "e7e8"),
        (PROMOTION, "exf8", IllegalReason.MISSING_PROMOTION, "e7f8"),
        (START, "e2e4q", IllegalReason.BAD_PROMOTION, "e2e4q"),
        (START, "g1f3q", IllegalReason.BAD_PROMOTION, "g1f3q"),
        # En passant is gone once another move was made.
        ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exd6",
         IllegalReason.CANNOT_REACH, "e5d6"),
    ],
)  # fmt: skip
def test_illegal_move_reason(fen: str, text: str, reason: IllegalReason, move: str | None) -> None:
    """An illegal move says why, and carries the move when one square-to-square move was meant."""
    position = at(fen)
    error = illegal(fen, text)
    assert error.reason is reason
    assert error.move == (uci(move) if move else None)
    assert error.in_check == position.is_check()
    assert error.text == text and error.fen == position.fen()
    assert f"{text!r}" in str(error) and position.fen() in str(error)


@pytest.mark.parametrize(
    ("fen", "text"),
    [
        ("7k/8/8/8/8/8/8/K7 b - - 0 1", "O-O"),  # h8 + 2 is off the board
        ("7k/8/8/8/8/8/8/K7 w - - 0 1", "O-O-O"),  # a1 - 2 is off the board
        ("8/8/8/8/8/8/8/k5K1 w - - 0 1", "O-O"),  # g1 + 2 wraps to a2
    ],
)
def test_castling_with_the_king_off_its_square_names_no_move(fen: str, text: str) -> None:
    """Castling with a moved king is refused for lack of rights, with no bogus move attached."""
    error = illegal(fen, text)
    assert error.reason is IllegalReason.NO_CASTLING_RIGHTS
    assert error.move is None


def test_in_check_flag_tells_the_bot_the_king_is_attacked() -> None:
    """IllegalMoveError.in_check is True exactly when the mover's king is in check."""
    assert illegal("4k3/8/8/8/8/8/8/R3K2r w - - 0 1", "Ra2").in_check
    assert not illegal(START, "e5").in_check


def test_move_errors_are_value_errors() -> None:
    """The three move errors are RulesError and ValueError subclasses, and distinct."""
    for error_type in (InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
        assert issubclass(error_type, RulesError) and issubclass(error_type, ValueError)
    assert len({InvalidMoveError, IllegalMoveError, AmbiguousMoveError}) == 3


def test_play_refuses_an_illegal_move_object() -> None:
    """Position.play raises IllegalMoveError for a Move that is not legal, and keeps itself."""
    position = at(START)
    with pytest.raises(IllegalMoveError) as info:
        position.play(uci("e2e5"))
    assert info.value.move == uci("e2e5")
    assert position.fen() == CHESS.start_fen


def test_square_names() -> None:
    """a1 is square 0 and h8 square 63; names read back, case-insensitively; others refused."""
    assert CHESS.square_name(0) == "a1" and CHESS.square_name(63) == "h8"
    assert CHESS.square_name(CHESS.parse_square("e4")) == "e4"
    assert CHESS.parse_square("E4") == CHESS.parse_square("e4") == 3 * 8 + 4
    assert [CHESS.parse_square(CHESS.square_name(sq)) for sq in range(64)] == list(range(64))
    for bad in ("e9", "i1", "", "e", "e44"):
        with pytest.raises(InvalidMoveError):
            CHESS.parse_square(bad)


def test_get_variant_returns_chess_and_refuses_unknown_names() -> None:
    """get_variant("chess") is the chess variant; other names are refused, naming the known."""
    assert get_variant("chess") is CHESS and CHESS.name == "chess"
    assert (CHESS.files, CHESS.ranks) == (8, 8)
    with pytest.raises(ValueError, match="chess"):
        get_variant("shogi")
