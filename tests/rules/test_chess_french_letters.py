"""French piece letters (R roi, D dame, T tour, F fou, C cavalier) are read when asked for,
English stays the default and the only written form."""

from __future__ import annotations

import random

import pytest

from rules import IllegalMoveError, IllegalReason, PieceLetters, RulesError
from rules.chess import CHESS

KINGS_AND_ROOKS = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
PROMOTION = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "french", "english"),
    [
        (CHESS.start_fen, "Cf3", "Nf3"),
        (CHESS.start_fen, "Cc3", "Nc3"),
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "Dd7+", "Qd7+"),
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "Fg5", "Bg5"),
        (KINGS_AND_ROOKS, "Th8+", "Rh8+"),
        (KINGS_AND_ROOKS, "Rf1", "Kf1"),  # R is the roi: the king, never the rook
        (KINGS_AND_ROOKS, "O-O", "O-O"),
        (PROMOTION, "e8=D", "e8=Q"),
        (PROMOTION, "e8C", "e8=N"),
        (PROMOTION, "e7e8q", "e7e8q"),  # coordinates keep UCI's English letters
        (CHESS.start_fen, "e4", "e4"),
        (CHESS.start_fen, "Nf3", "Nf3"),  # an English-only letter: read as English
    ],
)
def test_french_letters_name_the_same_move(fen: str, french: str, english: str) -> None:
    """Each French move names the move its English SAN names."""
    position = CHESS.from_fen(fen)
    assert position.parse_move(french, PieceLetters.FRENCH) == position.parse_move(english)


def test_english_stays_the_default() -> None:
    """Without the French set, R is a rook and C is no piece: nobody else's input changes."""
    position = CHESS.from_fen(KINGS_AND_ROOKS)
    rook = position.parse_move("Rf1")
    assert position.board[rook.from_square] == "R"
    king = position.parse_move("Rf1", PieceLetters.FRENCH)
    assert position.board[king.from_square] == "K"
    with pytest.raises(RulesError):
        CHESS.start().parse_move("Cf3")


def test_an_illegal_french_move_quotes_what_was_typed() -> None:
    """Errors name the move as the player wrote it and say why with the usual code."""
    with pytest.raises(IllegalMoveError) as raised:
        CHESS.start().parse_move("Fc4", PieceLetters.FRENCH)
    assert raised.value.text == "Fc4"
    assert raised.value.reason is IllegalReason.PATH_BLOCKED


def _french(san: str) -> str:
    return PieceLetters.FRENCH.from_english(san)


@pytest.mark.parametrize(
    ("english", "french"),
    [
        ("Nf3", "Cf3"),
        ("Qxd7+", "Dxd7+"),
        ("Rxe1#", "Txe1#"),
        ("Kf1", "Rf1"),
        ("Bb5", "Fb5"),
        ("e8=Q", "e8=D"),
        ("exd8=N+", "exd8=C+"),
        ("Nbd2", "Cbd2"),
        ("O-O-O", "O-O-O"),
    ],
)
def test_san_is_written_with_french_letters(english: str, french: str) -> None:
    """How a French player reads a move: the capital letters only (files stay a to h)."""
    assert PieceLetters.FRENCH.from_english(english) == french
    assert PieceLetters.ENGLISH.from_english(english) == english


def test_every_legal_move_reads_back_from_its_french_san() -> None:
    """In random positions, every legal move written with French letters reads as itself."""
    rng = random.Random(14)
    for _ in range(25):
        position = CHESS.start()
        for _ in range(rng.randrange(0, 60)):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(list(moves)))
        for move in position.legal_moves():
            written = _french(position.san(move))
            assert position.parse_move(written, PieceLetters.FRENCH) == move, written
